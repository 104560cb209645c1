// HeteroCL-MLIR's processing-element arrays: hcl.unfold makes a loop's
// iterations N PEs (an unroll by N), and hcl.to with pe_index places an
// array in them, PE p holding the p-th of N blocks of its first dimension
// (the array partitioned into one bank per PE); a block passed on to other
// PEs (a systolic chain) is the same elements. What the program computes
// does not change; the HLS C++ unrolls the loop and partitions the array.
// RUN: hcl-opt %s --hcl-apply-customizations | FileCheck %s
// RUN: hcl check %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=EXEC
// RUN: hcl-opt %s --hcl-apply-customizations | hcl-translate --emit-hls-cpp | FileCheck %s --check-prefix=HLS

// EXEC: hcl check{{.*}}: OK: @conv1d
// EXEC: hcl check{{.*}}: OK: @blocks
// EXEC: hcl check{{.*}}: 2 of 2 functions pass

// One weight per PE: W is partitioned completely; the statement function
// takes it in the PEs' layout.
// CHECK-LABEL: func.func private @mac(
// CHECK-SAME:    %{{.*}}: memref<3xf32, [[COMPLETE:#map[0-9]*]]>)
// CHECK-LABEL: func.func @conv1d(
// CHECK-SAME:    %{{.*}}: memref<3xf32, [[COMPLETE]]>
// CHECK:         } {loop_name = "j", unroll = 3 : i32}
// CHECK-NOT:     hcl.
// CHECK-LABEL: func.func @blocks(
// CHECK-SAME:    %{{.*}}: memref<6x2xf32, #map{{[0-9]*}}>
// CHECK:         } {loop_name = "j", stage_name = "s", unroll = 3 : i32}

// HLS-LABEL: void conv1d({{.*}}) {
// HLS:         #pragma HLS array_partition variable={{.*}} complete dim=1
// HLS:         #pragma HLS unroll factor=3
// HLS-LABEL: void blocks({{.*}}) {
// HLS:         #pragma HLS array_partition variable={{.*}} block factor=3 dim=1

func.func private @mac(%i: index, %j: index, %C: memref<62xf32>, %A: memref<64xf32>, %W: memref<3xf32>) {
  %w = affine.load %W[symbol(%j)] : memref<3xf32>
  %a = affine.load %A[symbol(%i) + symbol(%j)] : memref<64xf32>
  %c = affine.load %C[symbol(%i)] : memref<62xf32>
  %p = arith.mulf %w, %a : f32
  %s = arith.addf %p, %c : f32
  affine.store %s, %C[symbol(%i)] : memref<62xf32>
  return
}

func.func @conv1d(%A: memref<64xf32>, %W: memref<3xf32>, %C: memref<62xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %i = 0 to 62 {
    affine.for %j = 0 to 3 {
      func.call @mac(%i, %j, %C, %A, %W) : (index, index, memref<62xf32>, memref<64xf32>, memref<3xf32>) -> ()
    } {loop_name = "j"}
  } {loop_name = "i", op_name = "s"}
  %pe = hcl.unfold(%lj, 3)
  %w0 = hcl.to(%W : memref<3xf32>, %pe) {pe_index = [0]} -> memref<1xf32>
  %w1 = hcl.to(%w0 : memref<1xf32>, %pe) {pe_index = [1]} -> memref<1xf32>
  %w2 = hcl.to(%w1 : memref<1xf32>, %pe) {pe_index = [2]} -> memref<1xf32>
  return
}

// Two rows of W per PE: a Block partition into 3 banks.
func.func @blocks(%W: memref<6x2xf32>, %X: memref<2xf32>, %Y: memref<6xf32>) {
  %s = hcl.create_op_handle "s"
  %lj = hcl.create_loop_handle %s, "j"
  affine.for %j = 0 to 6 {
    %x0 = affine.load %X[0] : memref<2xf32>
    %x1 = affine.load %X[1] : memref<2xf32>
    %w0 = affine.load %W[%j, 0] : memref<6x2xf32>
    %w1 = affine.load %W[%j, 1] : memref<6x2xf32>
    %p0 = arith.mulf %w0, %x0 : f32
    %p1 = arith.mulf %w1, %x1 : f32
    %y = arith.addf %p0, %p1 : f32
    affine.store %y, %Y[%j] : memref<6xf32>
  } {loop_name = "j", op_name = "s"}
  %pe = hcl.unfold(%lj, 3)
  %blocks = hcl.to(%W : memref<6x2xf32>, %pe) {pe_index = [0, 1, 2]} -> memref<2x2xf32>
  return
}
