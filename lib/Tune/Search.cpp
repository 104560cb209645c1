//===- Search.cpp - hcl tune's search over candidate schedules ------------===//

#include "hcl/Tune/Search.h"

#include "hcl/Tune/Dataflow.h"
#include "hcl/Tune/ProgramStructure.h"
#include "hcl/Tune/Space.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <map>
#include <set>

using namespace llvm;

namespace hcl::tuner {

/// A band's candidates are enumerated in full up to this many.
static constexpr size_t kExhaustive = 512;
/// Rounds that narrow the space keep this many of the best.
static constexpr size_t kKeep = 4;
/// A combining step may move a band this many points along its front.
static constexpr size_t kStride = 3;
/// A combining step estimates this many of its best predicted moves.
static constexpr size_t kVerify = 2;
/// Rounds of coordinate descent after the greedy pass.
static constexpr size_t kSweeps = 2;
/// Beyond this many bands, the bands' own estimates combine them (below).
static constexpr size_t kManyBands = 32;
/// Beyond kManyBands, with a budget, the bands' own estimates are asked
/// for combinations within these shares of it.
static constexpr double kAskedShares[] = {1.0, 0.97, 0.94, 0.9, 0.85, 0.8, 0.7};
/// Streams and fusions are tried on this many of the fastest points.
static constexpr size_t kDataflowBases = 4;
/// Up to this many streams (fusions), each is also tried alone; beyond,
/// only all streams at once (a whole-program estimate each).
static constexpr size_t kDataflowSingles = 16;

bool dominates(const Cost &a, const Cost &b) {
  const Resources &x = a.resources, &y = b.resources;
  bool noWorse = a.latency <= b.latency && x.dsp <= y.dsp &&
                 x.bram18k <= y.bram18k && x.registerBits <= y.registerBits;
  bool better = a.latency < b.latency || x.dsp < y.dsp ||
                x.bram18k < y.bram18k || x.registerBits < y.registerBits;
  return noWorse && better;
}

static std::vector<Schedule> product(ArrayRef<Schedule> a,
                                     ArrayRef<Schedule> b) {
  std::vector<Schedule> out;
  for (const Schedule &x : a) {
    out.push_back(x);
    for (const Schedule &y : b)
      out.push_back(x.combinedWith(y));
  }
  return out;
}

namespace {
struct BandSpace {
  std::string stage;
  Cost baseline;                 // the stage alone, unscheduled
  std::vector<Schedule> first;   // evaluated in the first round
  std::vector<Schedule> buffers; // tried on the best of the first round
  bool exhaustive = true;
  std::vector<Point> evaluated;
  std::vector<Point> front; // by weight, cheapest (unscheduled) first
  /// The band's unroll factor at each point of the front.
  int64_t unrollAt(size_t i) const {
    const Schedule &s = front[i].schedule;
    return s.bands.empty() ? 0 : s.bands.front().unroll;
  }
};

class Searcher {
public:
  Searcher(const Program &program, const SearchOptions &options)
      : program(program), options(options),
        start(std::chrono::steady_clock::now()) {}
  ~Searcher() { consumeError(std::move(failure)); }

