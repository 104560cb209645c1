//===- StreamCheck.cpp - streams are legal and cannot deadlock ------------===//
//
// Run once a function's whole schedule is applied (later primitives may
// reorder the loops that read or write a stream):
//   1. each channel has one producer process, which writes every element
//      once, and one consumer, which reads every element once, in the order
//      the producer wrote it;
//   2. the region is simulated as a Kahn network with bounded FIFOs: each
//      process takes its traced channel accesses in order, a write waits
//      for room, a read for data, and a process that uses an ordinary
//      buffer of an earlier process waits until that one has finished
//      (Vitis' ping-pong buffers). Blocking networks of deterministic
//      processes deadlock or not independently of the schedule, so one
//      simulation decides. Run first with unbounded channels, always
//      advancing the process furthest downstream, the most elements waiting
//      in a channel is the depth it needs; run again with the depths the
//      schedule gave, a deadlock is reported with the depth that avoids it.
//
//===----------------------------------------------------------------------===//

#include "hcl/Analysis/StreamTrace.h"

#include "hcl/Transforms/Primitives.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include <functional>

using namespace mlir;

namespace hcl {

namespace {

constexpr uint64_t kMaxTracedElements = 64ull << 20;
/// Vitis HLS's default: with two places a producer and a consumer that are
/// both pipelined at II=1 do not stall each other.
constexpr int64_t kMinimumDepth = 2;

struct Channel {
  Value buffer;
  Location loc;
  int64_t givenDepth; // 0: infer
  int64_t size;
  int producer = -1, consumer = -1;
};

/// "row-major", "column-major" or "in another order" for a sequence of
/// elements of a buffer of `type`.
std::string describeOrder(ArrayRef<int64_t> elements, MemRefType type) {
  bool rowMajor = true, columnMajor = type.getRank() == 2;
  for (auto [k, e] : llvm::enumerate(elements)) {
    rowMajor &= e == static_cast<int64_t>(k);
    if (columnMajor) {
      int64_t rows = type.getDimSize(0), cols = type.getDimSize(1);
      int64_t k64 = static_cast<int64_t>(k);
      columnMajor = e == (k64 % rows) * cols + k64 / rows;
    }
  }
  return rowMajor      ? "row-major"
         : columnMajor ? "column-major"
                       : "in another order";
}

class StreamChecker {
public:
  StreamChecker(SmallVector<Channel> &channels,
                const std::vector<DataflowProcess> &processes)
      : channels(channels), processes(processes) {}

  LogicalResult checkChannels() {
    for (unsigned c = 0; c < channels.size(); ++c)
      if (failed(checkEnds(c)) || failed(checkOrder(c)))
        return failure();
    return success();
  }

  LogicalResult checkDeadlock();

private:
  std::string stage(int p) const { return "'" + processes[p].name + "'"; }

  InFlightDiagnostic error(unsigned c) {
    return emitError(channels[c].loc, "hcl.to: ");
  }

  /// One producer and one consumer, after it, and not the same process.
  LogicalResult checkEnds(unsigned c) {
    Channel &ch = channels[c];
    std::string name = "'" + bufferName(ch.buffer) + "'";
    SmallVector<int> writers, readers;
    for (auto [p, process] : llvm::enumerate(processes)) {
      bool writes = false, reads = false;
      for (const ChannelEvent &e : process.events)
        if (e.channel == c)
          (e.isWrite ? writes : reads) = true;
      if (writes)
        writers.push_back(p);
      if (reads)
        readers.push_back(p);
    }
    if (writers.empty())
      return error(c) << "no stage writes " << name;
    if (writers.size() > 1)
      return error(c) << name << " is written by " << stage(writers[0])
                      << " and " << stage(writers[1])
                      << ": a stream has one producer";
    if (readers.empty())
      return error(c) << "no stage reads " << name
                      << " once the schedule is applied (the consumer's reads "
                         "were folded away?): a stream nobody reads would "
                         "block its producer; drop this hcl.to";
    if (readers.size() > 1)
      return error(c) << name << " is read by " << stage(readers[0]) << " and "
                      << stage(readers[1]) << ": a stream has one consumer";
    ch.producer = writers[0];
    ch.consumer = readers[0];
    if (ch.producer == ch.consumer)
      return error(c) << stage(ch.producer) << " both writes and reads " << name
                      << " (an update in place): a stream connects two stages";
    if (ch.consumer < ch.producer)
      return error(c) << stage(ch.consumer) << " reads " << name << " before "
                      << stage(ch.producer) << " writes it";
    return success();
  }

