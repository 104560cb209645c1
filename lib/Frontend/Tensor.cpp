//===- Tensor.cpp - tensors and stages of the hcl C++ API -----------------===//

#include "Statements.h"

#include "hcl/Frontend/Error.h"

#include <atomic>

namespace hcl {

namespace {

/// The stages created while a kernel runs (create_schedule), innermost
/// recording last.
thread_local std::vector<std::vector<std::shared_ptr<TensorNode>>> recordings;
/// HeteroCL's top-level style: with it enabled (for every thread), the
/// stages created outside any kernel, which create_schedule(tensors) takes.
std::atomic<bool> topLevelEnabled = false;
thread_local std::vector<std::shared_ptr<TensorNode>> topLevel;
int unnamedTensors = 0;

std::string nameOrDefault(const std::string &name, const char *prefix) {
  return name.empty() ? prefix + std::to_string(unnamedTensors++) : name;
}

std::string shapeString(const std::vector<int64_t> &shape) {
  std::string s;
  for (int64_t d : shape)
    s += (s.empty() ? "" : "x") + std::to_string(d);
  return s.empty() ? "scalar" : s;
}

void checkShape(const std::vector<int64_t> &shape, const std::string &what) {
  if (shape.empty())
    throwError(what + ": a tensor needs at least one dimension");
  for (int64_t d : shape)
    if (d <= 0)
      throwError(what + ": dimension sizes must be positive, got " +
                 shapeString(shape));
}

} // namespace

void recordStage(const std::shared_ptr<TensorNode> &stage) {
  if (!recordings.empty()) {
    recordings.back().push_back(stage);
    return;
  }
  if (!topLevelEnabled)
    throwError("stage '" + stage->stageName +
               "' is created outside a kernel: call compute / update / "
               "scalar / stage inside the function given to create_schedule");
  topLevel.push_back(stage);
}

bool isLastRecorded(const std::shared_ptr<TensorNode> &stage) {
  const auto &recording = recordings.empty() ? topLevel : recordings.back();
  return !recording.empty() && recording.back() == stage;
}

void recordConstant(const std::shared_ptr<TensorNode> &constant) {
  if (!recordings.empty())
    recordings.back().push_back(constant);
  else if (topLevelEnabled)
    topLevel.push_back(constant);
}

const std::string &Tensor::name() const { return impl->name; }
const std::vector<int64_t> &Tensor::shape() const {
  if (impl->resolveShape)
    impl->shape = std::exchange(impl->resolveShape, nullptr)();
  return impl->shape;
}
Type Tensor::dtype() const { return impl->dtype; }

void Tensor::store(const std::vector<Expr> &indices, const Expr &value) const {
  storeElement(impl, indices, value);
}

Element Tensor::v() const {
  if (impl->shape != std::vector<int64_t>{1})
    throwError("'" + impl->name +
               "'.v(): only a one-element tensor (a "
               "scalar) has a value; index it");
  return Element(*this, {Expr(0)});
}

Element::Element(const Tensor &tensor, std::vector<Expr> indices)
    : Expr(tensor.read(indices).node()), tensor(tensor),
      indices(std::move(indices)) {}

Element &Element::operator=(const Expr &value) {
  tensor.store(indices, value);
  // Later reads of this element read memory again, not the old value.
  return *this;
}
Element &Element::operator+=(const Expr &value) {
  return *this = *this + value;
}
Element &Element::operator-=(const Expr &value) {
  return *this = *this - value;
}
Element &Element::operator*=(const Expr &value) {
  return *this = *this * value;
}
Element &Element::operator/=(const Expr &value) {
  return *this = *this / value;
}

Expr Tensor::read(const std::vector<Expr> &indices) const {
  if (impl->kind == TensorKind::Buffer)
    throwError("'" + impl->name +
               "' is a buffer made by the schedule; the "
               "algorithm reads '" +
               impl->target->name + "'");
  if (indices.size() != impl->shape.size())
    throwError("'" + impl->name + "' has " +
               std::to_string(impl->shape.size()) + " dimensions (" +
               shapeString(impl->shape) + ") but is read with " +
               std::to_string(indices.size()) + " indices");
  // A float index would reach the IR's index casts (HeteroCL refuses it).
  // A literal (5, with a float default type) is an integer index.
  for (const Expr &index : indices)
    if (!index.type().isInteger() && !index.node()->untyped)
      throwError("'" + impl->name + "' is indexed by a " + index.type().str() +
                 " value; indices are integers (convert with hcl.cast)");
  auto node = newNode(ExprKind::Read, impl->dtype);
  node->tensor = impl;
  node->operands = indices;
  return finishNode(node);
}

/// The loops of an imperative stage's leading for_ nest, outermost first:
/// a for_ that is its block's only statement continues the nest.
static std::vector<Var> imperativeAxes(const StmtList &statements) {
  std::vector<Var> axes;
  const StmtList *block = &statements;
  while (!block->empty() && block->front()->kind == StmtKind::For) {
    axes.emplace_back(block->front()->var);
    if (block->size() != 1)
      break;
    block = &block->front()->body;
  }
  return axes;
}

Var Tensor::axis(size_t position) const {
  if (impl->kind == TensorKind::Imperative && impl->statements) {
    std::vector<Var> axes = imperativeAxes(*impl->statements);
    if (position >= axes.size())
      throwError("stage '" + impl->name + "' has " +
                 std::to_string(axes.size()) +
                 " loops in its outer for_ nest; axis " +
                 std::to_string(position) + " is out of range");
    return axes[position];
  }
  if (impl->kind != TensorKind::Compute && impl->kind != TensorKind::Update)
    throwError("'" + impl->name +
               "' is not computed by a stage, so it has "
               "no axes");
  if (position >= impl->axes.size())
    throwError("stage '" + impl->stageName + "' has " +
               std::to_string(impl->axes.size()) + " axes; axis " +
               std::to_string(position) + " is out of range");
  return impl->axes[position];
}

/// Searches the reduction axes in a stage's body.
static const Var *findReduceAxis(const ExprNode &root,
                                 const std::string &name) {
  const Var *found = nullptr;
  forEachNode(root, [&](const ExprNode &node) {
    for (const Var &axis : node.axes)
      if (!found && axis.name() == name)
        found = &axis;
  });
  return found;
}

Var Tensor::axis(const std::string &name) const {
  for (const Var &axis : impl->axes)
    if (axis.name() == name)
      return axis;
  const Var *found = nullptr;
  forEachExpr(*impl, [&](const ExprNode &e) {
    if (!found)
      found = findReduceAxis(e, name);
  });
  if (found)
    return *found;
  throwError("stage '" + impl->stageName + "' has no axis named '" + name +
             "'");
}

Tensor placeholder(const std::vector<int64_t> &shape, const std::string &name,
                   std::optional<Type> dtype, SourceLocation where) {
  detail::LocationScope located(where);
  auto node = std::make_shared<TensorNode>();
  node->kind = TensorKind::Placeholder;
  node->name = nameOrDefault(name, "placeholder");
  node->unnamed = name.empty();
  checkShape(shape, "placeholder '" + node->name + "'");
  node->shape = shape;
  node->dtype = dtype.value_or(getDefaultType());
  return Tensor(node);
}

namespace detail {

std::vector<Var> makeAxes(const std::vector<int64_t> &shape, int arity,
                          const std::string &what, const std::string &name,
                          const std::vector<std::string> &axisNames) {
  std::string stage = name.empty() ? "(unnamed)" : name;
  checkShape(shape, what + " '" + stage + "'");
  if (arity != static_cast<int>(shape.size()))
    throwError(what + " '" + stage + "': the lambda takes " +
               std::to_string(arity) + " index variables but the shape " +
               shapeString(shape) + " has " + std::to_string(shape.size()) +
               " dimensions");
  if (!axisNames.empty() && axisNames.size() != shape.size())
    throwError(what + " '" + stage + "': " + std::to_string(axisNames.size()) +
               " axis names for " + std::to_string(shape.size()) +
               " dimensions");
  static const char *defaults[] = {"i", "j", "k", "l", "m", "n", "o", "p"};
  std::vector<Var> axes;
  for (size_t d = 0; d < shape.size(); ++d)
    axes.push_back(newVar(axisNames.empty() ? defaults[d] : axisNames[d]));
  return axes;
}

Tensor makeCompute(const std::vector<int64_t> &shape,
                   const std::vector<Var> &axes, const Expr &body,
                   const std::string &name, std::optional<Type> dtype) {
  auto node = std::make_shared<TensorNode>();
  node->kind = TensorKind::Compute;
  node->name = nameOrDefault(name, "compute");
  node->stageName = node->name;
  node->shape = shape;
  node->dtype = dtype.value_or(getDefaultType());
  node->axes = axes;
  node->body = body.node();
  recordStage(node);
  return Tensor(node);
}

Tensor makeUpdate(const Tensor &target, const std::vector<Var> &axes,
                  const Expr &body, const std::string &name) {
  if (target.node()->kind == TensorKind::Buffer)
    throwError("update cannot write '" + target.name() +
               "', a buffer made by the schedule");
  if (target.node()->kind == TensorKind::Constant)
    throwError("update cannot write '" + target.name() +
               "', a constant (read-only); compute a copy and update that");
  auto node = std::make_shared<TensorNode>();
  node->kind = TensorKind::Update;
  node->name = target.name();
  node->stageName = nameOrDefault(name, "update");
  node->shape = target.shape();
  node->dtype = target.dtype();
  node->axes = axes;
  node->body = body.node();
  node->target = target.node();
  recordStage(node);
  return Tensor(node);
}

void setTopLevelRecording(bool enabled) {
  topLevelEnabled = enabled;
  topLevel.clear();
}

std::vector<std::shared_ptr<TensorNode>> takeTopLevelRecording() {
  return std::exchange(topLevel, {});
}

RecordingScope::RecordingScope() { recordings.emplace_back(); }
RecordingScope::~RecordingScope() { recordings.pop_back(); }
std::vector<std::shared_ptr<TensorNode>> RecordingScope::take() {
  return std::move(recordings.back());
}

} // namespace detail

Tensor scalar(const Expr &init, const std::string &name,
              std::optional<Type> dtype, SourceLocation where) {
  detail::LocationScope located(where);
  Type type =
      dtype.value_or(init.node()->untyped ? getDefaultType() : init.type());
  if (auto local = declareLocal(name, type, init))
    return Tensor(local);
  std::vector<Var> axes = detail::makeAxes({1}, 1, "scalar", name, {"x"});
  return detail::makeCompute(
      {1}, axes, init, name,
      dtype.value_or(init.node()->untyped ? getDefaultType() : init.type()));
}

} // namespace hcl
