//===- OutputFile.h - write a file whole or not at all ----------*- C++ -*-===//
//
// A full disk used to leave a truncated .npy behind and end the process
// with "LLVM ERROR: IO failure". Every file hcl writes for the user goes
// through writeFileAtomically: the bytes go to a temporary file in the same
// directory, which is renamed over the destination only when all of them
// were written. On an error the temporary file is removed, whatever was at
// the destination stays, and the caller gets a message naming the path.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_SUPPORT_OUTPUTFILE_H
#define HCL_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace hcl {

/// Writes `contents` to `path` atomically (see above); the error reads
/// "cannot write 'PATH': REASON".
llvm::Error writeFileAtomically(llvm::StringRef path, llvm::StringRef contents);

/// An error when writing `output` would replace one of `inputs`: the same
/// file, also through a symbolic or hard link (compared by device and
/// inode). An output that does not exist yet replaces nothing.
llvm::Error checkNotAnInput(llvm::StringRef output,
                            llvm::ArrayRef<std::string> inputs);

} // namespace hcl

#endif // HCL_SUPPORT_OUTPUTFILE_H
