//===- ScheduleSyntax.cpp - custom directives of the schedule ops ---------===//

#include "ScheduleSyntax.h"

#include "hcl/Dialect/HCL/HCLOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;

namespace hcl {

//===----------------------------------------------------------------------===//
// Optional handle types
//===----------------------------------------------------------------------===//

static ParseResult parseOptionalType(OpAsmParser &parser, Type &type,
                                     Type expected, StringRef expectedName) {
  if (failed(parser.parseOptionalColon())) {
    type = expected;
    return success();
  }
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(type))
    return failure();
  if (type != expected)
    return parser.emitError(loc, "invalid kind of type specified: expected ")
           << expectedName << ", but found " << type;
  return success();
}

ParseResult parseStageHandleType(OpAsmParser &parser, Type &type) {
  return parseOptionalType(parser, type,
                           StageHandleType::get(parser.getContext()),
                           "hcl.StageHandle");
}

void printStageHandleType(OpAsmPrinter &printer, Operation *, Type type) {
  printer << ": " << type;
}

ParseResult parseLoopHandleType(OpAsmParser &parser, Type &type) {
  return parseOptionalType(
      parser, type, LoopHandleType::get(parser.getContext()), "hcl.LoopHandle");
}

void printLoopHandleType(OpAsmPrinter &printer, Operation *, Type type) {
  printer << ": " << type;
}

//===----------------------------------------------------------------------===//
// Handle operands with an optional leading stage
//===----------------------------------------------------------------------===//

/// Parses `%a, %b, ...` up to the first item that is not an SSA value. A
/// comma followed by something else (`, 4`) is left for the caller: `more`
/// says whether one was consumed.
static ParseResult parseHandleList(OpAsmParser &parser,
                                   SmallVectorImpl<Operand> &handles,
                                   bool &more) {
  more = false;
  Operand first;
  if (parser.parseOperand(first))
    return failure();
  handles.push_back(first);
  while (succeeded(parser.parseOptionalComma())) {
    Operand next;
    OptionalParseResult parsed = parser.parseOptionalOperand(next);
    if (!parsed.has_value()) {
      more = true;
      return success();
    }
    if (failed(*parsed))
      return failure();
    handles.push_back(next);
  }
  return success();
}

/// Splits `handles` into an optional stage and `loopCount` loops, by count.
static ParseResult splitStage(OpAsmParser &parser, SMLoc loc,
                              SmallVectorImpl<Operand> &handles,
                              size_t loopCount, std::optional<Operand> &stage) {
  if (handles.size() == loopCount + 1) {
    stage = handles.front();
    handles.erase(handles.begin());
    return success();
  }
  if (handles.size() == loopCount)
    return success();
  return parser.emitError(loc, "expected ")
         << loopCount << " loop handle" << (loopCount == 1 ? "" : "s")
         << ", optionally after a stage handle, got " << handles.size()
         << " handles";
}

static ParseResult parseFactor(OpAsmParser &parser, bool more,
                               IntegerAttr &factor) {
  if (!more && parser.parseComma())
    return failure();
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  factor = parser.getBuilder().getI64IntegerAttr(value);
  return success();
}

static void printHandles(OpAsmPrinter &printer, Value stage, ValueRange loops) {
  if (stage)
    printer << stage << ", ";
  llvm::interleaveComma(loops, printer);
}

/// `[%stage,] %loop`, then whether a `, ...` follows (`more`).
static ParseResult parseStageAndLoop(OpAsmParser &parser,
                                     std::optional<Operand> &stage,
                                     Operand &loop, bool &more) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Operand> handles;
  if (parseHandleList(parser, handles, more) ||
      splitStage(parser, loc, handles, 1, stage))
    return failure();
  loop = handles.front();
  return success();
}

ParseResult parseStageLoop(OpAsmParser &parser, std::optional<Operand> &stage,
                           Operand &loop) {
  bool more;
  if (parseStageAndLoop(parser, stage, loop, more))
    return failure();
  if (more)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a loop handle");
  return success();
}

void printStageLoop(OpAsmPrinter &printer, Operation *, Value stage,
                    Value loop) {
  printHandles(printer, stage, loop);
}

ParseResult parseStageLoopFactor(OpAsmParser &parser,
                                 std::optional<Operand> &stage, Operand &loop,
                                 IntegerAttr &factor) {
  bool more;
  return failure(parseStageAndLoop(parser, stage, loop, more) ||
                 parseFactor(parser, more, factor));
}

