//===- OnnxInput.cpp - ONNX models and tensors in the hcl driver ----------===//

#include "OnnxInput.h"
#include "DriverPipeline.h"

#include "hcl/Frontend/Error.h"
#include "hcl/Runtime/HalfFloat.h"
#include "hcl/Runtime/Npy.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hcl::driver {

static cl::list<std::string> shapeOptions(
    "shape",
    cl::desc("static shape of an ONNX input with dynamic dimensions "
             "(NAME=1x3x224x224; repeat for several inputs)"),
    cl::value_desc("NAME=SHAPE"), cl::sub(cl::SubCommand::getAll()));
static cl::opt<bool> weightsAsInputs(
    "weights-as-inputs",
    cl::desc("ONNX float initializers become program inputs (after the "
             "graph's inputs) instead of constant globals"),
    cl::sub(cl::SubCommand::getAll()));

// cl::desc keeps a pointer to its text: the default is written out, and
// the assertion keeps it the importer's.
static_assert(kDefaultWeightBramLimit == 32, "update --weight-bram-limit");
static cl::opt<std::string> weightBramLimit(
    "weight-bram-limit",
    cl::desc("ONNX float initializers needing more than N 18 Kb BRAMs (2 KiB "
             "each) become program inputs, read over m_axi in HLS; smaller "
             "ones stay on-chip constants (default with --schedule=auto: 32)"),
    cl::value_desc("N"), cl::sub(cl::SubCommand::getAll()));

/// --weight-bram-limit, or the default schedule's budget.
static Expected<std::optional<int64_t>> weightLimitFromCommandLine() {
  if (weightBramLimit.getNumOccurrences() == 0)
    return defaultWeightsOffChip()
               ? std::optional<int64_t>(kDefaultWeightBramLimit)
               : std::nullopt;
  int64_t limit;
  if (StringRef(weightBramLimit).getAsInteger(10, limit) || limit < 0)
    return createStringError("--weight-bram-limit=" + weightBramLimit +
                             ": expected a number of 18 Kb BRAMs per weight "
                             "array, 0 or more");
  return limit;
}

bool isOnnxPath(StringRef path) { return path.ends_with(".onnx"); }
bool isOnnxTensorPath(StringRef path) { return path.ends_with(".pb"); }

Expected<OnnxImportOptions>
importOptionsFromCommandLine(ArrayRef<std::string> inputFiles) {
  OnnxImportOptions options;
  options.weightsAsInputs = weightsAsInputs;
  Expected<std::optional<int64_t>> limit = weightLimitFromCommandLine();
  if (!limit)
    return limit.takeError();
  options.weightBramLimit = *limit;
  for (const std::string &file : inputFiles) {
    Expected<OnnxTensor> value = readTensorValues(file);
    if (!value)
      return value.takeError();
    options.inputValues.push_back(std::move(*value));
  }
  for (const std::string &spec : shapeOptions) {
    auto [name, dims] = StringRef(spec).rsplit('=');
    if (name.empty() || dims.empty())
      return createStringError("--shape " + spec + ": expected NAME=D0xD1x...");
    SmallVector<StringRef> parts;
    dims.split(parts, 'x');
    std::vector<int64_t> shape;
    for (StringRef part : parts) {
      int64_t d;
      if (part.getAsInteger(10, d) || d <= 0)
        return createStringError("--shape " + spec + ": '" + part +
                                 "' is not a positive dimension");
      shape.push_back(d);
    }
    options.shapes[name.str()] = shape;
  }
  return options;
}

static ElementKind kindOf(Type type) {
  if (type.isBFloat())
    return ElementKind::BF16;
  if (type.isFloat())
    return type.bits == 64   ? ElementKind::F64
           : type.bits == 16 ? ElementKind::F16
                             : ElementKind::F32;
  if (type.bits == 1)
    return ElementKind::I1;
  bool u = type.isUnsigned();
  switch (type.bits) {
  case 8:
    return u ? ElementKind::U8 : ElementKind::I8;
  case 16:
    return u ? ElementKind::U16 : ElementKind::I16;
  case 32:
    return u ? ElementKind::U32 : ElementKind::I32;
  default:
    return u ? ElementKind::U64 : ElementKind::I64;
  }
}

