// Loops marked `parallel` (hcl.parallel) on OpenMP threads: the outermost
// marked loop of a nest becomes affine.parallel (--hcl-parallel-loops), then
// scf.parallel (--lower-affine, inside the pass that keeps the vectorize
// hints), then omp.parallel / omp.wsloop schedule(static) / omp.loop_nest
// (--hcl-parallel-to-openmp), then libomp calls in LLVM IR. Running them:
// test/Transforms/compute/parallel-threads.mlir.
//
// RUN: hcl-opt %s --hcl-parallel-loops -verify-diagnostics | FileCheck %s --check-prefix=AFFINE
// RUN: hcl-opt %s --hcl-parallel-loops=min-region-work=0 -verify-diagnostics | FileCheck %s --check-prefix=ALL
// RUN: hcl-opt %s --hcl-parallel-loops --hcl-lower-affine-keeping-loop-hints --hcl-parallel-to-openmp=num-threads=2 -verify-diagnostics | FileCheck %s --check-prefix=OMP
// RUN: hcl-opt %s --hcl-lower-to-llvm -verify-diagnostics | FileCheck %s --check-prefix=LLVM
// RUN: hcl-opt %s --hcl-lower-to-llvm=num-threads=2 -verify-diagnostics | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=LLVMIR
// RUN: hcl-opt %s --hcl-lower-to-llvm=serial | FileCheck %s --check-prefix=SERIAL

// SERIAL-NOT: omp.

// A marked loop inside a parallel one stays serial; the vectorize hint of
// the inner loop still reaches its scf.for and LLVM's loop metadata.
// AFFINE-LABEL: func.func @nest(
// AFFINE:         affine.parallel (%[[I:.*]]) = (0) to (8) {
// AFFINE-NEXT:      affine.for %{{.*}} = 0 to 32 {
// AFFINE:           } {loop_name = "j", parallel, vectorize = 8 : i32}
// AFFINE-NEXT:    }
// OMP-LABEL: func.func @nest(
// OMP:         %[[N:.*]] = llvm.mlir.constant(2 : i32) : i32
// OMP:         omp.parallel num_threads(%[[N]] : i32) {
// OMP-NEXT:      omp.wsloop schedule(static) {
// OMP-NEXT:        omp.loop_nest (%{{.*}}) : index = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// OMP-NOT:           omp.parallel
// OMP:               scf.for
// OMP:               } {loop_annotation = #loop_annotation}
// OMP-NEXT:          omp.yield
// LLVM-LABEL: llvm.func @nest(
// LLVM-NOT:     num_threads
// LLVM:         omp.parallel {
// LLVM-NEXT:      omp.wsloop schedule(static) {
// LLVM-NEXT:        omp.loop_nest (%{{.*}}) : i64
// LLVM:             llvm.br {{.*}} {loop_annotation = #loop_annotation}
// LLVMIR-LABEL: define void @nest(
// LLVMIR:         call void @__kmpc_push_num_threads(ptr @{{.*}}, i32 %{{.*}}, i32 2)
// LLVMIR:         call void {{.*}} @__kmpc_fork_call(ptr @{{.*}}, i32 1, ptr @nest..omp_par,
// LLVMIR-LABEL: define internal void @nest..omp_par(
// Schedule 34 is libomp's kmp_sch_static.
// LLVMIR:         call void @__kmpc_for_static_init_8u(ptr @{{.*}}, i32 %{{.*}}, i32 34,
// LLVMIR:         br label %{{.*}}, !llvm.loop ![[LOOP:[0-9]+]]
// LLVMIR:         call void @__kmpc_for_static_fini(
// LLVMIR:       ![[LOOP]] = distinct !{![[LOOP]], ![[ENABLE:[0-9]+]], ![[WIDTH:[0-9]+]]}
// LLVMIR:       ![[ENABLE]] = !{!"llvm.loop.vectorize.enable", i1 true}
// LLVMIR:       ![[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 8}
func.func @nest(%A: memref<8x32xf32>, %B: memref<8x32xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 32 {
      %a = affine.load %A[%i, %j] : memref<8x32xf32>
      %b = arith.mulf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<8x32xf32>
    } {loop_name = "j", parallel, vectorize = 8 : i32}
  } {loop_name = "i", parallel, stage_name = "B"}
  return
}

