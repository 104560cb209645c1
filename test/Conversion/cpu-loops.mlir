// --hcl-cpu-loops: what `unroll` and `vectorize` do on the CPU path.
// unroll of a loop with independent iterations and an inner loop is an
// unroll-and-jam (register blocking), otherwise a plain unroll; vectorize of
// a loop of exactly W iterations becomes W-wide vector operations with
// in-bounds transfers; a vector read/write pair at indices a loop does not
// change becomes a value the loop carries. Each function is also run
// against its unscheduled program by cpu-loops-run.test.
//
// RUN: hcl-opt %s --hcl-apply-customizations --hcl-cpu-loops | FileCheck %s
// RUN: hcl-opt %s --hcl-apply-customizations --hcl-lower-to-llvm | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=META
//
// The one loop left marked (guarded_stays_marked) asks LLVM's vectorizer.
// META: !{!"llvm.loop.vectorize.enable", i1 true}
// META: !{!"llvm.loop.vectorize.width", i32 8}

// The register-blocked gemm: 4 rows x 16 columns of C stay in vector
// registers across k; the loop body loads one vector of B and broadcasts
// four elements of A.
// CHECK-LABEL: func.func @register_block(
// CHECK:         affine.for %[[IO:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[JO:.*]] = 0 to 2 {
// CHECK-COUNT-4:     vector.transfer_read %arg2{{.*}} {in_bounds = [true]} : memref<32x32xf32>, vector<16xf32>
// CHECK:             %{{.*}}:4 = affine.for %[[K:.*]] = 0 to 32 iter_args(
// CHECK-COUNT-1:       vector.transfer_read %arg1[
// CHECK-NOT:           vector.transfer_read %arg1[
// CHECK-NOT:           vector.transfer_write
// CHECK:               affine.yield
// CHECK-COUNT-4:     vector.transfer_write {{.*}}, %arg2
func.func @register_block(%A: memref<32x32xf32>, %B: memref<32x32xf32>, %C: memref<32x32xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      affine.for %k = 0 to 32 {
        %a = affine.load %A[%i, %k] : memref<32x32xf32>
        %b = affine.load %B[%k, %j] : memref<32x32xf32>
        %c = affine.load %C[%i, %j] : memref<32x32xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %p, %c : f32
        affine.store %q, %C[%i, %j] : memref<32x32xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 4, 16)
  hcl.reorder(%s, %io, %jo, %lk, %ii, %ji)
  hcl.unroll(%s, %ii, 4)
  hcl.vectorize(%s, %ji, 16)
  return
}

// A prefix sum carries a dependence: unroll by 2 is a plain unroll (two
// copies of the body per iteration, the 15th iteration after), never a jam.
// CHECK-LABEL: func.func @carried_unroll(
// CHECK:         affine.for %{{.*}} = 1 to 15 step 2 {
// CHECK-COUNT-2:   affine.store
// CHECK:         }
func.func @carried_unroll(%A: memref<16xi32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 1 to 16 {
    %p = affine.load %A[%i - 1] : memref<16xi32>
    %x = affine.load %A[%i] : memref<16xi32>
    %y = arith.addi %p, %x : i32
    affine.store %y, %A[%i] : memref<16xi32>
  } {loop_name = "i", stage_name = "s"}
  hcl.unroll(%s, %li, 2)
  return
}

// unroll with no factor unrolls fully.
// CHECK-LABEL: func.func @full_unroll(
// CHECK-NOT:     affine.for
// CHECK-COUNT-4: affine.store
// CHECK-NOT:     affine.store
func.func @full_unroll(%A: memref<4xf32>, %B: memref<4xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %B[%i] : memref<4xf32>
  } {loop_name = "i", stage_name = "s"}
  hcl.unroll(%s, %li)
  return
}

