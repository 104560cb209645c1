//===- Budget.h - the resources a tuned design may use ----------*- C++ -*-===//

#ifndef HCL_TUNE_BUDGET_H
#define HCL_TUNE_BUDGET_H

#include "hcl/Analysis/Estimate.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace hcl::tuner {

/// Upper bounds on what hcl estimate counts: DSP slices, 18 Kb BRAMs and
/// register bits (flip-flops). None: unbounded.
struct Budget {
  std::optional<int64_t> dsp, bram, ff;

  bool admits(const Resources &r) const {
    return (!dsp || r.dsp <= *dsp) && (!bram || r.bram18k <= *bram) &&
           (!ff || r.registerBits <= *ff);
  }
  /// The share of the budget `r` takes (sum over bounded kinds); with no
  /// bound, DSPs and BRAMs count one each and register bits a thousandth.
  double weight(const Resources &r) const;
  std::string str() const;
};

/// Parses `dsp=N,bram=M,lut=L,ff=F` (any subset, each once). An unknown
/// key, a value that is not a non-negative integer, a repeated key or `lut`
/// (which the estimate does not count, so it could not be honoured) is an
/// error that names the offending item.
llvm::Expected<Budget> parseBudget(llvm::StringRef text);

} // namespace hcl::tuner

#endif // HCL_TUNE_BUDGET_H
