// Random inputs divide by zero: hcl reports the operation, its stage and
// its location instead of dying of SIGFPE with a stack dump (issue 26);
// with random inputs it says how to draw divisors without zero.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not hcl check %s 2>&1 | FileCheck %s --check-prefix=CHECK-CPU
// CHECK-CPU: hcl: error: integer division by zero: arith.divsi in stage 'C' ({{.*}}division-by-zero.mlir:[[@LINE+26]]:{{[0-9]+}}), in the unscheduled program on seed 0; random integer inputs include 0 and -1: draw the divisors from a range without them (--input-range NAME=1,16)
// CHECK-CPU-NOT: Stack dump
// RUN: not hcl check --hls %s 2>&1 | FileCheck %s --check-prefix=CHECK-HLS
// CHECK-HLS: hcl: error: integer division by zero: arith.divsi in stage 'C' ({{.*}}), in the JIT on seed 0; random integer inputs include 0 and -1
// RUN: not hcl run %s --random-inputs 1 2>&1 | FileCheck %s --check-prefix=RUN-RANDOM
// RUN-RANDOM: hcl: error: integer division by zero: arith.divsi in stage 'C' ({{.*}}); random integer inputs include 0 and -1
// Divisors drawn from 1..16 divide fine.
// RUN: hcl check %s --input-range B=1,16 | FileCheck %s --check-prefix=RANGED
// RUN: hcl check --hls %s --input-range B=1,16 | FileCheck %s --check-prefix=RANGED
// RANGED: OK: @top
// Given inputs: the division is named, without the random-input hint.
// RUN: %python %inputs/write_npy.py %t/a.npy '<i4' 4 7,8,9,-2147483648
// RUN: %python %inputs/write_npy.py %t/zero.npy '<i4' 4 1,0,3,1
// RUN: %python %inputs/write_npy.py %t/minus.npy '<i4' 4 1,2,3,-1
// RUN: %python %inputs/write_npy.py %t/fine.npy '<i4' 4 7,2,3,1
// RUN: not hcl run %s --entry small --input %t/a.npy --input %t/zero.npy 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: hcl: error: integer division by zero: arith.remsi in stage 'R' ({{.*}}division-by-zero.mlir:[[@LINE+24]]:{{[0-9]+}}){{$}}
// RUN: not hcl run %s --entry small --input %t/a.npy --input %t/minus.npy 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: hcl: error: integer division overflow (the most negative value divided by -1): arith.remsi in stage 'R'
// RUN: hcl run %s --entry small --input %t/a.npy --input %t/fine.npy | FileCheck %s --check-prefix=FINE
// FINE: result0   4            int32    sum=0 
func.func @top(%A: memref<256xi32>, %B: memref<256xi32>) -> memref<256xi32> {
  %C = memref.alloc() {name = "C"} : memref<256xi32>
  affine.for %i = 0 to 256 {
    %a = affine.load %A[%i] : memref<256xi32>
    %b = affine.load %B[%i] : memref<256xi32>
    %q = arith.divsi %a, %b : i32
    affine.store %q, %C[%i] : memref<256xi32>
  } {loop_name = "i", stage_name = "C"}
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "C" : !hcl.StageHandle
  hcl.pipeline(%s, %li, 1)
  return %C : memref<256xi32>
}

func.func @small(%A: memref<4xi32>, %B: memref<4xi32>) -> memref<4xi32> {
  %R = memref.alloc() {name = "R"} : memref<4xi32>
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xi32>
    %b = affine.load %B[%i] : memref<4xi32>
    %r = arith.remsi %a, %b : i32
    affine.store %r, %R[%i] : memref<4xi32>
  } {loop_name = "i", stage_name = "R"}
  return %R : memref<4xi32>
}