// A guarded body is beyond the affine vectorizer: the mark stays and becomes
// LLVM loop metadata.
// CHECK-LABEL: func.func @guarded_stays_marked(
// CHECK:         affine.if
// CHECK:         } {loop_name = "j.inner", vectorize = 8 : i32}
func.func @guarded_stays_marked(%A: memref<16xf32>, %B: memref<16xf32>) {
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %j = 0 to 16 {
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%j) {
      %a = affine.load %A[%j] : memref<16xf32>
      affine.store %a, %B[%j] : memref<16xf32>
    }
  } {loop_name = "j", stage_name = "s"}
  hcl.vectorize(%s, %lj, 8)
  return
}

// A read of C the pair's indices cannot be compared with (a broadcast of
// row 16 + k, which no iteration writes) keeps the pair in the loop: the
// hoisting is conservative about any other access of the same array.
// CHECK-LABEL: func.func @aliased_block_not_carried(
// CHECK:         affine.for %{{.*}} = 0 to 8 {
// CHECK-NOT:       iter_args
// CHECK:           vector.transfer_read %arg2
// CHECK:           vector.transfer_write {{.*}}, %arg2
func.func @aliased_block_not_carried(%A: memref<8x16xf32>, %B: memref<8x16xf32>, %C: memref<24x16xf32>) {
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
    affine.for %k = 0 to 8 {
      affine.for %j = 0 to 16 {
        %a = affine.load %C[%k + 16, 0] : memref<24x16xf32>
        %b = affine.load %B[%k, %j] : memref<8x16xf32>
        %c = affine.load %C[%i, %j] : memref<24x16xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %p, %c : f32
        affine.store %q, %C[%i, %j] : memref<24x16xf32>
      } {loop_name = "j"}
    } {loop_name = "k"}
  } {loop_name = "i", stage_name = "s"}
  hcl.vectorize(%s, %lj, 16)
  return
}

// A width that does not divide the trip count: full groups of 8 become
// vector code under an affine.if, the last group (6) stays a scalar loop
// without the mark.
// CHECK-LABEL: func.func @tail_groups(
// CHECK:         affine.for %{{.*}} = 0 to 4 {
// CHECK:           affine.if
// CHECK:             vector.transfer_read {{.*}} vector<8xf32>
// CHECK:             vector.transfer_write
// CHECK:           } else {
// CHECK:             affine.for %{{.*}} = 0 to min
// CHECK-NOT:         vectorize
// CHECK:             } {loop_name = "j.inner"}
func.func @tail_groups(%A: memref<30xf32>, %B: memref<30xf32>) {
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %j = 0 to 30 {
    %a = affine.load %A[%j] : memref<30xf32>
    %b = arith.mulf %a, %a : f32
    affine.store %b, %B[%j] : memref<30xf32>
  } {loop_name = "j", stage_name = "s"}
  hcl.vectorize(%s, %lj, 8)
  return
}

// A stride-2 read (a stride-2 convolution's input, 4 output channels
// unrolled and jammed): the loop's 16 lanes read elements 2w + r, loaded
// before the vector loop as two vectors (elements 0..15 and 15..30 from
// the first lane's, which ends on the last one read: the input has 33
// elements) whose even elements a shuffle keeps, once for the 4 channels.
// CHECK-LABEL: func.func @stride2_read(
// CHECK:         %[[BUF:.*]] = memref.alloca() : memref<16xf32>
// CHECK:         affine.for %[[R:[^ ]*]] = 0 to 3 iter_args(
// CHECK-NEXT:      %[[LO:.*]] = affine.vector_load %arg0[%[[R]]] : memref<33xf32>, vector<16xf32>
// CHECK-NEXT:      %[[HI:.*]] = affine.vector_load %arg0[%[[R]] + 15] : memref<33xf32>, vector<16xf32>
// CHECK-NEXT:      %[[EVEN:.*]] = vector.shuffle %[[LO]], %[[HI]] [0, 2, 4, 6, 8, 10, 12, 14, 17, 19, 21, 23, 25, 27, 29, 31]
// CHECK-NEXT:      vector.store %[[EVEN]], %[[BUF]]
// CHECK-NOT:       vector.shuffle
// CHECK-COUNT-4:   arith.mulf {{.*}} : vector<16xf32>
// CHECK:           affine.yield
func.func @stride2_read(%I: memref<33xf32>, %W: memref<4x3xf32>, %O: memref<4x16xf32>) {
  %lc = hcl.create_loop_handle "c" : !hcl.LoopHandle
  %lw = hcl.create_loop_handle "w" : !hcl.LoopHandle
  %lr = hcl.create_loop_handle "r" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %c = 0 to 4 {
    affine.for %w = 0 to 16 {
      affine.for %r = 0 to 3 {
        %a = affine.load %I[%w * 2 + %r] : memref<33xf32>
        %b = affine.load %W[%c, %r] : memref<4x3xf32>
        %o = affine.load %O[%c, %w] : memref<4x16xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %o, %p : f32
        affine.store %q, %O[%c, %w] : memref<4x16xf32>
      } {loop_name = "r", reduction = 1 : i32}
    } {loop_name = "w"}
  } {loop_name = "c", stage_name = "s"}
  hcl.reorder(%s, %lr, %lc, %lw)
  hcl.unroll(%s, %lc, 4)
  hcl.vectorize(%s, %lw, 16)
  return
}

