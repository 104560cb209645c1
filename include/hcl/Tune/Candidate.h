//===- Candidate.h - one schedule hcl tune may write ------------*- C++ -*-===//
//
// A candidate schedule names stages, loops and arrays, never IR objects, so
// that it can be written into any copy of the program: each worker thread
// parses its own copy (MLIR contexts are not shared across the search), and
// a list of candidates can be handed to another process as it is.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_TUNE_CANDIDATE_H
#define HCL_TUNE_CANDIDATE_H

#include "hcl/Analysis/Estimate.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hcl::tuner {

/// One perfectly nested band of loops of a stage, its leaf innermost: the
/// unit the search reorders, unrolls and pipelines.
struct BandSchedule {
  std::string stage;
  /// The band's loops, outermost first, in the order to run them; written
  /// as hcl.reorder when it differs from `original`.
  std::vector<std::string> order;
  std::vector<std::string> original;
  /// The innermost loop is split by `unroll`, its inner loop unrolled fully
  /// and its outer loop pipelined at II 1 (the form hcl estimate models);
  /// 1: the innermost loop pipelined as it is.
  int64_t unroll = 1;
  /// When positive: the innermost `unrolledLoops` loops of `order` are
  /// unrolled fully and the loop around them is pipelined (`unroll` is 1).
  size_t unrolledLoops = 0;
  /// The loops the reorder creates by distributing an imperfect nest
  /// (Band::distributed, from the outermost loop that moves); each is
  /// pipelined too.
  std::vector<std::string> distributed;
  bool reordered() const { return order != original; }
};

enum class Kind { Cyclic, Block, Complete };

/// The kind as hcl.partition spells it (`cyclic`, `block`, `complete`).
const char *kindName(Kind kind);

/// hcl.partition of an array of the entry function: `array` is its position
/// among the function's arrays (ArrayList.h), `dim` 1-based (0: all).
struct PartitionChoice {
  int array = 0;
  Kind kind = Kind::Cyclic;
  int64_t dim = 0;
  int64_t factor = 0;
};

/// hcl.reuse_at of `array` in `stage` along each of `loops` in turn (a line
/// buffer, then a window buffer in it); buffer `k` partitioned completely
/// along each of `partitionDims[k]` (1-based, 0: all), as stencil buffers
/// are.
struct ReuseChoice {
  std::string stage;
  int array = 0;
  std::vector<std::string> loops;
  std::vector<std::vector<int64_t>> partitionDims;
};

/// hcl.buffer_at of `array` in `stage` at `loop`: a write buffer for an
/// accumulation.
struct BufferChoice {
  std::string stage;
  int array = 0;
  std::string loop;
};

/// hcl.to of `array` (a buffer the function allocates, written by one
/// stage) to the one stage that reads it: a FIFO, the two stages overlapping
/// in a dataflow region.
struct StreamChoice {
  int array = 0;
  std::string consumer;
};

/// hcl.compute_at of stage `producer` in stage `consumer` at its loop
/// `loop`: what one iteration of `loop` needs of the producer is computed
/// there.
struct FuseChoice {
  std::string producer;
  std::string consumer;
  std::string loop;
};

struct Schedule {
  std::vector<BandSchedule> bands;
  std::vector<PartitionChoice> partitions;
  std::vector<ReuseChoice> reuses;
  std::vector<BufferChoice> buffers;
  /// Between stages; written after everything else, so that the loops
  /// they name are the scheduled ones.
  std::vector<StreamChoice> streams;
  std::vector<FuseChoice> fusions;

  bool empty() const {
    return bands.empty() && partitions.empty() && reuses.empty() &&
           buffers.empty() && streams.empty() && fusions.empty();
  }
  /// This schedule's choices followed by `other`'s; partitions of one array
  /// and dimension merge (ScheduleMerge.cpp).
  Schedule combinedWith(const Schedule &other) const;
  /// The choices on one line, for messages and the table; arrays by
  /// `arrayNames` (ProgramStructure.h's arrayNames), else by number.
  std::string summary(llvm::ArrayRef<std::string> arrayNames = {}) const;
};

/// What the estimator says of a scheduled program.
struct Cost {
  /// Exact, or the worst case when a loop's trip count is not known
  /// (triangular loops with max_trip_count); `exact` says which.
  int64_t latency = 0;
  bool exact = true;
  Resources resources;
};

} // namespace hcl::tuner

#endif // HCL_TUNE_CANDIDATE_H
