//===- ImportContext.h - what ONNX operator lowerings share -----*- C++ -*-===//
//
// The importer walks the graph in order; for each node it calls the lowering
// registered for the node's op_type with a NodeContext: the node's inputs as
// Values, its attributes, and helpers that create stages named after the
// node. A Value is an ONNX tensor: its hcl tensor and, when known at import
// time (initializers, Constant, shape arithmetic), its data.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_ONNX_IMPORTCONTEXT_H
#define HCL_LIB_ONNX_IMPORTCONTEXT_H

#include "OnnxTypes.h"

#include "hcl/Frontend/Error.h"

#include <functional>
#include <map>
#include <set>

namespace hcl::onnximport {

/// An ONNX value: a tensor (shape, dtype, hcl tensor and/or known data) or a
/// sequence of tensors.
struct Value {
  std::string onnxName;
  std::vector<int64_t> shape;
  Type dtype = Float(32);
  Tensor tensor; // null until needed when `data` is known
  std::optional<OnnxTensor> data;
  /// Quantized weights: the fixed-point type the constant is stored in
  /// (reads convert to `dtype`, so the operators compute as before).
  std::optional<Type> storage;
  bool isSequence = false;
  std::vector<Value> elements;

  int64_t rank() const { return int64_t(shape.size()); }
  int64_t size() const;
  bool known() const { return data.has_value(); }
};

/// Index expressions of one element, one per ONNX dimension (none for a
/// scalar).
using Index = std::vector<Expr>;
using Body = std::function<Expr(const Index &)>;

class Importer;

class NodeContext {
public:
  NodeContext(Importer &importer, const onnx::NodeProto &node,
              std::string stage);

  const onnx::NodeProto &node() const { return proto; }
  const std::string &opType() const { return proto.op_type(); }
  /// The node's name in errors (unnamed nodes: `Add #3`).
  std::string nodeName() const;
  int64_t opset() const;
  /// The base name of this node's stages (sanitized, unique).
  const std::string &stageName() const { return stage; }

  // Inputs.
  size_t numInputs() const { return proto.input_size(); }
  /// An optional input that is absent (missing or named "").
  bool hasInput(size_t i) const;
  const Value &input(size_t i);
  /// The input's values if they are known at import time (data, or the
  /// value given for a graph input), else null.
  const OnnxTensor *knownValue(size_t i);
  /// The input's values, which must be known at import time ("what" names
  /// the operand in the error).
  const OnnxTensor &knownInput(size_t i, const std::string &what);
  std::vector<int64_t> knownInts(size_t i, const std::string &what);
  /// The hcl tensor of an input (a constant global for known data).
  Tensor tensorOf(size_t i);

  // Attributes.
  bool hasAttr(const std::string &name) const;
  int64_t attrInt(const std::string &name,
                  std::optional<int64_t> def = {}) const;
  double attrFloat(const std::string &name,
                   std::optional<double> def = {}) const;
  std::string attrString(const std::string &name,
                         std::optional<std::string> def = {}) const;
  std::vector<int64_t>
  attrInts(const std::string &name,
           std::optional<std::vector<int64_t>> def = {}) const;
  std::vector<double> attrFloats(const std::string &name) const;
  const onnx::AttributeProto *attr(const std::string &name) const;
  /// Lowers the subgraph held by attribute `name` with `arguments` bound to
  /// its inputs (stages named stageName() + "_" + `scope`); its outputs.
  std::vector<Value> lowerSubgraph(const std::string &name,
                                   const std::vector<Value> &arguments,
                                   const std::string &scope);
  /// Refuses the node when an attribute other than `known` is present.
  void onlyAttrs(const std::set<std::string> &known) const;

  // Outputs.
  size_t numOutputs() const { return proto.output_size(); }
  bool hasOutput(size_t i) const;
  /// The element type ONNX's shape inference gave output `i`, if any.
  std::optional<Type> inferredType(size_t i) const;
  /// Defines output `i`.
  void setOutput(size_t i, Value value);
  /// A stage computing output `i` element-wise: `body(index)`.
  void computeOutput(size_t i, const std::vector<int64_t> &shape, Type dtype,
                     const Body &body,
                     const std::vector<std::string> &axisNames = {});
  /// Output `i` known at import time.
  void setKnownOutput(size_t i, OnnxTensor data);

  // Stages.
  /// A stage `stageName()` + `suffix` computing `body` over `shape`.
  Tensor compute(const std::string &suffix, const std::vector<int64_t> &shape,
                 Type dtype, const Body &body,
                 const std::vector<std::string> &axisNames = {});
  /// A value computed by a stage (shape as ONNX sees it; scalars allowed).
  Value computeValue(const std::string &suffix,
                     const std::vector<int64_t> &shape, Type dtype,
                     const Body &body,
                     const std::vector<std::string> &axisNames = {});
  /// A stage `stageName()` + `suffix` that rewrites every element of
  /// `target` (a value this node computed) to `body(index)`.
  Value update(const std::string &suffix, const Value &target, const Body &body,
               const std::vector<std::string> &axisNames = {});
  /// A fresh reduction axis over [0, extent), named after `hint`; the
  /// node's stages do not give a loop of their own that name.
  Var reduceAxis(int64_t extent, const std::string &hint);
  /// A fresh stage name `stageName()` + "_" + `suffix`, for imperative
  /// stages (hcl::stage) the node builds itself.
  std::string newStageName(const std::string &suffix);

