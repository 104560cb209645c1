//===- RunFailure.cpp - what the driver says when a run fails -------------===//

#include "RunFailure.h"

#include "hcl/Runtime/DivisionChecks.h"

namespace hcl::driver {

std::string describeRunFailure(llvm::Error error, llvm::StringRef which,
                               bool randomInputs) {
  bool division = error.isA<DivisionFaultError>();
  std::string text = llvm::toString(std::move(error));
  if (!which.empty())
    text += ", in " + which.str();
  if (division && randomInputs)
    text += "; random integer inputs include 0 and -1: draw the divisors "
            "from a range without them (--input-range NAME=1,16)";
  return text;
}

} // namespace hcl::driver
