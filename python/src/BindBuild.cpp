//===- BindBuild.cpp - lower, build, HLS projects and estimates -----------===//
//
// Building and running release the GIL: the compiler and the program never
// call back into Python. A module is called with hcl.Array objects; the
// package converts NumPy arrays first.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "hcl/Frontend/LoopNests.h"
#include "hcl/Frontend/Tune.h"

#if __has_include("hcl/Frontend/Estimate.h")
#include "hcl/Frontend/Estimate.h"
#define HCL_PYTHON_HAS_ESTIMATE 1
#endif

namespace hclpy {

namespace {

void call(hcl::Module &module, const std::vector<hcl::Array *> &arrays) {
  for (hcl::Array *a : arrays)
    if (!a)
      hcl::throwError("a module is called with arrays, got None");
  py::gil_scoped_release release;
  module.call(arrays);
}

#ifdef HCL_PYTHON_HAS_ESTIMATE
template <typename T> py::object optional(const std::optional<T> &v) {
  return v ? py::cast(*v) : py::none();
}

py::dict loopFigures(const hcl::LoopFigures &l) {
  py::dict d;
  d["path"] = l.path;
  d["trip_count"] = optional(l.tripCount);
  d["requested_ii"] = optional(l.requestedII);
  d["res_mii"] = l.resMII;
  d["rec_mii"] = l.recMII;
  d["ii"] = l.ii;
  d["latency"] = optional(l.latency);
  d["pipelined"] = l.pipelined;
  return d;
}

py::dict functionFigures(const hcl::FunctionFigures &f) {
  py::dict d;
  d["name"] = f.name;
  d["latency"] = optional(f.latency);
  d["operations"] = f.operations;
  d["offchip_bytes"] = f.offchipBytes;
  d["dsp"] = f.dsp;
  d["bram18k"] = f.bram18k;
  d["register_bits"] = f.registerBits;
  py::list loops;
  for (const hcl::LoopFigures &l : f.loops)
    loops.append(loopFigures(l));
  d["loops"] = loops;
  d["intensity"] = optional(f.intensity);
  d["gops"] = optional(f.gops);
  d["attainable_gops"] = optional(f.attainableGops);
  return d;
}

py::dict estimate(const hcl::Schedule &s, const std::string &target,
                  double clockNs, double peakGops, double bandwidthGBs) {
  hcl::EstimateOptions options;
  options.target = target;
  options.clockNs = clockNs;
  options.peakGops = peakGops;
  options.bandwidthGBs = bandwidthGBs;
  hcl::Estimate e = hcl::estimate(s, options);
  py::dict d;
  d["target"] = e.target;
  d["clock_ns"] = clockNs;
  d["peak_gops"] = peakGops;
  d["bandwidth_gbs"] = bandwidthGBs;
  py::list functions;
  for (const hcl::FunctionFigures &f : e.functions)
    functions.append(functionFigures(f));
  d["functions"] = functions;
  return d;
}
#endif

py::dict tunePoint(const hcl::TunePoint &p) {
  py::dict d;
  d["latency"] = p.latency;
  d["exact"] = p.exact;
  d["dsp"] = p.dsp;
  d["bram18k"] = p.bram18k;
  d["register_bits"] = p.registerBits;
  d["schedule"] = p.schedule;
  return d;
}

/// (the tuned schedule, what the search found) for hcl.tune.
py::tuple tune(const hcl::Schedule &s, const std::string &budget,
               const std::string &target, double seconds, unsigned threads,
               bool keepInterfaces) {
  hcl::TuneOptions options;
  options.budget = budget;
  options.target = target;
  options.timeLimit = seconds;
  options.threads = threads;
  options.partitionArguments = !keepInterfaces;
  hcl::TuneResult r;
  {
    py::gil_scoped_release release;
    r = hcl::tune(s, options);
  }
  py::dict d;
  d["mlir"] = r.mlir;
  d["chosen"] = tunePoint(r.chosen);
  d["unscheduled"] = tunePoint(r.unscheduled);
  py::list front;
  for (const hcl::TunePoint &p : r.front)
    front.append(tunePoint(p));
  d["front"] = front;
  d["evaluated"] = r.evaluated;
  d["seconds"] = r.seconds;
  d["largest_relative_error"] = r.largestRelativeError;
  return py::make_tuple(*r.schedule, d);
}

/// (name, text, {attribute: value}, [body]) for the package's OpView.
py::tuple operationTuple(const hcl::OperationSummary &op) {
  py::dict attributes;
  for (const auto &[name, value] : op.attributes)
    attributes[py::str(name)] = value;
  py::list body;
  for (const hcl::OperationSummary &inner : op.body)
    body.append(operationTuple(inner));
  return py::make_tuple(op.name, op.text, attributes, body);
}

py::list loopNests(const std::string &mlir, const std::string &function) {
  std::vector<std::vector<hcl::OperationSummary>> nests;
  {
    py::gil_scoped_release release;
    nests = hcl::affineLoopNests(mlir, function);
  }
  py::list result;
  for (const auto &nest : nests) {
    py::list loops;
    for (const hcl::OperationSummary &loop : nest)
      loops.append(operationTuple(loop));
    result.append(loops);
  }
  return result;
}

} // namespace

void bindBuild(py::module_ &m) {
  m.def("affine_loop_nests", &loopNests, py::arg("mlir"),
        py::arg("function") = "top");
  py::class_<hcl::Module>(m, "Module")
      .def("call", &call)
      .def_property_readonly("mlir", &hcl::Module::mlir)
      .def_property_readonly("compile_ms", &hcl::Module::compileMilliseconds)
      .def_readonly("modules", &hcl::Module::modules);

  py::class_<hcl::HLSTarget>(m, "HLSTarget")
      .def(py::init([](std::string part, double clockNs, std::string device) {
             hcl::HLSTarget t;
             t.part = std::move(part);
             t.clockNs = clockNs;
             t.device = std::move(device);
             return t;
           }),
           py::arg("part"), py::arg("clock_ns"), py::arg("device") = "")
      .def_readonly("part", &hcl::HLSTarget::part)
      .def_readonly("clock_ns", &hcl::HLSTarget::clockNs);

  m.def("lower", &hcl::lower, py::arg("schedule"), py::arg("apply") = true,
        py::call_guard<py::gil_scoped_release>());
  m.def(
      "build",
      [](const hcl::Schedule &s, bool checkBounds, bool fpContract,
         const std::string &cpu, unsigned threads) {
        hcl::BuildOptions options;
        options.checkBounds = checkBounds;
        options.fpContract = fpContract;
        options.cpu = cpu;
        options.threads = threads;
        return hcl::build(s, options);
      },
      py::arg("schedule"), py::arg("check_bounds") = true,
      py::arg("fp_contract") = false, py::arg("cpu") = "",
      py::arg("threads") = 0, py::call_guard<py::gil_scoped_release>());
  m.def(
      "build_top",
      [](const hcl::Schedule &s, const std::vector<hcl::Function> &top,
         unsigned jobs, bool checkBounds) {
        hcl::BuildOptions options;
        options.checkBounds = checkBounds;
        return hcl::build(s, top, jobs, options);
      },
      py::arg("schedule"), py::arg("top"), py::arg("jobs") = 1,
      py::arg("check_bounds") = true, py::call_guard<py::gil_scoped_release>());
  m.def("build_hls",
        py::overload_cast<const hcl::Schedule &, const std::string &,
                          const hcl::HLSTarget &>(&hcl::build_hls),
        py::call_guard<py::gil_scoped_release>());
  m.def("tune", &tune, py::arg("schedule"), py::arg("budget") = "",
        py::arg("target") = "vitis", py::arg("time") = 0.0,
        py::arg("threads") = 0, py::arg("keep_interfaces") = false);
  m.def("build_rtl", &hcl::build_rtl, py::arg("schedule"), py::arg("dir"),
        py::call_guard<py::gil_scoped_release>());
#ifdef HCL_PYTHON_HAS_ESTIMATE
  // Estimate.h and the per-function build_hls came with one change.
  m.def("build_hls_top",
        py::overload_cast<const hcl::Schedule &, const std::string &,
                          const std::vector<hcl::Function> &,
                          const hcl::HLSTarget &, unsigned>(&hcl::build_hls),
        py::call_guard<py::gil_scoped_release>());
  m.def("estimate", &estimate);
#endif
}

} // namespace hclpy
