// A fixed-point division by zero is reported as one, in hcl check and
// hcl check --hls, with its stage and location (issue 26).
// RUN: not hcl check %s 2>&1 | FileCheck %s
// RUN: not hcl check --hls %s 2>&1 | FileCheck %s
// CHECK: hcl: error: integer division by zero: fixed-point division (hcl.div_fixed) in stage 'Q' ({{.*}}division-fixed.mlir:[[@LINE+11]]:{{[0-9]+}}), in the {{.*}} on seed 0; random integer inputs include 0 and -1
// CHECK-NOT: Stack dump
// RUN: hcl check %s --input-range B=1,100 | FileCheck %s --check-prefix=RANGED
// RANGED: hcl check: OK: @top
func.func @top(%A: memref<256xi8>, %B: memref<256xi8>) -> memref<256xi8> {
  %Q = memref.alloc() {name = "Q"} : memref<256xi8>
  affine.for %i = 0 to 256 {
    %ra = affine.load %A[%i] : memref<256xi8>
    %rb = affine.load %B[%i] : memref<256xi8>
    %x = hcl.bitcast %ra : i8 to !hcl.Fixed<8, 4>
    %y = hcl.bitcast %rb : i8 to !hcl.Fixed<8, 4>
    %d = hcl.div_fixed %x, %y : !hcl.Fixed<8, 4>
    %r = hcl.bitcast %d : !hcl.Fixed<8, 4> to i8
    affine.store %r, %Q[%i] : memref<256xi8>
  } {loop_name = "i", stage_name = "Q"}
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "Q" : !hcl.StageHandle
  hcl.unroll(%s, %li, 4)
  return %Q : memref<256xi8>
}
