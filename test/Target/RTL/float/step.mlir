// A recurrence through memory in a loop of step 2 (found by
// random_schedules.py --rtl --float, seed 2, program 1): MLIR's dependence
// analysis gives the distance in values of the induction variable (2), which
// is one iteration. Counted as two, the RecMII was half the recurrence (3
// for a load, an f64 addf of 4 cycles and a store) and the second
// iteration read in1[0] before the first had stored it.
// REQUIRES: verilator
// RUN: hcl check --rtl %s --entry step2 --seeds 2 2>&1 | FileCheck %s --check-prefix=STEP2
// RUN: hcl check --rtl %s --entry step3 --seeds 2 2>&1 | FileCheck %s --check-prefix=STEP3
// RUN: hcl check --rtl %s --entry step3far --seeds 2 2>&1 | FileCheck %s --check-prefix=STEP3FAR
// RUN: hcl estimate --target rtl %s --entry step2 | FileCheck %s --check-prefix=EST2
// RUN: hcl estimate --target rtl %s --entry step3 | FileCheck %s --check-prefix=EST3
// RUN: hcl estimate --target rtl %s --entry step3far | FileCheck %s --check-prefix=EST3FAR

// STEP2: remark: rtl: loop 'r' pipelined at II 6 instead of 1: the estimate's ResMII is 1 (the ports of its memories) and its RecMII 6
// STEP2: hcl check --rtl: OK: @step2
// EST2: s0/r 2 1 1 6 6
func.func @step2(%in0: memref<6xf64>, %in1: memref<1xf64>) {
  affine.for %r = 2 to 6 step 2 {
    %x1 = affine.load %in0[%r] : memref<6xf64>
    %x2 = affine.load %in1[0] : memref<1xf64>
    %x3 = arith.addf %x1, %x2 : f64
    affine.store %x3, %in1[0] : memref<1xf64>
  } {loop_name = "r", reduction = 1 : i32, stage_name = "s0", pipeline_ii = 1 : i32}
  return
}

// b[i + 3] from b[i] at step 3 is the next iteration (RecMII 6: the load,
// addf's 4 cycles, the store), b[i + 9] from b[i] three later (RecMII 2).
// STEP3: remark: rtl: loop 'i' pipelined at II 6 instead of 1: the estimate's ResMII is 1 (the ports of its memories) and its RecMII 6
// STEP3: hcl check --rtl: OK: @step3
// EST3: s/i 8 1 1 6 6
// STEP3FAR: remark: rtl: loop 'i' pipelined at II 2 instead of 1: the estimate's ResMII is 1 (the ports of its memories) and its RecMII 2
// STEP3FAR: hcl check --rtl: OK: @step3far
// EST3FAR: s/i 8 1 1 2 2
func.func @step3(%b: memref<33xf32>) {
  affine.for %i = 0 to 24 step 3 {
    %x = affine.load %b[%i] : memref<33xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %b[%i + 3] : memref<33xf32>
  } {loop_name = "i", stage_name = "s", pipeline_ii = 1 : i32}
  return
}

func.func @step3far(%b: memref<33xf32>) {
  affine.for %i = 0 to 24 step 3 {
    %x = affine.load %b[%i] : memref<33xf32>
    %y = arith.addf %x, %x : f32
    affine.store %y, %b[%i + 9] : memref<33xf32>
  } {loop_name = "i", stage_name = "s", pipeline_ii = 1 : i32}
  return
}
