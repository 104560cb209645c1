// Outputs that match prove nothing when both programs read outside a
// tensor: here a stage called with its loop variable reads W[i + 1] of a
// 4-element W (i up to 3) and discards the value, so the runs agree. hcl
// check reruns seed 0 with bounds checks when an access is not proven in
// bounds, and refuses with the access.
// RUN: not hcl check %s 2>&1 | FileCheck %s
// CHECK: error: @top's outputs matched, but the program indexes outside a tensor whatever its inputs (every input 0: out-of-bounds access: index [4] into 'W' (argument 1 of @times_zero, memref<4xi32>)): the programs read outside the tensor, so outputs that agree prove nothing (what lies outside may be the same in both runs); correct the program's indices
// The same stage reading W[i] is in bounds and checks OK.
// RUN: sed 's/) + 1]/)]/' %s | hcl check - | FileCheck %s --check-prefix=OK
// OK: hcl check: OK: @top

func.func private @times_zero(%i: index, %W: memref<4xi32>, %B: memref<4xi32>) {
  %w = affine.load %W[symbol(%i) + 1] : memref<4xi32>
  %zero = arith.constant 0 : i32
  %p = arith.muli %w, %zero : i32
  affine.store %p, %B[symbol(%i)] : memref<4xi32>
  return
}

func.func @top(%W: memref<4xi32>, %B: memref<4xi32>) {
  %s = hcl.create_op_handle "S"
  %li = hcl.create_loop_handle %s, "i"
  affine.for %i = 0 to 4 {
    func.call @times_zero(%i, %W, %B) : (index, memref<4xi32>, memref<4xi32>) -> ()
  } {loop_name = "i", op_name = "S"}
  hcl.unroll(%li, 2)
  return
}
