//===- Budget.cpp - the resources a tuned design may use ------------------===//

#include "hcl/Tune/Budget.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hcl::tuner {

double Budget::weight(const Resources &r) const {
  if (!dsp && !bram && !ff)
    return r.dsp + r.bram18k + r.registerBits / 1000.0;
  auto share = [](int64_t used, std::optional<int64_t> bound) {
    if (!bound)
      return used * 1e-6; // breaks ties only
    return *bound ? double(used) / *bound : (used ? 1e9 : 0.0);
  };
  return share(r.dsp, dsp) + share(r.bram18k, bram) + share(r.registerBits, ff);
}

std::string Budget::str() const {
  std::vector<std::string> parts;
  if (dsp)
    parts.push_back("dsp=" + std::to_string(*dsp));
  if (bram)
    parts.push_back("bram=" + std::to_string(*bram));
  if (ff)
    parts.push_back("ff=" + std::to_string(*ff));
  return parts.empty() ? "none" : join(parts, ",");
}

static Error budgetError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), "--budget: " + message);
}

Expected<Budget> parseBudget(StringRef text) {
  Budget budget;
  SmallVector<StringRef> items;
  text.split(items, ',');
  for (StringRef item : items) {
    auto [key, value] = item.trim().split('=');
    key = key.trim();
    value = value.trim();
    if (key.empty() || !item.contains('='))
      return budgetError("'" + item + "' is not KEY=N (keys: dsp, bram, ff)");
    std::optional<int64_t> *slot = key == "dsp"    ? &budget.dsp
                                   : key == "bram" ? &budget.bram
                                   : key == "ff"   ? &budget.ff
                                                   : nullptr;
    if (key == "lut")
      return budgetError("lut: hcl estimate does not count LUTs, so this "
                         "budget could not be honoured; bound dsp, bram or "
                         "ff instead");
    if (!slot)
      return budgetError("unknown resource '" + key +
                         "' (keys: dsp, bram, ff)");
    int64_t n;
    if (value.getAsInteger(10, n) || n < 0)
      return budgetError(key + "=" + value +
                         ": the bound must be a non-negative integer");
    if (*slot)
      return budgetError(key + " is given twice");
    *slot = n;
  }
  return budget;
}

} // namespace hcl::tuner
