// A loop nest too long to run in a check (HeteroCL-MLIR's fusing.mlir has a
// 1024 x 1024 x 1024 x 512 nest) is refused at once at the nest, with its
// count, rather than running until a time limit. Here the limit is lowered
// so that a small nest shows it; through a call the count includes the
// loops around the call. Under the limit, the program is checked as usual.
// RUN: not hcl check --max-iterations=1000 --entry=nest %s 2>&1 | FileCheck %s --check-prefix=NEST
// RUN: not hcl check --max-iterations=1000 --entry=caller %s 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: hcl check --max-iterations=4096 --entry=nest %s | FileCheck %s --check-prefix=OK

// OK: hcl check: OK: @nest

func.func @nest(%A: memref<16x16xf32>, %B: memref<16x16xf32>) {
  %s = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %s, "i"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      // NEST: check-iteration-limit.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: @nest runs this loop's body 4096 times (16 x 16 x 16), more than hcl check runs (--max-iterations=1000): check a smaller size of the kernel
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<16x16xf32>
        %b = affine.load %B[%i, %j] : memref<16x16xf32>
        %c = arith.addf %a, %b : f32
        affine.store %c, %B[%i, %j] : memref<16x16xf32>
      } {loop_name = "k"}
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "s"}
  %lo, %lin = hcl.split (%li, 4)
  return
}

func.func @row(%A: memref<64xf32>) {
  // CALL: check-iteration-limit.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: @caller runs this loop's body 4096 times (64), more than hcl check runs
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%i] : memref<64xf32>
  } {loop_name = "i"}
  return
}

// CALL: note: called from @caller
func.func @caller(%A: memref<64xf32>) {
  affine.for %t = 0 to 64 {
    func.call @row(%A) : (memref<64xf32>) -> ()
  } {loop_name = "t", op_name = "t"}
  %s = hcl.create_op_handle "t"
  %lt = hcl.create_loop_handle %s, "t"
  hcl.unroll (%lt, 2)
  return
}
