//===- InputRanges.cpp - --input-range for random inputs ------------------===//

#include "InputRanges.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace hcl::driver {

static Error badSpec(StringRef spec, const Twine &why) {
  return createStringError("--input-range '" + spec + "': " + why +
                           " (expected LO,HI or NAME=LO,HI, e.g. 0,15 or "
                           "A=0,15)");
}

/// The argument `name` refers to: argN, N, or a source name.
static std::optional<size_t>
argumentIndex(StringRef name, ArrayRef<std::string> names, size_t count) {
  size_t index;
  StringRef digits = name;
  digits.consume_front("arg");
  if (!digits.getAsInteger(10, index) && index < count)
    return index;
  for (size_t i = 0; i < names.size() && i < count; ++i)
    if (!names[i].empty() && names[i] == name.ltrim('%'))
      return i;
  return std::nullopt;
}

Expected<std::vector<std::optional<InputRange>>>
resolveInputRanges(ArrayRef<std::string> specs, ArrayRef<std::string> names,
                   const std::vector<HostArray> &arguments) {
  std::vector<std::optional<InputRange>> ranges(arguments.size());
  std::optional<InputRange> fallback;
  for (StringRef spec : specs) {
    auto [name, bounds] = spec.contains('=')
                              ? spec.split('=')
                              : std::make_pair(StringRef(), spec);
    auto [loText, hiText] = bounds.split(',');
    InputRange range;
    if (loText.trim().getAsDouble(range.lo) ||
        hiText.trim().getAsDouble(range.hi))
      return badSpec(spec, "LO and HI must be numbers");
    if (name.empty()) {
      fallback = range;
      continue;
    }
    std::optional<size_t> index =
        argumentIndex(name.trim(), names, arguments.size());
    if (!index)
      return badSpec(spec, "no argument named '" + name +
                               "' (use argN or N for argument N, 0-based; "
                               "the entry takes " +
                               Twine(arguments.size()) + ")");
    ranges[*index] = range;
  }
  for (size_t i = 0; i < ranges.size(); ++i) {
    if (!ranges[i])
      ranges[i] = fallback;
    if (ranges[i])
      if (Error error = checkRangeFits(arguments[i], *ranges[i]))
        return createStringError("--input-range for argument " + Twine(i) +
                                 ": " + toString(std::move(error)));
  }
  return ranges;
}

static std::vector<std::pair<size_t, HostArray>> &givenStorage() {
  static std::vector<std::pair<size_t, HostArray>> given;
  return given;
}

void setGivenArguments(std::vector<std::pair<size_t, HostArray>> given) {
  givenStorage() = std::move(given);
}

const std::vector<std::pair<size_t, HostArray>> &givenArguments() {
  return givenStorage();
}

void fillGivenArguments(std::vector<HostArray> &arguments) {
  for (const auto &[position, values] : givenArguments())
    if (position < arguments.size() &&
        arguments[position].shape() == values.shape() &&
        arguments[position].kind() == values.kind())
      arguments[position] = values;
}

void fillArguments(std::vector<HostArray> &arguments, uint64_t seed,
                   const std::vector<std::optional<InputRange>> &ranges) {
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (i < ranges.size() && ranges[i])
      fillRandomInRange(arguments[i], seed, i, *ranges[i]);
    else
      fillRandom(arguments[i], seed, i);
  }
  fillGivenArguments(arguments);
}

} // namespace hcl::driver
