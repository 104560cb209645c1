//===- OutputFile.cpp - write a file whole or not at all ------------------===//

#include "hcl/Support/OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hcl {

Error writeFileAtomically(StringRef path, StringRef contents) {
  auto cannotWrite = [&](const Twine &why) {
    return createStringError("cannot write '" + path + "': " + why);
  };
  Expected<sys::fs::TempFile> temp =
      sys::fs::TempFile::create(path + ".hcl-tmp-%%%%%%");
  if (!temp)
    return cannotWrite(toString(temp.takeError()));
  std::error_code writeError;
  {
    raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    os << contents;
    os.flush();
    writeError = os.error();
    // A stream destroyed with its error set ends the process ("IO failure").
    os.clear_error();
  }
  if (writeError) {
    consumeError(temp->discard());
    return cannotWrite(writeError.message());
  }
  // keep() renames over `path` and closes the file, reporting both; it
  // removes the temporary file when the rename fails.
  if (Error error = temp->keep(path))
    return cannotWrite(toString(std::move(error)));
  return Error::success();
}

Error checkNotAnInput(StringRef output, ArrayRef<std::string> inputs) {
  sys::fs::UniqueID outputID;
  if (sys::fs::getUniqueID(output, outputID))
    return Error::success(); // nothing there yet
  for (const std::string &input : inputs) {
    sys::fs::UniqueID inputID;
    if (input == "-" || sys::fs::getUniqueID(input, inputID))
      continue;
    if (inputID == outputID)
      return createStringError(
          "refusing to write '" + output + "': it is the input '" + input +
          "'" + (output == input ? "" : " (the same file through a link)") +
          ", which would be lost; write the outputs elsewhere");
  }
  return Error::success();
}

} // namespace hcl