Expected<std::string> importOnnxText(StringRef path,
                                     const OnnxImportOptions &options,
                                     OnnxInterface *interface) {
  try {
    OnnxModel model = import_onnx(path.str(), options);
    if (interface) {
      *interface = {
          model.inputNames, model.outputShapes, model.importOnlyInputs, {}, {}};
      for (const auto &e : model.emptyOutputs)
        interface->emptyOutputs.push_back(
            {e.position, e.shape, kindOf(e.dtype)});
      for (size_t i = 0; i < model.inputNames.size(); ++i)
        if (auto weight = model.weightArguments.find(model.inputNames[i]);
            weight != model.weightArguments.end())
          interface->weightArguments.push_back(
              {i, hostArrayFrom(weight->second)});
    }
    return program_text(model.schedule);
  } catch (const hcl::Error &error) {
    return createStringError(path + ": " + error.what());
  }
}

template <typename T>
static void fill(HostArray &array, const OnnxTensor &tensor) {
  T *data = array.as<T>();
  for (int64_t i = 0; i < tensor.size(); ++i)
    data[i] = tensor.dtype.isFloat() ? static_cast<T>(tensor.floats[i])
                                     : static_cast<T>(tensor.ints[i]);
}

HostArray hostArrayFrom(const OnnxTensor &tensor) {
  std::vector<int64_t> shape =
      tensor.shape.empty() ? std::vector<int64_t>{1} : tensor.shape;
  HostArray array(kindOf(tensor.dtype), shape);
  switch (array.kind()) {
  case ElementKind::F16:
    for (int64_t i = 0; i < tensor.size(); ++i)
      array.as<uint16_t>()[i] = halfBits(tensor.floats[i]);
    break;
  case ElementKind::BF16:
    for (int64_t i = 0; i < tensor.size(); ++i)
      array.as<uint16_t>()[i] = bfloat16Bits(tensor.floats[i]);
    break;
  case ElementKind::F32:
    fill<float>(array, tensor);
    break;
  case ElementKind::F64:
    fill<double>(array, tensor);
    break;
  case ElementKind::I1:
    fill<uint8_t>(array, tensor);
    break;
  case ElementKind::I8:
    fill<int8_t>(array, tensor);
    break;
  case ElementKind::U8:
    fill<uint8_t>(array, tensor);
    break;
  case ElementKind::I16:
    fill<int16_t>(array, tensor);
    break;
  case ElementKind::U16:
    fill<uint16_t>(array, tensor);
    break;
  case ElementKind::I32:
    fill<int32_t>(array, tensor);
    break;
  case ElementKind::U32:
    fill<uint32_t>(array, tensor);
    break;
  case ElementKind::I64:
    fill<int64_t>(array, tensor);
    break;
  case ElementKind::U64:
    fill<uint64_t>(array, tensor);
    break;
  case ElementKind::Wide:
    break;
  }
  return array;
}

/// The hcl type of an .npy array's elements (as ONNX's importer types them).
static Type typeOf(ElementKind kind) {
  switch (kind) {
  case ElementKind::F16:
    return Float(16);
  case ElementKind::BF16:
    return BFloat16();
  case ElementKind::F32:
    return Float(32);
  case ElementKind::F64:
    return Float(64);
  case ElementKind::I1:
    return UInt(1);
  case ElementKind::I8:
    return Int(8);
  case ElementKind::U8:
    return UInt(8);
  case ElementKind::I16:
    return Int(16);
  case ElementKind::U16:
    return UInt(16);
  case ElementKind::I32:
    return Int(32);
  case ElementKind::U32:
    return UInt(32);
  case ElementKind::U64:
    return UInt(64);
  default:
    return Int(64);
  }
}

Expected<OnnxTensor> readTensorValues(StringRef path) {
  if (isOnnxTensorPath(path)) {
    try {
      return read_onnx_tensor(path.str());
    } catch (const hcl::Error &error) {
      return createStringError(error.what());
    }
  }
  Expected<HostArray> array = readNpy(path);
  if (!array)
    return array.takeError();
  if (array->kind() == ElementKind::Wide)
    return createStringError(path + ": wide integers are not ONNX values");
  OnnxTensor tensor;
  tensor.name = sys::path::stem(path).str();
  tensor.dtype = typeOf(array->kind());
  tensor.shape = array->shape();
  for (int64_t i = 0; i < array->numElements(); ++i) {
    if (tensor.dtype.isFloat())
      tensor.floats.push_back(array->elementAsDouble(i));
    else
      tensor.ints.push_back(array->elementAsInt(i));
  }
  return tensor;
}

Expected<HostArray> readOnnxTensor(StringRef path) {
  try {
    return hostArrayFrom(read_onnx_tensor(path.str()));
  } catch (const hcl::Error &error) {
    return createStringError(error.what());
  }
}

} // namespace hcl::driver