  /// The element of `value` at `index` (its rank many expressions).
  Expr read(const Value &value, const Index &index);
  /// The element of input `i` at `outIndex` of a result of rank
  /// outIndex.size(), with NumPy broadcasting.
  Expr readBroadcast(const Value &value, const Index &outIndex);

  [[noreturn]] void fail(const std::string &message) const;

private:
  Importer &importer;
  const onnx::NodeProto &proto;
  std::string stage;
  bool mainStageMade = false;
  /// The names of the node's reduction axes.
  std::set<std::string> reductionNames;

  /// The loop names of a stage of `rank` loops: `given` when there are that
  /// many, else i, j, k, ... by position, skipping the reduction axes'.
  std::vector<std::string> loopNames(const std::vector<std::string> &given,
                                     size_t rank) const;
};

/// Lowers one node.
using Lowering = std::function<void(NodeContext &)>;
using LoweringTable = std::map<std::string, Lowering>;

/// Each file of operators adds its lowerings to the table.
void addElementwiseOps(LoweringTable &table);
void addActivationOps(LoweringTable &table);
void addMatrixOps(LoweringTable &table);
void addConvPoolOps(LoweringTable &table);
void addShapeOps(LoweringTable &table);
void addReduceOps(LoweringTable &table);
void addNormalizationOps(LoweringTable &table);
void addSequenceOps(LoweringTable &table);
void addLossOps(LoweringTable &table);
void addResizeOps(LoweringTable &table);
void addScatterOps(LoweringTable &table);
void addIndexingOps(LoweringTable &table);
void addMiscOps(LoweringTable &table);
void addRecurrentOps(LoweringTable &table);
void addQuantizedOps(LoweringTable &table);
void addGridSampleOps(LoweringTable &table);
void addSpectralOps(LoweringTable &table);
void addControlFlowOps(LoweringTable &table);

// Shape helpers shared by the lowerings.
/// NumPy broadcasting of two shapes; nullopt when they do not broadcast.
std::optional<std::vector<int64_t>>
broadcastShapes(const std::vector<int64_t> &a, const std::vector<int64_t> &b);
/// An axis attribute in [-rank, rank) made positive; fails otherwise.
int64_t normalizeAxis(const NodeContext &ctx, int64_t axis, int64_t rank);
std::string shapeText(const std::vector<int64_t> &shape);
/// A known tensor of `dtype`/`shape` holding `values` (ints or floats by
/// the dtype).
OnnxTensor makeKnown(Type dtype, std::vector<int64_t> shape,
                     const std::vector<double> &values);
/// A literal of type `type` (a cast, so it does not adopt another type).
Expr literal(double value, Type type);

/// What a convolution sums: Conv's x * w in x's type, or for ConvInteger
/// and QLinearConv the products of the operands less their zero points.
struct ConvProduct {
  Type acc;
  /// One product, of an input element, a weight and the filter's index
  /// (null: x * w).
  std::function<Expr(const Expr &x, const Expr &w, const Expr &filter)> term;
  /// What the padding holds, in x's type (none: 0).
  std::optional<Expr> padFill;
  /// The stage's name after the node's ("": the node's name).
  std::string suffix;
};
/// The convolution of x by `weights` as Conv's attributes say, without a
/// bias (ConvPool.cpp).
Value convolution(NodeContext &ctx, const Value &x, const Value &weights,
                  const ConvProduct &product);

/// What a matrix product sums: MatMul's a * b in a's type, or for
/// MatMulInteger and QLinearMatMul the products less the zero points.
struct MatMulProduct {
  Type acc;
  /// One product, of a's element in row `row` and b's in column `col`
  /// (null: a * b).
  std::function<Expr(const Expr &a, const Expr &b, const Expr &row,
                     const Expr &col)>
      term;
  std::string suffix;
};
/// NumPy's matmul of a and b (Matrix.cpp).
Value matMul(NodeContext &ctx, const Value &a, const Value &b,
             const MatMulProduct &product);

/// An activation function ONNX names, as an operator (Relu, Sigmoid, ...)
/// or as a recurrent layer's gate function: its formula and ONNX's default
/// alpha and beta (nullopt: the function takes none).
struct ActivationFunction {
  std::string name;
  std::optional<double> alpha, beta;
  std::function<Expr(const Expr &x, Type t, double alpha, double beta)> apply;
};
/// nullptr when ONNX names no such activation function.
const ActivationFunction *findActivationFunction(const std::string &name);
/// "Sigmoid, Tanh, ...": every name findActivationFunction knows.
std::string activationFunctionNames();

} // namespace hcl::onnximport

#endif // HCL_LIB_ONNX_IMPORTCONTEXT_H
