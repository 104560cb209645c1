//===- Schedule.h - hardware customizations in the hcl C++ API --*- C++ -*-===//
//
// A schedule records customizations of the stages a kernel creates, as
// HeteroCL's s[B].pipeline(...), s.partition(...), s.reuse_at(...). They
// become hcl.* schedule operations that --hcl-apply-customizations applies
// when the program is lowered or built.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_FRONTEND_SCHEDULE_H
#define HCL_FRONTEND_SCHEDULE_H

#include "hcl/Frontend/Tensor.h"

#include <array>

namespace hcl {

enum class PartitionKind { Complete, Block, Cyclic };

/// How values are quantized into fixed point: round to nearest (half up,
/// AP_RND) instead of truncating, saturate (AP_SAT) instead of wrapping.
struct QuantizeMode {
  bool roundNearest = false;
  bool saturate = false;
};

/// A loop of a stage, by name: an index variable (B.axis(0)), a reduction
/// axis, or a loop an earlier primitive made ("i.outer").
struct Axis {
  /// A stage's loop variable (`B.axis(1)`, a reduce_axis): a schedule
  /// primitive on another stage refuses it, even where that stage has a
  /// loop of the same name.
  Axis(const Var &var);
  Axis(const char *name) : loop(name) {}
  Axis(std::string name) : loop(std::move(name)) {}
  std::string loop;
  /// The variable's identity (0 for a loop named by a string).
  int64_t varId = 0;
};

namespace detail {
struct ScheduleImpl;
} // namespace detail

/// A function made by outline (the hcl-dialect outlining proposal), by name
/// ("Stage_B").
struct Function {
  std::string name;
};

struct OutlineOptions {
  /// Call this function instead when the code is identical to it.
  std::optional<Function> merge;
  /// Loops whose upper bounds become index arguments.
  std::vector<std::string> param;
  /// Outline only this loop (and its body), called inside the loops around.
  std::string axis;
};

/// Every primitive takes the caller's line (`where`, filled in by the
/// compiler): an error found when the schedule is applied points at it.
class Stage {
public:
  const std::string &name() const { return stage; }

  /// `axis.outer` and `axis.inner`.
  std::pair<Axis, Axis> split(const Axis &axis, int64_t factor,
                              SourceLocation where = SourceLocation::current());
  /// x.outer, y.outer, x.inner, y.inner.
  std::array<Axis, 4> tile(const Axis &x, const Axis &y, int64_t xFactor,
                           int64_t yFactor,
                           SourceLocation where = SourceLocation::current());
  void reorder(const std::vector<Axis> &axes,
               SourceLocation where = SourceLocation::current());
  /// The fused loop `a_b_fused` (HeteroCL's spelling).
  Axis fuse(const std::vector<Axis> &axes,
            SourceLocation where = SourceLocation::current());
  // The loop primitives of Primitives.def, each `void name(const Axis &axis)`
  // or `void name(const Axis &axis, int64_t param = fallback)`:
  // unroll(axis, factor = 0) (0 unrolls fully), pipeline(axis,
  // initiation_interval = 1), parallel(axis), ...
#define HCL_LOOP_PRIMITIVE(Kind, name)                                         \
  void name(const Axis &axis, SourceLocation where = SourceLocation::current());
#define HCL_LOOP_FACTOR_PRIMITIVE(Kind, name, param, label, least, fallback)   \
  void name(const Axis &axis, int64_t param = fallback,                        \
            SourceLocation where = SourceLocation::current());
#include "hcl/Frontend/Primitives.def"
  /// Halide's vectorize: `axis` runs in groups of `width` (a power of two)
  /// iterations; a longer loop is split first into `axis.outer` and
  /// `axis.inner`. Returns this stage, so calls chain as in Halide.
  Stage &vectorize(const Axis &axis, int64_t width,
                   SourceLocation where = SourceLocation::current());
  /// Computes this stage inside loop `axis` of `consumer`. Later
  /// primitives on this stage apply to its copy there (`s[P].vectorize(x,
  /// 8)` after `s[P].compute_at(s[C], xo)`), as in Halide. Returns this
  /// stage.
  Stage &compute_at(const Stage &consumer, const Axis &axis,
                    SourceLocation where = SourceLocation::current());
  /// Halide's store_at, with compute_at(consumer, inner) where `axis`
  /// encloses `inner` (or is it): this stage's buffer is allocated inside
  /// loop `axis` of `consumer`, sized to what one iteration of `axis`
  /// computes, instead of once at full size. Either order of the two calls
  /// works. Returns this stage.
  Stage &store_at(const Stage &consumer, const Axis &axis,
                  SourceLocation where = SourceLocation::current());
  /// Makes this stage a function of its own (the hcl-dialect outlining
  /// proposal): `Stage_<name>`.
  Function outline(const OutlineOptions &options = OutlineOptions(),
                   SourceLocation where = SourceLocation::current());

private:
  friend class Schedule;
  Stage(std::shared_ptr<detail::ScheduleImpl> schedule, std::string stage);
  void checkAxis(const Axis &axis, const char *primitive) const;
  std::shared_ptr<detail::ScheduleImpl> schedule;
  std::string stage;
};

class Schedule {
public:
  explicit Schedule(std::shared_ptr<detail::ScheduleImpl> impl);

