//===- ProgramStructure.cpp - the entry's arrays and bands ----------------===//

#include "hcl/Tune/ProgramStructure.h"

#include "hcl/Dialect/HCL/Naming.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace hcl::tuner {

FailureOr<func::FuncOp> tuneEntry(ModuleOp module, StringRef name) {
  if (!name.empty()) {
    if (auto f = module.lookupSymbol<func::FuncOp>(name); f && !f.isExternal())
      return f;
    return module.emitError() << "no function @" << name << " to tune";
  }
  if (auto top = module.lookupSymbol<func::FuncOp>("top"))
    return top;
  func::FuncOp only;
  for (auto f : module.getOps<func::FuncOp>()) {
    if (f.isExternal() || !f.isPublic())
      continue;
    if (only)
      return module.emitError()
             << "several functions: name the one to tune (--entry)";
    only = f;
  }
  if (!only)
    return module.emitError() << "no function to tune";
  return only;
}

void numberGlobals(func::FuncOp func) {
  Builder b(func.getContext());
  int64_t k = 0;
  for (auto global : func.getBody().getOps<memref::GetGlobalOp>())
    global->setAttr(kGlobalNumber, b.getI64IntegerAttr(k++));
}

void unnumberGlobals(func::FuncOp func) {
  for (auto global : func.getBody().getOps<memref::GetGlobalOp>())
    global->removeAttr(kGlobalNumber);
}

std::vector<Value> arraysOf(func::FuncOp func) {
  std::vector<Value> arrays;
  for (BlockArgument a : func.getArguments())
    if (isa<MemRefType>(a.getType()))
      arrays.push_back(a);
  func.walk([&](memref::AllocOp alloc) { arrays.push_back(alloc); });
  size_t first = arrays.size();
  int64_t k = 0;
  for (auto global : func.getBody().getOps<memref::GetGlobalOp>()) {
    auto number = global->getAttrOfType<IntegerAttr>(kGlobalNumber);
    size_t at = first + (number ? number.getInt() : k);
    ++k;
    if (arrays.size() <= at)
      arrays.resize(at + 1);
    arrays[at] = global;
  }
  return arrays;
}

std::vector<std::string> arrayNames(func::FuncOp func) {
  std::vector<std::string> names;
  for (Value array : arraysOf(func)) {
    StringAttr name;
    if (!array) {
      names.push_back("");
      continue;
    }
    if (auto global = array.getDefiningOp<memref::GetGlobalOp>())
      name = global.getNameAttr().getAttr();
    else if (auto arg = dyn_cast<BlockArgument>(array))
      name =
          func.getArgAttrOfType<StringAttr>(arg.getArgNumber(), "hcl.arg_name");
    else
      name = array.getDefiningOp()->getAttrOfType<StringAttr>("name");
    names.push_back(name ? name.str() : "");
  }
  return names;
}

std::vector<std::string> Band::names() const {
  std::vector<std::string> out;
  for (affine::AffineForOp loop : loops)
    out.push_back(getLoopName(loop).str());
  return out;
}

std::optional<int64_t> Band::tripCount(size_t i) const {
  std::optional<uint64_t> trips = affine::getConstantTripCount(loops[i]);
  if (!trips)
    return std::nullopt;
  return static_cast<int64_t>(*trips);
}

/// The only loop `loop`'s body holds besides its terminator, if that is all.
static bool holdsOnly(affine::AffineForOp parent, Operation *child) {
  Block *body = parent.getBody();
  return &body->front() == child &&
         child->getNextNode() == body->getTerminator();
}

/// What distributing `parent` around its loop `child` leaves besides it
/// (`<parent>.pre` for what runs before, `.post` after); none when `parent`
/// holds more than straight-line code around it. Constants stay out of the
/// count: distribution moves them in front of the loop.
static std::optional<std::vector<std::string>>
distributedAround(affine::AffineForOp parent, Operation *child) {
  bool before = true, pre = false, post = false;
  for (Operation &op : parent.getBody()->without_terminator()) {
    if (&op == child) {
      before = false;
      continue;
    }
    if (op.getNumRegions() > 0)
      return std::nullopt;
    if (before)
      pre |= !op.hasTrait<OpTrait::ConstantLike>();
    else
      post = true;
  }
  std::string name = getLoopName(parent).str();
  std::vector<std::string> out;
  if (pre)
    out.push_back(name + ".pre");
  if (post)
    out.push_back(name + ".post");
  return out;
}

/// `band` with its distributed loops' positions, counted from the leaf
/// while it was built, counted from the outermost loop.
static Band numberedFromOutside(Band band) {
  for (auto &[position, name] : band.distributed)
    position = band.loops.size() - 1 - position;
  return band;
}

/// The band ending at the leaf `leaf`: it and the loops around it up to the
/// stage that hold nothing else but straight-line code; loops without a
/// name end it.
static std::optional<Band> bandAt(affine::AffineForOp leaf) {
  Band band;
  Operation *op = leaf;
  while (auto loop = dyn_cast<affine::AffineForOp>(op)) {
    if (getLoopName(loop).empty())
      break;
    band.loops.insert(band.loops.begin(), loop);
    if (!getStageName(loop).empty()) {
      band.stage = getStageName(loop).str();
      return numberedFromOutside(std::move(band));
    }
    auto parent = dyn_cast<affine::AffineForOp>(loop->getParentOp());
    if (!parent)
      break;
    if (!holdsOnly(parent, loop)) {
      std::optional<std::vector<std::string>> pieces =
          distributedAround(parent, loop);
      if (!pieces || getLoopName(parent).empty())
        break;
      band.perfect = false;
      // Positions are counted from the leaf until the band is complete.
      for (auto it = pieces->rbegin(); it != pieces->rend(); ++it)
        band.distributed.insert(band.distributed.begin(),
                                {band.loops.size(), *it});
    }
    op = parent;
  }

  // The band stops short of its stage: name the stage from above.
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (!getStageName(p).empty()) {
      band.stage = getStageName(p).str();
      break;
    }
  if (band.stage.empty() || band.loops.empty())
    return std::nullopt;
  return numberedFromOutside(std::move(band));
}

std::vector<Band> bandsOf(func::FuncOp func) {
  std::vector<Band> bands;
  func.walk([&](affine::AffineForOp loop) {
    bool leaf = true;
    loop.getBody()->walk([&](affine::AffineForOp) { leaf = false; });
    if (!leaf)
      return;
    if (std::optional<Band> band = bandAt(loop))
      bands.push_back(std::move(*band));
  });
  return bands;
}

} // namespace hcl::tuner
