//===- Nodes.h - the front end's program representation --------*- C++ -*-===//
//
// What the public classes (Expr, Var, Tensor, Schedule) share underneath:
// expression trees, tensors with the stage that computes them, and the list
// of schedule commands. EmitMLIR.cpp turns them into MLIR text.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_FRONTEND_NODES_H
#define HCL_LIB_FRONTEND_NODES_H

#include "hcl/Frontend/Schedule.h"
#include "hcl/Frontend/SourceLocation.h"

#include <functional>

namespace hcl {

/// A line of the user's program (SourceLocation.cpp); file "" when unknown.
struct UserLocation {
  std::string file;
  unsigned line = 0;
  bool known() const { return !file.empty() && line; }
  /// "file:line", or "" when unknown.
  std::string str() const;
};

/// Where what is being recorded now comes from: the Python line pinned by
/// the Python module, else the innermost public call's (LocationScope).
UserLocation currentLocation();

namespace detail {
/// Pins `file:line` (line 0: no location at all) while it lives, so that
/// the front end's C++ callers' own lines do not locate what they record
/// (the ONNX importer's operations are the model's, not its own).
class PinnedLocation {
public:
  PinnedLocation(const std::string &file, unsigned line)
      : savedFile(pinnedFile()), savedLine(pinnedLine()) {
    pinLocation(file, line);
  }
  ~PinnedLocation() { pinLocation(savedFile, savedLine); }
  PinnedLocation(const PinnedLocation &) = delete;
  PinnedLocation &operator=(const PinnedLocation &) = delete;

private:
  std::string savedFile;
  unsigned savedLine;
};
} // namespace detail

/// The API's name as the user's language spells it: `spelling("hcl::stage",
/// "hcl.Stage")`.
std::string spelling(const char *cxx, const char *python);

enum class ExprKind {
  IntConst,
  FloatConst,
  Var,
  Read,
  Op,
  Select,
  Cast,
  Reduce,
  Bits,
  Call,
  /// A value its context binds, by `id`: a reducer's running value, a
  /// def_ function's scalar parameter.
  Bound
};

struct FunctionNode;
struct StmtNode;
/// The statements of imperative code (Statements.h), in program order.
using StmtList = std::vector<std::shared_ptr<StmtNode>>;

/// Bit access (ExprKind::Bits): operands are the value, then the indices,
/// then the new bits for the setters.
enum class BitOp { GetBit, SetBit, GetSlice, SetSlice, Reverse, Bitcast };

enum class OpCode {
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  Neg,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  And,
  Or,
  Not,
  Min,
  Max,
  Pow,
  Exp,
  Log,
  Sqrt,
  Abs,
  // Float math (MathOps.cpp): the result is the operand's floating type.
  Tanh,
  Erf,
  Floor,
  Ceil,
  Round,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Asinh,
  Acosh,
  Atanh,
  // UInt(1) tests of a floating value.
  IsNan,
  IsInf,
  // Bitwise operations on integers (MathOps.cpp).
  BitAnd,
  BitOr,
  BitXor,
  BitNot,
  Shl,
  Shr,
};

/// Custom: operands are {combine, init}; `combine` reads the accumulator
/// through an ExprKind::Bound leaf with the reduction's `id`.
enum class ReduceKind { Sum, Max, Min, Custom };

/// The deepest expression the front end accepts. The MLIR writer is
/// recursive and runs on a stack sized for it (LargeStack.h); an expression
/// deeper than this is an hcl::Error where it is built, the user's line.
constexpr unsigned kMaxExprDepth = 100000;

struct ExprNode {
  ExprNode() = default;
  ExprNode(const ExprNode &) = default;
  ExprNode &operator=(const ExprNode &) = default;
  /// Frees the operands with a worklist: the implicit, recursive destructor
  /// would overflow the stack on a deep expression.
  ~ExprNode();