  /// The producer writes each element once; the consumer reads them once,
  /// in the same order.
  LogicalResult checkOrder(unsigned c) {
    Channel &ch = channels[c];
    auto type = cast<MemRefType>(ch.buffer.getType());
    SmallVector<int64_t> written, read;
    for (const ChannelEvent &e : processes[ch.producer].events)
      if (e.channel == c)
        written.push_back(e.element);
    for (const ChannelEvent &e : processes[ch.consumer].events)
      if (e.channel == c)
        read.push_back(e.element);
    std::vector<bool> seen(ch.size, false);
    for (int64_t e : written) {
      if (seen[e])
        return error(c) << stage(ch.producer) << " writes "
                        << describeElement(ch.buffer, e)
                        << " twice: a stream is written once per element";
      seen[e] = true;
    }
    if (static_cast<int64_t>(written.size()) != ch.size)
      return error(c) << stage(ch.producer) << " writes only " << written.size()
                      << " of the " << ch.size << " elements of '"
                      << bufferName(ch.buffer) << "'";
    std::fill(seen.begin(), seen.end(), false);
    for (auto [k, e] : llvm::enumerate(read)) {
      if (seen[e])
        return error(c) << stage(ch.consumer) << " reads "
                        << describeElement(ch.buffer, e)
                        << " twice: a stream is read once per element (keep "
                           "a sliding window in a reuse buffer: reuse_at)";
      seen[e] = true;
      if (e != written[k])
        return error(c) << "order differs: " << stage(ch.producer)
                        << " writes '" << bufferName(ch.buffer) << "' "
                        << describeOrder(written, type) << ", "
                        << stage(ch.consumer) << " reads it "
                        << describeOrder(read, type) << " (element " << k
                        << " written is "
                        << describeElement(ch.buffer, written[k])
                        << ", read is " << describeElement(ch.buffer, e) << ")";
    }
    if (read.size() != written.size())
      return error(c) << stage(ch.consumer) << " reads only " << read.size()
                      << " of the " << ch.size << " elements of '"
                      << bufferName(ch.buffer) << "'";
    return success();
  }

  struct Outcome {
    bool deadlocked;
    std::vector<int64_t> maxOccupancy;
    std::string blocked; // the cycle of processes waiting for each other
    SmallVector<unsigned> fullChannels;
  };

  Outcome simulate(ArrayRef<int64_t> capacity,
                   const std::vector<SmallVector<int>> &deps) const;

