// `parallel` loops run on OpenMP threads on the CPU (--hcl-parallel-loops,
// --hcl-parallel-to-openmp): every function is checked against the
// unscheduled program on 1 and on 2 threads. The lowered IR:
// test/Conversion/parallel-to-openmp.mlir.
//
// RUN: hcl check %s --threads 1 2>&1 | FileCheck %s
// RUN: hcl check %s --threads 2 2>&1 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 hcl check %s --entry big_gemm | FileCheck %s --check-prefix=ONE
// CHECK-NOT: MISMATCH
// CHECK: warning: loop 'i' is marked parallel but carries a dependence between iterations (a primitive applied after hcl.parallel can make one); it runs on one thread
// CHECK: hcl check: 8 of 8 functions pass
// ONE: hcl check: OK: @big_gemm matches

// A tiled gemm, its row tiles on threads.
func.func @gemm_tiled(%A: memref<48x32xf32>, %B: memref<32x40xf32>, %C: memref<48x40xf32>) {
  %s = hcl.create_stage_handle "gemm" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 48 {
    affine.for %j = 0 to 40 {
      affine.for %k = 0 to 32 {
        %a = affine.load %A[%i, %k] : memref<48x32xf32>
        %b = affine.load %B[%k, %j] : memref<32x40xf32>
        %c = affine.load %C[%i, %j] : memref<48x40xf32>
        %p = arith.mulf %a, %b : f32
        %sum = arith.addf %p, %c : f32
        affine.store %sum, %C[%i, %j] : memref<48x40xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "gemm"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 8, 8)
  hcl.parallel(%s, %io)
  return
}

// A larger gemm (i, k, j order), rows on threads.
func.func @big_gemm(%A: memref<128x128xf32>, %B: memref<128x128xf32>, %C: memref<128x128xf32>) {
  %s = hcl.create_stage_handle "gemm" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 128 {
        %a = affine.load %A[%i, %k] : memref<128x128xf32>
        %b = affine.load %B[%k, %j] : memref<128x128xf32>
        %c = affine.load %C[%i, %j] : memref<128x128xf32>
        %p = arith.mulf %a, %b : f32
        %sum = arith.addf %p, %c : f32
        affine.store %sum, %C[%i, %j] : memref<128x128xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "gemm"}
  hcl.reorder(%s, %lk, %lj)
  hcl.parallel(%s, %li)
  return
}

// Rows on threads, each with its own write buffer for its row of C
// (buffer_at allocates and frees it in each iteration of `i`).
func.func @gemm_buffer_at(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 48 {
      affine.for %k = 0 to 32 {
        %a = affine.load %A[%i, %k] : memref<64x32xf32>
        %b = affine.load %B[%k, %j] : memref<32x48xf32>
        %c = affine.load %C[%i, %j] : memref<64x48xf32>
        %p = arith.mulf %a, %b : f32
        %sum = arith.addf %p, %c : f32
        affine.store %sum, %C[%i, %j] : memref<64x48xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.reorder(%s, %lk, %lj)
  hcl.parallel(%s, %li)
  %buf = hcl.buffer_at(%s, %C: memref<64x48xf32>, %li) -> memref<48xf32>
  return
}

// A five-point stencil, rows on threads.
func.func @five_point(%A: memref<34x34xf32>) -> memref<32x32xf32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<32x32xf32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %n = affine.load %A[%i, %j + 1] : memref<34x34xf32>
      %w = affine.load %A[%i + 1, %j] : memref<34x34xf32>
      %c = affine.load %A[%i + 1, %j + 1] : memref<34x34xf32>
      %e = affine.load %A[%i + 1, %j + 2] : memref<34x34xf32>
      %so = affine.load %A[%i + 2, %j + 1] : memref<34x34xf32>
      %0 = arith.addf %n, %w : f32
      %1 = arith.addf %0, %c : f32
      %2 = arith.addf %1, %e : f32
      %3 = arith.addf %2, %so : f32
      affine.store %3, %B[%i, %j] : memref<32x32xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  hcl.parallel(%s, %li)
  return %B : memref<32x32xf32>
}

// The same stencil with a line buffer made at `j` after `i` was marked: the
// buffer lives across the rows, so `i` carries a dependence now and runs
// on one thread, with the warning above.
func.func @five_point_reuse(%A: memref<34x34xi32>) -> memref<32x32xi32> {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %B = memref.alloc() {name = "B"} : memref<32x32xi32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %n = affine.load %A[%i, %j + 1] : memref<34x34xi32>
      %w = affine.load %A[%i + 1, %j] : memref<34x34xi32>
      %c = affine.load %A[%i + 1, %j + 1] : memref<34x34xi32>
      %e = affine.load %A[%i + 1, %j + 2] : memref<34x34xi32>
      %so = affine.load %A[%i + 2, %j + 1] : memref<34x34xi32>
      %0 = arith.addi %n, %w : i32
      %1 = arith.addi %0, %c : i32
      %2 = arith.addi %1, %e : i32
      %3 = arith.addi %2, %so : i32
      affine.store %3, %B[%i, %j] : memref<32x32xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  hcl.parallel(%s, %li)
  %lb = hcl.reuse_at(%s, %A : memref<34x34xi32>, %li) -> memref<*xi32>
  return %B : memref<32x32xi32>
}

// Two stages; the consumer's parallel loop is not its outermost one.
func.func @two_stages(%A: memref<16x24xf32>, %C: memref<16x24xf32>) {
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %sC = hcl.create_stage_handle "C" : !hcl.StageHandle
  %lBi = hcl.create_loop_handle %sB, "i" : !hcl.LoopHandle
  %lCj = hcl.create_loop_handle %sC, "j" : !hcl.LoopHandle
  %B = memref.alloc() : memref<16x24xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 24 {
      %a = affine.load %A[%i, %j] : memref<16x24xf32>
      %b = arith.mulf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<16x24xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 24 {
      %b = affine.load %B[%i, %j] : memref<16x24xf32>
      %b2 = affine.load %B[15 - %i, %j] : memref<16x24xf32>
      %c = arith.subf %b, %b2 : f32
      affine.store %c, %C[%i, %j] : memref<16x24xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "C"}
  hcl.parallel(%sB, %lBi)
  hcl.parallel(%sC, %lCj)
  memref.dealloc %B : memref<16x24xf32>
  return
}

// Vectorized inner loops inside a parallel loop keep their hint.
func.func @vectorize_in_parallel(%A: memref<16x64xf32>, %B: memref<16x64xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %ly = hcl.create_loop_handle "y" : !hcl.LoopHandle
  %lx = hcl.create_loop_handle "x" : !hcl.LoopHandle
  affine.for %y = 0 to 16 {
    affine.for %x = 0 to 64 {
      %a = affine.load %A[%y, %x] : memref<16x64xf32>
      %b = arith.mulf %a, %a : f32
      affine.store %b, %B[%y, %x] : memref<16x64xf32>
    } {loop_name = "x"}
  } {loop_name = "y", stage_name = "S"}
  %yo, %yi, %xo, %xi = hcl.tile(%s, %ly, %lx, 4, 16)
  hcl.vectorize(%s, %xi, 8)
  hcl.parallel(%s, %yo)
  return
}

// A sum kept in a stack buffer of each iteration (conv2d-nchw style).
func.func @local_sum(%A: memref<12x20xi32>, %B: memref<12x18xi32>) {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 18 {
      %t = memref.alloca() : memref<1xi32>
      %z = arith.constant 0 : i32
      affine.store %z, %t[0] : memref<1xi32>
      affine.for %r = 0 to 3 {
        %a = affine.load %A[%i, %j + %r] : memref<12x20xi32>
        %acc = affine.load %t[0] : memref<1xi32>
        %n = arith.addi %acc, %a : i32
        affine.store %n, %t[0] : memref<1xi32>
      } {loop_name = "r", reduction = 1 : i32}
      %v = affine.load %t[0] : memref<1xi32>
      affine.store %v, %B[%i, %j] : memref<12x18xi32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  hcl.parallel(%s, %li)
  return
}