  Expected<SearchResult> run(mlir::func::FuncOp func);

private:
  std::vector<std::optional<Cost>> estimate(ArrayRef<Schedule> candidates,
                                            StringRef stage = "") {
    Batch batch{stage.empty() ? program : forStage(stage), candidates.vec()};
    return estimateBatches({batch}).front();
  }
  /// The program cut down to one stage (Evaluate.h's stageProgram), made
  /// once per stage.
  const Program &forStage(StringRef stage) {
    auto it = stagePrograms.find(stage.str());
    if (it == stagePrograms.end()) {
      Program p = program;
      p.onlyStage = stage.str();
      it = stagePrograms.emplace(stage.str(), stageProgram(p)).first;
    }
    return it->second;
  }
  std::vector<std::vector<std::optional<Cost>>>
  estimateBatches(ArrayRef<Batch> batches);
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  }
  /// Whether to start no new round: out of time, or the remote evaluator
  /// failed.
  bool outOfTime() {
    if (failed)
      return true;
    if (options.timeLimit > 0 && elapsed() > options.timeLimit)
      result.timedOut = true;
    return result.timedOut;
  }
  void estimateBands(std::vector<BandSpace> &spaces, bool firstRound);
  void buildFront(BandSpace &space);
  std::vector<size_t> combine(std::vector<BandSpace> &spaces,
                              bool withinBudget);
  void polish(std::vector<BandSpace> &spaces, std::vector<size_t> state,
              bool withinBudget);
  std::vector<size_t> bestPredicted(const std::vector<BandSpace> &spaces) {
    return bestPredicted(spaces, options.budget);
  }
  std::vector<size_t> bestPredicted(const std::vector<BandSpace> &spaces,
                                    const Budget &budget);
  std::vector<size_t> repairShared(const std::vector<BandSpace> &spaces,
                                   const std::vector<std::set<int>> &touched,
                                   std::vector<size_t> state,
                                   const Budget &budget);
  void combineMany(const std::vector<BandSpace> &spaces,
                   const std::vector<std::set<int>> &touched);
  void estimateUniform(const std::vector<BandSpace> &spaces);
  void estimateBaselines(std::vector<BandSpace> &spaces);
  void estimateDataflow(mlir::func::FuncOp func);
  void record(const Point &p) { all.push_back(p); }

  const Program &program;
  const SearchOptions &options;
  std::chrono::steady_clock::time_point start;
  SearchResult result;
  std::vector<Point> all; // whole-program combinations estimated
  std::map<std::string, Program> stagePrograms;
  /// The remote evaluator's first error; nothing is estimated after it.
  Error failure = Error::success();
  bool failed = false;
};
} // namespace

std::vector<std::vector<std::optional<Cost>>>
Searcher::estimateBatches(ArrayRef<Batch> batches) {
  size_t total = 0;
  std::vector<std::vector<std::optional<Cost>>> costs;
  for (const Batch &b : batches) {
    total += b.candidates.size();
    costs.emplace_back(b.candidates.size());
  }
  result.evaluated += total;
  if (failed)
    return costs;
  if (options.remote && total >= options.remoteMinimum) {
    Expected<std::vector<std::vector<std::optional<Cost>>>> remote =
        options.remote(batches);
    if (remote)
      return std::move(*remote);
    failure = remote.takeError();
    failed = true;
    return costs;
  }
  return evaluateBatches(batches, options.threads);
}

/// Estimates each band's candidates of a round, in its stage alone (the
/// program cut down to it), one batch per stage, all stages at once.
void Searcher::estimateBands(std::vector<BandSpace> &spaces, bool firstRound) {
  std::map<std::string, std::vector<size_t>> byStage;
  for (auto [b, space] : llvm::enumerate(spaces))
    byStage[space.stage].push_back(b);
  std::vector<Batch> batches;
  std::vector<std::vector<size_t>> owners;
  for (auto &[stage, members] : byStage) {
    Batch batch{forStage(stage), {}};
    std::vector<size_t> owner;
    for (size_t b : members) {
      BandSpace &space = spaces[b];
      std::vector<Schedule> round;
      if (firstRound) {
        round = space.first;
      } else if (!space.exhaustive) {
        std::vector<Point> best = space.evaluated;
        llvm::sort(best, [](const Point &x, const Point &y) {
          return x.cost.latency < y.cost.latency;
        });
        best.resize(std::min(best.size(), kKeep));
        for (const Point &p : best)
          for (const Schedule &buffer : space.buffers)
            round.push_back(p.schedule.combinedWith(buffer));
      }
      for (Schedule &s : round) {
        batch.candidates.push_back(std::move(s));
        owner.push_back(b);
      }
    }
    batches.push_back(std::move(batch));
    owners.push_back(std::move(owner));
  }
  auto keep = [&](size_t i, ArrayRef<std::optional<Cost>> costs) {
    for (size_t c = 0; c < costs.size(); ++c)
      if (costs[c])
        spaces[owners[i][c]].evaluated.push_back(
            {batches[i].candidates[c], *costs[c]});
  };
  // Every stage at once: here the threads share all of them, remotely one
  // array holds them.
  if (outOfTime())
    return;
  std::vector<std::vector<std::optional<Cost>>> costs =
      estimateBatches(batches);
  for (size_t i = 0; i < batches.size(); ++i)
    keep(i, costs[i]);
}

