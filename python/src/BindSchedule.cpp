//===- BindSchedule.cpp - schedules, stages and their primitives ----------===//
//
// The C++ Schedule and Stage, nearly one to one; the package's Schedule and
// Stage classes (python/hcl/schedule.py) add HeteroCL's keywords and check
// that a stage is used with its own schedule. create_schedule runs the
// Python kernel while the front end records the stages it creates.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

namespace hclpy {

namespace {

using hcl::Axis;
using hcl::Schedule;
using hcl::Stage;
using hcl::Tensor;

std::vector<Tensor> outputsOf(py::handle result) {
  std::vector<Tensor> outputs;
  if (result.is_none())
    return outputs;
  if (py::isinstance<Tensor>(result)) {
    outputs.push_back(result.cast<Tensor>());
    return outputs;
  }
  if (py::isinstance<py::list>(result) || py::isinstance<py::tuple>(result)) {
    for (py::handle t : result) {
      if (!py::isinstance<Tensor>(t))
        hcl::throwError("create_schedule: the kernel returns tensors, got a " +
                        typeName(t) + " in its list");
      outputs.push_back(t.cast<Tensor>());
    }
    return outputs;
  }
  hcl::throwError("create_schedule: the kernel returns a tensor, a list of "
                  "tensors or nothing, got " +
                  typeName(result));
}

/// Runs `kernel` on `inputs`; the schedule and every tensor it recorded.
py::tuple createSchedule(const std::vector<Tensor> &inputs,
                         py::function kernel) {
  hcl::detail::RecordingScope scope;
  py::tuple arguments(inputs.size());
  for (size_t k = 0; k < inputs.size(); ++k)
    arguments[k] = py::cast(inputs[k]);
  std::vector<Tensor> outputs = outputsOf(kernel(*arguments));
  std::vector<std::shared_ptr<hcl::TensorNode>> nodes = scope.take();
  py::list recorded;
  for (const auto &node : nodes)
    recorded.append(Tensor(node));
  Schedule schedule = hcl::detail::makeSchedule(inputs, outputs, nodes);
  return py::make_tuple(schedule, recorded);
}

/// HeteroCL's top-level style: the schedule of the stages created outside
/// any kernel, over the listed placeholders and computed tensors.
py::tuple createTopLevelSchedule(const std::vector<Tensor> &tensors) {
  std::vector<std::shared_ptr<hcl::TensorNode>> nodes =
      hcl::detail::takeTopLevelRecording();
  py::list recorded;
  for (const auto &node : nodes)
    recorded.append(Tensor(node));
  Schedule schedule =
      hcl::detail::makeTopLevelSchedule(tensors, std::move(nodes));
  return py::make_tuple(schedule, recorded);
}

} // namespace

void bindSchedule(py::module_ &m) {
  py::class_<Axis>(m, "Axis")
      .def(py::init<const hcl::Var &>())
      .def(py::init<std::string>())
      .def_readonly("name", &Axis::loop)
      .def("__repr__",
           [](const Axis &a) { return "<hcl loop '" + a.loop + "'>"; })
      .def("__str__", [](const Axis &a) { return a.loop; });
  py::implicitly_convertible<hcl::Var, Axis>();
  py::implicitly_convertible<py::str, Axis>();

  py::class_<hcl::Function>(m, "Function")
      .def(py::init<std::string>())
      .def_readonly("name", &hcl::Function::name)
      .def("__repr__", [](const hcl::Function &f) {
        return "<hcl function '" + f.name + "'>";
      });

  py::enum_<hcl::PartitionKind>(m, "PartitionKind")
      .value("Complete", hcl::PartitionKind::Complete)
      .value("Block", hcl::PartitionKind::Block)
      .value("Cyclic", hcl::PartitionKind::Cyclic);

  // The package locates each call at the user's Python line (it pins it
  // before calling); the C++ caller's line, this file's, is not given.
  static constexpr hcl::SourceLocation kPython{};
  py::class_<Stage> stage(m, "Stage");
  // The loop primitives generated from Primitives.def; the package's Stage
  // (python/hcl/schedule.py) wraps each one listed in `loop_primitives`.
  py::list loopPrimitives;
#define HCL_LOOP_PRIMITIVE(Kind, name)                                         \
  stage.def(                                                                   \
      #name, [](Stage &s, const Axis &a) { s.name(a, kPython); },              \
      py::arg("axis"));                                                        \
  loopPrimitives.append(                                                       \
      py::make_tuple(#name, py::none(), py::none(), py::none()));
#define HCL_LOOP_FACTOR_PRIMITIVE(Kind, name, param, label, least, fallback)   \
  stage.def(                                                                   \
      #name,                                                                   \
      [](Stage &s, const Axis &a, int64_t p) { s.name(a, p, kPython); },       \
      py::arg("axis"), py::arg(#param) = int64_t(fallback));                   \
  loopPrimitives.append(py::make_tuple(#name, #param, #label, fallback));
#include "hcl/Frontend/Primitives.def"
  m.attr("loop_primitives") = loopPrimitives;
  stage.def_property_readonly("name", &Stage::name)
      .def("split", [](Stage &s, const Axis &a,
                       int64_t f) { return s.split(a, f, kPython); })
      .def("tile",
           [](Stage &s, const Axis &x, const Axis &y, int64_t xf, int64_t yf) {
             auto axes = s.tile(x, y, xf, yf, kPython);
             return py::make_tuple(axes[0], axes[1], axes[2], axes[3]);
           })
      .def("reorder",
           [](Stage &s, const std::vector<Axis> &axes) {
             s.reorder(axes, kPython);
           })
      .def("fuse",
           [](Stage &s, const std::vector<Axis> &axes) {
             return s.fuse(axes, kPython);
           })
      .def("vectorize", [](Stage &s, const Axis &a,
                           int64_t w) { s.vectorize(a, w, kPython); })
      .def("compute_at",
           [](Stage &s, const Stage &consumer, const Axis &a) {
             s.compute_at(consumer, a, kPython);
           })
      .def("store_at", [](Stage &s, const Stage &consumer,
                          const Axis &a) { s.store_at(consumer, a, kPython); })
      .def("outline", [](Stage &s, std::optional<hcl::Function> merge,
                         std::vector<std::string> param, std::string axis) {
        hcl::OutlineOptions options;
        options.merge = std::move(merge);
        options.param = std::move(param);
        options.axis = std::move(axis);
        return s.outline(options, kPython);
      });

  py::class_<Schedule>(m, "Schedule")
      .def("stage", [](const Schedule &s, const Tensor &t) { return s[t]; })
      .def("stage_named",
           [](const Schedule &s, const std::string &n) { return s[n]; })
      .def("partition",
           [](Schedule &s, const Tensor &t, hcl::PartitionKind kind, int dim,
              int64_t factor) { s.partition(t, kind, dim, factor, kPython); })
      .def("to", [](Schedule &s, const Tensor &t, const Stage &consumer,
                    int64_t depth) { s.to(t, consumer, depth, kPython); })
      .def("reuse_at",
           [](Schedule &s, const Tensor &t, const Stage &stage, const Axis &a,
              const std::string &name) {
             return s.reuse_at(t, stage, a, name, kPython);
           })
      .def("buffer_at",
           [](Schedule &s, const Tensor &t, const Stage &stage, const Axis &a,
              const std::string &name) {
             return s.buffer_at(t, stage, a, name, kPython);
           })
      .def("outline",
           [](Schedule &s, const std::vector<std::vector<Tensor>> &groups) {
             if (groups.size() > 4)
               hcl::throwError("outline: up to 4 groups of stages at once, "
                               "got " +
                               std::to_string(groups.size()));
             std::vector<std::vector<Tensor>> g(groups);
             g.resize(4);
             return s.outline(g[0], g[1], g[2], g[3], kPython);
           })
      .def("reshape",
           [](Schedule &s, const Tensor &t, py::handle shape) {
             return s.reshape(t, toShape(shape, "reshape"), kPython);
           })
      .def("quantize",
           [](Schedule &s, const Tensor &t, hcl::Type type, bool round,
              bool saturate) {
             hcl::QuantizeMode mode;
             mode.roundNearest = round;
             mode.saturate = saturate;
             s.quantize(t, type, mode, kPython);
           })
      .def("downsize", [](Schedule &s, const Tensor &t,
                          hcl::Type type) { s.downsize(t, type, kPython); })
      .def("pack", [](Schedule &s, const Tensor &t, int axis,
                      int factor) { return s.pack(t, axis, factor, kPython); })
      .def("unpack",
           [](Schedule &s, const Tensor &t, int axis, int factor) {
             return s.unpack(t, axis, factor, kPython);
           })
      .def("tensor", &Schedule::tensor)
      .def_property_readonly("inputs", &Schedule::inputs)
      .def_property_readonly("outputs", &Schedule::outputs)
      .def("dataflow", [](const Schedule &s) {
        py::list edges;
        for (const auto &entry : s.dataflow())
          edges.append(py::make_tuple(entry.stage, entry.parents));
        return edges;
      });

  m.def("create_schedule", &createSchedule);
  m.def("create_top_level_schedule", &createTopLevelSchedule);
  m.def("set_top_level_recording", &hcl::detail::setTopLevelRecording);
  m.def("take_top_level_recording", [] {
    // Dropped: a kernel-style create_schedule starts afresh, as HeteroCL's.
    hcl::detail::takeTopLevelRecording();
  });
  m.def("kernel_arity_error", &hcl::detail::throwKernelArity);
}

} // namespace hclpy
