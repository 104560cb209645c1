//===- Candidate.cpp - combining and printing candidate schedules ---------===//

#include "hcl/Tune/Candidate.h"

#include "llvm/ADT/StringExtras.h"

namespace hcl::tuner {

/// Two stages that partition one array along one dimension share the
/// partition: the larger factor serves the smaller one's unroll too when it
/// is a multiple of it (cyclic banks), so it is kept.
static void mergePartition(std::vector<PartitionChoice> &into,
                           const PartitionChoice &p) {
  for (PartitionChoice &q : into) {
    if (q.array != p.array || q.dim != p.dim)
      continue;
    if (q.kind == p.kind && p.factor > q.factor && p.factor % q.factor == 0)
      q.factor = p.factor;
    return;
  }
  into.push_back(p);
}

Schedule Schedule::combinedWith(const Schedule &other) const {
  Schedule s = *this;
  s.bands.insert(s.bands.end(), other.bands.begin(), other.bands.end());
  for (const PartitionChoice &p : other.partitions)
    mergePartition(s.partitions, p);
  s.reuses.insert(s.reuses.end(), other.reuses.begin(), other.reuses.end());
  s.buffers.insert(s.buffers.end(), other.buffers.begin(), other.buffers.end());
  s.streams.insert(s.streams.end(), other.streams.begin(), other.streams.end());
  s.fusions.insert(s.fusions.end(), other.fusions.begin(), other.fusions.end());
  return s;
}

const char *kindName(Kind kind) {
  switch (kind) {
  case Kind::Cyclic:
    return "cyclic";
  case Kind::Block:
    return "block";
  case Kind::Complete:
    return "complete";
  }
  return "?";
}

std::string Schedule::summary(llvm::ArrayRef<std::string> arrayNames) const {
  auto name = [&](int array) {
    if (array >= 0 && static_cast<size_t>(array) < arrayNames.size() &&
        !arrayNames[array].empty())
      return arrayNames[array];
    return "#" + std::to_string(array);
  };
  std::vector<std::string> parts;
  for (const BandSchedule &b : bands) {
    std::string text = b.stage + ":";
    if (b.reordered())
      text += " order " + llvm::join(b.order, ",");
    // The loops the reorder split off run pipelined after it.
    std::string split;
    if (b.reordered() && !b.distributed.empty())
      split = "; " + b.stage + ": pipeline " + llvm::join(b.distributed, ",");
    if (b.unrolledLoops > 0 && b.unrolledLoops < b.order.size()) {
      size_t pipelined = b.order.size() - 1 - b.unrolledLoops;
      std::vector<std::string> inner(b.order.begin() + pipelined + 1,
                                     b.order.end());
      parts.push_back(text + " pipeline " + b.order[pipelined] + ", unroll " +
                      llvm::join(inner, ",") + " fully" + split);
      continue;
    }
    text += b.unroll > 1 ? " unroll " + b.order.back() + " x" +
                               std::to_string(b.unroll) + ", pipeline"
                         : " pipeline " + b.order.back();
    parts.push_back(text + split);
  }
  for (const PartitionChoice &p : partitions)
    parts.push_back("partition " + name(p.array) + " " + kindName(p.kind) +
                    " dim " + std::to_string(p.dim) +
                    (p.kind == Kind::Complete
                         ? std::string()
                         : " x" + std::to_string(p.factor)));
  for (const ReuseChoice &r : reuses)
    parts.push_back(r.stage + ": reuse " + name(r.array) + " along " +
                    llvm::join(r.loops, ","));
  for (const BufferChoice &b : buffers)
    parts.push_back(b.stage + ": buffer " + name(b.array) + " at " + b.loop);
  for (const StreamChoice &c : streams)
    parts.push_back("stream " + name(c.array) + " to " + c.consumer);
  for (const FuseChoice &f : fusions)
    parts.push_back(f.producer + ": compute_at " + f.consumer + " " + f.loop);
  return parts.empty() ? "(none)" : llvm::join(parts, "; ");
}

} // namespace hcl::tuner
