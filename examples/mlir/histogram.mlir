// A histogram in imperative style: data-dependent indices (memref.load /
// memref.store, not affine) and a condition (scf.if), as the front end's
// for_ / if_ write them.
//
//   for b in 0..64:    hist[b] = 0                          stage "init"
//   for i in 0..1024:  if A[i] >= 0: hist[A[i] & 63] += 1   stage "count"
//
// Negative values are skipped; `& 63` keeps every index inside the 64 bins
// for any input, so random inputs are fine. The schedule splits the counting
// loop by 4, unrolls the inner loop (four updates per outer iteration) and
// pipelines the outer one. The updates go through indices no dependence
// analysis can see, so the estimate says so instead of promising II 1, and
// the HLS C++ keeps the order of the updates.
//
//   hcl check examples/mlir/histogram.mlir
//   hcl check --hls examples/mlir/histogram.mlir
//   hcl estimate examples/mlir/histogram.mlir   # see its notes
func.func @top(%A: memref<1024xi32>) -> memref<64xi32> {
  %hist = memref.alloc() {name = "hist"} : memref<64xi32>
  %zero = arith.constant 0 : i32
  affine.for %b = 0 to 64 {
    affine.store %zero, %hist[%b] : memref<64xi32>
  } {loop_name = "b", stage_name = "init"}

  %c63 = arith.constant 63 : i32
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 1024 {
    %a = affine.load %A[%i] : memref<1024xi32>
    %counted = arith.cmpi sge, %a, %zero : i32
    scf.if %counted {
      %bin = arith.andi %a, %c63 : i32
      %k = arith.index_cast %bin : i32 to index
      %h = memref.load %hist[%k] : memref<64xi32>
      %h1 = arith.addi %h, %one : i32
      memref.store %h1, %hist[%k] : memref<64xi32>
    }
  } {loop_name = "i", stage_name = "count"}

  %s = hcl.create_stage_handle "count" : !hcl.StageHandle
  %li = hcl.create_loop_handle %s, "i" : !hcl.LoopHandle
  %outer, %inner = hcl.split(%s, %li, 4)
  hcl.unroll(%s, %inner)
  hcl.pipeline(%s, %outer, 1)
  return %hist : memref<64xi32>
}