// A reduction loop with iter_args and an affine.if with a result inside the
// parallel loop stay in its body.
// AFFINE-LABEL: func.func @inner(
// AFFINE:         affine.parallel
// AFFINE:           affine.for {{.*}} iter_args
// AFFINE:           affine.if {{.*}} -> i32
// OMP-LABEL: func.func @inner(
// OMP:         omp.parallel num_threads
// OMP:           omp.loop_nest
// OMP:             scf.for {{.*}} iter_args
// OMP:             scf.if {{.*}} -> (i32)
// OMP:             omp.yield
func.func @inner(%A: memref<8x16xi32>, %B: memref<8xi32>) {
  affine.for %i = 0 to 8 {
    %c0 = arith.constant 0 : i32
    %sum = affine.for %k = 0 to 16 iter_args(%acc = %c0) -> (i32) {
      %a = affine.load %A[%i, %k] : memref<8x16xi32>
      %next = arith.addi %acc, %a : i32
      affine.yield %next : i32
    } {loop_name = "k"}
    %r = affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%i) -> i32 {
      affine.yield %sum : i32
    } else {
      affine.yield %c0 : i32
    }
    affine.store %r, %B[%i] : memref<8xi32>
  } {loop_name = "i", parallel, stage_name = "B"}
  return
}

// An iteration that allocates on the stack frees it at its end.
// OMP-LABEL: func.func @local(
// OMP:         omp.loop_nest
// OMP-NEXT:      %[[SP:.*]] = llvm.intr.stacksave : !llvm.ptr
// OMP-NEXT:      memref.alloca()
// OMP:           llvm.intr.stackrestore %[[SP]] : !llvm.ptr
// OMP-NEXT:      omp.yield
// OMP-NOT:     memref.alloca_scope
func.func @local(%A: memref<8x4xf32>, %B: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %t = memref.alloca() : memref<1xf32>
    %z = arith.constant 0.0 : f32
    affine.store %z, %t[0] : memref<1xf32>
    affine.for %k = 0 to 4 {
      %a = affine.load %A[%i, %k] : memref<8x4xf32>
      %s = affine.load %t[0] : memref<1xf32>
      %n = arith.addf %s, %a : f32
      affine.store %n, %t[0] : memref<1xf32>
    } {loop_name = "k"}
    %v = affine.load %t[0] : memref<1xf32>
    affine.store %v, %B[%i] : memref<8xf32>
  } {loop_name = "i", parallel, stage_name = "B"}
  return
}

// A buffer allocated and freed in each iteration (buffer_at's write
// buffer) is the iteration's own: the loop stays parallel, though MLIR's
// isLoopParallel gives up at the free.
// AFFINE-LABEL: func.func @own_buffer(
// AFFINE:         affine.parallel
// AFFINE:           memref.alloc()
// AFFINE:           memref.dealloc
// OMP-LABEL: func.func @own_buffer(
// OMP:         omp.parallel
func.func @own_buffer(%A: memref<8x16xf32>, %B: memref<8x16xf32>) {
  affine.for %i = 0 to 8 {
    %buf = memref.alloc() : memref<16xf32>
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<8x16xf32>
      affine.store %a, %buf[%j] : memref<16xf32>
    } {loop_name = "j"}
    affine.for %j = 0 to 16 {
      %b = affine.load %buf[15 - %j] : memref<16xf32>
      affine.store %b, %B[%i, %j] : memref<8x16xf32>
    } {loop_name = "j2"}
    memref.dealloc %buf : memref<16xf32>
  } {loop_name = "i", parallel, stage_name = "B"}
  return
}

