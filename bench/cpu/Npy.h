//===- Npy.h - float32 .npy files for halide_bench --------------*- C++ -*-===//
//
// halide_bench cannot use hcl::Array::load (it would link a second LLVM), so
// it reads and writes the arrays run.py exchanges itself: little-endian
// float32, C order, format 1.0 or 2.0 headers as NumPy writes them. Anything
// else is refused with a message.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_BENCH_CPU_NPY_H
#define HCL_BENCH_CPU_NPY_H

#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace bench {

struct NpyArray {
  std::vector<int64_t> shape; // C order: the last dimension is contiguous
  std::vector<float> data;
};

inline NpyArray readNpy(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot open " + path);
  char magic[8];
  in.read(magic, 8);
  if (!in || std::string(magic, 6) != "\x93NUMPY")
    throw std::runtime_error(path + ": not a .npy file");
  uint32_t headerLength = 0;
  unsigned char bytes[4] = {0, 0, 0, 0};
  in.read(reinterpret_cast<char *>(bytes), magic[6] == 1 ? 2 : 4);
  for (int i = 3; i >= 0; --i)
    headerLength = headerLength * 256 + bytes[i];
  std::string header(headerLength, ' ');
  in.read(&header[0], headerLength);
  if (header.find("'<f4'") == std::string::npos ||
      header.find("'fortran_order': False") == std::string::npos)
    throw std::runtime_error(path + ": expected a C-order float32 array");
  NpyArray array;
  size_t open = header.find('(', header.find("'shape'"));
  size_t close = header.find(')', open);
  int64_t count = 1;
  std::string dims = header.substr(open + 1, close - open - 1);
  for (size_t pos = 0; pos < dims.size();) {
    size_t comma = dims.find(',', pos);
    std::string item = dims.substr(pos, comma - pos);
    if (item.find_first_of("0123456789") != std::string::npos) {
      array.shape.push_back(std::stoll(item));
      count *= array.shape.back();
    }
    if (comma == std::string::npos)
      break;
    pos = comma + 1;
  }
  array.data.resize(count);
  in.read(reinterpret_cast<char *>(array.data.data()), count * sizeof(float));
  if (!in)
    throw std::runtime_error(path + ": file shorter than its shape");
  return array;
}

inline void writeNpy(const std::string &path, const std::vector<int64_t> &shape,
                     const float *data) {
  std::string dims;
  int64_t count = 1;
  for (int64_t d : shape) {
    dims += std::to_string(d) + ",";
    count *= d;
  }
  if (shape.size() > 1)
    dims.pop_back();
  std::string header =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (" + dims + "), }";
  // Magic, version, length and header together are a multiple of 64 bytes.
  while ((10 + header.size() + 1) % 64)
    header += ' ';
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  out.write("\x93NUMPY\x01\x00", 8);
  char length[2] = {static_cast<char>(header.size() & 0xff),
                    static_cast<char>(header.size() >> 8)};
  out.write(length, 2);
  out.write(header.data(), header.size());
  out.write(reinterpret_cast<const char *>(data), count * sizeof(float));
  if (!out)
    throw std::runtime_error("cannot write " + path);
}

} // namespace bench

#endif // HCL_BENCH_CPU_NPY_H