// A stride-2 read of the array the loop writes is left to LLVM: read
// before the loop it could miss what an earlier lane wrote.
// CHECK-LABEL: func.func @stride2_read_of_written(
// CHECK-NOT:     vector
// CHECK:         } {loop_name = "j", stage_name = "s", vectorize = 8
func.func @stride2_read_of_written(%A: memref<17xf32>) {
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %j = 0 to 8 {
    %a = affine.load %A[%j * 2 + 1] : memref<17xf32>
    %b = arith.addf %a, %a : f32
    affine.store %b, %A[%j * 2] : memref<17xf32>
  } {loop_name = "j", stage_name = "s"}
  hcl.vectorize(%s, %lj, 8)
  return
}

// Rows of 8 (an 8x8 convolution's output): the schedule fuses two rows with
// their columns into a vector loop of 16 lanes (lane k: row k / 8, column
// k % 8). The output's rows are 8 long, so the two rows are 16 consecutive
// elements: its accesses in the loop go through a view with rows and
// columns as one dimension, and stay a register block (read before the
// reduction, written after). The input's rows are 10 long: each vector is
// two runs of 8, loaded before the vector loop into a 16-element buffer;
// every output channel of the block uses the same buffer.
// CHECK-LABEL: func.func @row_pairs(
// CHECK-DAG:     %[[BUF:.*]] = memref.alloca() : memref<16xf32>
// CHECK-DAG:     %[[VIEW:.*]] = memref.collapse_shape %arg2 {{\[}}[0], [1, 2]] : memref<8x8x8xf32> into memref<8x64xf32>
// CHECK:         affine.store %{{.*}}, %arg2[
// CHECK-COUNT-4: vector.transfer_read %[[VIEW]]{{.*}} : memref<8x64xf32>, vector<16xf32>
// CHECK:         affine.for %{{.*}} iter_args(
// CHECK:           %[[R0:.*]] = affine.vector_load %arg0[{{.*}}] : memref<4x10x10xf32>, vector<8xf32>
// CHECK-NEXT:      vector.store %[[R0]], %[[BUF]][%{{.*}}] : memref<16xf32>, vector<8xf32>
// CHECK-NEXT:      %[[R1:.*]] = affine.vector_load %arg0[{{.*}} + 1, {{.*}}] : memref<4x10x10xf32>, vector<8xf32>
// CHECK-NEXT:      vector.store %[[R1]], %[[BUF]][%{{.*}}] : memref<16xf32>, vector<8xf32>
// CHECK-NOT:       affine.vector_load %arg0
// CHECK:           vector.transfer_read %[[BUF]]
// CHECK-NOT:       vector.transfer_write
// CHECK:         affine.yield
// CHECK-COUNT-4: vector.transfer_write {{.*}}, %[[VIEW]]
func.func @row_pairs(%I: memref<4x10x10xf32>, %W: memref<8x4x3x3xf32>, %O: memref<8x8x8xf32>) {
  %lc = hcl.create_loop_handle "c" : !hcl.LoopHandle
  %lh = hcl.create_loop_handle "h" : !hcl.LoopHandle
  %lw = hcl.create_loop_handle "w" : !hcl.LoopHandle
  %lrc = hcl.create_loop_handle "rc" : !hcl.LoopHandle
  %lrh = hcl.create_loop_handle "rh" : !hcl.LoopHandle
  %lrw = hcl.create_loop_handle "rw" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %c = 0 to 8 {
    affine.for %h = 0 to 8 {
      affine.for %w = 0 to 8 {
        %z = arith.constant 0.0 : f32
        affine.store %z, %O[%c, %h, %w] : memref<8x8x8xf32>
        affine.for %rc = 0 to 4 {
          affine.for %rh = 0 to 3 {
            affine.for %rw = 0 to 3 {
              %a = affine.load %I[%rc, %h + %rh, %w + %rw] : memref<4x10x10xf32>
              %b = affine.load %W[%c, %rc, %rh, %rw] : memref<8x4x3x3xf32>
              %o = affine.load %O[%c, %h, %w] : memref<8x8x8xf32>
              %p = arith.mulf %a, %b : f32
              %q = arith.addf %o, %p : f32
              affine.store %q, %O[%c, %h, %w] : memref<8x8x8xf32>
            } {loop_name = "rw", reduction = 1 : i32}
          } {loop_name = "rh", reduction = 1 : i32}
        } {loop_name = "rc", reduction = 1 : i32}
      } {loop_name = "w"}
    } {loop_name = "h"}
  } {loop_name = "c", stage_name = "s"}
  %co, %ci = hcl.split(%s, %lc, 4)
  %ho, %hi, %wo, %wi = hcl.tile(%s, %lh, %lw, 2, 8)
  %hio, %hii = hcl.split(%s, %hi, 2)
  %f = hcl.fuse(%s, %hii, %wi)
  hcl.reorder(%s, %co, %ho, %wo, %lrc, %lrh, %lrw, %ci, %hio, %f)
  hcl.unroll(%s, %hio)
  hcl.unroll(%s, %ci)
  hcl.vectorize(%s, %f, 16)
  return
}