/// Each stage alone, unscheduled: where its bands' fronts start.
void Searcher::estimateBaselines(std::vector<BandSpace> &spaces) {
  std::map<std::string, Cost> baselines;
  for (BandSpace &space : spaces) {
    auto it = baselines.find(space.stage);
    if (it == baselines.end()) {
      std::optional<Cost> cost = estimate({Schedule()}, space.stage).front();
      it = baselines.emplace(space.stage, cost ? *cost : result.baseline).first;
    }
    space.baseline = it->second;
  }
}

/// The band's Pareto front of latency against the budget's weight of its
/// resources, cheapest first, after the unscheduled program. Banks break
/// ties: a band that costs no DSP (zeroing an array) still offers each
/// partition factor, which bands sharing the array must agree on.
static int64_t banks(const Schedule &s) {
  int64_t n = 0;
  for (const PartitionChoice &p : s.partitions)
    n += p.factor;
  return n;
}

void Searcher::buildFront(BandSpace &space) {
  std::vector<Point> points = space.evaluated;
  const Budget &budget = options.budget;
  std::stable_sort(points.begin(), points.end(),
                   [&](const Point &x, const Point &y) {
                     double wx = budget.weight(x.cost.resources);
                     double wy = budget.weight(y.cost.resources);
                     if (wx != wy)
                       return wx < wy;
                     if (banks(x.schedule) != banks(y.schedule))
                       return banks(x.schedule) < banks(y.schedule);
                     return x.cost.latency < y.cost.latency;
                   });
  // The greedy pass starts every band unscheduled: that point comes first
  // even where a schedule costs no more.
  space.front.push_back({Schedule(), space.baseline});
  int64_t best = space.baseline.latency;
  for (Point &p : points)
    if (p.cost.latency < best) {
      best = p.cost.latency;
      space.front.push_back(std::move(p));
    }
}

static Schedule combination(const std::vector<BandSpace> &spaces,
                            const std::vector<size_t> &state) {
  Schedule s;
  for (size_t b = 0; b < spaces.size(); ++b)
    s = s.combinedWith(spaces[b].front[state[b]].schedule);
  return s;
}

/// Greedy: from every band unscheduled, repeatedly take the move (one band
/// up to kStride points along its front) with the most latency saved per
/// weight added. The bands' own estimates predict each move; the best
/// kVerify predictions are estimated in the whole program, which decides.
std::vector<size_t> Searcher::combine(std::vector<BandSpace> &spaces,
                                      bool withinBudget) {
  const Budget &budget = options.budget;
  std::vector<size_t> state(spaces.size(), 0);
  Cost current = result.baseline;
  auto ratio = [&](const Cost &to) {
    double gain = double(current.latency - to.latency);
    double added =
        budget.weight(to.resources) - budget.weight(current.resources);
    if (gain <= 0)
      return -1.0;
    return added <= 0 ? std::numeric_limits<double>::infinity() : gain / added;
  };
  while (!outOfTime()) {
    struct Move {
      std::vector<size_t> state;
      double predicted;
    };
    std::vector<Move> moves;
    for (size_t b = 0; b < spaces.size(); ++b)
      for (size_t j = state[b] + 1;
           j < spaces[b].front.size() && j <= state[b] + kStride; ++j) {
        const Cost &from = spaces[b].front[state[b]].cost;
        const Cost &to = spaces[b].front[j].cost;
        Cost guess = current;
        guess.latency += to.latency - from.latency;
        guess.resources.dsp += to.resources.dsp - from.resources.dsp;
        guess.resources.bram18k +=
            to.resources.bram18k - from.resources.bram18k;
        guess.resources.registerBits +=
            to.resources.registerBits - from.resources.registerBits;
        if (withinBudget && !budget.admits(guess.resources))
          continue;
        std::vector<size_t> next = state;
        next[b] = j;
        moves.push_back({std::move(next), ratio(guess)});
      }
    llvm::stable_sort(moves, [](const Move &x, const Move &y) {
      return x.predicted > y.predicted;
    });
    moves.resize(std::min(moves.size(), kVerify));
    if (moves.empty())
      return state;
    std::vector<Schedule> schedules;
    for (const Move &m : moves)
      schedules.push_back(combination(spaces, m.state));
    std::vector<std::optional<Cost>> costs = estimate(schedules);
    std::optional<size_t> pick;
    double bestRatio = 0;
    for (size_t i = 0; i < moves.size(); ++i) {
      if (!costs[i])
        continue;
      record({schedules[i], *costs[i]});
      if (withinBudget && !budget.admits(costs[i]->resources))
        continue;
      double r = ratio(*costs[i]);
      if (r > 0 && (!pick || r > bestRatio)) {
        pick = i;
        bestRatio = r;
      }
    }
    if (!pick)
      return state;
    state = moves[*pick].state;
    current = *costs[*pick];
  }
  return state;
}

