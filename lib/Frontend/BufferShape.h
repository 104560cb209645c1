//===- BufferShape.h - the shape of a reuse or write buffer -----*- C++ -*-===//

#ifndef HCL_LIB_FRONTEND_BUFFERSHAPE_H
#define HCL_LIB_FRONTEND_BUFFERSHAPE_H

#include "Nodes.h"

#include <memory>

namespace hcl::detail {

/// Sets `buffer.resolveShape` (the buffer reuse_at / buffer_at just
/// recorded, as the last command of `schedule`) to find its shape when first
/// asked: the type of the buffer allocation named like it once the commands
/// recorded so far are applied to the program. The shape stays empty when
/// they do not apply (the error comes when the program is lowered), the name
/// is not one buffer's, or the schedule is gone. Deferred because each look
/// applies the whole schedule (ResNet-20 records 40 buffers).
void deferBufferShape(const std::shared_ptr<ScheduleImpl> &schedule,
                      TensorNode &buffer);

} // namespace hcl::detail

#endif // HCL_LIB_FRONTEND_BUFFERSHAPE_H
