//===- MLIRWriter.h - the front end's MLIR text writer ----------*- C++ -*-===//
//
// One Writer turns a schedule into MLIR text. Its methods live by concept:
// EmitMLIR.cpp (values, reads, reductions, stages, the function),
// EmitOperations.cpp (arithmetic, math, bit and fixed-point operations) and
// EmitCommands.cpp (the schedule as hcl.* operations).
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_FRONTEND_MLIRWRITER_H
#define HCL_LIB_FRONTEND_MLIRWRITER_H

#include "EmitMLIR.h"
#include "MLIRText.h"

#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

namespace hcl {

/// ==, !=, <, <=, >, >=, &&, || and !: they give UInt(1).
bool isComparison(OpCode op);

class Writer {
public:
  explicit Writer(const detail::ScheduleImpl &schedule) : schedule(schedule) {}
  std::string run();

private:
  // Output.
  std::string fresh(const char *prefix = "v") {
    return "%" + std::string(prefix) + std::to_string(next++);
  }
  /// An operation (or the end of one), located at the user's line being
  /// written (`userLoc`); lines that open a region or a block are not ends
  /// of operations and take no location.
  void line(const std::string &text) {
    out << std::string(2 * depth, ' ') << text;
    if (!userLoc.empty() && !text.empty() && text.back() != '{' &&
        text.front() != '^')
      out << " loc(" << userLoc << ")";
    out << "\n";
    endSharing(text);
  }
  /// A schedule operation, located at the user's call it came from: its
  /// description, and within it the user's line when known.
  void scheduleOp(const std::string &text) {
    out << std::string(2 * depth, ' ') << text << " loc(" << quoted(location)
        << (userLoc.empty() ? "" : "(" + userLoc + ")") << ")\n";
  }
  /// `#locN`, the alias of `loc("file":line:0)`; "" when unknown.
  std::string locationAlias(const UserLocation &where);

  // Values.
  std::string constant(const ExprNode &e, Type type);
  std::string convert(const std::string &value, Type from, Type to);
  std::string value(const Expr &e, Type type);
  /// Forgets the values written so far when the line `text` ends the
  /// stretch in which a value can stand for a later use of the same
  /// expression: it opens or closes a region, or writes memory (a store, a
  /// call).
  void endSharing(const std::string &text);
  std::string emit(const ExprNode &e, Type want);
  std::string emitOp(const ExprNode &e);
  std::string emitFixedOp(const ExprNode &e);
  std::optional<std::string> emitMathOp(const ExprNode &e);
  std::string emitShift(const ExprNode &e);
  std::string emitBits(const ExprNode &e);
  std::string emitRead(const ExprNode &e);
  std::string emitReduce(const ExprNode &e);
  std::string reductionInit(const ExprNode &e, Type type);
  void emitReduceInto(const ExprNode &e, const std::string &memref,
                      const std::string &indices, const std::string &type);
  std::string toBool(const Expr &e);
  std::optional<std::string> affine(const ExprNode &e);
  std::string indexValue(const ExprNode &e);
  std::string iv(const ExprNode &var);

  // Program.
  std::string buffer(const std::shared_ptr<TensorNode> &tensor);
  std::string bufferType(const std::shared_ptr<TensorNode> &tensor);
  void emitStage(const std::shared_ptr<TensorNode> &stage);
  void emitCommand(const Command &command);
  std::string stageHandle(const std::string &stage);
  std::string loopHandle(const std::string &stage, const std::string &loop);

  // Imperative code (EmitStatements.cpp).
  void emitImperativeStage(const TensorNode &stage);
  void allocateLocals(const std::vector<std::shared_ptr<TensorNode>> &locals,
                      const StmtList &statements);
  void emitStatements(const StmtList &statements, size_t from = 0);
  void emitStatement(const StmtNode &s);
  void emitStatementAt(const StmtNode &s);
  void emitPrint(const StmtNode &s);
  void emitStore(const std::shared_ptr<TensorNode> &tensor,
                 const std::vector<Expr> &indices, const Expr &value);
  void emitFor(const StmtNode &loop, const std::string &stageName);
  void emitWhile(const StmtNode &loop, const std::string &stageName);
  void emitLoopBody(const StmtNode &loop, bool guardIterations);
  void emitIf(const StmtNode &s, size_t branch);
  std::string loopAttributes(const StmtNode &loop,
                             const std::string &stageName);
  std::string affineBound(const ExprNode &e);
  std::string condition(const Expr &e);
  std::string flagClear(const StmtNode &loop);
  void setFlag(const StmtNode &loop, bool value);
  std::string emitCall(const ExprNode &call);
  void emitFunction(const FunctionNode &f);
  void emitCalledFunctions();

  const detail::ScheduleImpl &schedule;
  std::ostringstream out;
  /// An expression used twice (a Python variable used in two places, a
  /// loop that wraps the last value: e = select(e > 3, e - 1, e + 2)) is
  /// a DAG: its value is written once per stretch of straight-line code
  /// without stores and reused, instead of once per path to it, which grows
  /// exponentially. Keyed by node and type; the node is kept alive so that
  /// its address cannot be reused by another.
  struct SharedValue {
    std::shared_ptr<const ExprNode> node;
    std::string value;
  };
  std::map<std::tuple<const ExprNode *, int, unsigned, unsigned>, SharedValue>
      shared;
  /// The calls written: an expression that holds one is written at each
  /// use, as each use calls the function.
  int64_t callsWritten = 0;
  int depth = 1, next = 0;
  std::map<int64_t, std::string> ivs;
  /// The values of the ExprKind::Bound leaves in scope, by id: reducers'
  /// running values, the scalar parameters of the function being written.
  std::map<int64_t, std::string> bound;
  std::map<const TensorNode *, std::string> buffers;
  std::map<const TensorNode *, std::string> bufferTypes;
  std::map<std::string, std::string> stageHandles;
  std::string currentStage;
  std::string location;
  /// The location alias of what is being written ("": none), and the
  /// aliases' definitions by alias.
  std::string userLoc;
  std::map<std::string, std::string> locationAliases;
  std::vector<std::string> aliasDefinitions;
  /// Module symbols, and the globals holding the program's constants.
  std::set<std::string> symbols = {"top"};
  std::vector<std::pair<std::string, std::shared_ptr<TensorNode>>> globals;
  // Imperative code.
  /// scf.for variables: indices, but not affine dimensions.
  std::set<std::string> indexOnlyIvs;
  std::map<const StmtNode *, std::string> breakFlags;
  const StmtNode *currentLoop = nullptr;
  std::map<std::string, std::shared_ptr<FunctionNode>> calledFunctions;
};

} // namespace hcl

#endif // HCL_LIB_FRONTEND_MLIRWRITER_H