// Rows of 8 in an array whose rows are 12 long: lanes 8 to 15 are not
// after lanes 0 to 7, and the loop is left to LLVM.
// CHECK-LABEL: func.func @row_pairs_of_longer_rows(
// CHECK-NOT:     collapse_shape
// CHECK:         vectorize = 16
func.func @row_pairs_of_longer_rows(%A: memref<8x12xf32>, %B: memref<8x12xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %A[%i, %j] : memref<8x12xf32>
      %b = arith.addf %a, %a : f32
      affine.store %b, %B[%i, %j] : memref<8x12xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %io, %ii = hcl.split(%s, %li, 2)
  %f = hcl.fuse(%s, %ii, %lj)
  hcl.vectorize(%s, %f, 16)
  return
}

// The vector loop reaches the output through a view (rows of 8 as one),
// while the loop around it also reads and writes the output itself: the
// view's read/write pair stays in that loop, which would otherwise carry
// it past the scalar accesses and let them see stale values.
// CHECK-LABEL: func.func @view_and_array(
// CHECK:         %[[VIEW:.*]] = memref.collapse_shape %arg1 {{\[}}[0, 1]]
// CHECK:         affine.for %{{[^ ]*}} = 0 to 4 {
// CHECK-NEXT:      vector.transfer_read
// CHECK-NEXT:      vector.transfer_read %[[VIEW]]
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      vector.transfer_write %{{.*}}, %[[VIEW]]
// CHECK-NEXT:      affine.load %arg1[0, 0]
func.func @view_and_array(%I: memref<4x2x8xf32>, %O: memref<2x8xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %r = 0 to 4 {
    affine.for %i = 0 to 2 {
      affine.for %j = 0 to 8 {
        %a = affine.load %I[%r, %i, %j] : memref<4x2x8xf32>
        %o = affine.load %O[%i, %j] : memref<2x8xf32>
        %q = arith.addf %o, %a : f32
        affine.store %q, %O[%i, %j] : memref<2x8xf32>
      } {loop_name = "j"}
    } {loop_name = "i"}
    %x = affine.load %O[0, 0] : memref<2x8xf32>
    %y = affine.load %O[1, 7] : memref<2x8xf32>
    %z = arith.addf %x, %y : f32
    affine.store %z, %O[1, 7] : memref<2x8xf32>
  } {loop_name = "r", stage_name = "s"}
  %f = hcl.fuse(%s, %li, %lj)
  hcl.vectorize(%s, %f, 16)
  return
}

