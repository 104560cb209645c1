// Buffers of 4 KiB to 1 MiB at the top level share stack slots when their
// lifetimes (first to last top-level operation using them) do not overlap:
// %a is last read by the second stage, so %c, first used by the third,
// takes its slot; %b overlaps both and gets a slot of its own. Each is a
// view of its slot's bytes.
// CHECK-LABEL: func.func @shared_slots(
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[S1:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8192xi8>
// CHECK-DAG:     %[[S2:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8192xi8>
// CHECK-NOT:     memref.alloc()
// CHECK:         memref.view %[[SA:[a-z_0-9]+]][%[[ZERO]]][] {name = "a"} : memref<8192xi8> to memref<2048xf32>
// CHECK:         memref.view %[[SB:[a-z_0-9]+]][%[[ZERO]]][] {name = "b"} : memref<8192xi8> to memref<2048xf32>
// CHECK:         memref.view %[[SA]][%[[ZERO]]][] {name = "c"} : memref<8192xi8> to memref<2048xf32>
// CHECK-NOT:     memref.dealloc
func.func @shared_slots(%x: memref<2048xf32>, %y: memref<2048xf32>) {
  %a = memref.alloc() {name = "a"} : memref<2048xf32>
  affine.for %i = 0 to 2048 {
    %v = affine.load %x[%i] : memref<2048xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %a[%i] : memref<2048xf32>
  } {stage_name = "sa"}
  %b = memref.alloc() {name = "b"} : memref<2048xf32>
  affine.for %i = 0 to 2048 {
    %v = affine.load %a[%i] : memref<2048xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %b[%i] : memref<2048xf32>
  } {stage_name = "sb"}
  %c = memref.alloc() {name = "c"} : memref<2048xf32>
  affine.for %i = 0 to 2048 {
    %v = affine.load %b[%i] : memref<2048xf32>
    %w = arith.subf %v, %v : f32
    affine.store %w, %c[%i] : memref<2048xf32>
  } {stage_name = "sc"}
  affine.for %i = 0 to 2048 {
    %v = affine.load %c[%i] : memref<2048xf32>
    %u = affine.load %b[%i] : memref<2048xf32>
    %w = arith.addf %v, %u : f32
    affine.store %w, %y[%i] : memref<2048xf32>
  } {stage_name = "sd"}
  memref.dealloc %a : memref<2048xf32>
  memref.dealloc %b : memref<2048xf32>
  memref.dealloc %c : memref<2048xf32>
  return
}
