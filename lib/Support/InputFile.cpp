//===- InputFile.cpp - read a program file without reading forever --------===//

#include "hcl/Support/InputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"

#include <unistd.h>

using namespace llvm;

namespace hcl {

static Error cannotRead(StringRef path, const Twine &why) {
  return createStringError("cannot read '" + path + "': " + why);
}

/// Reads `file` to its end, refusing more than kMaxStreamBytes.
static Expected<std::unique_ptr<MemoryBuffer>> readStream(sys::fs::file_t file,
                                                          StringRef path) {
  SmallString<0> bytes;
  constexpr size_t kChunk = 1 << 16;
  while (true) {
    if (bytes.size() > kMaxStreamBytes)
      return cannotRead(path, "a stream longer than " +
                                  Twine(kMaxStreamBytes >> 20) +
                                  " MiB (is it endless?)");
    size_t size = bytes.size();
    bytes.resize_for_overwrite(size + kChunk);
    Expected<size_t> got = sys::fs::readNativeFile(
        file, MutableArrayRef<char>(bytes.data() + size, kChunk));
    if (!got)
      return cannotRead(path, toString(got.takeError()));
    bytes.truncate(size + *got);
    if (*got == 0)
      break;
  }
  return MemoryBuffer::getMemBufferCopy(bytes, path == "-" ? "<stdin>" : path);
}

Expected<std::unique_ptr<MemoryBuffer>> readInputFile(StringRef path) {
  if (path == "-") {
    sys::fs::file_status status;
    // A terminal is typed into and ends; /dev/zero redirected to stdin
    // does not.
    bool device = !sys::fs::status(STDIN_FILENO, status) &&
                  (status.type() == sys::fs::file_type::character_file ||
                   status.type() == sys::fs::file_type::block_file) &&
                  !sys::Process::StandardInIsUserInput();
    if (device)
      return cannotRead(path, "stdin is a device, not a file or a pipe");
    return readStream(sys::fs::getStdinHandle(), path);
  }
  sys::fs::file_status status;
  if (std::error_code ec = sys::fs::status(path, status))
    return cannotRead(path, ec.message());
  switch (status.type()) {
  case sys::fs::file_type::regular_file:
    break;
  case sys::fs::file_type::fifo_file: {
    Expected<sys::fs::file_t> file = sys::fs::openNativeFileForRead(path);
    if (!file)
      return cannotRead(path, toString(file.takeError()));
    auto buffer = readStream(*file, path);
    sys::fs::closeFile(*file);
    return buffer;
  }
  case sys::fs::file_type::directory_file:
    return cannotRead(path, "it is a directory");
  default:
    return cannotRead(path, "not a regular file (a device or socket, which "
                            "may never end)");
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/true);
  if (!buffer)
    return cannotRead(path, buffer.getError().message());
  return std::move(*buffer);
}

} // namespace hcl
