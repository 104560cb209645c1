//===- Globals.cpp - memref.global as file-scope C arrays -----------------===//
//
// A module-level `memref.global` (the weights of an imported network) becomes
// a file-scope `static` array; a constant one is `static const`, so that HLS
// tools can map it to a ROM. Its initial value is written element by element
// with the same exact spellings as arith.constant (hexadecimal floats, NaN
// and infinities through their bits), nested by dimension. A
// `memref.get_global` in a function refers to the array by name.
//
//===----------------------------------------------------------------------===//

#include "hcl/Target/CFamily/Globals.h"
#include "hcl/Target/CFamily/CppText.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include <cstring>
#include <functional>

using namespace mlir;

namespace hcl {

namespace {

/// Writes the initializer of `type` from `value`, innermost dimension on one
/// line; the values come from `element(flatIndex)`.
void writeInitializer(MemRefType type,
                      llvm::function_ref<std::string(int64_t)> element,
                      llvm::raw_ostream &os) {
  if (type.getRank() == 0) {
    os << "{" << element(0) << "}";
    return;
  }
  ArrayRef<int64_t> shape = type.getShape();
  int64_t flat = 0;
  std::function<void(unsigned, unsigned)> dim = [&](unsigned d,
                                                    unsigned indent) {
    os << "{";
    if (d + 1 == shape.size()) {
      for (int64_t i = 0; i < shape[d]; ++i)
        os << (i ? ", " : "") << element(flat++);
      os << "}";
      return;
    }
    for (int64_t i = 0; i < shape[d]; ++i) {
      os << (i ? ",\n" : "\n") << std::string(indent + 2, ' ');
      dim(d + 1, indent + 2);
    }
    os << "\n" << std::string(indent, ' ') << "}";
  };
  dim(0, 0);
}

/// The elements of a dense initializer as C++ expressions, without making an
/// attribute per element (weights have millions of them).
FailureOr<std::function<std::string(int64_t)>>
elementTexts(memref::GlobalOp global, ElementsAttr value,
             std::set<std::string> &helpers) {
  Type elementType = global.getType().getElementType();
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense) {
    // dense_resource<...>: the blob holds the elements as raw bytes.
    auto resource = dyn_cast<DenseResourceElementsAttr>(value);
    AsmResourceBlob *blob =
        resource ? resource.getRawHandle().getBlob() : nullptr;
    if (!blob)
      return global.emitError("hls-cpp: the initial value of @")
             << global.getSymName()
             << " is neither dense<...> nor a loaded dense_resource";
    ArrayRef<char> data = blob->getData();
    unsigned bits = elementType.getIntOrFloatBitWidth();
    unsigned bytes = (bits + 7) / 8;
    int64_t count = global.getType().getNumElements();
    if (bits == 1 || data.size() != size_t(count) * bytes)
      return global.emitError("hls-cpp: the dense_resource initial value of @")
             << global.getSymName() << " has " << data.size()
             << " bytes, not one " << elementType << " per element";
    auto raw = [data, bytes](int64_t i) {
      uint64_t word = 0;
      std::memcpy(&word, data.data() + i * bytes, bytes);
      return word;
    };
    if (auto f = dyn_cast<FloatType>(elementType))
      return std::function<std::string(int64_t)>([=, &helpers](int64_t i) {
        llvm::APFloat v(f.getFloatSemantics(), llvm::APInt(bits, raw(i)));
        return floatText(v, f.isF32(), helpers);
      });
    return std::function<std::string(int64_t)>([=](int64_t i) {
      return integerText(llvm::APInt(bits, raw(i)), elementType);
    });
  }
  if (auto f = dyn_cast<FloatType>(elementType)) {
    auto values = dense.getValues<llvm::APFloat>();
    bool isF32 = f.isF32();
    return std::function<std::string(int64_t)>([=, &helpers](int64_t i) {
      return floatText(values[i], isF32, helpers);
    });
  }
  auto values = dense.getValues<llvm::APInt>();
  return std::function<std::string(int64_t)>(
      [=](int64_t i) { return integerText(values[i], elementType); });
}

} // namespace

llvm::StringMap<std::string> getCppGlobalNames(ModuleOp module, CNames &names) {
  llvm::StringMap<std::string> result;
  for (auto global : module.getOps<memref::GlobalOp>())
    result[global.getSymName()] = names.get(global.getSymName());
  return result;
}

LogicalResult emitGlobals(ModuleOp module,
                          const llvm::StringMap<std::string> &globalNames,
                          std::set<std::string> &helpers,
                          llvm::raw_ostream &os) {
  for (auto global : module.getOps<memref::GlobalOp>()) {
    MemRefType type = global.getType();
    std::optional<std::string> element = scalarCppType(type.getElementType());
    std::optional<std::string> dims = arraySuffix(type);
    if (!element || !dims || type.getElementType().isIndex() ||
        !type.getElementType().isIntOrFloat())
      return global.emitError("hls-cpp: cannot write @")
             << global.getSymName() << " of type " << type
             << " as a C array (static shapes of integers up to 64 bits, f16, "
                "f32 and f64 only)";
    if (global.isExternal())
      return global.emitError("hls-cpp: @")
             << global.getSymName()
             << " is declared without a definition; the HLS C++ needs its "
                "initial value";
    std::string name = globalNames.lookup(global.getSymName());
    os << "static " << (global.getConstant() ? "const " : "") << *element << " "
       << name << *dims;
    if (global.isUninitialized()) {
      // The IR leaves the contents undefined; C++ statics start at zero.
      os << " = {};\n";
      continue;
    }
    auto value = dyn_cast_or_null<ElementsAttr>(global.getInitialValueAttr());
    if (!value)
      return global.emitError("hls-cpp: the initial value of @")
             << global.getSymName() << " is not an elements attribute";
    FailureOr<std::function<std::string(int64_t)>> texts =
        elementTexts(global, value, helpers);
    if (failed(texts))
      return failure();
    os << " = ";
    if (auto dense = dyn_cast<DenseElementsAttr>(value);
        dense && dense.isSplat()) {
      // A splat is one value for every element.
      std::string one = (*texts)(0);
      writeInitializer(type, [&](int64_t) { return one; }, os);
    } else {
      writeInitializer(type, *texts, os);
    }
    os << ";\n";
  }
  return success();
}

} // namespace hcl