/// Coordinate descent from where the greedy pass stopped: each band in turn
/// tries every point of its front with the others fixed (all estimated in
/// the whole program at once); the fastest admissible change is taken, for
/// up to kSweeps rounds.
void Searcher::polish(std::vector<BandSpace> &spaces, std::vector<size_t> state,
                      bool withinBudget) {
  const Budget &budget = options.budget;
  std::optional<Cost> current = estimate({combination(spaces, state)}).front();
  if (!current)
    return;
  for (size_t sweep = 0; sweep < kSweeps && !outOfTime(); ++sweep) {
    std::vector<std::vector<size_t>> states;
    std::vector<Schedule> schedules;
    for (size_t b = 0; b < spaces.size(); ++b)
      for (size_t j = 0; j < spaces[b].front.size(); ++j) {
        if (j == state[b])
          continue;
        std::vector<size_t> next = state;
        next[b] = j;
        schedules.push_back(combination(spaces, next));
        states.push_back(std::move(next));
      }
    std::vector<std::optional<Cost>> costs = estimate(schedules);
    std::optional<size_t> pick;
    for (size_t i = 0; i < states.size(); ++i) {
      if (!costs[i])
        continue;
      record({schedules[i], *costs[i]});
      if (withinBudget && !budget.admits(costs[i]->resources))
        continue;
      const Cost &best = pick ? *costs[*pick] : *current;
      if (costs[i]->latency < best.latency)
        pick = i;
    }
    if (!pick)
      return;
    state = states[*pick];
    current = costs[*pick];
  }
}

/// The bands' own estimates add up (stages run one after another, each
/// pipelined loop has its own units): the combination they predict fastest
/// within the budget, found by dynamic programming over the bands with the
/// Pareto set of (weight, latency) kept at each step. Coordinate descent
/// changes one band at a time; this moves several at once (gesummv within
/// the hand schedule's DSPs: one band up, two down).
std::vector<size_t>
Searcher::bestPredicted(const std::vector<BandSpace> &spaces,
                        const Budget &budget) {
  struct Partial {
    Cost cost;
    std::vector<size_t> state;
  };
  std::vector<Partial> partials{{result.baseline, {}}};
  for (const BandSpace &space : spaces) {
    std::vector<Partial> next;
    for (const Partial &p : partials)
      for (size_t j = 0; j < space.front.size(); ++j) {
        const Cost &from = space.front.front().cost, &to = space.front[j].cost;
        Partial q = p;
        q.cost.latency += to.latency - from.latency;
        q.cost.resources.dsp += to.resources.dsp - from.resources.dsp;
        q.cost.resources.bram18k +=
            to.resources.bram18k - from.resources.bram18k;
        q.cost.resources.registerBits +=
            to.resources.registerBits - from.resources.registerBits;
        if (!budget.admits(q.cost.resources))
          continue;
        q.state.push_back(j);
        next.push_back(std::move(q));
      }
    // Keep the Pareto set: by weight, each one faster than all before it.
    llvm::stable_sort(next, [&](const Partial &x, const Partial &y) {
      double wx = budget.weight(x.cost.resources);
      double wy = budget.weight(y.cost.resources);
      return wx != wy ? wx < wy : x.cost.latency < y.cost.latency;
    });
    partials.clear();
    int64_t best = std::numeric_limits<int64_t>::max();
    for (Partial &p : next)
      if (p.cost.latency < best) {
        best = p.cost.latency;
        partials.push_back(std::move(p));
      }
    if (partials.empty())
      return std::vector<size_t>(spaces.size(), 0);
  }
  return partials.back().state; // the fastest
}

