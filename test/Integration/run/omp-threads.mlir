// Parallel loops really run on the threads asked for: each iteration of an
// affine.parallel (what --hcl-parallel-loops makes of a `parallel` loop)
// stores the OpenMP thread that ran it and the size of its team, which the
// JIT resolves in libomp. With schedule(static) and 2 threads, iterations
// 0-3 run on thread 0 and 4-7 on thread 1: the ids sum to 4 and the team
// sizes to 16.
//
// RUN: hcl run %s --random-inputs 0 --threads 2 | FileCheck %s --check-prefix=TWO
// RUN: hcl run %s --random-inputs 0 --threads 1 | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=2 hcl run %s --random-inputs 0 | FileCheck %s --check-prefix=TWO
// --threads wins over OMP_NUM_THREADS.
// RUN: env OMP_NUM_THREADS=2 hcl run %s --random-inputs 0 --threads 1 | FileCheck %s --check-prefix=ONE
// TWO: arg0 8 int32 sum=4 hash=
// TWO: arg1 8 int32 sum=16 hash=
// ONE: arg0 8 int32 sum=0 hash=
// ONE: arg1 8 int32 sum=8 hash=
func.func private @omp_get_thread_num() -> i32
func.func private @omp_get_num_threads() -> i32

func.func @top(%thread: memref<8xi32>, %team: memref<8xi32>) {
  affine.parallel (%i) = (0) to (8) {
    %t = func.call @omp_get_thread_num() : () -> i32
    %n = func.call @omp_get_num_threads() : () -> i32
    affine.store %t, %thread[%i] : memref<8xi32>
    affine.store %n, %team[%i] : memref<8xi32>
  }
  return
}