  /// The stage computing `tensor` (for an input, the update stage writing
  /// it), or the stage named `name`.
  Stage operator[](const Tensor &tensor) const;
  Stage operator[](const std::string &name) const;

  /// Banks `tensor` (dim 0: every dimension, 1..rank: one dimension).
  void partition(const Tensor &tensor,
                 PartitionKind kind = PartitionKind::Complete, int dim = 0,
                 int64_t factor = 0,
                 SourceLocation where = SourceLocation::current());
  /// HeteroCL's s.to(B, s[D]): the buffer of `tensor` between the stage
  /// computing it and `consumer` becomes a FIFO channel (hls::stream) of
  /// `depth` elements, or of the depth the compiler infers when 0. Checked
  /// when the schedule is applied: written and read once per element in one
  /// order, and no deadlock (docs/streaming.md).
  void to(const Tensor &tensor, const Stage &consumer, int64_t depth = 0,
          SourceLocation where = SourceLocation::current());
  /// A reuse buffer for the reads of `tensor` in `stage` along `axis`;
  /// apply reuse_at to it again for the next level (line, then window).
  Tensor reuse_at(const Tensor &tensor, const Stage &stage, const Axis &axis,
                  const std::string &name = "",
                  SourceLocation where = SourceLocation::current());
  /// A write buffer for `tensor` in `stage` at loop `axis`.
  Tensor buffer_at(const Tensor &tensor, const Stage &stage, const Axis &axis,
                   const std::string &name = "",
                   SourceLocation where = SourceLocation::current());
  /// One function per group of stages (HeteroCL's s.outline([B, C], [D])):
  /// `Stage_B_C`, `Stage_D`.
  std::vector<Function>
  outline(const std::vector<Tensor> &group1,
          const std::vector<Tensor> &group2 = {},
          const std::vector<Tensor> &group3 = {},
          const std::vector<Tensor> &group4 = {},
          SourceLocation where = SourceLocation::current());

  /// `tensor` with another shape of the same number of elements.
  Tensor reshape(const Tensor &tensor, const std::vector<int64_t> &shape,
                 SourceLocation where = SourceLocation::current());

  /// Data types (docs/datatypes.md): `tensor` is stored as fixed point;
  /// stores quantize, loads convert back, so the stages compute as written.
  /// On an input or output, the module takes / gives arrays of `type`.
  /// `mode` chooses how stores quantize (default: truncate and wrap, as
  /// ap_fixed's AP_TRN / AP_WRAP).
  void quantize(const Tensor &tensor, Type type,
                QuantizeMode mode = QuantizeMode(),
                SourceLocation where = SourceLocation::current());
  /// `tensor` (integers) is stored in the narrower integer type `type`.
  void downsize(const Tensor &tensor, Type type,
                SourceLocation where = SourceLocation::current());
  /// `factor` neighbouring elements of `axis` (from 0) stored in one integer
  /// word; the packed tensor is returned. unpack is the inverse.
  Tensor pack(const Tensor &tensor, int axis, int factor,
              SourceLocation where = SourceLocation::current());
  Tensor unpack(const Tensor &tensor, int axis, int factor,
                SourceLocation where = SourceLocation::current());

  /// A tensor of the program by name: an input or a stage's tensor
  /// (HeteroCL's kernel.B).
  Tensor tensor(const std::string &name) const;