  SmallVector<Channel> &channels;
  const std::vector<DataflowProcess> &processes;
};

StreamChecker::Outcome
StreamChecker::simulate(ArrayRef<int64_t> capacity,
                        const std::vector<SmallVector<int>> &deps) const {
  size_t n = processes.size();
  std::vector<size_t> pos(n, 0);
  std::vector<bool> done(n, false), visiting(n, false);
  std::vector<int64_t> occupancy(channels.size(), 0);
  Outcome out{false, std::vector<int64_t>(channels.size(), 0), "", {}};
  SmallVector<std::string> chain; // what each process of a cycle waits for

  // Makes `p`, or the process it waits for, take one step (demand-driven,
  // so a channel holds only what its consumer cannot do without). False
  // when the processes it waits for wait for it in turn: a deadlock.
  std::function<bool(size_t)> pull = [&](size_t p) -> bool {
    if (visiting[p])
      return false;
    visiting[p] = true;
    // Waits for `other`; the reason is spelled out only for a deadlock.
    auto wait = [&](size_t other, auto why) {
      bool moved = pull(other);
      if (!moved)
        chain.push_back(stage(p) + " " + why());
      visiting[p] = false;
      return moved;
    };
    for (int d : deps[p])
      if (!done[d])
        return wait(d, [&] {
          return "waits for " + stage(d) +
                 " to finish (an ordinary buffer they share)";
        });
    const std::vector<ChannelEvent> &events = processes[p].events;
    if (pos[p] == events.size()) {
      done[p] = true;
      visiting[p] = false;
      return true;
    }
    const ChannelEvent &e = events[pos[p]];
    const Channel &ch = channels[e.channel];
    auto name = [&] { return "'" + bufferName(ch.buffer) + "'"; };
    int64_t &occ = occupancy[e.channel];
    if (e.isWrite && capacity[e.channel] && occ >= capacity[e.channel]) {
      out.fullChannels.push_back(e.channel);
      return wait(ch.consumer, [&] {
        return "waits to write " + name() + " (full at depth " +
               std::to_string(capacity[e.channel]) + ")";
      });
    }
    if (!e.isWrite && occ == 0)
      return wait(ch.producer,
                  [&] { return "waits to read " + name() + " (empty)"; });
    // A producer that is ahead lets its consumer catch up first, when the
    // consumer can move, so a channel holds no more than it must (a process
    // may be pulled because a later one waits for it to finish).
    if (e.isWrite && occ > 0 && !visiting[ch.consumer]) {
      size_t chainSize = chain.size(), fullSize = out.fullChannels.size();
      if (pull(ch.consumer)) {
        visiting[p] = false;
        return true;
      }
      chain.resize(chainSize);
      out.fullChannels.resize(fullSize);
    }
    occ += e.isWrite ? 1 : -1;
    out.maxOccupancy[e.channel] = std::max(out.maxOccupancy[e.channel], occ);
    ++pos[p];
    visiting[p] = false;
    return true;
  };

  // The last processes pull the earlier ones.
  for (size_t p = n; p-- > 0;)
    while (!done[p]) {
      out.fullChannels.clear();
      if (pull(p))
        continue;
      out.deadlocked = true;
      for (const std::string &wait : llvm::reverse(chain))
        out.blocked += (out.blocked.empty() ? "" : "; ") + wait;
      return out;
    }
  return out;
}

LogicalResult StreamChecker::checkDeadlock() {
  std::vector<SmallVector<int>> deps = processDependences(processes);
  SmallVector<int64_t> unbounded(channels.size(), 0);
  Outcome free = simulate(unbounded, deps);
  if (free.deadlocked)
    return error(0) << "the dataflow region deadlocks whatever the depths: "
                    << free.blocked;
  SmallVector<int64_t> depth(channels.size());
  for (auto [c, ch] : llvm::enumerate(channels))
    depth[c] = ch.givenDepth
                   ? ch.givenDepth
                   : std::max<int64_t>(kMinimumDepth, free.maxOccupancy[c]);
  Outcome bounded = simulate(depth, deps);
  if (bounded.deadlocked) {
    unsigned c = bounded.fullChannels.empty() ? 0 : bounded.fullChannels[0];
    return error(c) << "deadlock with the chosen depths: " << bounded.blocked
                    << "; '" << bufferName(channels[c].buffer)
                    << "' needs depth " << free.maxOccupancy[c];
  }
  for (auto [c, ch] : llvm::enumerate(channels))
    ch.buffer.getDefiningOp()->setAttr(
        "stream_depth",
        IntegerAttr::get(IntegerType::get(ch.buffer.getContext(), 64),
                         depth[c]));
  return success();
}

} // namespace

LogicalResult checkStreams(ScheduleContext &ctx) {
  SmallVector<Channel> channels;
  llvm::DenseMap<Value, unsigned> index;
  // The allocations hcl.to marked, as they are after the whole schedule.
  for (Operation &op : ctx.getFunction().getBody().front()) {
    auto given = op.getAttrOfType<IntegerAttr>("stream_depth");
    if (!given || !isa<memref::AllocOp>(op))
      continue;
    Value buffer = op.getResult(0);
    index[buffer] = channels.size();
    channels.push_back({buffer, ctx.getStreamLocation(&op), given.getInt(),
                        cast<MemRefType>(buffer.getType()).getNumElements()});
  }
  if (channels.empty())
    return success();
  FailureOr<std::vector<DataflowProcess>> processes =
      traceDataflowProcesses(ctx.getFunction(), index, kMaxTracedElements);
  if (failed(processes))
    return failure();
  StreamChecker checker(channels, *processes);
  if (failed(checker.checkChannels()))
    return failure();
  return checker.checkDeadlock();
}

} // namespace hcl