// The same with a stride-2 input (rows of 17): each row's 8 lanes are
// elements 2 apart, two vector loads ending on the last and a shuffle.
// CHECK-LABEL: func.func @row_pairs_stride2(
// CHECK:         affine.for %{{.*}} iter_args(
// CHECK:           %[[LO:.*]] = affine.vector_load %arg0[{{.*}}] : memref<4x17x17xf32>, vector<8xf32>
// CHECK-NEXT:      %[[HI:.*]] = affine.vector_load %arg0[{{.*}} + 7] : memref<4x17x17xf32>, vector<8xf32>
// CHECK-NEXT:      vector.shuffle %[[LO]], %[[HI]] [0, 2, 4, 6, 9, 11, 13, 15] : vector<8xf32>, vector<8xf32>
// CHECK:           vector.transfer_read %{{.*}} : memref<16xf32>, vector<16xf32>
func.func @row_pairs_stride2(%I: memref<4x17x17xf32>, %W: memref<8x4x3x3xf32>, %O: memref<8x8x8xf32>) {
  %lc = hcl.create_loop_handle "c" : !hcl.LoopHandle
  %lh = hcl.create_loop_handle "h" : !hcl.LoopHandle
  %lw = hcl.create_loop_handle "w" : !hcl.LoopHandle
  %lrc = hcl.create_loop_handle "rc" : !hcl.LoopHandle
  %lrh = hcl.create_loop_handle "rh" : !hcl.LoopHandle
  %lrw = hcl.create_loop_handle "rw" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %c = 0 to 8 {
    affine.for %h = 0 to 8 {
      affine.for %w = 0 to 8 {
        %z = arith.constant 0.0 : f32
        affine.store %z, %O[%c, %h, %w] : memref<8x8x8xf32>
        affine.for %rc = 0 to 4 {
          affine.for %rh = 0 to 3 {
            affine.for %rw = 0 to 3 {
              %a = affine.load %I[%rc, %h * 2 + %rh, %w * 2 + %rw] : memref<4x17x17xf32>
              %b = affine.load %W[%c, %rc, %rh, %rw] : memref<8x4x3x3xf32>
              %o = affine.load %O[%c, %h, %w] : memref<8x8x8xf32>
              %p = arith.mulf %a, %b : f32
              %q = arith.addf %o, %p : f32
              affine.store %q, %O[%c, %h, %w] : memref<8x8x8xf32>
            } {loop_name = "rw", reduction = 1 : i32}
          } {loop_name = "rh", reduction = 1 : i32}
        } {loop_name = "rc", reduction = 1 : i32}
      } {loop_name = "w"}
    } {loop_name = "h"}
  } {loop_name = "c", stage_name = "s"}
  %co, %ci = hcl.split(%s, %lc, 4)
  %ho, %hi, %wo, %wi = hcl.tile(%s, %lh, %lw, 2, 8)
  %hio, %hii = hcl.split(%s, %hi, 2)
  %f = hcl.fuse(%s, %hii, %wi)
  hcl.reorder(%s, %co, %ho, %wo, %lrc, %lrh, %lrw, %ci, %hio, %f)
  hcl.unroll(%s, %hio)
  hcl.unroll(%s, %ci)
  hcl.vectorize(%s, %f, 16)
  return
}
