//===- AMCOps.cpp - amc operations: syntax and verifiers ------------------===//

#include "hcl/Dialect/AMC/AMCOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace hcl;
using namespace hcl::amc;

//===----------------------------------------------------------------------===//
// amc.memory
//===----------------------------------------------------------------------===//

ParseResult MemoryOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  if (parser.parseSymbolName(name, SymbolTable::getSymbolAttrName(),
                             result.attributes))
    return failure();
  SmallVector<Attribute> portTypes;
  auto parsePortType = [&]() -> ParseResult {
    Type type;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseType(type))
      return failure();
    if (!getPortShape(type))
      return parser.emitError(loc, "an amc.memory's interface holds "
                                   "!amc.port and !amc.port_hs types, not ")
             << type;
    portTypes.push_back(TypeAttr::get(type));
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parsePortType))
    return failure();
  result.addAttribute(getPortTypesAttrName(result.name),
                      parser.getBuilder().getArrayAttr(portTypes));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  OptionalParseResult hasBody = parser.parseOptionalRegion(*body);
  if (hasBody.has_value() && failed(*hasBody))
    return failure();
  return success();
}

void MemoryOp::print(OpAsmPrinter &printer) {
  printer << " ";
  printer.printSymbolName(getSymName());
  printer << "(";
  llvm::interleaveComma(getPortTypeList(), printer);
  printer << ")";
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {getSymNameAttrName(), getPortTypesAttrName()});
  if (!getBody().empty()) {
    printer << " ";
    printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  }
}

ExternOp MemoryOp::getExtern() {
  if (getBody().empty() || getBody().front().empty())
    return nullptr;
  return dyn_cast<ExternOp>(getBody().front().back());
}