/// The partitions `s` makes of `array`, in a fixed order.
static std::vector<std::tuple<int64_t, int, int64_t>>
partitionsOf(const Schedule &s, int array) {
  std::vector<std::tuple<int64_t, int, int64_t>> out;
  for (const PartitionChoice &p : s.partitions)
    if (p.array == array)
      out.emplace_back(p.dim, static_cast<int>(p.kind), p.factor);
  llvm::sort(out);
  return out;
}

/// Whether every partition of `a` is one of `b`'s.
static bool within(ArrayRef<std::tuple<int64_t, int, int64_t>> a,
                   ArrayRef<std::tuple<int64_t, int, int64_t>> b) {
  return llvm::all_of(a, [&](const auto &p) { return is_contained(b, p); });
}

/// The bands' own estimates add up except where bands share an array: one
/// band's partition of it can slow another that reads it at indices whose
/// bank the estimate cannot tell (a convolution's padded input, cut into
/// rows for the padding stage's unroll, read row after row by the
/// convolution's line buffer). For each array the chosen points partition
/// and several bands touch, unless they all partition it alike: each of
/// those bands' partitions in turn (and none) is imposed on the others,
/// which move to their fastest points that partition the array no further.
/// The variants are estimated together in the program cut down to those
/// bands' stages (stages run one after another, so they compare the same
/// as in the whole program), and the fastest within the budget is kept.
std::vector<size_t>
Searcher::repairShared(const std::vector<BandSpace> &spaces,
                       const std::vector<std::set<int>> &touched,
                       std::vector<size_t> state, const Budget &budget) {
  std::set<int> arrays;
  for (size_t b = 0; b < spaces.size(); ++b)
    for (const PartitionChoice &p :
         spaces[b].front[state[b]].schedule.partitions)
      arrays.insert(p.array);
  for (int array : arrays) {
    if (outOfTime())
      break;
    std::vector<size_t> members;
    for (size_t b = 0; b < spaces.size(); ++b)
      if (touched[b].count(array))
        members.push_back(b);
    auto parts = [&](size_t b, size_t point) {
      return partitionsOf(spaces[b].front[point].schedule, array);
    };
    if (members.size() < 2 || llvm::all_of(members, [&](size_t b) {
          return parts(b, state[b]) ==
                 parts(members.front(), state[members.front()]);
        }))
      continue;
    std::vector<std::vector<size_t>> variants{state};
    for (size_t w = 0; w <= members.size(); ++w) {
      auto imposed = w < members.size()
                         ? parts(members[w], state[members[w]])
                         : std::vector<std::tuple<int64_t, int, int64_t>>();
      std::vector<size_t> v = state;
      for (size_t c : members) {
        if (within(parts(c, v[c]), imposed))
          continue;
        size_t pick = 0; // the unscheduled point partitions nothing
        for (size_t j = 0; j < spaces[c].front.size(); ++j)
          if (within(parts(c, j), imposed))
            pick = j; // later points on the front are faster
        v[c] = pick;
      }
      if (!llvm::is_contained(variants, v))
        variants.push_back(std::move(v));
    }
    if (variants.size() < 2)
      continue;
    std::set<std::string> stageSet;
    for (size_t b : members)
      stageSet.insert(spaces[b].stage);
    std::vector<std::string> stages(stageSet.begin(), stageSet.end());
    std::vector<Schedule> schedules;
    for (const std::vector<size_t> &v : variants) {
      Schedule s;
      for (size_t b : members)
        s = s.combinedWith(spaces[b].front[v[b]].schedule);
      schedules.push_back(std::move(s));
    }
    std::vector<std::optional<Cost>> costs =
        estimate(schedules, llvm::join(stages, ","));
    if (!costs.front())
      continue;
    // The whole program's resources as the bands' own estimates predict
    // them, moved by each variant's difference in the cut program.
    Resources predicted = result.baseline.resources;
    for (size_t b = 0; b < spaces.size(); ++b) {
      const Resources &from = spaces[b].front.front().cost.resources;
      const Resources &to = spaces[b].front[state[b]].cost.resources;
      predicted.dsp += to.dsp - from.dsp;
      predicted.bram18k += to.bram18k - from.bram18k;
      predicted.registerBits += to.registerBits - from.registerBits;
    }
    size_t best = 0;
    for (size_t i = 1; i < variants.size(); ++i) {
      if (!costs[i] || costs[i]->latency >= costs[best]->latency)
        continue;
      Resources r = predicted;
      const Resources &from = costs.front()->resources,
                      &to = costs[i]->resources;
      r.dsp += to.dsp - from.dsp;
      r.bram18k += to.bram18k - from.bram18k;
      r.registerBits += to.registerBits - from.registerBits;
      if (budget.admits(r))
        best = i;
    }
    state = variants[best];
  }
  return state;
}

