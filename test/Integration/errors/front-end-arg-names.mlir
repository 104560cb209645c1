// A program as hcl.lower prints what the front ends write: the SSA names
// are %arg0..., and the arguments carry their tensors' names in
// hcl.arg_name (issue 27), so --input-range and the bounds messages name
// them as the user does; the position and argN still work.
// RUN: not hcl check %s --check-bounds 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: hcl: error: out-of-bounds access: index [-{{[0-9]+}}] into 'T' (argument 1 of @top, memref<16xf32>) in stage 'B'
// RUN: hcl check %s --check-bounds --input-range I=0,15 | FileCheck %s --check-prefix=RANGE
// RUN: hcl check %s --check-bounds --input-range arg0=0,15 | FileCheck %s --check-prefix=RANGE
// RANGE: hcl check: OK: @top matches the unscheduled program on 3 seeds
// RUN: hcl run %s --random-inputs 4 --input-range I=0,15 --check-bounds | FileCheck %s --check-prefix=RUNOUT
// RUNOUT: result0   8            float32
// RUN: not hcl run %s --random-inputs 4 --input-range arg0=0,15 --input-range T=0,x 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: hcl: error: --input-range 'T=0,x': LO and HI must be numbers
// RUN: not hcl run %s --random-inputs 4 --input-range Q=0,15 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: hcl: error: --input-range 'Q=0,15': no argument named 'Q'
#loc1 = loc("gather.py":6:0)
func.func @top(%arg0: memref<8xi32> {hcl.arg_name = "I"}, %arg1: memref<16xf32> {hcl.arg_name = "T"}) -> memref<8xf32> {
  %B = memref.alloc() {name = "B"} : memref<8xf32> loc(#loc1)
  affine.for %i = 0 to 8 {
    %k = affine.load %arg0[%i] : memref<8xi32> loc(#loc1)
    %ki = arith.index_cast %k : i32 to index loc(#loc1)
    %v = memref.load %arg1[%ki] : memref<16xf32> loc(#loc1)
    affine.store %v, %B[%i] : memref<8xf32> loc(#loc1)
  } {loop_name = "i", stage_name = "B"} loc(#loc1)
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  hcl.pipeline(%s, %li, 1)
  return %B : memref<8xf32>
}
