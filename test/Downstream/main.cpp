// Uses the installed hcl front end from another CMake project: a blur with a
// line buffer, checked against plain C++; its estimate (compared with the
// installed `hcl estimate` by run.sh, on the program written to ARGV[1]);
// one HLS project per outlined function (ARGV[2]); and an hcl::Error caught
// by type.
#include <hcl/Frontend/hcl.h>

#include <fstream>
#include <iostream>

int main(int argc, char **argv) {
  if (argc != 3) {
    std::cerr << "usage: downstream PROGRAM.mlir HLS_DIR\n";
    return 2;
  }
  hcl::Tensor A = hcl::placeholder({4, 6}, "A", hcl::Int(32));
  hcl::Schedule s = hcl::create_schedule({A}, [](hcl::Tensor A) {
    return hcl::compute(
        {4, 4},
        [&](hcl::Var i, hcl::Var j) {
          return A(i, j) + A(i, j + 1) + A(i, j + 2);
        },
        "B", hcl::Int(32));
  });
  hcl::Tensor B = s.outputs()[0];
  hcl::Tensor LB = s.reuse_at(A, s[B], B.axis(1));
  s[B].pipeline(B.axis(1));
  hcl::Module blur = hcl::build(s);

  std::vector<int> a(24);
  for (int i = 0; i < 24; ++i)
    a[i] = i * i % 7;
  hcl::Array input(a, {4, 6}, hcl::Int(32)), output({4, 4}, hcl::Int(32));
  blur(input, output);
  std::vector<int> b = output.to_vector<int>();
  int mismatches = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      mismatches +=
          b[i * 4 + j] != a[i * 6 + j] + a[i * 6 + j + 1] + a[i * 6 + j + 2];
  std::cout << "downstream blur: " << mismatches << " mismatches\n";
  std::cout << "line buffer " << LB.name() << ": rank " << LB.shape().size()
            << "\n";

  const hcl::FunctionFigures &top = hcl::estimate(s).function("top");
  std::cout << "library estimate: latency " << top.latency.value_or(-1)
            << ", flops " << top.operations << ", offchip_bytes "
            << top.offchipBytes << "\n";
  std::ofstream(argv[1]) << hcl::lower(s, /*applySchedule=*/false);

  std::vector<hcl::Function> functions = s.outline({B});
  hcl::build_hls(s, argv[2], "all");
  int projects = 0;
  for (const std::string name : {"top", functions[0].name.c_str()})
    projects +=
        std::ifstream(std::string(argv[2]) + "/" + name + "/kernel.cpp").good();
  std::cout << "downstream hls: " << projects << " projects\n";

  try {
    s[B].split("q", 2);
  } catch (const hcl::Error &e) {
    std::cout << "caught hcl::Error: " << e.what() << "\n";
  }
  return mismatches == 0 && projects == 2 ? 0 : 1;
}
