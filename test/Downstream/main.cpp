// Uses the installed hcl front end from another CMake project: a blur with a
// line buffer, checked against plain C++, and an hcl::Error caught by type.
#include <hcl/Frontend/hcl.h>

#include <iostream>

int main() {
  hcl::Tensor A = hcl::placeholder({4, 6}, "A", hcl::Int(32));
  hcl::Schedule s = hcl::create_schedule({A}, [](hcl::Tensor A) {
    return hcl::compute(
        {4, 4}, [&](hcl::Var i, hcl::Var j) {
          return A(i, j) + A(i, j + 1) + A(i, j + 2);
        },
        "B", hcl::Int(32));
  });
  hcl::Tensor B = s.outputs()[0];
  s.reuse_at(A, s[B], B.axis(1));
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
      mismatches += b[i * 4 + j] !=
                    a[i * 6 + j] + a[i * 6 + j + 1] + a[i * 6 + j + 2];
  std::cout << "downstream blur: " << mismatches << " mismatches\n";

  try {
    s[B].split("q", 2);
  } catch (const hcl::Error &e) {
    std::cout << "caught hcl::Error: " << e.what() << "\n";
  }
  return mismatches == 0 ? 0 : 1;
}
