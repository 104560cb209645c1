//===- Imperative.cpp - recording imperative code -------------------------===//
//
// The user's lambdas run once; each construct appends a statement to the
// block being recorded. A stack of scopes says where statements go, which
// loop break_ leaves, and who owns the local variables (the stage or the
// sub-function).
//
//===----------------------------------------------------------------------===//

#include "Statements.h"

#include "hcl/Frontend/Imperative.h"

#include "hcl/Dialect/HCL/PrintFormat.h"
#include "hcl/Frontend/Error.h"

#include <optional>
#include <set>

namespace hcl {

namespace {

struct Owner {
  std::string name;
  std::vector<std::shared_ptr<TensorNode>> *locals;
  std::set<std::string> loopNames;
};

struct Scope {
  StmtList *block;
  /// The innermost loop around the block, or null.
  StmtNode *loop;
  Owner *owner;
  int loopDepth;
};

thread_local std::vector<Scope> scopes;

std::string stageSpelling() { return spelling("hcl::stage", "hcl.Stage"); }
thread_local int implicitStages = 0;

/// Runs `body` with its statements recorded into `block`.
void recordInto(StmtList &block, StmtNode *loop, Owner *owner, int loopDepth,
                const std::function<void()> &body) {
  scopes.push_back({&block, loop, owner, loopDepth});
  try {
    body();
  } catch (...) {
    scopes.pop_back();
    throw;
  }
  scopes.pop_back();
}

Scope &current(const char *construct) {
  if (scopes.empty())
    throwError(std::string(construct) +
               " outside imperative code: use it inside " + stageSpelling() +
               ", " + spelling("hcl::mutate", "hcl.mutate") + ", " +
               spelling("hcl::for_", "hcl.for_") + " or a def_ body");
  return scopes.back();
}

void append(const char *construct, std::shared_ptr<StmtNode> statement) {
  current(construct).block->push_back(std::move(statement));
}

std::shared_ptr<StmtNode> newStatement(StmtKind kind) {
  auto statement = std::make_shared<StmtNode>();
  statement->kind = kind;
  return statement;
}

/// The loop's name: the one given (unique in its stage), or i, j, k, ...
/// by depth, made unique.
std::string loopName(Owner &owner, const std::string &given, int depth) {
  if (!given.empty()) {
    if (!owner.loopNames.insert(given).second)
      throwError("'" + owner.name + "' has two loops named '" + given +
                 "'; loop names must be unique within a stage");
    return given;
  }
  static const char *defaults[] = {"i", "j", "k", "l", "m", "n"};
  std::string base = depth < 6 ? defaults[depth] : "l" + std::to_string(depth);
  std::string name = base;
  for (int k = 1; !owner.loopNames.insert(name).second; ++k)
    name = base + "_" + std::to_string(k);
  return name;
}

/// Records a stage of imperative code; `body` fills it. Returns the stage
/// and the loop names it uses.
std::pair<std::shared_ptr<TensorNode>, std::set<std::string>>
makeStage(const std::string &name, const std::function<void()> &body,
          const std::vector<Var> &axes = {}) {
  auto stage = std::make_shared<TensorNode>();
  stage->kind = TensorKind::Imperative;
  stage->name = name;
  stage->stageName = name;
  stage->axes = axes;
  stage->statements = std::make_shared<StmtList>();
  Owner owner{name, &stage->locals, {}};
  for (const Var &axis : axes)
    owner.loopNames.insert(axis.name());
  recordInto(*stage->statements, nullptr, &owner, 0, body);
  recordStage(stage);
  return {stage, std::move(owner.loopNames)};
}

/// The implicit stage an if_ outside any stage made, which an elif_ or
/// else_ right after it continues (HeteroCL's if_ / elif_ / else_ directly
/// in a kernel or at the top level).
struct ImplicitIf {
  std::shared_ptr<TensorNode> stage;
  std::set<std::string> loopNames;
};
thread_local std::optional<ImplicitIf> lastImplicitIf;

/// Outside any stage, a statement makes a stage of its own.
bool inImplicitStage(const std::string &loop,
                     const std::function<void()> &statement,
                     bool isIf = false) {
  if (!scopes.empty())
    return false;
  std::string name =
      loop.empty() ? "S" + std::to_string(implicitStages++) : loop;
  auto [stage, loopNames] = makeStage(name, statement);
  if (isIf)
    lastImplicitIf = ImplicitIf{stage, std::move(loopNames)};
  return true;
}

/// Outside any stage, an elif_ / else_ continues the implicit stage of the
/// if_ just before it, if nothing was recorded since.
bool continuesImplicitIf(const std::function<void()> &statement) {
  if (!scopes.empty() || !lastImplicitIf ||
      !isLastRecorded(lastImplicitIf->stage))
    return false;
  TensorNode &stage = *lastImplicitIf->stage;
  Owner owner{stage.name, &stage.locals, lastImplicitIf->loopNames};
  recordInto(*stage.statements, nullptr, &owner, 0, statement);
  lastImplicitIf->loopNames = std::move(owner.loopNames);
  return true;
}

void addFor(std::shared_ptr<const ExprNode> var, const Expr &lo, const Expr &hi,
            int64_t step, const std::function<void()> &body,
            const std::string &name) {
  Scope &scope = current("for_");
  auto loop = newStatement(StmtKind::For);
  loop->var = std::move(var);
  loop->lo = lo.node();
  loop->hi = hi.node();
  loop->step = step;
  loop->name = name;
  // Appended first, so that a failing body leaves a recognizable tree.
  scope.block->push_back(loop);
  recordInto(loop->body, loop.get(), scope.owner, scope.loopDepth + 1, body);
}

} // namespace

void stage(const std::string &name, const std::function<void()> &body,
           SourceLocation where) {
  detail::LocationScope located(where);
  if (name.empty())
    throwError(stageSpelling() + " needs a name (the schedule refers to it)");
  if (!scopes.empty())
    throwError(stageSpelling() + " '" + name +
               "' inside imperative code: stages "
               "do not nest");
  makeStage(name, body);
}

void for_(const Expr &lo, const Expr &hi, int64_t step,
          const std::function<void(Var)> &body, const std::string &name,
          SourceLocation where) {
  detail::LocationScope located(where);
  if (inImplicitStage(name, [&] { for_(lo, hi, step, body, name, where); }))
    return;
  if (step <= 0)
    throwError("for_: the step must be a positive constant, got " +
               std::to_string(step) +
               " (count down with while_, or index with hi - 1 - i)");
  Scope &scope = current("for_");
  Var var = newVar(loopName(*scope.owner, name, scope.loopDepth));
  addFor(var.node(), lo, hi, step, [&] { body(var); }, var.name());
}

void for_(const Expr &lo, const Expr &hi, const std::function<void(Var)> &body,
          const std::string &name, SourceLocation where) {
  for_(lo, hi, 1, body, name, where);
}

void if_(const Expr &condition, const std::function<void()> &body,
         SourceLocation where) {
  detail::LocationScope located(where);
  if (inImplicitStage(
          "", [&] { if_(condition, body, where); },
          /*isIf=*/true))
    return;
  Scope &scope = current("if_");
  auto statement = newStatement(StmtKind::If);
  statement->conditions.push_back(condition.node());
  statement->branches.emplace_back();
  scope.block->push_back(statement);
  recordInto(statement->branches.back(), scope.loop, scope.owner,
             scope.loopDepth, body);
}

/// The if_ an elif_ / else_ continues.
static StmtNode &openIf(const char *construct) {
  Scope &scope = current(construct);
  if (scope.block->empty() || scope.block->back()->kind != StmtKind::If ||
      scope.block->back()->hasElse)
    throwError(std::string(construct) +
               " must follow an if_ (or elif_) in the same block");
  return *scope.block->back();
}

void elif_(const Expr &condition, const std::function<void()> &body,
           SourceLocation where) {
  detail::LocationScope located(where);
  if (continuesImplicitIf([&] { elif_(condition, body, where); }))
    return;
  StmtNode &statement = openIf("elif_");
  Scope &scope = scopes.back();
  statement.conditions.push_back(condition.node());
  statement.branches.emplace_back();
  recordInto(statement.branches.back(), scope.loop, scope.owner,
             scope.loopDepth, body);
}

void else_(const std::function<void()> &body, SourceLocation where) {
  detail::LocationScope located(where);
  if (continuesImplicitIf([&] { else_(body, where); }))
    return;
  StmtNode &statement = openIf("else_");
  Scope &scope = scopes.back();
  statement.hasElse = true;
  recordInto(statement.elseBody, scope.loop, scope.owner, scope.loopDepth,
             body);
}

void while_(const Expr &condition, const std::function<void()> &body,
            const std::string &name, int64_t maxTripCount,
            SourceLocation where) {
  detail::LocationScope located(where);
  if (inImplicitStage(
          name, [&] { while_(condition, body, name, maxTripCount, where); }))
    return;
  if (maxTripCount < 0)
    throwError("while_: maxTripCount must be positive (0: unknown), got " +
               std::to_string(maxTripCount));
  Scope &scope = current("while_");
  auto loop = newStatement(StmtKind::While);
  loop->value = condition.node();
  loop->name = loopName(*scope.owner, name, scope.loopDepth);
  loop->maxTripCount = maxTripCount;
  scope.block->push_back(loop);
  recordInto(loop->body, loop.get(), scope.owner, scope.loopDepth + 1, body);
}

void break_(SourceLocation where) {
  detail::LocationScope located(where);
  Scope &scope = current("break_");
  if (!scope.loop)
    throwError("break_ outside a for_ or while_ loop");
  auto statement = newStatement(StmtKind::Break);
  statement->loop = scope.loop;
  scope.block->push_back(statement);
}

void print(const std::vector<Expr> &values,
           const std::optional<std::string> &format, SourceLocation where) {
  detail::LocationScope located(where);
  std::string text;
  if (format) {
    // printf stops at a NUL; so does the format.
    text = format->substr(0, format->find('\0'));
  } else {
    for (const Expr &v : values)
      text += v.type().isFloat() || v.type().isFixed() ? "%.3f " : "%d ";
    text += "\n";
  }
  std::string error;
  std::vector<PrintConversion> conversions = parsePrintFormat(text, error);
  if (!error.empty())
    throwError("print: the format \"" + text + "\" has " + error);
  if (conversions.size() != values.size())
    throwError("print: the format \"" + text + "\" has " +
               std::to_string(conversions.size()) + " conversions for " +
               std::to_string(values.size()) + " values");
  for (size_t k = 0; k < values.size(); ++k) {
    Type t = values[k].type();
    if (!conversions[k].isFloat && !t.isFloat() && t.bits > 64)
      throwError("print: value " + std::to_string(k) + " is " +
                 std::to_string(t.bits) +
                 " bits wide; an integer conversion prints up to 64 bits "
                 "(print its slices)");
  }
  if (inImplicitStage("", [&] { print(values, format, where); }))
    return;
  auto statement = newStatement(StmtKind::Print);
  statement->format = normalizePrintFormat(text, conversions);
  statement->indices = values;
  append("print", statement);
}

namespace detail {

void makeMutate(const std::vector<int64_t> &shape, const std::vector<Var> &axes,
                const std::function<void()> &body, const std::string &name) {
  bool inPlace = !scopes.empty();
  // One loop per dimension, the body innermost.
  std::function<void(size_t)> nest = [&](size_t d) {
    if (d == axes.size())
      return body();
    std::string loop = axes[d].name();
    if (inPlace) {
      // Inside imperative code (HeteroCL nests mutate in a for_, an if_ or
      // another mutate) the loops run in place, named uniquely in the
      // enclosing stage.
      Owner &owner = *scopes.back().owner;
      for (int k = 1; !owner.loopNames.insert(loop).second; ++k)
        loop = axes[d].name() + "_" + std::to_string(k);
    }
    addFor(axes[d].node(), 0, shape[d], 1, [&] { nest(d + 1); }, loop);
  };
  if (inPlace)
    return nest(0);
  makeStage(name, [&] { nest(0); }, axes);
}

} // namespace detail

// Assignments.

void storeElement(const std::shared_ptr<TensorNode> &tensor,
                  const std::vector<Expr> &indices, const Expr &value) {
  if (tensor->kind == TensorKind::Buffer)
    throwError("'" + tensor->name +
               "' is a buffer made by the schedule; "
               "imperative code writes '" +
               tensor->target->name + "'");
  if (tensor->kind == TensorKind::Constant)
    throwError("'" + tensor->name + "' is a constant (read-only)");
  if (indices.size() != tensor->shape.size())
    throwError("'" + tensor->name + "' has " +
               std::to_string(tensor->shape.size()) +
               " dimensions but is written with " +
               std::to_string(indices.size()) + " indices");
  // Outside any stage (directly in a kernel or at the top level, as
  // HeteroCL allows) the assignment is a stage of its own.
  if (inImplicitStage("", [&] { storeElement(tensor, indices, value); }))
    return;
  auto statement = newStatement(StmtKind::Store);
  statement->target = tensor;
  statement->indices = indices;
  statement->value = value.node();
  append("assignment", statement);
}

std::shared_ptr<TensorNode> declareLocal(const std::string &name, Type dtype,
                                         const Expr &init) {
  if (scopes.empty())
    return nullptr;
  Scope &scope = scopes.back();
  auto local = std::make_shared<TensorNode>();
  local->kind = TensorKind::Local;
  local->name =
      name.empty() ? "x" + std::to_string(scope.owner->locals->size()) : name;
  local->stageName = scope.owner->name;
  local->shape = {1};
  local->dtype = dtype;
  scope.owner->locals->push_back(local);
  auto statement = newStatement(StmtKind::Local);
  statement->target = local;
  statement->value = init.node();
  scope.block->push_back(statement);
  return local;
}

namespace detail {

bool inImperativeCode() { return !scopes.empty(); }

std::optional<Tensor> localTensor(const std::vector<int64_t> &shape,
                                  const std::string &name, Type dtype) {
  if (scopes.empty())
    return std::nullopt;
  Owner &owner = *scopes.back().owner;
  auto local = std::make_shared<TensorNode>();
  local->kind = TensorKind::Local;
  local->name =
      name.empty() ? "x" + std::to_string(owner.locals->size()) : name;
  local->stageName = owner.name;
  local->shape = shape;
  local->dtype = dtype;
  owner.locals->push_back(local);
  return Tensor(local);
}

} // namespace detail

// Sub-functions.

namespace {
struct OpenDef {
  std::shared_ptr<FunctionNode> node;
  Owner owner;
};
thread_local std::vector<std::unique_ptr<OpenDef>> openDefs;
thread_local std::vector<std::vector<Scope>> savedScopes;
} // namespace

const std::string &Def::name() const { return impl->name; }

Expr Def::call(const std::vector<Tensor> &arguments) const {
  return call(arguments, {});
}

Expr Def::call(const std::vector<Tensor> &arguments,
               const std::vector<Expr> &values) const {
  const FunctionNode &f = *impl;
  size_t scalars = 0;
  for (const auto &param : f.params)
    scalars += !param;
  if (arguments.size() + values.size() != f.params.size() ||
      values.size() != scalars)
    throwError("call of '" + f.name + "': it takes " +
               std::to_string(f.params.size() - scalars) + " tensors and " +
               std::to_string(scalars) + " scalars, " +
               std::to_string(arguments.size()) + " tensors and " +
               std::to_string(values.size()) + " scalars given");
  auto node = newNode(ExprKind::Call, f.result ? f.result->type : Int(32));
  node->function = impl;
  size_t nextTensor = 0;
  for (size_t k = 0; k < f.params.size(); ++k) {
    if (!f.params[k]) {
      node->operands.push_back(values[node->operands.size()]);
      continue;
    }
    const TensorNode &param = *f.params[k];
    const auto &argument = arguments[nextTensor++].node();
    if (argument->shape != param.shape || !(argument->dtype == param.dtype))
      throwError("call of '" + f.name + "': argument " + std::to_string(k) +
                 " ('" + argument->name +
                 "') is of another shape or type "
                 "than parameter '" +
                 param.name + "' (" + std::to_string(param.shape.size()) +
                 "-d " + param.dtype.str() + ")");
    if (argument->kind == TensorKind::Buffer)
      throwError("call of '" + f.name + "': '" + argument->name +
                 "' is a buffer made by the schedule");
    node->arguments.push_back(argument);
  }
  if (f.result)
    return finishNode(node);
  // A call outside any stage is a stage of its own, as HeteroCL's calls
  // directly in a kernel or at the top level are.
  if (inImplicitStage("", [&] { call(arguments, values); }))
    return Expr(0);
  auto statement = newStatement(StmtKind::Call);
  statement->value = node;
  append("a call of a def_ function", statement);
  return Expr(0);
}

namespace detail {

std::vector<Tensor> beginDef(const std::string &name,
                             const std::vector<Param> &params, int arity) {
  if (name.empty())
    throwError("def_ needs a name (the function's)");
  if (arity != static_cast<int>(params.size()))
    throwError("def_ '" + name + "': the body takes " + std::to_string(arity) +
               " tensors but " + std::to_string(params.size()) +
               " parameter shapes are given");
  auto open = std::make_unique<OpenDef>();
  open->node = std::make_shared<FunctionNode>();
  open->node->name = name;
  open->owner = Owner{name, &open->node->locals, {}};
  std::vector<Tensor> tensors;
  for (size_t k = 0; k < params.size(); ++k) {
    std::string paramName = name + "_arg" + std::to_string(k);
    if (params[k].shape.empty()) {
      auto value =
          newNode(ExprKind::Bound, params[k].dtype.value_or(getDefaultType()));
      value->name = paramName;
      value->id = newVar(paramName).node()->id;
      open->node->params.push_back(nullptr);
      open->node->values.push_back(value);
      continue;
    }
    Tensor t = placeholder(params[k].shape, paramName, params[k].dtype);
    open->node->params.push_back(t.node());
    open->node->values.push_back(nullptr);
    tensors.push_back(t);
  }
  // The body is recorded on its own: the caller's scopes are set aside.
  savedScopes.push_back(std::move(scopes));
  scopes = {};
  scopes.push_back({&open->node->body, nullptr, &open->owner, 0});
  openDefs.push_back(std::move(open));
  return tensors;
}

std::vector<Expr> defValues() {
  std::vector<Expr> values;
  if (!openDefs.empty())
    for (const auto &value : openDefs.back()->node->values)
      if (value)
        values.push_back(Expr(value));
  return values;
}

void abandonDef() {
  openDefs.pop_back();
  scopes = std::move(savedScopes.back());
  savedScopes.pop_back();
}

Def endDef(const Expr *result) {
  std::shared_ptr<FunctionNode> node = openDefs.back()->node;
  if (result)
    node->result = result->node();
  abandonDef();
  return Def(node);
}

} // namespace detail

// Traversals.

void forEachExpr(const StmtList &statements,
                 const std::function<void(const ExprNode &)> &visit) {
  for (const auto &s : statements) {
    for (const Expr &index : s->indices)
      visit(*index.node());
    for (const auto &e : {s->value, s->lo, s->hi})
      if (e)
        visit(*e);
    for (const auto &c : s->conditions)
      visit(*c);
    forEachExpr(s->body, visit);
    for (const StmtList &branch : s->branches)
      forEachExpr(branch, visit);
    forEachExpr(s->elseBody, visit);
  }
}

void forEachExpr(const TensorNode &stage,
                 const std::function<void(const ExprNode &)> &visit) {
  if (stage.body)
    visit(*stage.body);
  if (stage.statements)
    forEachExpr(*stage.statements, visit);
}

void forEachStore(const StmtList &statements,
                  const std::function<void(const StmtNode &)> &visit) {
  for (const auto &s : statements) {
    if (s->kind == StmtKind::Store)
      visit(*s);
    forEachStore(s->body, visit);
    for (const StmtList &branch : s->branches)
      forEachStore(branch, visit);
    forEachStore(s->elseBody, visit);
  }
}

void forEachLoop(const StmtList &statements,
                 const std::function<void(const StmtNode &)> &visit) {
  for (const auto &s : statements) {
    if (s->kind == StmtKind::For || s->kind == StmtKind::While)
      visit(*s);
    forEachLoop(s->body, visit);
    for (const StmtList &branch : s->branches)
      forEachLoop(branch, visit);
    forEachLoop(s->elseBody, visit);
  }
}

bool mayBreak(const StmtList &statements, const StmtNode *loop) {
  for (const auto &s : statements) {
    if (s->kind == StmtKind::Break && s->loop == loop)
      return true;
    if (s->kind == StmtKind::If) {
      for (const StmtList &branch : s->branches)
        if (mayBreak(branch, loop))
          return true;
      if (mayBreak(s->elseBody, loop))
        return true;
    }
  }
  return false;
}

} // namespace hcl