void printStageLoopFactor(OpAsmPrinter &printer, Operation *, Value stage,
                          Value loop, IntegerAttr factor) {
  printHandles(printer, stage, loop);
  printer << ", " << factor.getInt();
}

ParseResult parseStageLoopOptionalFactor(OpAsmParser &parser,
                                         std::optional<Operand> &stage,
                                         Operand &loop, IntegerAttr &factor) {
  bool more;
  if (parseStageAndLoop(parser, stage, loop, more))
    return failure();
  return more ? parseFactor(parser, more, factor) : success();
}

ParseResult parseStageLoopAxis(OpAsmParser &parser,
                               std::optional<Operand> &stage, Operand &loop,
                               StringAttr &axis) {
  bool more;
  if (parseStageAndLoop(parser, stage, loop, more) ||
      (!more && parser.parseComma()))
    return failure();
  std::string name;
  if (parser.parseString(&name))
    return failure();
  axis = parser.getBuilder().getStringAttr(name);
  return success();
}

void printStageLoopAxis(OpAsmPrinter &printer, Operation *, Value stage,
                        Value loop, StringAttr axis) {
  printHandles(printer, stage, loop);
  printer << ", ";
  printer.printAttributeWithoutType(axis);
}

void printStageLoopOptionalFactor(OpAsmPrinter &printer, Operation *op,
                                  Value stage, Value loop, IntegerAttr factor) {
  printHandles(printer, stage, loop);
  // The defaults (unroll fully, II 1) are left out, as the user may have.
  int64_t defaultValue = isa<PipelineOp>(op) ? 1 : 0;
  if (factor && factor.getInt() != defaultValue)
    printer << ", " << factor.getInt();
}

ParseResult parseStageTwoLoopsFactors(OpAsmParser &parser,
                                      std::optional<Operand> &stage,
                                      Operand &xLoop, Operand &yLoop,
                                      IntegerAttr &xFactor,
                                      IntegerAttr &yFactor) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Operand> handles;
  bool more;
  if (parseHandleList(parser, handles, more) ||
      splitStage(parser, loc, handles, 2, stage) ||
      parseFactor(parser, more, xFactor) ||
      parseFactor(parser, /*more=*/false, yFactor))
    return failure();
  xLoop = handles[0];
  yLoop = handles[1];
  return success();
}

void printStageTwoLoopsFactors(OpAsmPrinter &printer, Operation *, Value stage,
                               Value xLoop, Value yLoop, IntegerAttr xFactor,
                               IntegerAttr yFactor) {
  printHandles(printer, stage, {xLoop, yLoop});
  printer << ", " << xFactor.getInt() << ", " << yFactor.getInt();
}

/// True when `operand` names a value of type `type`. Parsing has no query for
/// a value's type, so this resolves it with diagnostics silenced; a failed
/// resolution leaves nothing behind.
static bool hasType(OpAsmParser &parser, const Operand &operand, Type type) {
  ScopedDiagnosticHandler silence(parser.getContext(),
                                  [](Diagnostic &) { return success(); });
  SmallVector<Value, 1> resolved;
  return succeeded(parser.resolveOperand(operand, type, resolved));
}

ParseResult parseStageLoops(OpAsmParser &parser, std::optional<Operand> &stage,
                            SmallVectorImpl<Operand> &loops) {
  bool more;
  if (parseHandleList(parser, loops, more))
    return failure();
  if (more)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a loop handle");
  // The count cannot tell the spellings apart here; the first handle's type
  // can.
  if (hasType(parser, loops.front(),
              StageHandleType::get(parser.getContext()))) {
    stage = loops.front();
    loops.erase(loops.begin());
  }
  return success();
}

void printStageLoops(OpAsmPrinter &printer, Operation *, Value stage,
                     OperandRange loops) {
  printHandles(printer, stage, loops);
}

ParseResult parseStageTarget(OpAsmParser &parser, std::optional<Operand> &stage,
                             Operand &target, Type &targetType) {
  Operand first;
  if (parser.parseOperand(first))
    return failure();
  // `%target : type` or `%stage, %target : type`.
  if (failed(parser.parseOptionalColon())) {
    stage = first;
    if (parser.parseComma() || parser.parseOperand(target) ||
        parser.parseColon())
      return failure();
  } else {
    target = first;
  }
  return parser.parseType(targetType);
}

void printStageTarget(OpAsmPrinter &printer, Operation *, Value stage,
                      Value target, Type targetType) {
  if (stage)
    printer << stage << ", ";
  printer << target << " : " << targetType;
}

} // namespace hcl
