//===- MergeShift.h - a line buffer's shift joins its pipeline -*- C++ -*-===//
//
// reuse_at with a line buffer alone (seed 000's conv2d-nchw+LB) leaves, in
// each iteration of the reuse axis, the buffer's shift as a nest of its own
// (walking the input's N positions of w) before the guarded pipelined loop
// that reads the buffer (M < N positions of the output):
//
//   for h'                                 for h'
//     for c, w' in 0..N {spatial}            for w' in 0..N   (pipelined)
//       LB[c, .., w'] <- A[c, h', w']          for c: LB[c, .., w'] <- A[...]
//     if (h' >= 2)                    ->       if (h' >= 2 && w' >= N - M)
//       for w in 0..M (pipelined)                body, w = w' - (N - M)
//         body: LB[.., w + k], k <= N - M
//
// The nest around the pipelined loop is then perfect and becomes one
// pipeline (FlattenBands.h), where each row paid the shift nest and the
// pipeline's fill and drain. The merge is legal because the body reads the
// buffer at positions w + k <= w', which the merged loop has shifted
// already, the shift reads the buffer only at w', and the shift touches
// nothing the body writes. The HLS C++ and CPU paths keep reuse_at's form
// (the seed's listing); the merge is the hardware's schedule, as flattening
// is.
//
//===----------------------------------------------------------------------===//

#ifndef HCL_LIB_TARGET_RTL_MERGESHIFT_H
#define HCL_LIB_TARGET_RTL_MERGESHIFT_H

#include "mlir/IR/BuiltinOps.h"

namespace hcl::rtl {

/// Merges each shift nest that precedes a guarded pipelined loop into that
/// loop, as above, wherever the conditions hold; the others stay.
void mergeShiftsIntoPipelines(mlir::ModuleOp module);

} // namespace hcl::rtl

#endif // HCL_LIB_TARGET_RTL_MERGESHIFT_H
