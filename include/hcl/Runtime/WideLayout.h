//===- WideLayout.h - integers wider than 64 bits in .npy files -*- C++ -*-===//
//
// NumPy has no integer dtype wider than 64 bits. An iN array (N > 64) of
// shape S travels as a uint8 array of shape S + [ceil(N / 8)]: each element's
// little-endian two's-complement bytes, the unused bits of the top byte
// sign-extended (zero for hcl.unsigned). In NumPy:
//
//   value = int.from_bytes(a[i].tobytes(), "little", signed=True)
//   a[i] = np.frombuffer(value.to_bytes(n, "little", signed=True), np.uint8)
//
//===----------------------------------------------------------------------===//

#ifndef HCL_RUNTIME_WIDELAYOUT_H
#define HCL_RUNTIME_WIDELAYOUT_H

#include "hcl/Runtime/HostArray.h"

#include "llvm/Support/Error.h"

namespace hcl {

/// The .npy form (uint8, one more dimension of bytes) of a Wide array.
HostArray wideToBytes(const HostArray &wide);

/// A Wide array of `bits`-bit elements and `shape` from its .npy form;
/// `what` names it in the error when the bytes have the wrong dtype or shape.
llvm::Expected<HostArray> wideFromBytes(const HostArray &bytes, unsigned bits,
                                        bool isUnsigned,
                                        const std::vector<int64_t> &shape,
                                        llvm::StringRef what);

} // namespace hcl

#endif // HCL_RUNTIME_WIDELAYOUT_H