/// `budget` with each bound scaled by `share`.
static Budget scaled(const Budget &budget, double share) {
  auto scale = [&](std::optional<int64_t> bound) -> std::optional<int64_t> {
    if (!bound)
      return bound;
    return static_cast<int64_t>(static_cast<double>(*bound) * share);
  };
  Budget out = budget;
  out.dsp = scale(budget.dsp);
  out.bram = scale(budget.bram);
  out.ff = scale(budget.ff);
  return out;
}

/// Beyond kManyBands: the combination the bands' own estimates predict
/// fastest within the budget, and the same with the arrays they share
/// repaired, each estimated in the whole program. The estimates do not add
/// up exactly (ResNet-20 within 3,676 DSPs: a combination predicted within
/// it took 3,989), and the fronts are steps (asking for a little less can
/// give up a convolution's whole unroll), so with a budget the bands are
/// also asked for kAskedShares of it, all estimated at once.
void Searcher::combineMany(const std::vector<BandSpace> &spaces,
                           const std::vector<std::set<int>> &touched) {
  const Budget &budget = options.budget;
  bool bounded = budget.dsp || budget.bram || budget.ff;
  std::vector<std::vector<size_t>> states;
  for (double share : kAskedShares) {
    if (outOfTime())
      break;
    Budget asked = scaled(budget, share);
    std::vector<size_t> state = bestPredicted(spaces, asked);
    std::vector<size_t> repaired = repairShared(spaces, touched, state, asked);
    for (std::vector<size_t> *s : {&state, &repaired})
      if (!llvm::is_contained(states, *s))
        states.push_back(*s);
    if (!bounded)
      break;
  }
  std::vector<Schedule> schedules;
  for (const std::vector<size_t> &state : states)
    schedules.push_back(combination(spaces, state));
  std::vector<std::optional<Cost>> costs = estimate(schedules);
  for (size_t i = 0; i < schedules.size(); ++i)
    if (costs[i])
      record({schedules[i], *costs[i]});
}

/// Bands that share an array want the same partition factor: a copy of an
/// unroll by 2 over 4 cyclic banks may hit any bank. So every band at one
/// unroll factor at once (its fastest point with at most that factor) is
/// tried as well, for each factor some band uses.
void Searcher::estimateUniform(const std::vector<BandSpace> &spaces) {
  std::set<int64_t> factors;
  for (const BandSpace &space : spaces)
    for (size_t i = 1; i < space.front.size(); ++i)
      factors.insert(space.unrollAt(i));
  std::vector<Schedule> schedules;
  for (int64_t u : factors) {
    std::vector<size_t> state(spaces.size(), 0);
    for (size_t b = 0; b < spaces.size(); ++b)
      for (size_t i = 1; i < spaces[b].front.size(); ++i)
        if (spaces[b].unrollAt(i) <= u)
          state[b] = i; // later points on the front are faster
    schedules.push_back(combination(spaces, state));
  }
  std::vector<std::optional<Cost>> costs = estimate(schedules);
  for (size_t i = 0; i < schedules.size(); ++i)
    if (costs[i])
      record({schedules[i], *costs[i]});
}