// Freeing a buffer that lives outside the loop is no iteration's own
// business: serial, with the warning. (128 KiB: too large for
// --hcl-local-buffers-on-stack, which would drop the free.)
// AFFINE-LABEL: func.func @frees_shared(
// AFFINE-NOT:     affine.parallel
// AFFINE:         return
func.func @frees_shared(%A: memref<8xf32>) {
  %buf = memref.alloc() : memref<32768xf32>
  // expected-warning @+1 {{loop 'i' is marked parallel but carries a dependence}}
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    affine.store %a, %buf[%i] : memref<32768xf32>
    memref.dealloc %buf : memref<32768xf32>
  } {loop_name = "i", parallel, stage_name = "B"}
  return
}

// A parallel loop inside a serial one: a parallel region per outer
// iteration (its 2048 iterations do 8192 operations, above the default
// min-region-work of 4096). Without allocas, no stack save.
// OMP-LABEL: func.func @not_outermost(
// OMP:         scf.for
// OMP:           omp.parallel
// OMP:             omp.loop_nest
// OMP-NOT:           llvm.intr.stacksave
// OMP:               omp.yield
func.func @not_outermost(%A: memref<4x2048xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 2048 {
      %a = affine.load %A[%i, %j] : memref<4x2048xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %A[%i, %j] : memref<4x2048xf32>
    } {loop_name = "j", parallel}
  } {loop_name = "i", stage_name = "A"}
  return
}

// Inside a serial loop, a marked loop whose iterations together do fewer
// operations than min-region-work (here 8 iterations of 4 operations, and
// 8 x 4 x 4 with the inner loop) stays serial: a region per outer iteration
// would cost more than the threads save. min-region-work=0 parallelizes it.
// AFFINE-LABEL: func.func @small_nested(
// AFFINE-NOT:     affine.parallel
// AFFINE:         } {loop_name = "j", parallel}
// AFFINE-NOT:     affine.parallel
// AFFINE:         } {loop_name = "jj", parallel}
// AFFINE-NOT:     affine.parallel
// AFFINE:         return
// ALL-LABEL: func.func @small_nested(
// ALL:         affine.for
// ALL-NEXT:      affine.parallel
// ALL:         affine.for
// ALL-NEXT:      affine.parallel
func.func @small_nested(%A: memref<4x8xf32>, %B: memref<4x8x4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<4x8xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %A[%i, %j] : memref<4x8xf32>
    } {loop_name = "j", parallel}
  } {loop_name = "i", stage_name = "A"}
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      affine.for %k = 0 to 4 {
        %a = affine.load %B[%i, %j, %k] : memref<4x8x4xf32>
        %b = arith.addf %a, %a : f32
        affine.store %b, %B[%i, %j, %k] : memref<4x8x4xf32>
      } {loop_name = "k"}
    } {loop_name = "jj", parallel}
  } {loop_name = "ii", stage_name = "B"}
  return
}

// The mark alone does not make a loop parallel: one that carries a
// dependence (a primitive applied after hcl.parallel can make it so) runs
// serially, with a warning.
// AFFINE-LABEL: func.func @carried(
// AFFINE:         affine.for
// AFFINE-NOT:     affine.parallel
// OMP-LABEL: func.func @carried(
// OMP-NOT:       omp.
// OMP:         return
func.func @carried(%A: memref<8xf32>) {
  // expected-warning @+1 {{loop 'i' is marked parallel but carries a dependence between iterations (a primitive applied after hcl.parallel can make one); it runs on one thread}}
  affine.for %i = 1 to 8 {
    %a = affine.load %A[%i - 1] : memref<8xf32>
    affine.store %a, %A[%i] : memref<8xf32>
  } {loop_name = "i", parallel, stage_name = "A"}
  return
}
