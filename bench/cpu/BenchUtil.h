//===- BenchUtil.h - what hcl_bench and halide_bench share ------*- C++ -*-===//
//
// The two benchmark programs link different LLVMs (hcl: 22, Halide: 14), so
// they are separate processes; this header is what they have in common and
// depends on neither: the command line run.py passes, the timing loop
// (medians under a time budget), and the one-line JSON records run.py reads.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_BENCH_CPU_BENCHUTIL_H
#define HCL_BENCH_CPU_BENCHUTIL_H

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace bench {

/// What run.py asks for: one kernel on the inputs in `dir`, every variant
/// (or the comma-separated `variants`), outputs written to `dir`.
struct Options {
  std::string kernel; // gemm, stencil, conv, blur, overhead
  std::string dir;    // in0.npy, in1.npy, ...; outputs <system>_<variant>.npy
  std::string variants = "all";
  int reps = 10;          // timed calls at most
  double budgetMs = 3000; // stop timing a variant after this much
  int threads = 2;
};

inline Options parseOptions(int argc, char **argv) {
  Options o;
  for (int a = 1; a + 1 < argc; a += 2) {
    std::string key = argv[a], value = argv[a + 1];
    if (key == "--kernel")
      o.kernel = value;
    else if (key == "--dir")
      o.dir = value;
    else if (key == "--variants")
      o.variants = value;
    else if (key == "--reps")
      o.reps = std::max(1, std::atoi(value.c_str()));
    else if (key == "--budget-ms")
      o.budgetMs = std::atof(value.c_str());
    else if (key == "--threads")
      o.threads = std::max(1, std::atoi(value.c_str()));
    else {
      std::cerr << argv[0] << ": unknown option " << key << "\n";
      std::exit(2);
    }
  }
  if (o.kernel.empty() || (o.dir.empty() && o.kernel != "overhead")) {
    std::cerr << "usage: " << argv[0]
              << " --kernel gemm|stencil|conv|blur|overhead --dir DIR"
                 " [--variants a,b] [--reps N] [--budget-ms MS]"
                 " [--threads N]\n";
    std::exit(2);
  }
  return o;
}

/// One benchmark program's main: runs `o.kernel` from `kernels` (name,
/// function), catching `Error` (the library's exception type); exit codes
/// 0, 1 (an error) and 2 (an unknown kernel), as run.py expects.
template <typename Error>
int runKernel(
    const char *program, const Options &o,
    const std::vector<std::pair<std::string, void (*)(const Options &)>>
        &kernels) {
  try {
    for (const auto &[name, run] : kernels)
      if (o.kernel == name) {
        run(o);
        return 0;
      }
    std::cerr << program << ": unknown kernel '" << o.kernel << "'\n";
    return 2;
  } catch (const Error &e) {
    std::cerr << program << ": " << e.what() << "\n";
    return 1;
  }
}

/// Whether `name` is among the requested variants.
inline bool wanted(const Options &o, const std::string &name) {
  if (o.variants == "all")
    return true;
  std::stringstream list(o.variants);
  for (std::string item; std::getline(list, item, ',');)
    if (item == name)
      return true;
  return false;
}

inline double nowMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

struct Timing {
  double medianMs = 0;
  double firstMs = 0; // the untimed warm-up call (first touch, page faults)
  int reps = 0;
};

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/// One warm-up call, then up to `reps` timed calls, stopping early once the
/// timed calls used up the budget (a plain 1024^3 gemm takes seconds), but
/// always at least one.
template <typename F> Timing timeCalls(F call, const Options &o) {
  Timing t;
  double start = nowMs();
  call();
  t.firstMs = nowMs() - start;
  std::vector<double> times;
  double spent = 0;
  while (static_cast<int>(times.size()) < o.reps &&
         (times.empty() || spent + t.firstMs <= o.budgetMs)) {
    double s = nowMs();
    call();
    times.push_back(nowMs() - s);
    spent += times.back();
  }
  t.medianMs = median(times);
  t.reps = static_cast<int>(times.size());
  return t;
}

/// One record for run.py: `{"system": ..., "variant": ..., ...}` on a line
/// of its own, prefixed so that other output cannot be mistaken for it.
class Record {
public:
  Record(const std::string &system, const std::string &kernel,
         const std::string &variant) {
    add("system", system);
    add("kernel", kernel);
    add("variant", variant);
  }
  Record &add(const std::string &key, const std::string &value) {
    std::string quoted;
    for (char c : value) {
      if (c == '"' || c == '\\')
        quoted += '\\';
      quoted += c == '\n' ? ' ' : c;
    }
    fields.push_back("\"" + key + "\": \"" + quoted + "\"");
    return *this;
  }
  Record &add(const std::string &key, double value) {
    char text[64];
    std::snprintf(text, sizeof(text), "%.6g", value);
    fields.push_back("\"" + key + "\": " + text);
    return *this;
  }
  Record &add(const Timing &t) {
    add("median_ms", t.medianMs);
    add("first_ms", t.firstMs);
    return add("reps", t.reps);
  }
  void print() const {
    std::cout << "BENCH {";
    for (size_t i = 0; i < fields.size(); ++i)
      std::cout << (i ? ", " : "") << fields[i];
    std::cout << "}" << std::endl;
  }

private:
  std::vector<std::string> fields;
};

/// A variant that could not run: the reason goes to run.py's table.
inline void printFailure(const std::string &system, const std::string &kernel,
                         const std::string &variant, const std::string &error) {
  Record(system, kernel, variant).add("error", error).print();
}

} // namespace bench

#endif // HCL_BENCH_CPU_BENCHUTIL_H