LogicalResult MemoryOp::verify() {
  if (getBody().empty())
    return success();
  if (getBody().front().getNumArguments() != 0)
    return emitOpError("body takes no arguments");
  ExternOp externOp = getExtern();
  if (!externOp)
    return emitOpError("body must end with an amc.extern listing the "
                       "interface's ports");
  SmallVector<Type> interface = getPortTypeList();
  TypeRange exposed = externOp.getPorts().getTypes();
  if (interface.size() != exposed.size())
    return externOp.emitOpError("exposes ")
           << exposed.size() << " ports but @" << getSymName()
           << "'s interface has " << interface.size();
  for (auto [index, pair] : llvm::enumerate(llvm::zip(interface, exposed)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return externOp.emitOpError("port ")
             << index << " is " << std::get<1>(pair) << " but @" << getSymName()
             << "'s interface declares " << std::get<0>(pair);
  for (Value port : externOp.getPorts())
    if (!port.hasOneUse())
      return externOp.emitOpError("each port drives one interface port; a "
                                  "port used elsewhere too cannot be "
                                  "exposed");
  return success();
}

//===----------------------------------------------------------------------===//
// amc.alloc
//===----------------------------------------------------------------------===//

LogicalResult AllocOp::verify() {
  if (!getPrimitive())
    return success();
  StringRef primitive = *getPrimitive();
  if (primitive != "lutram" && primitive != "bram" && primitive != "uram" &&
      primitive != "registers")
    return emitOpError("unknown primitive '")
           << primitive << "' (expected lutram, bram, uram or registers)";
  return success();
}

//===----------------------------------------------------------------------===//
// amc.create_port
//===----------------------------------------------------------------------===//

SmallVector<int64_t> CreatePortOp::getCoveredBanks() {
  if (getBanks())
    return llvm::to_vector(*getBanks());
  return llvm::to_vector(
      llvm::seq<int64_t>(0, getMemref().getType().getBanks()));
}

LogicalResult CreatePortOp::verify() {
  amc::MemRefType memref = getMemref().getType();
  if (!getBanks() && memref.getBanks() != 1)
    return emitOpError("a port on a memref of ")
           << memref.getBanks() << " banks names the banks it covers "
           << "(`banks [...]`)";
  SmallVector<int64_t> banks = getCoveredBanks();
  if (banks.empty())
    return emitOpError("covers no bank");
  for (auto [index, bank] : llvm::enumerate(banks)) {
    if (bank < 0 || bank >= memref.getBanks())
      return emitOpError("bank ")
             << bank << " is out of range: the memref has " << memref.getBanks()
             << " bank" << (memref.getBanks() == 1 ? "" : "s");
    if (index > 0 && bank != banks[index - 1] + 1)
      return emitOpError("covers banks that are not consecutive and "
                         "ascending (bank ")
             << bank << " after bank " << banks[index - 1] << ")";
  }
  PortShape port = *getPortShape(getPort().getType());
  if (port.elementType != memref.getElementType())
    return emitOpError("port words are ")
           << port.elementType << " but the memref holds "
           << memref.getElementType();
  int64_t covered = memref.getBankSize() * static_cast<int64_t>(banks.size());
  if (port.size != covered)
    return emitOpError("port size ")
           << port.size << " does not match the " << covered
           << " words of the bank" << (banks.size() == 1 ? "" : "s")
           << " it covers";
  return success();
}

//===----------------------------------------------------------------------===//
// amc.merge
//===----------------------------------------------------------------------===//

/// The bank range [first, last] a port reaches directly from create_port.
static std::optional<std::pair<Value, SmallVector<int64_t>>>
directBanks(Value port) {
  auto create = port.getDefiningOp<CreatePortOp>();
  if (!create)
    return std::nullopt;
  return std::make_pair(create.getMemref(), create.getCoveredBanks());
}

LogicalResult MergeOp::verify() {
  if (getInputs().size() < 2)
    return emitOpError("merges at least two ports");
  auto result = cast<PortType>(getResult().getType());
  int64_t total = 0;
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    auto port = cast<PortType>(input.getType());
    if (port.getKind() != result.getKind())
      return emitOpError("input ")
             << index << " is a '" << stringifyPortKind(port.getKind())
             << "' port but the merged port is '"
             << stringifyPortKind(result.getKind()) << "'";
    if (port.getLatency() != result.getLatency())
      return emitOpError("input ")
             << index << " has latency " << port.getLatency()
             << " but the merged port has latency " << result.getLatency();
    if (port.getElementType() != result.getElementType())
      return emitOpError("input ")
             << index << " holds " << port.getElementType()
             << " but the merged port holds " << result.getElementType();
    total += port.getSize();
  }
  if (total != result.getSize())
    return emitOpError("input sizes add up to ")
           << total << " words but the merged port has " << result.getSize();
  // Inputs straight from create_port on one memref must be adjacent banks,
  // in order, so that input i serves the addresses after input i-1's.
  std::optional<std::pair<Value, SmallVector<int64_t>>> previous;
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    auto current = directBanks(input);
    if (previous && current && previous->first == current->first &&
        current->second.front() != previous->second.back() + 1)
      return emitOpError("input ")
             << index << " (bank " << current->second.front()
             << ") is not adjacent to input " << index - 1 << " (bank "
             << previous->second.back() << "): merged banks are consecutive";
    previous = current;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// amc.arbiter
//===----------------------------------------------------------------------===//

LogicalResult ArbiterOp::verify() {
  if (getInputs().empty() || getOutputs().empty())
    return emitOpError("takes at least one latency-sensitive port and gives "
                       "at least one handshake port");
  if (getScheme() && *getScheme() != "round_robin" &&
      *getScheme() != "fixed_priority")
    return emitOpError("unknown scheme '")
           << *getScheme() << "' (expected round_robin or fixed_priority)";
  auto first = cast<PortType>(getInputs().front().getType());
  bool inputsRead = false, inputsWrite = false;
  for (auto [index, input] : llvm::enumerate(getInputs())) {
    auto port = cast<PortType>(input.getType());
    if (port.getSize() != first.getSize() ||
        port.getElementType() != first.getElementType())
      return emitOpError("input ")
             << index << " is " << port << " but input 0 is " << first
             << ": an arbiter's ports cover the same words";
    inputsRead |= canRead(port.getKind());
    inputsWrite |= canWrite(port.getKind());
  }
  for (auto [index, output] : llvm::enumerate(getOutputs())) {
    auto port = cast<HandshakePortType>(output.getType());
    if (port.getSize() != first.getSize() ||
        port.getElementType() != first.getElementType())
      return emitOpError("result ")
             << index << " is " << port << " but the inputs are " << first
             << ": an arbiter's ports cover the same words";
    if ((canRead(port.getKind()) && !inputsRead) ||
        (canWrite(port.getKind()) && !inputsWrite))
      return emitOpError("result ")
             << index << " is a '" << stringifyPortKind(port.getKind())
             << "' port but no input can "
             << (canRead(port.getKind()) && !inputsRead ? "read" : "write");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// amc.split_aggregated
//===----------------------------------------------------------------------===//

int64_t SplitAggregatedOp::getFactor() {
  return cast<PortType>(getResult().getType()).getSize() /
         cast<PortType>(getInput().getType()).getSize();
}

LogicalResult SplitAggregatedOp::verify() {
  auto wide = cast<PortType>(getInput().getType());
  auto narrow = cast<PortType>(getResult().getType());
  if (wide.getKind() != narrow.getKind() ||
      wide.getLatency() != narrow.getLatency())
    return emitOpError("keeps the port's kind and latency");
  if (narrow.getSize() % wide.getSize() != 0)
    return emitOpError("the narrow port's ")
           << narrow.getSize() << " words are not a multiple of the wide "
           << "port's " << wide.getSize();
  int64_t factor = getFactor();
  int64_t wideBits = getWordWidth(wide.getElementType());
  int64_t narrowBits = getWordWidth(narrow.getElementType());
  if (factor < 2)
    return emitOpError("aggregates at least two words into one");
  if (wideBits != factor * narrowBits)
    return emitOpError("a ")
           << wideBits << "-bit wide word does not hold exactly " << factor
           << " words of " << narrowBits << " bits";
  return success();
}

#define GET_OP_CLASSES
#include "hcl/Dialect/AMC/AMCOps.cpp.inc"