/// Whether `s` unrolls a band of `stage`.
static bool unrolls(const Schedule &s, StringRef stage) {
  return llvm::any_of(s.bands, [&](const BandSchedule &b) {
    return b.stage == stage && (b.unroll > 1 || b.unrolledLoops > 0);
  });
}

/// `s` with those of `streams` whose two stages it does not unroll, and
/// without partitions of their arrays (a FIFO has no banks). A FIFO passes
/// one element a cycle, which the estimate does not enforce on an unrolled
/// access; so a stream is only added between stages that take one element
/// an iteration.
static Schedule withStreams(Schedule s, ArrayRef<StreamChoice> streams,
                            const std::map<int, std::string> &producers) {
  std::vector<StreamChoice> kept;
  for (const StreamChoice &c : streams) {
    auto producer = producers.find(c.array);
    if (unrolls(s, c.consumer) ||
        (producer != producers.end() && unrolls(s, producer->second)))
      continue;
    kept.push_back(c);
  }
  llvm::erase_if(s.partitions, [&](const PartitionChoice &p) {
    return llvm::any_of(
        kept, [&](const StreamChoice &c) { return c.array == p.array; });
  });
  s.streams.insert(s.streams.end(), kept.begin(), kept.end());
  return s;
}

/// `f` at the consumer's outermost loop as `s` leaves it: the first of its
/// band's order, the outer loop of the split when that is the only one.
static FuseChoice atScheduledLoop(FuseChoice f, const Schedule &s) {
  for (const BandSchedule &b : s.bands)
    if (b.stage == f.consumer && !b.order.empty() &&
        b.original.front() == f.loop) {
      f.loop = b.order.front();
      if (b.order.size() == 1 && b.unroll > 1 && b.unrolledLoops == 0)
        f.loop += ".outer";
    }
  return f;
}

/// Streams and compute_at, on whole schedules: stages overlap only through
/// a stream, and a fusion changes two stages at once, so they are tried on
/// the fastest points found within the budget (and on the unscheduled
/// program): every stream at once on each, each fusion alone on the
/// fastest; then each stream alone on the fastest of all. The primitives
/// refuse what is illegal (a stream read in another order than written, a
/// slice fusion cannot compute), the estimate says what pays.
void Searcher::estimateDataflow(mlir::func::FuncOp func) {
  std::vector<StreamChoice> streams = streamOptions(func);
  std::vector<FuseChoice> fusions = fusionOptions(func);
  if ((streams.empty() && fusions.empty()) || outOfTime())
    return;
  const Budget &budget = options.budget;
  auto fastest = [&](size_t n) {
    std::vector<Point> admitted;
    for (const Point &p : all)
      if (budget.admits(p.cost.resources) && p.schedule.streams.empty() &&
          p.schedule.fusions.empty())
        admitted.push_back(p);
    llvm::stable_sort(admitted, [](const Point &x, const Point &y) {
      return x.cost.latency < y.cost.latency;
    });
    std::vector<Schedule> out;
    for (const Point &p : admitted) {
      if (out.size() == n)
        break;
      std::string key = p.schedule.summary();
      if (llvm::none_of(out,
                        [&](const Schedule &q) { return q.summary() == key; }))
        out.push_back(p.schedule);
    }
    return out;
  };
  std::vector<Schedule> bases = fastest(kDataflowBases);
  bases.push_back(Schedule());
  std::map<int, std::string> producers = streamProducers(func);
  std::vector<Schedule> candidates;
  for (const Schedule &base : bases) {
    Schedule s = withStreams(base, streams, producers);
    if (!s.streams.empty())
      candidates.push_back(std::move(s));
  }
  if (fusions.size() <= kDataflowSingles)
    for (const FuseChoice &f : fusions) {
      Schedule s = bases.front();
      s.fusions.push_back(atScheduledLoop(f, s));
      candidates.push_back(std::move(s));
    }
  std::vector<std::optional<Cost>> costs = estimate(candidates);
  for (size_t i = 0; i < candidates.size(); ++i)
    if (costs[i])
      record({candidates[i], *costs[i]});
  if (streams.size() < 2 || streams.size() > kDataflowSingles || outOfTime())
    return;
  std::vector<Schedule> top = fastest(1);
  if (top.empty())
    return;
  const Schedule &best = top.front();
  candidates.clear();
  for (const StreamChoice &c : streams) {
    Schedule s = withStreams(best, {c}, producers);
    if (!s.streams.empty())
      candidates.push_back(std::move(s));
  }
  costs = estimate(candidates);
  for (size_t i = 0; i < candidates.size(); ++i)
    if (costs[i])
      record({candidates[i], *costs[i]});
}