  ExprKind kind;
  Type type;
  /// Operations from here to the deepest leaf (1 for a leaf), so that a
  /// walk's depth is known before it starts.
  unsigned depth = 1;
  /// A literal that takes the type of the expression it meets (`A(i) + 1`).
  bool untyped = false;
  int64_t intValue = 0;
  double floatValue = 0;
  // Var
  std::string name;
  int64_t id = 0;
  bool reduceAxis = false;
  int64_t lo = 0, hi = 0;
  // Read
  std::shared_ptr<TensorNode> tensor;
  // Op / Select / Cast / Read indices / Reduce body
  OpCode op = OpCode::Add;
  BitOp bitOp = BitOp::GetBit;
  ReduceKind reduce = ReduceKind::Sum;
  std::vector<Expr> operands;
  std::vector<Var> axes;
  // Call: the sub-function (def_) and the tensors passed to it.
  std::shared_ptr<FunctionNode> function;
  std::vector<std::shared_ptr<TensorNode>> arguments;
};

/// Imperative: a stage of imperative code (for_, if_, while_, stores), which
/// computes no tensor of its own. Local: a variable of imperative code
/// (scalar() inside a stage or sub-function), allocated by its stage.
enum class TensorKind {
  Placeholder,
  Compute,
  Update,
  Buffer,
  Constant,
  Imperative,
  Local
};

struct TensorNode {
  TensorKind kind;
  std::string name;
  std::vector<int64_t> shape; // buffers: see resolveShape
  /// Buffer: gives `shape` when it is first asked for (BufferShape.cpp).
  std::function<std::vector<int64_t>()> resolveShape;
  Type dtype;
  /// The stage: loop variables and the value stored at them.
  std::vector<Var> axes;
  std::shared_ptr<const ExprNode> body;
  /// Update: the tensor written. Buffer: the tensor buffered.
  std::shared_ptr<TensorNode> target;
  /// The stage's name (the tensor's; for updates the update's name).
  std::string stageName;
  /// Constant: the elements, row-major, already converted to `dtype`
  /// (integers wrapped to the width in `intValues`, floats in
  /// `floatValues`, Float(32) rounded to float).
  std::vector<int64_t> intValues;
  std::vector<double> floatValues;
  /// Imperative: the statements, and the local variables they declare.
  std::shared_ptr<StmtList> statements;
  std::vector<std::shared_ptr<TensorNode>> locals;
  /// Where the user made it: the placeholder, compute or stage call.
  UserLocation location = currentLocation();
  /// The name was made up (`placeholder0`): messages say where it was made.
  bool unnamed = false;
};

/// Calls `visit` once on `root` and once on each distinct expression below
/// it, parents first, operands left to right. A loop, not recursion:
/// expressions may be deep, and shared subexpressions are visited once.
void forEachNode(const ExprNode &root,
                 const std::function<void(const ExprNode &)> &visit);

/// Calls `visit` on every expression a stage evaluates: a compute's value,
/// or each expression of an imperative stage's statements.
void forEachExpr(const TensorNode &stage,
                 const std::function<void(const ExprNode &)> &visit);

/// The schedule primitives, one per line of hcl/Frontend/Primitives.def.
enum class CommandKind {
#define HCL_PRIMITIVE(Kind, name) Kind,
#include "hcl/Frontend/Primitives.def"
};

/// The primitive's name: its op's mnemonic (`hcl.<name>`) and its method.
const char *getCommandName(CommandKind kind);

/// Whether the primitive is a method of Stage (`s[B].name(...)`) rather
/// than of Schedule (`s.name(...)`).
bool isStageCommand(CommandKind kind);

struct Command {
  CommandKind kind;
  std::string stage, otherStage;
  std::vector<std::string> axes;
  std::vector<int64_t> numbers;
  PartitionKind partition = PartitionKind::Complete;
  Type dtype; // quantize, downsize
  std::shared_ptr<TensorNode> tensor, result;
  // Outline: the stages, and the options.
  std::vector<std::string> stages;
  std::string merge, axis;
  std::vector<std::string> param;
  /// The user's call.
  UserLocation location = currentLocation();
};

namespace detail {

struct ScheduleImpl {
  std::vector<Tensor> inputs, outputs;
  std::vector<std::shared_ptr<TensorNode>> stages; // in creation order
  /// The constants the stages read (or the kernel created), first use first.
  std::vector<std::shared_ptr<TensorNode>> constants;
  std::vector<Command> commands;
  /// Lowering writes the default hardware schedule into the program when it
  /// has no schedule commands (use_default_schedule).
  bool defaultSchedule = false;
  /// The program as hcl::tune wrote it (the algorithm and the chosen
  /// schedule's ops), written instead of the stages and commands: what a
  /// tuned schedule lowers to. Empty for every other schedule.
  std::string tunedProgram;
  /// Above 0, lowering writes the CPU schedule (--hcl-cpu-schedule) for
  /// this many threads instead, when the program has no schedule commands
  /// (use_cpu_schedule); the default schedule wins over it.
  int64_t cpuScheduleThreads = 0;

  /// The stage named `name`, or null.
  std::shared_ptr<TensorNode> findStage(const std::string &name) const;
};

} // namespace detail

/// `value` wrapped to the type's width, as the type reads it (signed types
/// sign-extend; UInt(1): the lowest bit).
int64_t wrapToWidth(int64_t value, Type type);

/// The type two operands meet in: literals adopt the other side's type;
/// floats win over integers; the wider type wins; mixed signedness is signed.
Type commonType(const Expr &a, const Expr &b);

/// A fresh index variable named `name`.
Var newVar(const std::string &name);

/// Builds an expression node; the helpers below keep Expr.cpp short.
std::shared_ptr<ExprNode> newNode(ExprKind kind, Type type);

/// The expression of a node whose operands are set: records its depth and
/// refuses one deeper than kMaxExprDepth.
Expr finishNode(std::shared_ptr<ExprNode> node);

/// Adds a constant (Constant.cpp) to the kernel being recorded, if any, so
/// that its schedule knows it by name even when no stage reads it.
void recordConstant(const std::shared_ptr<TensorNode> &constant);

/// An ExprKind::Op node; literal if every operand is.
Expr makeOp(OpCode op, Type type, std::vector<Expr> operands);

/// The type integer arithmetic on `a` and `b` computes in (commonType, with
/// integers narrower than 32 bits promoted to Int(32) as C++ does).
Type arithmeticType(OpCode op, const Expr &a, const Expr &b);

} // namespace hcl

#endif // HCL_LIB_FRONTEND_NODES_H
