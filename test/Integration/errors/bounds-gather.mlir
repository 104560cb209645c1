// A gather reads T[I[i]]: an index of 99 into 16 entries is stopped by
// --check-bounds with the tensor, the index and the stage named (issue 15);
// without it the program reads garbage. In-range inputs give the same
// outputs with and without the checks.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %inputs/write_npy.py %t/bad.npy '<i4' 8 1,2,99,3,0,0,0,0
// RUN: %python %inputs/write_npy.py %t/good.npy '<i4' 8 1,2,15,3,0,7,0,9
// RUN: %python %inputs/write_npy.py %t/table.npy '<f4' 16 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
// RUN: not hcl run %s --input %t/bad.npy --input %t/table.npy --check-bounds 2>&1 | FileCheck %s --check-prefix=RUN99
// RUN99: hcl: error: out-of-bounds access: index [99] into 'T' (argument 1 of @top, memref<16xf32>) in stage 'B'
// RUN: hcl run %s --input %t/good.npy --input %t/table.npy --check-bounds | FileCheck %s --check-prefix=GOOD
// RUN: hcl run %s --input %t/good.npy --input %t/table.npy | FileCheck %s --check-prefix=GOOD
// GOOD: result0   8            float32  sum=37 hash=
// Random inputs lie in [-16, 16): negative indices are caught by hcl check
// too, and --input-range keeps them in range.
// RUN: not hcl check %s --check-bounds 2>&1 | FileCheck %s --check-prefix=CHECK-NEG
// CHECK-NEG: hcl: error: out-of-bounds access: index [-{{[0-9]+}}] into 'T' (argument 1 of @top, memref<16xf32>) in stage 'B'
// RUN: hcl check %s --check-bounds --input-range I=0,15 | FileCheck %s --check-prefix=RANGE
// RUN: hcl check %s --check-bounds --input-range arg0=0,15 --input-range 1=-2.5,2.5 | FileCheck %s --check-prefix=RANGE
// RUN: hcl check %s --check-bounds --input-range 0,15 | FileCheck %s --check-prefix=RANGE
// RANGE: hcl check: OK: @top matches the unscheduled program on 3 seeds
// hcl run draws in range too.
// RUN: hcl run %s --random-inputs 4 --input-range I=0,15 --check-bounds | FileCheck %s --check-prefix=RUNRANGE
// RUNRANGE: result0   8            float32
// An index one past the end is caught too (a range of 0..16).
// RUN: not hcl check %s --check-bounds --input-range I=0,16 --seeds 20 2>&1 | FileCheck %s --check-prefix=PAST
// PAST: index [16] into 'T' (argument 1 of @top
func.func @top(%I: memref<8xi32>, %T: memref<16xf32>) -> memref<8xf32> {
  %B = memref.alloc() {name = "B"} : memref<8xf32>
  affine.for %i = 0 to 8 {
    %k = affine.load %I[%i] : memref<8xi32>
    %ki = arith.index_cast %k : i32 to index
    %v = memref.load %T[%ki] : memref<16xf32>
    affine.store %v, %B[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "B"}
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  hcl.pipeline(%s, %li, 1)
  return %B : memref<8xf32>
}
