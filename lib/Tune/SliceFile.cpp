//===- SliceFile.cpp - candidates and their costs as files ----------------===//

#include "hcl/Tune/SliceFile.h"

#include "llvm/Support/JSON.h"

using namespace llvm;

namespace hcl::tuner {

// llvm::json finds these by argument-dependent lookup.

static json::Value toJSON(const BandSchedule &b) {
  return json::Object{{"stage", b.stage},
                      {"order", b.order},
                      {"original", b.original},
                      {"unroll", b.unroll},
                      {"unrolledLoops", int64_t(b.unrolledLoops)},
                      {"distributed", b.distributed}};
}

static bool fromJSON(const json::Value &v, BandSchedule &b, json::Path p) {
  json::ObjectMapper o(v, p);
  int64_t unrolledLoops = 0;
  bool ok = o && o.map("stage", b.stage) && o.map("order", b.order) &&
            o.map("original", b.original) && o.map("unroll", b.unroll) &&
            o.map("unrolledLoops", unrolledLoops) &&
            o.map("distributed", b.distributed);
  if (ok && unrolledLoops < 0) {
    p.field("unrolledLoops").report("expected a count");
    return false;
  }
  b.unrolledLoops = size_t(unrolledLoops);
  return ok;
}

static json::Value toJSON(const PartitionChoice &c) {
  return json::Object{{"array", c.array},
                      {"kind", kindName(c.kind)},
                      {"dim", c.dim},
                      {"factor", c.factor}};
}

static bool fromJSON(const json::Value &v, PartitionChoice &c, json::Path p) {
  json::ObjectMapper o(v, p);
  std::string kind;
  if (!(o && o.map("array", c.array) && o.map("kind", kind) &&
        o.map("dim", c.dim) && o.map("factor", c.factor)))
    return false;
  for (Kind k : {Kind::Cyclic, Kind::Block, Kind::Complete})
    if (kind == kindName(k)) {
      c.kind = k;
      return true;
    }
  p.field("kind").report("expected cyclic, block or complete");
  return false;
}

static json::Value toJSON(const ReuseChoice &c) {
  return json::Object{{"stage", c.stage},
                      {"array", c.array},
                      {"loops", c.loops},
                      {"partitionDims", c.partitionDims}};
}

static bool fromJSON(const json::Value &v, ReuseChoice &c, json::Path p) {
  json::ObjectMapper o(v, p);
  return o && o.map("stage", c.stage) && o.map("array", c.array) &&
         o.map("loops", c.loops) && o.map("partitionDims", c.partitionDims);
}

static json::Value toJSON(const BufferChoice &c) {
  return json::Object{{"stage", c.stage}, {"array", c.array}, {"loop", c.loop}};
}

static bool fromJSON(const json::Value &v, BufferChoice &c, json::Path p) {
  json::ObjectMapper o(v, p);
  return o && o.map("stage", c.stage) && o.map("array", c.array) &&
         o.map("loop", c.loop);
}

static json::Value toJSON(const StreamChoice &c) {
  return json::Object{{"array", c.array}, {"consumer", c.consumer}};
}

static bool fromJSON(const json::Value &v, StreamChoice &c, json::Path p) {
  json::ObjectMapper o(v, p);
  return o && o.map("array", c.array) && o.map("consumer", c.consumer);
}

static json::Value toJSON(const FuseChoice &c) {
  return json::Object{
      {"producer", c.producer}, {"consumer", c.consumer}, {"loop", c.loop}};
}

static bool fromJSON(const json::Value &v, FuseChoice &c, json::Path p) {
  json::ObjectMapper o(v, p);
  return o && o.map("producer", c.producer) && o.map("consumer", c.consumer) &&
         o.map("loop", c.loop);
}

static json::Value toJSON(const Schedule &s) {
  json::Array bands, partitions, reuses, buffers, streams, fusions;
  for (const BandSchedule &b : s.bands)
    bands.push_back(toJSON(b));
  for (const PartitionChoice &c : s.partitions)
    partitions.push_back(toJSON(c));
  for (const ReuseChoice &c : s.reuses)
    reuses.push_back(toJSON(c));
  for (const BufferChoice &c : s.buffers)
    buffers.push_back(toJSON(c));
  for (const StreamChoice &c : s.streams)
    streams.push_back(toJSON(c));
  for (const FuseChoice &c : s.fusions)
    fusions.push_back(toJSON(c));
  return json::Object{
      {"bands", std::move(bands)},     {"partitions", std::move(partitions)},
      {"reuses", std::move(reuses)},   {"buffers", std::move(buffers)},
      {"streams", std::move(streams)}, {"fusions", std::move(fusions)}};
}

static bool fromJSON(const json::Value &v, Schedule &s, json::Path p) {
  json::ObjectMapper o(v, p);
  return o && o.map("bands", s.bands) && o.map("partitions", s.partitions) &&
         o.map("reuses", s.reuses) && o.map("buffers", s.buffers) &&
         o.mapOptional("streams", s.streams) &&
         o.mapOptional("fusions", s.fusions);
}

std::string sliceToJSON(const Program &program, StringRef target,
                        ArrayRef<Schedule> candidates) {
  json::Array list;
  for (const Schedule &s : candidates)
    list.push_back(toJSON(s));
  json::Object slice{{"program", program.text},
                     {"entry", program.entry},
                     {"onlyStage", program.onlyStage},
                     {"explainRefusals", program.explainRefusals},
                     {"target", target},
                     {"candidates", std::move(list)}};
  std::string text;
  raw_string_ostream os(text);
  os << json::Value(std::move(slice)) << "\n";
  return text;
}

/// A json::Path failure as an error naming where it is.
static Error pathError(const json::Path::Root &root, StringRef what) {
  return createStringError(inconvertibleErrorCode(),
                           (what + ": " + toString(root.getError())).str());
}

Expected<Slice> sliceFromJSON(StringRef text) {
  Expected<json::Value> value = json::parse(text);
  if (!value)
    return createStringError(inconvertibleErrorCode(),
                             "not a slice file: " +
                                 toString(value.takeError()));
  Slice slice;
  json::Path::Root root("slice");
  json::ObjectMapper o(*value, root);
  if (!(o && o.map("program", slice.program.text) &&
        o.map("entry", slice.program.entry) &&
        o.map("onlyStage", slice.program.onlyStage) &&
        o.map("explainRefusals", slice.program.explainRefusals) &&
        o.map("target", slice.target) && o.map("candidates", slice.candidates)))
    return pathError(root, "not a slice file");
  return slice;
}

std::string costsToJSON(ArrayRef<std::optional<Cost>> costs) {
  json::Array list;
  for (const std::optional<Cost> &c : costs) {
    if (!c) {
      list.push_back(nullptr);
      continue;
    }
    list.push_back(json::Object{{"latency", c->latency},
                                {"exact", c->exact},
                                {"dsp", c->resources.dsp},
                                {"bram18k", c->resources.bram18k},
                                {"registerBits", c->resources.registerBits}});
  }
  std::string text;
  raw_string_ostream os(text);
  os << json::Value(std::move(list)) << "\n";
  return text;
}

static bool fromJSON(const json::Value &v, std::optional<Cost> &c,
                     json::Path p) {
  if (v.getAsNull()) {
    c.reset();
    return true;
  }
  Cost cost;
  json::ObjectMapper o(v, p);
  if (!(o && o.map("latency", cost.latency) && o.map("exact", cost.exact) &&
        o.map("dsp", cost.resources.dsp) &&
        o.map("bram18k", cost.resources.bram18k) &&
        o.map("registerBits", cost.resources.registerBits)))
    return false;
  c = cost;
  return true;
}

Expected<std::vector<std::optional<Cost>>> costsFromJSON(StringRef text,
                                                         size_t count) {
  Expected<json::Value> value = json::parse(text);
  if (!value)
    return createStringError(inconvertibleErrorCode(),
                             "not a costs file: " +
                                 toString(value.takeError()));
  json::Path::Root root("costs");
  std::vector<std::optional<Cost>> costs;
  if (!fromJSON(*value, costs, root))
    return pathError(root, "not a costs file");
  if (costs.size() != count)
    return createStringError(
        inconvertibleErrorCode(),
        "the costs file holds " + std::to_string(costs.size()) +
            " entries for " + std::to_string(count) + " candidates");
  return costs;
}

} // namespace hcl::tuner
