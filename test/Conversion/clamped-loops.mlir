// --hcl-cpu-loops splits an innermost loop whose body clamps the loop's
// index (a padding stage's read, as the ONNX import writes it) into the
// edge iterations, which keep the clamp, and the middle, where the read is
// contiguous (LLVM vectorizes it). The run compares the padded array with
// NumPy's: both lowerings of the program split the loop alike, so hcl
// check cannot tell.
//
// RUN: hcl-opt %s --hcl-cpu-loops | FileCheck %s
// RUN: rm -rf %t && hcl run %s --random-inputs 1 --output-dir %t
// RUN: %python -c "import numpy as np; i = np.load('%t/arg0.npy'); o = np.load('%t/arg1.npy'); e = np.pad(i, ((0, 0), (1, 2), (1, 2))); assert (o == e).all(), (o, e); print('padded as NumPy')" | FileCheck %s --check-prefix=NUMPY
// NUMPY: padded as NumPy

// CHECK-LABEL: func.func @pad(
// CHECK:         affine.for %{{.*}} = 0 to 1 {
// CHECK:           arith.minsi
// CHECK:           memref.load
// CHECK:         } {loop_name = "w"}
// CHECK-NEXT:    affine.for %[[W:.*]] = 1 to 7 {
// CHECK-NOT:       arith.minsi
// CHECK:           %[[X:.*]] = arith.subi %[[W]], %{{.*}} : index
// CHECK-NOT:       arith.minsi
// CHECK:           memref.load %arg0[%{{.*}}, %{{.*}}, %[[X]]]
// CHECK:         } {loop_name = "w"}
// CHECK-NEXT:    affine.for %{{.*}} = 7 to 9 {
// CHECK:           arith.minsi
// CHECK:         } {loop_name = "w"}
func.func @pad(%I: memref<2x6x6xf32>, %O: memref<2x9x9xf32>) {
  affine.for %c = 0 to 2 {
    affine.for %h = 0 to 9 {
      affine.for %w = 0 to 9 {
        %hi = arith.index_cast %h : index to i32
        %one = arith.constant 1 : i32
        %hs = arith.subi %hi, %one : i32
        %zero = arith.constant 0 : i32
        %six = arith.constant 6 : i32
        %h0 = arith.cmpi sge, %hs, %zero : i32
        %h1 = arith.cmpi slt, %hs, %six : i32
        %wi = arith.index_cast %w : index to i32
        %ws = arith.subi %wi, %one : i32
        %w0 = arith.cmpi sge, %ws, %zero : i32
        %w1 = arith.cmpi slt, %ws, %six : i32
        %a = arith.andi %h0, %h1 : i1
        %b = arith.andi %a, %w0 : i1
        %in = arith.andi %b, %w1 : i1
        %c1 = arith.constant 1 : index
        %c0 = arith.constant 0 : index
        %c5 = arith.constant 5 : index
        %hm = arith.subi %h, %c1 : index
        %hmin = arith.minsi %hm, %c5 : index
        %hc = arith.maxsi %hmin, %c0 : index
        %wm = arith.subi %w, %c1 : index
        %wmin = arith.minsi %wm, %c5 : index
        %wc = arith.maxsi %wmin, %c0 : index
        %v = memref.load %I[%c, %hc, %wc] : memref<2x6x6xf32>
        %z = arith.constant 0.0 : f32
        %r = arith.select %in, %v, %z : f32
        affine.store %r, %O[%c, %h, %w] : memref<2x9x9xf32>
      } {loop_name = "w"}
    } {loop_name = "h"}
  } {loop_name = "c", stage_name = "pad"}
  return
}
