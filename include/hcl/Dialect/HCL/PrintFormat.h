//===- PrintFormat.h - the printf formats of hcl.print ----------*- C++ -*-===//
//
// hcl.print's format is C's printf format with one value per conversion.
// The front ends rewrite the user's format so that every integer
// conversion reads a 64-bit value (`%lld`) and every floating one a double,
// the op's verifier checks it, and both backends pass it to printf as is.
// Standard C++ only: the front end's core uses it too.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_DIALECT_HCL_PRINTFORMAT_H
#define HCL_DIALECT_HCL_PRINTFORMAT_H

#include <cctype>
#include <cstring>
#include <string>
#include <vector>

namespace hcl {

/// One conversion of a printf format: `%` at `start`, its length modifier
/// at [lengthStart, conversionAt), the conversion character at
/// `conversionAt`.
struct PrintConversion {
  size_t start, lengthStart, conversionAt;
  char conversion;
  bool isFloat;
};

/// The conversions of `format` in order, or an error message (non-empty
/// `error`) for a conversion hcl.print does not print.
inline std::vector<PrintConversion> parsePrintFormat(const std::string &format,
                                                     std::string &error) {
  std::vector<PrintConversion> conversions;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%')
      continue;
    if (i + 1 < format.size() && format[i + 1] == '%') {
      ++i;
      continue;
    }
    PrintConversion c{i, 0, 0, 0, false};
    size_t k = i + 1;
    while (k < format.size() && std::strchr("-+ #0", format[k]))
      ++k;
    while (k < format.size() && (std::isdigit(format[k]) || format[k] == '.'))
      ++k;
    if (k < format.size() && format[k] == '*') {
      error = "a '*' width or precision (write the number into the format)";
      return {};
    }
    c.lengthStart = k;
    while (k < format.size() && std::strchr("hlLqjzt", format[k]))
      ++k;
    if (k == format.size()) {
      error = "a '%' without a conversion at the end";
      return {};
    }
    c.conversionAt = k;
    c.conversion = format[k];
    if (std::strchr("diouxXc", c.conversion)) {
      c.isFloat = false;
    } else if (std::strchr("fFeEgGaA", c.conversion)) {
      c.isFloat = true;
    } else {
      error = std::string("the conversion '%") + c.conversion +
              "' (hcl.print prints numbers: d i u o x X c f e g a)";
      return {};
    }
    conversions.push_back(c);
    i = k;
  }
  return conversions;
}

/// `format` with every integer conversion given the `ll` length and every
/// floating one none, as hcl.print's operands (i64, f64) need.
inline std::string
normalizePrintFormat(const std::string &format,
                     const std::vector<PrintConversion> &conversions) {
  std::string result;
  size_t done = 0;
  for (const PrintConversion &c : conversions) {
    result += format.substr(done, c.lengthStart - done);
    if (!c.isFloat)
      result += "ll";
    result += c.conversion;
    done = c.conversionAt + 1;
  }
  return result + format.substr(done);
}

/// `format` with each conversion fitted to its value as HeteroCL-MLIR
/// prints (every value as a double): `ll` for an integer value under an
/// integer conversion, `.0f` (or `f` after a given precision) for any other
/// value under one; floating conversions lose their length modifier.
inline std::string
fitPrintFormat(const std::string &format,
               const std::vector<PrintConversion> &conversions,
               const std::vector<bool> &integerValues) {
  std::string result;
  size_t done = 0;
  for (size_t k = 0; k < conversions.size(); ++k) {
    const PrintConversion &c = conversions[k];
    result += format.substr(done, c.lengthStart - done);
    if (c.isFloat) {
      result += c.conversion;
    } else if (integerValues[k]) {
      result += "ll";
      result += c.conversion;
    } else {
      std::string spec = format.substr(c.start, c.lengthStart - c.start);
      result += spec.find('.') == std::string::npos ? ".0f" : "f";
    }
    done = c.conversionAt + 1;
  }
  return result + format.substr(done);
}

} // namespace hcl

#endif // HCL_DIALECT_HCL_PRINTFORMAT_H
