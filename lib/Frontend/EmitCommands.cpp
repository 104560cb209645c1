//===- EmitCommands.cpp - the schedule as hcl.* operations ----------------===//
//
// Each recorded primitive becomes its hcl.* operation after the stages,
// located at the user's call it came from, so that an error of the schedule
// engine names `s["B"].split(i, 4)`.
//
//===----------------------------------------------------------------------===//

#include "MLIRWriter.h"

namespace hcl {

namespace {

/// The user's call a command came from, as the location of its operation:
/// `s["B"].split(i, 4)`, `s.reuse_at(A, s["B"], i)`.
std::string describe(const Command &c) {
  static const char *kinds[] = {"Complete", "Block", "Cyclic"};
  std::vector<std::string> args;
  switch (c.kind) {
  case CommandKind::Partition:
    args = {c.tensor->name, kinds[static_cast<int>(c.partition)],
            std::to_string(c.numbers[0]), std::to_string(c.numbers[1])};
    break;
  case CommandKind::ReuseAt:
  case CommandKind::BufferAt:
    args = {c.tensor->name, "s[\"" + c.stage + "\"]", c.axes[0]};
    break;
  case CommandKind::Reshape: {
    std::string shape;
    for (int64_t d : c.numbers)
      shape += (shape.empty() ? "" : ", ") + std::to_string(d);
    args = {c.tensor->name, "{" + shape + "}"};
    break;
  }
  case CommandKind::ComputeAt:
  case CommandKind::StoreAt:
    args = {"s[\"" + c.otherStage + "\"]", c.axes[0]};
    break;
  case CommandKind::Quantize:
  case CommandKind::Downsize:
    args = {c.tensor->name, c.dtype.str()};
    break;
  case CommandKind::Pack:
  case CommandKind::Unpack:
    args = {c.tensor->name, std::to_string(c.numbers[0]),
            std::to_string(c.numbers[1])};
    break;
  case CommandKind::Outline:
    args = c.stages;
    break;
  case CommandKind::To:
    args = {c.tensor->name, "s[\"" + c.stage + "\"]"};
    if (c.numbers[0] > 0)
      args.push_back(std::to_string(c.numbers[0]));
    break;
  default:
    args = c.axes;
    for (int64_t n : c.numbers)
      args.push_back(std::to_string(n));
  }
  std::string call = isStageCommand(c.kind) ? "s[\"" + c.stage + "\"]." : "s.";
  call += getCommandName(c.kind) + std::string("(");
  for (size_t i = 0; i < args.size(); ++i)
    call += (i ? ", " : "") + args[i];
  return call + ")";
}

} // namespace

std::string Writer::stageHandle(const std::string &stage) {
  auto it = stageHandles.find(stage);
  if (it != stageHandles.end())
    return it->second;
  std::string h = fresh("s");
  line(h + " = hcl.create_stage_handle " + quoted(stage) +
       " : !hcl.StageHandle");
  return stageHandles[stage] = h;
}

std::string Writer::loopHandle(const std::string &stage,
                               const std::string &loop) {
  std::string s = stageHandle(stage), h = fresh("l");
  line(h + " = hcl.create_loop_handle " + s + ", " + quoted(loop) +
       " : !hcl.LoopHandle");
  return h;
}

void Writer::emitCommand(const Command &c) {
  location = describe(c);
  auto loops = [&](const std::string &stage) {
    std::string list;
    for (const std::string &axis : c.axes)
      list += ", " + loopHandle(stage, axis);
    return list;
  };
  auto number = [&](size_t i) { return std::to_string(c.numbers[i]); };
  switch (c.kind) {
  case CommandKind::Split: {
    std::string args = loops(c.stage);
    scheduleOp(fresh("h") + ", " + fresh("h") + " = hcl.split(" +
               stageHandle(c.stage) + args + ", " + number(0) + ")");
    return;
  }
  case CommandKind::Tile: {
    std::string args = loops(c.stage);
    std::string results = fresh("h");
    for (int i = 0; i < 3; ++i)
      results += ", " + fresh("h");
    scheduleOp(results + " = hcl.tile(" + stageHandle(c.stage) + args + ", " +
               number(0) + ", " + number(1) + ")");
    return;
  }
  case CommandKind::Fuse: {
    std::string args = loops(c.stage);
    scheduleOp(fresh("h") + " = hcl.fuse(" + stageHandle(c.stage) + args + ")");
    return;
  }
  // `hcl.<name>(%stage, %loop..., number...)`: the primitives generated from
  // Primitives.def and the hand-written ones of the same form.
#define HCL_LOOP_PRIMITIVE(Kind, name) case CommandKind::Kind:
#define HCL_LOOP_FACTOR_PRIMITIVE(Kind, name, param, label, least, fallback)   \
  case CommandKind::Kind:
#include "hcl/Frontend/Primitives.def"
  case CommandKind::Reorder:
  case CommandKind::Vectorize: {
    std::string args = loops(c.stage);
    for (size_t i = 0; i < c.numbers.size(); ++i)
      args += ", " + number(i);
    scheduleOp("hcl." + std::string(getCommandName(c.kind)) + "(" +
               stageHandle(c.stage) + args + ")");
    return;
  }
  case CommandKind::ComputeAt: {
    std::string axis = loopHandle(c.otherStage, c.axes[0]);
    scheduleOp("hcl.compute_at(" + stageHandle(c.stage) + ", " +
               stageHandle(c.otherStage) + ", " + axis + ")");
    return;
  }
  case CommandKind::StoreAt: {
    std::string axis = loopHandle(c.otherStage, c.axes[0]);
    scheduleOp("hcl.store_at(" + stageHandle(c.stage) + ", " +
               stageHandle(c.otherStage) + ", " + axis + ")");
    return;
  }
  case CommandKind::Outline: {
    std::string stages, attrs;
    for (const std::string &stage : c.stages)
      stages += (stages.empty() ? "" : ", ") + stageHandle(stage);
    if (!c.merge.empty())
      attrs += "merge = " + quoted(c.merge);
    if (!c.param.empty()) {
      std::string list;
      for (const std::string &p : c.param)
        list += (list.empty() ? "" : ", ") + quoted(p);
      attrs +=
          std::string(attrs.empty() ? "" : ", ") + "param = [" + list + "]";
    }
    if (!c.axis.empty())
      attrs +=
          std::string(attrs.empty() ? "" : ", ") + "axis = " + quoted(c.axis);
    scheduleOp("hcl.outline (" + stages + ")" +
               (attrs.empty() ? "" : " {" + attrs + "}"));
    return;
  }
  case CommandKind::Partition: {
    static const char *kinds[] = {"Complete", "Block", "Cyclic"};
    scheduleOp(
        "hcl.partition(" + buffer(c.tensor) + " : " + bufferType(c.tensor) +
        ", " + kinds[static_cast<int>(c.partition)] + ", " + number(0) +
        (c.partition == PartitionKind::Complete ? "" : ", " + number(1)) + ")");
    return;
  }
  case CommandKind::ReuseAt:
  case CommandKind::BufferAt: {
    std::string axis = loopHandle(c.stage, c.axes[0]);
    std::string r = fresh("buffer");
    std::string type = "memref<*x" + mlirType(c.result->dtype) + ">";
    scheduleOp(r + " = hcl." +
               (c.kind == CommandKind::ReuseAt ? "reuse_at(" : "buffer_at(") +
               stageHandle(c.stage) + ", " + buffer(c.tensor) + " : " +
               bufferType(c.tensor) + ", " + axis +
               ") {buffer_name = " + quoted(c.result->name) + "} -> " + type);
    buffers[c.result.get()] = r;
    bufferTypes[c.result.get()] = type;
    return;
  }
  case CommandKind::Quantize:
  case CommandKind::Downsize: {
    std::string modes;
    if (c.kind == CommandKind::Quantize && c.numbers.size() == 2) {
      if (c.numbers[0])
        modes += "rounding = \"nearest\"";
      if (c.numbers[1])
        modes +=
            std::string(modes.empty() ? "" : ", ") + "overflow = \"saturate\"";
    }
    scheduleOp(std::string(c.kind == CommandKind::Quantize ? "hcl.quantize("
                                                           : "hcl.downsize(") +
               buffer(c.tensor) + " : " + bufferType(c.tensor) + ", " +
               mlirType(c.dtype) + ")" +
               (modes.empty() ? "" : " {" + modes + "}"));
    return;
  }
  case CommandKind::Pack:
  case CommandKind::Unpack: {
    std::string r = fresh("packed");
    std::string type = memrefType(c.result->shape, c.result->dtype);
    scheduleOp(r + " = hcl." +
               (c.kind == CommandKind::Pack ? "pack(" : "unpack(") +
               buffer(c.tensor) + " : " + bufferType(c.tensor) + ", " +
               number(0) + ", " + number(1) + ") -> " + type);
    buffers[c.result.get()] = r;
    bufferTypes[c.result.get()] = type;
    return;
  }
  case CommandKind::To:
    scheduleOp("hcl.to(" + buffer(c.tensor) + " : " + bufferType(c.tensor) +
               ", " + stageHandle(c.stage) + ")" +
               (c.numbers[0] > 0 ? " {depth = " + number(0) + "}" : ""));
    return;
  case CommandKind::Reshape: {
    std::string r = fresh("reshaped");
    std::string type = memrefType(c.result->shape, c.result->dtype);
    scheduleOp(r + " = hcl.reshape " + buffer(c.tensor) + " : " +
               bufferType(c.tensor) + " to " + type);
    buffers[c.result.get()] = r;
    bufferTypes[c.result.get()] = type;
    return;
  }
  }
}

} // namespace hcl
