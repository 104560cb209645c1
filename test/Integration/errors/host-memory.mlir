// Arrays too large for the host are clean errors, not "LLVM ERROR: out of
// memory" or a segfault; .npy headers are read and checked before the data
// (issue 15).
// RUN: rm -rf %t && mkdir -p %t
// RUN: not hcl run %s --random-inputs 1 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: error: argument 0 of @top (memref<1000000x1000000xf32>) needs 4000000000000 bytes (3725.3 GiB), more than this machine's memory
// RUN: not hcl check %s 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not hcl run %s --entry overflow --random-inputs 1 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: error: argument 0 of @overflow (memref<4294967296x4294967296x16xf32>) is too large: its size in bytes overflows a 64-bit integer
// RUN: not hcl run %s --entry small --input /dev/zero 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: hcl: error: /dev/zero: not a .npy file (bad magic)
// RUN: %python -c "import struct; h=\"{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 16), }\n\"; open('%t/overflow.npy','wb').write(b'\x93NUMPY\x01\x00'+struct.pack('<H',len(h))+h.encode())"
// RUN: not hcl run %s --entry small --input %t/overflow.npy 2>&1 | FileCheck %s --check-prefix=NPYOVERFLOW
// NPYOVERFLOW: hcl: error: {{.*}}overflow.npy: the shape's size in bytes overflows a 64-bit integer
// RUN: %python -c "import struct; h=\"{'descr': '<f4', 'fortran_order': False, 'shape': (1000000, 1000000), }\n\"; open('%t/big.npy','wb').write(b'\x93NUMPY\x01\x00'+struct.pack('<H',len(h))+h.encode())"
// RUN: not hcl run %s --entry small --input %t/big.npy 2>&1 | FileCheck %s --check-prefix=NPYBIG
// NPYBIG: hcl: error: {{.*}}big.npy: truncated data: expected 4000000000000 bytes, found 0
// RUN: cat %t/big.npy | not hcl run %s --entry small --input /dev/stdin 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: hcl: error: /dev/stdin: the array needs 4000000000000 bytes, more than this machine's memory
func.func @top(%A: memref<1000000x1000000xf32>) {
  return
}
func.func @overflow(%A: memref<4294967296x4294967296x16xf32>) {
  return
}
func.func @small(%A: memref<4xf32>) {
  return
}
