//===- Schedule.cpp - hardware customizations in the hcl C++ API ----------===//
//
// Primitives are recorded as commands and checked for what can be checked
// before the program exists (stage and axis names, factors); EmitMLIR.cpp
// writes them as hcl.* operations, and --hcl-apply-customizations decides
// legality, reporting through hcl::Error when the module is lowered.
//
//===----------------------------------------------------------------------===//

#include "BufferShape.h"
#include "Statements.h"

#include "hcl/Frontend/Error.h"

#include <algorithm>
#include <set>

namespace hcl {

const char *getCommandName(CommandKind kind) {
  switch (kind) {
#define HCL_PRIMITIVE(Kind, name)                                              \
  case CommandKind::Kind:                                                      \
    return #name;
#include "hcl/Frontend/Primitives.def"
  }
  return "";
}

bool isStageCommand(CommandKind kind) {
  switch (kind) {
#define HCL_STAGE_PRIMITIVE(Kind, name)                                        \
  case CommandKind::Kind:                                                      \
    return true;
#include "hcl/Frontend/Primitives.def"
  default:
    return false;
  }
}

namespace detail {

std::shared_ptr<TensorNode>
ScheduleImpl::findStage(const std::string &name) const {
  for (const auto &stage : stages)
    if (stage->stageName == name)
      return stage;
  return nullptr;
}

static void collectAxisNames(const ExprNode &root,
                             std::set<std::string> &names) {
  forEachNode(root, [&](const ExprNode &node) {
    for (const Var &axis : node.axes)
      names.insert(axis.name());
  });
}

/// The loop names a stage has after the commands recorded so far.
static std::set<std::string> loopNames(const ScheduleImpl &schedule,
                                       const std::string &stageName) {
  std::set<std::string> names;
  auto stage = schedule.findStage(stageName);
  for (const Var &axis : stage->axes)
    names.insert(axis.name());
  forEachExpr(*stage, [&](const ExprNode &e) { collectAxisNames(e, names); });
  if (stage->statements)
    forEachLoop(*stage->statements,
                [&](const StmtNode &loop) { names.insert(loop.name); });
  for (const Command &command : schedule.commands) {
    if (command.stage != stageName)
      continue;
    const auto &a = command.axes;
    if (command.kind == CommandKind::Split ||
        command.kind == CommandKind::Vectorize) {
      names.insert(a[0] + ".outer");
      names.insert(a[0] + ".inner");
    } else if (command.kind == CommandKind::Tile) {
      for (const auto &axis : {a[0], a[1]}) {
        names.insert(axis + ".outer");
        names.insert(axis + ".inner");
      }
    } else if (command.kind == CommandKind::Fuse) {
      std::string fused;
      for (const auto &axis : a)
        fused += axis + "_";
      names.insert(fused + "fused");
    }
  }
  return names;
}

/// Adds the constants `node` reads to `constants` (once each, in order).
static void
collectConstants(const ExprNode &root,
                 std::vector<std::shared_ptr<TensorNode>> &constants) {
  forEachNode(root, [&](const ExprNode &node) {
    if (node.kind == ExprKind::Read &&
        node.tensor->kind == TensorKind::Constant &&
        std::find(constants.begin(), constants.end(), node.tensor) ==
            constants.end())
      constants.push_back(node.tensor);
    // What a sub-function reads is read by its callers.
    if (node.kind == ExprKind::Call) {
      forEachExpr(node.function->body,
                  [&](const ExprNode &e) { collectConstants(e, constants); });
      if (node.function->result)
        collectConstants(*node.function->result, constants);
    }
  });
}

Schedule makeSchedule(const std::vector<Tensor> &inputs,
                      const std::vector<Tensor> &outputs,
                      std::vector<std::shared_ptr<TensorNode>> recorded) {
  auto impl = std::make_shared<ScheduleImpl>();
  // The kernel records its stages and the constants it creates; stages may
  // also read constants made outside the kernel.
  std::vector<std::shared_ptr<TensorNode>> stages;
  for (auto &node : recorded)
    (node->kind == TensorKind::Constant ? impl->constants : stages)
        .push_back(node);
  for (const auto &stage : stages)
    forEachExpr(*stage, [&](const ExprNode &e) {
      collectConstants(e, impl->constants);
    });
  std::set<std::string> names;
  for (const Tensor &input : inputs) {
    if (input.node()->kind != TensorKind::Placeholder)
      throwError("create_schedule: input '" + input.name() +
                 "' is not a placeholder");
    if (!names.insert(input.name()).second)
      throwError("create_schedule: two tensors are named '" + input.name() +
                 "'");
  }
  for (const auto &stage : stages)
    if (!names.insert(stage->stageName).second)
      throwError("create_schedule: two stages or tensors are named '" +
                 stage->stageName + "'; stage names must be unique");
  for (const auto &constant : impl->constants)
    if (!names.insert(constant->name).second)
      throwError("create_schedule: two tensors are named '" + constant->name +
                 "' (a constant and another tensor); tensor names must be "
                 "unique");
  for (const Tensor &output : outputs)
    if (output.node()->kind == TensorKind::Constant)
      throwError("create_schedule: the kernel returns '" + output.name() +
                 "', a constant; return a compute that copies it");
  for (const Tensor &output : outputs)
    if (std::find(stages.begin(), stages.end(), output.node()) == stages.end())
      throwError("create_schedule: the kernel returns '" + output.name() +
                 "', which it did not compute");
  impl->inputs = inputs;
  impl->outputs = outputs;
  impl->stages = std::move(stages);
  return Schedule(impl);
}

Schedule
makeTopLevelSchedule(const std::vector<Tensor> &tensors,
                     std::vector<std::shared_ptr<TensorNode>> recorded) {
  if (recorded.empty())
    throwError("create_schedule: no stage was created outside a kernel since "
               "the last create_schedule or init; create the stages first, "
               "or give the kernel function");
  std::vector<Tensor> inputs, outputs;
  for (const Tensor &t : tensors) {
    const auto &node = t.node();
    if (node->kind == TensorKind::Placeholder) {
      if (!outputs.empty())
        throwError("create_schedule: placeholder '" + t.name() +
                   "' is listed after '" + outputs.front().name() +
                   "', which is computed; hcl's module takes the "
                   "placeholders first, then the computed tensors: list '" +
                   t.name() + "' before '" + outputs.front().name() + "'");
      inputs.push_back(t);
      continue;
    }
    if (node->kind == TensorKind::Compute &&
        std::find(recorded.begin(), recorded.end(), node) == recorded.end())
      throwError("create_schedule: '" + t.name() +
                 "' was computed before the last create_schedule or init; "
                 "compute it again for this program");
    if (node->kind != TensorKind::Compute && node->kind != TensorKind::Constant)
      throwError("create_schedule: '" + t.name() +
                 "' is neither a placeholder nor a computed tensor; list the "
                 "placeholders and the tensors hcl.compute made");
    outputs.push_back(t);
  }
  return makeSchedule(inputs, outputs, std::move(recorded));
}

void throwKernelArity(int arity, size_t inputs) {
  throwError("create_schedule: the kernel takes " + std::to_string(arity) +
             " tensors but " + std::to_string(inputs) + " inputs are given");
}

} // namespace detail

Stage::Stage(std::shared_ptr<detail::ScheduleImpl> schedule, std::string stage)
    : schedule(std::move(schedule)), stage(std::move(stage)) {}

Axis::Axis(const Var &var) : loop(var.name()), varId(var.node()->id) {}

/// Whether `node` (a stage's body) has the reduction axis `id`.
static bool hasReduceAxis(const ExprNode &root, int64_t id) {
  bool found = false;
  forEachNode(root, [&](const ExprNode &node) {
    for (const Var &axis : node.axes)
      found |= axis.node()->id == id;
  });
  return found;
}

void Stage::checkAxis(const Axis &axis, const char *primitive) const {
  std::set<std::string> names = detail::loopNames(*schedule, stage);
  if (!names.count(axis.loop))
    throwError(std::string(primitive) + ": stage '" + stage +
               "' has no axis named '" + axis.loop + "'");
  if (!axis.varId)
    return;
  auto node = schedule->findStage(stage);
  bool own =
      std::any_of(node->axes.begin(), node->axes.end(),
                  [&](const Var &v) { return v.node()->id == axis.varId; }) ||
      (node->body && hasReduceAxis(*node->body, axis.varId));
  if (node->statements)
    forEachLoop(*node->statements, [&](const StmtNode &loop) {
      own |= loop.var && loop.var->id == axis.varId;
    });
  if (!own)
    throwError(std::string(primitive) + ": axis '" + axis.loop +
               "' belongs to another stage, not to '" + stage +
               "' (name this stage's loop: " + stage + ".axis(...))");
}

/// A command of `kind` on `stage` over `axes` with `numbers`.
static Command makeCommand(CommandKind kind, const std::string &stage,
                           std::vector<std::string> axes = {},
                           std::vector<int64_t> numbers = {}) {
  Command command;
  command.kind = kind;
  command.stage = stage;
  command.axes = std::move(axes);
  command.numbers = std::move(numbers);
  return command;
}

static void checkFactor(int64_t factor, const char *primitive,
                        const std::string &stage, int64_t least) {
  if (factor < least)
    throwError(std::string(primitive) + " on stage '" + stage +
               "': the factor must be at least " + std::to_string(least) +
               ", got " + std::to_string(factor));
}

std::pair<Axis, Axis> Stage::split(const Axis &axis, int64_t factor,
                                   SourceLocation where) {
  detail::LocationScope located(where);
  checkAxis(axis, "split");
  checkFactor(factor, "split", stage, 1);
  schedule->commands.push_back(
      makeCommand(CommandKind::Split, stage, {axis.loop}, {factor}));
  return {Axis(axis.loop + ".outer"), Axis(axis.loop + ".inner")};
}

std::array<Axis, 4> Stage::tile(const Axis &x, const Axis &y, int64_t xFactor,
                                int64_t yFactor, SourceLocation where) {
  detail::LocationScope located(where);
  checkAxis(x, "tile");
  checkAxis(y, "tile");
  checkFactor(xFactor, "tile", stage, 1);
  checkFactor(yFactor, "tile", stage, 1);
  schedule->commands.push_back(makeCommand(
      CommandKind::Tile, stage, {x.loop, y.loop}, {xFactor, yFactor}));
  return {Axis(x.loop + ".outer"), Axis(y.loop + ".outer"),
          Axis(x.loop + ".inner"), Axis(y.loop + ".inner")};
}

static std::vector<std::string> loopsOf(const std::vector<Axis> &axes) {
  std::vector<std::string> loops;
  for (const Axis &axis : axes)
    loops.push_back(axis.loop);
  return loops;
}

void Stage::reorder(const std::vector<Axis> &axes, SourceLocation where) {
  detail::LocationScope located(where);
  for (const Axis &axis : axes)
    checkAxis(axis, "reorder");
  schedule->commands.push_back(
      makeCommand(CommandKind::Reorder, stage, loopsOf(axes)));
}

Axis Stage::fuse(const std::vector<Axis> &axes, SourceLocation where) {
  detail::LocationScope located(where);
  if (axes.size() < 2)
    throwError("fuse on stage '" + stage + "': needs at least two axes");
  std::string fused;
  for (const Axis &axis : axes) {
    checkAxis(axis, "fuse");
    fused += axis.loop + "_";
  }
  schedule->commands.push_back(
      makeCommand(CommandKind::Fuse, stage, loopsOf(axes)));
  return Axis(fused + "fused");
}

#define HCL_LOOP_PRIMITIVE(Kind, name)                                         \
  void Stage::name(const Axis &axis, SourceLocation where) {                   \
    detail::LocationScope located(where);                                      \
    checkAxis(axis, #name);                                                    \
    schedule->commands.push_back(                                              \
        makeCommand(CommandKind::Kind, stage, {axis.loop}));                   \
  }
#define HCL_LOOP_FACTOR_PRIMITIVE(Kind, name, param, label, least, fallback)   \
  void Stage::name(const Axis &axis, int64_t param, SourceLocation where) {    \
    detail::LocationScope located(where);                                      \
    checkAxis(axis, #name);                                                    \
    checkFactor(param, #name, stage, least);                                   \
    schedule->commands.push_back(                                              \
        makeCommand(CommandKind::Kind, stage, {axis.loop}, {param}));          \
  }
#include "hcl/Frontend/Primitives.def"

Stage &Stage::vectorize(const Axis &axis, int64_t width, SourceLocation where) {
  detail::LocationScope located(where);
  checkAxis(axis, "vectorize");
  if (width < 2 || (width & (width - 1)) != 0)
    throwError("vectorize on stage '" + stage +
               "': the width must be a power of two, at least 2, got " +
               std::to_string(width));
  schedule->commands.push_back(
      makeCommand(CommandKind::Vectorize, stage, {axis.loop}, {width}));
  return *this;
}

Stage &Stage::compute_at(const Stage &consumer, const Axis &axis,
                         SourceLocation where) {
  detail::LocationScope located(where);
  consumer.checkAxis(axis, "compute_at");
  Command command = makeCommand(CommandKind::ComputeAt, stage, {axis.loop});
  command.otherStage = consumer.stage;
  schedule->commands.push_back(command);
  return *this;
}

Stage &Stage::store_at(const Stage &consumer, const Axis &axis,
                       SourceLocation where) {
  detail::LocationScope located(where);
  consumer.checkAxis(axis, "store_at");
  Command command = makeCommand(CommandKind::StoreAt, stage, {axis.loop});
  command.otherStage = consumer.stage;
  schedule->commands.push_back(command);
  return *this;
}

Function Stage::outline(const OutlineOptions &options, SourceLocation where) {
  detail::LocationScope located(where);
  Command command = makeCommand(CommandKind::Outline, stage);
  command.stages = {stage};
  if (options.merge)
    command.merge = options.merge->name;
  command.param = options.param;
  command.axis = options.axis;
  if (!options.axis.empty())
    checkAxis(options.axis, "outline");
  for (const std::string &loop : options.param)
    checkAxis(loop, "outline");
  schedule->commands.push_back(command);
  return Function{options.merge ? options.merge->name : "Stage_" + stage};
}

Schedule::Schedule(std::shared_ptr<detail::ScheduleImpl> impl)
    : data(std::move(impl)) {}

static std::shared_ptr<TensorNode>
findConstant(const detail::ScheduleImpl &schedule, const std::string &name) {
  for (const auto &constant : schedule.constants)
    if (constant->name == name)
      return constant;
  return nullptr;
}

[[noreturn]] static void throwConstantStage(const std::string &name) {
  throwError("'" + name +
             "' is a constant tensor, not a stage: it has no "
             "loops to schedule");
}

Stage Schedule::operator[](const Tensor &tensor) const {
  if (tensor.node()->kind == TensorKind::Constant)
    throwConstantStage(tensor.name());
  for (const auto &stage : data->stages)
    if (stage == tensor.node())
      return Stage(data, stage->stageName);
  // An input is reached through the one update stage that writes it, as in
  // HeteroCL.
  std::vector<std::shared_ptr<TensorNode>> writers;
  for (const auto &stage : data->stages)
    if (stage->kind == TensorKind::Update && stage->target == tensor.node())
      writers.push_back(stage);
  if (writers.size() == 1)
    return Stage(data, writers.front()->stageName);
  if (tensor.node()->kind == TensorKind::Placeholder)
    throwError("'" + tensor.name() + "' is an input (placeholder) " +
               (writers.empty() ? std::string("that no stage updates")
                                : "that several stages update; name one") +
               ", not a stage");
  throwError("'" + tensor.name() +
             "' is not computed by this schedule's kernel");
}

Stage Schedule::operator[](const std::string &name) const {
  if (!data->findStage(name)) {
    if (findConstant(*data, name))
      throwConstantStage(name);
    throwError("the schedule has no stage named '" + name + "'");
  }
  return Stage(data, name);
}

/// Tensors a schedule primitive may name: inputs, computed tensors and
/// buffers made by earlier primitives; constants of the schedule for the
/// primitives that keep their element type and only read them (partition,
/// reuse_at, reshape: the engine changes the global's type with its reads).
static void checkKnownTensor(const detail::ScheduleImpl &schedule,
                             const Tensor &tensor, const char *primitive,
                             bool constantsAllowed = false) {
  const auto &node = tensor.node();
  if (node->kind == TensorKind::Constant) {
    if (!constantsAllowed)
      throwError(std::string(primitive) + ": '" + tensor.name() +
                 "' is a constant tensor; " + primitive +
                 " does not apply to constants");
    if (std::find(schedule.constants.begin(), schedule.constants.end(), node) ==
        schedule.constants.end())
      throwError(std::string(primitive) + ": '" + tensor.name() +
                 "' is a constant that no stage of this schedule reads");
    return;
  }
  bool known = std::any_of(schedule.inputs.begin(), schedule.inputs.end(),
                           [&](const Tensor &t) { return t.node() == node; }) ||
               std::find(schedule.stages.begin(), schedule.stages.end(),
                         node) != schedule.stages.end() ||
               std::any_of(schedule.commands.begin(), schedule.commands.end(),
                           [&](const Command &c) { return c.result == node; });
  if (!known)
    throwError(std::string(primitive) + ": '" + tensor.name() +
               "' is not a tensor of this schedule");
}

void Schedule::partition(const Tensor &tensor, PartitionKind kind, int dim,
                         int64_t factor, SourceLocation where) {
  detail::LocationScope located(where);
  checkKnownTensor(*data, tensor, "partition", true);
  size_t rank = tensor.shape().size();
  if (dim < 0 || (rank && static_cast<size_t>(dim) > rank))
    throwError("partition of '" + tensor.name() + "': dimension " +
               std::to_string(dim) +
               " is out of range (0 means every "
               "dimension, 1.." +
               std::to_string(rank) + " one dimension)");
  if (kind != PartitionKind::Complete && factor < 1)
    throwError("partition of '" + tensor.name() +
               "': a Block or Cyclic "
               "partition needs a factor (the number of banks)");
  Command command = makeCommand(CommandKind::Partition, "", {}, {dim, factor});
  command.partition = kind;
  command.tensor = tensor.node();
  data->commands.push_back(command);
}

void Schedule::to(const Tensor &tensor, const Stage &consumer, int64_t depth,
                  SourceLocation where) {
  detail::LocationScope located(where);
  checkKnownTensor(*data, tensor, "to");
  if (tensor.node()->kind != TensorKind::Compute)
    throwError("to: '" + tensor.name() +
               "' is not computed by a stage; a "
               "stream connects the stage computing a tensor to a consumer");
  if (depth < 0)
    throwError("to: the depth of '" + tensor.name() +
               "' must be positive "
               "(or 0 to infer it)");
  Command command = makeCommand(CommandKind::To, consumer.name(), {}, {depth});
  command.tensor = tensor.node();
  data->commands.push_back(command);
}

static Tensor makeBuffer(const std::shared_ptr<detail::ScheduleImpl> &data,
                         CommandKind kind, const Tensor &tensor,
                         const Stage &stage, const Axis &axis,
                         const std::string &name, const char *suffix) {
  auto buffer = std::make_shared<TensorNode>();
  buffer->kind = TensorKind::Buffer;
  buffer->name = name.empty() ? tensor.name() + suffix : name;
  buffer->dtype = tensor.dtype();
  buffer->target = tensor.node();
  Command command = makeCommand(kind, stage.name(), {axis.loop});
  command.tensor = tensor.node();
  command.result = buffer;
  data->commands.push_back(command);
  // The shape the transform gives the buffer (line, window, N-d), so that
  // the buffer can be partitioned by dimension.
  detail::deferBufferShape(data, *buffer);
  return Tensor(buffer);
}

Tensor Schedule::reuse_at(const Tensor &tensor, const Stage &stage,
                          const Axis &axis, const std::string &name,
                          SourceLocation where) {
  detail::LocationScope located(where);
  checkKnownTensor(*data, tensor, "reuse_at", true);
  stage.checkAxis(axis, "reuse_at");
  return makeBuffer(data, CommandKind::ReuseAt, tensor, stage, axis, name,
                    ".reuse");
}

Tensor Schedule::buffer_at(const Tensor &tensor, const Stage &stage,
                           const Axis &axis, const std::string &name,
                           SourceLocation where) {
  detail::LocationScope located(where);
  checkKnownTensor(*data, tensor, "buffer_at");
  stage.checkAxis(axis, "buffer_at");
  return makeBuffer(data, CommandKind::BufferAt, tensor, stage, axis, name,
                    ".buffer");
}

std::vector<Function> Schedule::outline(const std::vector<Tensor> &group1,
                                        const std::vector<Tensor> &group2,
                                        const std::vector<Tensor> &group3,
                                        const std::vector<Tensor> &group4,
                                        SourceLocation where) {
  detail::LocationScope located(where);
  std::vector<Function> functions;
  for (const auto *group : {&group1, &group2, &group3, &group4}) {
    if (group->empty())
      continue;
    Command command = makeCommand(CommandKind::Outline, "");
    std::string name = "Stage";
    for (const Tensor &tensor : *group) {
      std::string stage = (*this)[tensor].name();
      command.stages.push_back(stage);
      name += "_" + stage;
    }
    command.stage = command.stages.front();
    data->commands.push_back(command);
    functions.push_back(Function{name});
  }
  return functions;
}

Tensor Schedule::reshape(const Tensor &tensor,
                         const std::vector<int64_t> &shape,
                         SourceLocation where) {
  detail::LocationScope located(where);
  checkKnownTensor(*data, tensor, "reshape", true);
  int64_t from = 1, to = 1;
  for (int64_t d : tensor.shape())
    from *= d;
  for (int64_t d : shape) {
    if (d <= 0)
      throwError("reshape of '" + tensor.name() + "': sizes must be positive");
    to *= d;
  }
  if (tensor.shape().empty() || from != to)
    throwError("reshape of '" + tensor.name() + "': " + std::to_string(from) +
               " elements cannot take a shape of " + std::to_string(to));
  auto reshaped = std::make_shared<TensorNode>(*tensor.node());
  reshaped->kind = TensorKind::Buffer;
  reshaped->shape = shape;
  reshaped->target = tensor.node();
  Command command = makeCommand(CommandKind::Reshape, "", {}, shape);
  command.tensor = tensor.node();
  command.result = reshaped;
  data->commands.push_back(command);
  return Tensor(reshaped);
}

void Schedule::quantize(const Tensor &tensor, Type type, QuantizeMode mode,
                        SourceLocation where) {
  detail::LocationScope located(where);
  checkKnownTensor(*data, tensor, "quantize");
  if (!type.isFixed())
    throwError("quantize of '" + tensor.name() + "' to " + type.str() +
               ": quantize stores fixed point; narrow integers with downsize");
  if (tensor.dtype().isFixed() == false && !tensor.dtype().isFloat() &&
      !tensor.dtype().isInteger())
    throwError("quantize of '" + tensor.name() + "': unsupported type");
  Command command = makeCommand(CommandKind::Quantize, "");
  command.tensor = tensor.node();
  command.dtype = type;
  command.numbers = {mode.roundNearest, mode.saturate};
  data->commands.push_back(command);
}

void Schedule::downsize(const Tensor &tensor, Type type, SourceLocation where) {
  detail::LocationScope located(where);
  checkKnownTensor(*data, tensor, "downsize");
  if (!tensor.dtype().isInteger() || !type.isInteger() ||
      type.bits >= tensor.dtype().bits)
    throwError("downsize of '" + tensor.name() + "' (" + tensor.dtype().str() +
               ") to " + type.str() +
               ": downsize stores integers in a narrower integer type");
  Command command = makeCommand(CommandKind::Downsize, "");
  command.tensor = tensor.node();
  command.dtype = type;
  data->commands.push_back(command);
}

static Tensor packing(detail::ScheduleImpl &data, CommandKind kind,
                      const char *primitive, const Tensor &tensor, int axis,
                      int factor) {
  checkKnownTensor(data, tensor, primitive);
  std::string what = std::string(primitive) + " of '" + tensor.name() + "'";
  if (!tensor.dtype().isInteger())
    throwError(what + ": packs integer tensors, not " + tensor.dtype().str());
  if (axis < 0 || axis >= int(tensor.shape().size()))
    throwError(what + ": axis " + std::to_string(axis) + " is out of range");
  if (factor < 2)
    throwError(what + ": the factor must be at least 2");
  bool isPack = kind == CommandKind::Pack;
  int64_t length = tensor.shape()[axis];
  unsigned bits = tensor.dtype().bits;
  if (isPack && length % factor != 0)
    throwError(what + ": axis " + std::to_string(axis) + " has " +
               std::to_string(length) + " elements, not divisible by " +
               std::to_string(factor));
  if (isPack ? bits * factor > 512 : bits % factor != 0)
    throwError(what + ": " + std::to_string(factor) + " elements of " +
               tensor.dtype().str() +
               (isPack ? " do not fit in 512 bits" : " do not split evenly"));
  auto packed = std::make_shared<TensorNode>(*tensor.node());
  packed->kind = TensorKind::Buffer;
  packed->shape[axis] = isPack ? length / factor : length * factor;
  packed->dtype =
      Type{tensor.dtype().kind, isPack ? bits * factor : bits / factor};
  packed->target = tensor.node();
  Command command = makeCommand(kind, "", {}, {axis, factor});
  command.tensor = tensor.node();
  command.result = packed;
  data.commands.push_back(command);
  return Tensor(packed);
}

Tensor Schedule::pack(const Tensor &tensor, int axis, int factor,
                      SourceLocation where) {
  detail::LocationScope located(where);
  return packing(*data, CommandKind::Pack, "pack", tensor, axis, factor);
}

Tensor Schedule::unpack(const Tensor &tensor, int axis, int factor,
                        SourceLocation where) {
  detail::LocationScope located(where);
  return packing(*data, CommandKind::Unpack, "unpack", tensor, axis, factor);
}

void Schedule::use_default_schedule() { data->defaultSchedule = true; }

bool Schedule::uses_default_schedule() const { return data->defaultSchedule; }

void Schedule::use_cpu_schedule(int threads) {
  if (threads < 1)
    throwError("use_cpu_schedule: threads must be 1 or more, not " +
               std::to_string(threads));
  data->cpuScheduleThreads = threads;
}

bool Schedule::uses_cpu_schedule() const {
  return data->cpuScheduleThreads > 0;
}

Tensor Schedule::tensor(const std::string &name) const {
  for (const Tensor &input : data->inputs)
    if (input.name() == name)
      return input;
  if (auto stage = data->findStage(name))
    return Tensor(stage);
  if (auto constant = findConstant(*data, name))
    return Tensor(constant);
  throwError("the schedule has no tensor named '" + name + "'");
}

std::vector<Schedule::StageEdges> Schedule::dataflow() const {
  std::vector<StageEdges> edges;
  for (const auto &stage : data->stages) {
    StageEdges entry{stage->stageName, {}};
    std::set<const TensorNode *> seen{stage.get()};
    auto add = [&](const std::shared_ptr<TensorNode> &tensor) {
      if (tensor && tensor->kind != TensorKind::Local &&
          seen.insert(tensor.get()).second)
        entry.parents.push_back(tensor->name);
    };
    if (stage->kind == TensorKind::Update)
      add(stage->target);
    forEachExpr(*stage, [&](const ExprNode &root) {
      forEachNode(root, [&](const ExprNode &e) {
        if (e.kind == ExprKind::Read)
          add(e.tensor->kind == TensorKind::Update ? e.tensor->target
                                                   : e.tensor);
        for (const auto &argument : e.arguments)
          add(argument);
      });
    });
    if (stage->statements)
      forEachStore(*stage->statements,
                   [&](const StmtNode &store) { add(store.target); });
    edges.push_back(std::move(entry));
  }
  return edges;
}

const std::vector<Tensor> &Schedule::inputs() const { return data->inputs; }
const std::vector<Tensor> &Schedule::outputs() const { return data->outputs; }

} // namespace hcl
