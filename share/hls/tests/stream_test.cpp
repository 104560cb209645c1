//===- stream_test.cpp - self-check of hcl's hls_stream.h -----------------===//
//
//   g++ -std=c++14 -DHCL_DATAFLOW_THREADS -pthread -I share/hls
//       share/hls/tests/stream_test.cpp
//   ./a.out pipeline   # a three-process chain through depth-2 streams:
//                      # prints "pipeline: sum 499500" and exits 0
//   ./a.out bypass N   # one process writes all of X, then all of Y; the
//                      # other reads them in step: with X of depth N < 16
//                      # the threads deadlock, reported (exit status 3)
//
//===----------------------------------------------------------------------===//

#include "../hls_stream.h"

#include <cstdio>
#include <cstring>
#include <cstdlib>

namespace {

int pipeline() {
  hls::stream<int, 2> a("a"), b("b");
  long sum = 0;
  hcl::dataflow::Region region;
  region.add("produce", {}, [&] {
    for (int i = 0; i < 1000; ++i)
      a.write(i);
  });
  region.add("double", {}, [&] {
    for (int i = 0; i < 1000; ++i)
      b.write(a.read() * 2);
  });
  region.add("consume", {}, [&] {
    for (int i = 0; i < 1000; ++i)
      sum += b.read();
  });
  region.run();
  std::printf("pipeline: sum %ld\n", sum / 2);
  return sum == 999000 ? 0 : 1;
}

template <int Depth> int bypass() {
  hls::stream<int, Depth> x("X");
  hls::stream<int, 16> y("Y");
  int total = 0;
  hcl::dataflow::Region region;
  region.add("XY", {}, [&] {
    for (int i = 0; i < 16; ++i)
      x.write(i);
    for (int i = 0; i < 16; ++i)
      y.write(i);
  });
  region.add("Z", {}, [&] {
    for (int i = 0; i < 16; ++i)
      total += x.read() + y.read();
  });
  region.run();
  std::printf("bypass: total %d\n", total);
  return total == 240 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  if (argc >= 2 && !std::strcmp(argv[1], "pipeline"))
    return pipeline();
  if (argc >= 3 && !std::strcmp(argv[1], "bypass"))
    return std::atoi(argv[2]) >= 16 ? bypass<16>() : bypass<4>();
  std::fprintf(stderr, "usage: %s pipeline | bypass N\n", argv[0]);
  return 2;
}
