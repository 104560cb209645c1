//===- BufferShape.h - the shape of a reuse or write buffer -----*- C++ -*-===//

#ifndef HCL_LIB_FRONTEND_BUFFERSHAPE_H
#define HCL_LIB_FRONTEND_BUFFERSHAPE_H

#include "Nodes.h"

#include <optional>

namespace hcl::detail {

/// The shape of the buffer allocation named `name` once the schedule
/// recorded so far is applied; none when the schedule does not apply (its
/// error comes when the program is lowered) or the name is not one buffer's.
std::optional<std::vector<int64_t>>
inferBufferShape(const ScheduleImpl &schedule, const std::string &name);

} // namespace hcl::detail

#endif // HCL_LIB_FRONTEND_BUFFERSHAPE_H