Expected<SearchResult> Searcher::run(mlir::func::FuncOp func) {
  std::vector<Band> bands = bandsOf(func);
  if (bands.empty())
    return createStringError(inconvertibleErrorCode(),
                             "nothing to tune: @" + program.entry +
                                 " has no named loop in a stage");
  result.bands = bands.size();
  std::optional<Cost> base = estimate({Schedule()}).front();
  if (!base)
    return createStringError(inconvertibleErrorCode(),
                             "the unscheduled program cannot be estimated "
                             "(run hcl estimate on it to see why)");
  result.baseline = *base;
  record({Schedule(), *base});
  std::vector<BandSpace> spaces;
  std::vector<std::set<int>> touched;
  for (const Band &band : bands) {
    touched.push_back(arraysTouched(func, band));
    BandSpace space;
    space.stage = band.stage;
    std::vector<Schedule> core =
        coreOptions(func, band, options.partitionArguments);
    std::vector<Schedule> reuse = reuseOptions(func, band);
    space.buffers = bufferOptions(func, band);
    space.first = product(core, reuse);
    space.exhaustive =
        space.first.size() * (space.buffers.size() + 1) <= kExhaustive;
    if (space.exhaustive)
      space.first = product(space.first, space.buffers);
    spaces.push_back(std::move(space));
  }
  estimateBaselines(spaces);
  estimateBands(spaces, true);
  if (!outOfTime())
    estimateBands(spaces, false);
  for (BandSpace &space : spaces) {
    buildFront(space);
    if (program.explainRefusals)
      for (const Point &p : space.front)
        llvm::errs() << "hcl tune: band front: " << p.cost.latency << " "
                     << p.cost.resources.dsp << " " << p.schedule.summary()
                     << "\n";
  }
  estimateUniform(spaces);
  const Budget &budget = options.budget;
  bool bounded = budget.dsp || budget.bram || budget.ff;
  if (spaces.size() > kManyBands) {
    // The greedy pass and coordinate descent estimate the whole program
    // for every step (hundreds of steps with a hundred bands); here the
    // bands' own estimates, which add up, choose the combination, and the
    // whole program is estimated once to confirm it.
    combineMany(spaces, touched);
  } else if (!bounded) {
    polish(spaces, combine(spaces, false), false);
  } else {
    combine(spaces, false);
    polish(spaces, combine(spaces, true), true);
    polish(spaces, bestPredicted(spaces), true);
  }
  estimateDataflow(func);
  for (const Point &p : all) {
    if (!budget.admits(p.cost.resources))
      continue;
    if (!result.chosen || p.cost.latency < result.chosen->cost.latency)
      result.chosen = p;
  }
  for (const Point &p : all) {
    bool dominated = llvm::any_of(
        all, [&](const Point &q) { return dominates(q.cost, p.cost); });
    bool same = llvm::any_of(result.front, [&](const Point &q) {
      return !dominates(q.cost, p.cost) && !dominates(p.cost, q.cost) &&
             q.cost.latency == p.cost.latency &&
             q.cost.resources.dsp == p.cost.resources.dsp &&
             q.cost.resources.bram18k == p.cost.resources.bram18k &&
             q.cost.resources.registerBits == p.cost.resources.registerBits;
    });
    if (!dominated && !same)
      result.front.push_back(p);
  }
  llvm::sort(result.front, [](const Point &x, const Point &y) {
    return x.cost.latency < y.cost.latency;
  });
  result.seconds = elapsed();
  if (failed)
    return std::move(failure);
  return result;
}

Expected<SearchResult> search(const Program &program, mlir::func::FuncOp func,
                              const SearchOptions &options) {
  return Searcher(program, options).run(func);
}

} // namespace hcl::tuner