  const std::vector<Tensor> &inputs() const;
  const std::vector<Tensor> &outputs() const;

  /// The default hardware schedule, as `--schedule=auto` gives it
  /// (docs/onnx.md): when the program is lowered, built or estimated and
  /// has no schedule primitives, every stage gets one, written as ordinary
  /// schedule operations (lower(s, false) shows them). Primitives given on
  /// this schedule are a schedule of the user's, which is kept instead.
  void use_default_schedule();
  bool uses_default_schedule() const;

  /// The default CPU schedule, as `hcl run model.onnx` gives it
  /// (docs/onnx.md, "The default CPU schedule"): when the program is
  /// lowered, built or estimated and has no schedule primitives, its
  /// convolutions, matmuls and pools get register blocks and vectors, its
  /// elementwise stages vectors, written as ordinary schedule operations;
  /// results stay bit for bit the unscheduled program's. With `threads`
  /// above 1, stages of 2^25 iterations or more also get a parallel loop.
  /// use_default_schedule() (the hardware schedule) wins over it, and
  /// primitives given on this schedule are kept instead, as there.
  /// `threads` below 1 is an error.
  void use_cpu_schedule(int threads = 1);
  bool uses_cpu_schedule() const;

  /// The program's dataflow (HeteroCL's s.DataflowGraph): each stage, in
  /// program order, with the names of the tensors it reads or writes that
  /// are not its own (an update's target, an input, an earlier tensor).
  struct StageEdges {
    std::string stage;
    std::vector<std::string> parents;
  };
  std::vector<StageEdges> dataflow() const;
  const std::shared_ptr<detail::ScheduleImpl> &impl() const { return data; }

private:
  std::shared_ptr<detail::ScheduleImpl> data;
};

namespace detail {

/// Collects the stages compute() and friends create while a kernel runs.
class RecordingScope {
public:
  RecordingScope();
  ~RecordingScope();
  RecordingScope(const RecordingScope &) = delete;
  RecordingScope &operator=(const RecordingScope &) = delete;
  std::vector<std::shared_ptr<TensorNode>> take();
};

Schedule makeSchedule(const std::vector<Tensor> &inputs,
                      const std::vector<Tensor> &outputs,
                      std::vector<std::shared_ptr<TensorNode>> stages);

/// HeteroCL's top-level style (the Python package enables it): stages
/// created outside any kernel are recorded into one implicit program instead
/// of being an error. Enabling or disabling drops what was recorded.
void setTopLevelRecording(bool enabled);
/// The stages (and constants) recorded outside any kernel since the last
/// call, which the caller now owns.
std::vector<std::shared_ptr<TensorNode>> takeTopLevelRecording();
/// The schedule of the implicit program: `tensors` lists its placeholders
/// (the inputs) and the recorded tensors that are its results, as
/// HeteroCL's create_schedule([A, B]) does.
Schedule
makeTopLevelSchedule(const std::vector<Tensor> &tensors,
                     std::vector<std::shared_ptr<TensorNode>> recorded);
[[noreturn]] void throwKernelArity(int arity, size_t inputs);

inline std::vector<Tensor> asOutputs(Tensor t) { return {std::move(t)}; }
inline std::vector<Tensor> asOutputs(std::vector<Tensor> ts) { return ts; }

} // namespace detail

/// Runs `kernel` on `inputs` (placeholders) and records the stages it
/// creates; the kernel returns its output tensor(s) or nothing
/// (HeteroCL's hcl.create_schedule).
template <typename F>
Schedule create_schedule(const std::vector<Tensor> &inputs, F kernel) {
  constexpr int arity = detail::arityOf<F, Tensor>();
  static_assert(arity >= 0, "the kernel must take up to 8 hcl::Tensor "
                            "arguments");
  if (static_cast<size_t>(arity) != inputs.size())
    detail::throwKernelArity(arity, inputs.size());
  detail::RecordingScope scope;
  auto call = [&] {
    return detail::callWith<F, Tensor>(kernel, inputs,
                                       std::make_index_sequence<arity>{});
  };
  std::vector<Tensor> outputs;
  if constexpr (std::is_void_v<decltype(call())>)
    call();
  else
    outputs = detail::asOutputs(call());
  return detail::makeSchedule(inputs, outputs, scope.take());
}

} // namespace hcl

#endif // HCL_FRONTEND_SCHEDULE_H
