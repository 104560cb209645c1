// --hcl-fuse-epilogues: elementwise stages after a reduction run in its
// blocks, after its reduction loops, in a copy of the block's loops; a stage
// in between that does not touch the reduction's arrays moves before it; an
// intermediate array only the epilogue reads is not written. Each function
// is also run: against its unscheduled program (hcl check, both lowered
// with the epilogues) and against g++ of its HLS C++, which has no
// epilogues (hcl check --hls), bit for bit.
//
// RUN: hcl-opt %s --hcl-apply-customizations --hcl-fuse-epilogues | FileCheck %s
// RUN: hcl-opt %s --hcl-apply-customizations --hcl-fuse-epilogues --hcl-cpu-loops | FileCheck %s --check-prefix=VECTOR
//
// RUN: hcl check %s --entry gemm_bn_relu | FileCheck %s --check-prefix=EXACT
// RUN: hcl check --hls %s --entry gemm_bn_relu | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry unscheduled | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry blocked | FileCheck %s --check-prefix=HLS
// RUN: hcl check --hls %s --entry transposed | FileCheck %s --check-prefix=HLS
// RUN: hcl check %s --entry read_again | FileCheck %s --check-prefix=EXACT
// RUN: hcl check --hls %s --entry read_again | FileCheck %s --check-prefix=HLS
// EXACT-NOT: warning
// EXACT: hcl check: OK: {{.*}}largest relative error 0)
// HLS: OK

// A register-blocked gemm, then a scale computed from other inputs, a
// BatchNorm-like stage and a ReLU: the scale moves before the gemm, the two
// stages run after the gemm's reduction on each 4x16 block, and the
// BatchNorm's array is gone.
// CHECK-LABEL: func.func @gemm_bn_relu(
// CHECK-NOT:     name = "bn"
// CHECK:         } {loop_name = "j", stage_name = "inv"}
// CHECK:         affine.for %[[IO:.*]] = 0 to 8 {
// CHECK:           affine.for %[[JO:.*]] = 0 to 2 {
// CHECK:             } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:        affine.for %[[II:.*]] = 0 to 4 {
// CHECK-NEXT:          affine.for %[[JI:.*]] = 0 to 16 {
// CHECK:                 %[[C:.*]] = affine.load %{{.*}}[%[[II]] + %[[IO]] * 4, %[[JI]] + %[[JO]] * 16]
// CHECK:                 %[[S:.*]] = arith.subf %[[C]],
// CHECK:                 %[[M:.*]] = arith.mulf %[[S]],
// CHECK-NOT:             affine.store
// CHECK-NOT:             affine.load
// CHECK:                 %[[R:.*]] = arith.maximumf %[[M]],
// CHECK-NEXT:            affine.store %[[R]], %arg4[%[[II]] + %[[IO]] * 4, %[[JI]] + %[[JO]] * 16]
// CHECK-NEXT:          } {hcl.independent_iterations, loop_name = "j.inner.epilogue", vectorize = 16 : i32}
// CHECK-NEXT:        } {hcl.independent_iterations, loop_name = "i.inner.epilogue", unroll = 4 : i32}
// CHECK:         } {loop_name = "i.outer", stage_name = "s"}
// CHECK-NOT:     stage_name
// CHECK:         return
//
// The epilogue is vectorized like the block: the gemm's accumulators are
// written once after k, then read back by the epilogue's vectors.
// VECTOR-LABEL: func.func @gemm_bn_relu(
// VECTOR:         affine.for %{{.*}} = 0 to 32 iter_args(
// VECTOR:         }
// VECTOR-COUNT-4: vector.transfer_write {{.*}} : vector<16xf32>, memref<32x32xf32>
// VECTOR-COUNT-4: arith.maximumf {{.*}} : vector<16xf32>
// VECTOR-LABEL: func.func @unscheduled(
func.func @gemm_bn_relu(%A: memref<32x32xf32>, %B: memref<32x32xf32>,
                        %mean: memref<32xf32>, %var: memref<32xf32>,
                        %out: memref<32x32xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %C = memref.alloc() {name = "C"} : memref<32x32xf32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %zero = arith.constant 0.0 : f32
      affine.store %zero, %C[%i, %j] : memref<32x32xf32>
      affine.for %k = 0 to 32 {
        %a = affine.load %A[%i, %k] : memref<32x32xf32>
        %b = affine.load %B[%k, %j] : memref<32x32xf32>
        %c = affine.load %C[%i, %j] : memref<32x32xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %c, %p : f32
        affine.store %q, %C[%i, %j] : memref<32x32xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %inv = memref.alloc() {name = "inv"} : memref<32xf32>
  affine.for %j = 0 to 32 {
    %v = affine.load %var[%j] : memref<32xf32>
    %one = arith.constant 1.0 : f32
    %e = arith.addf %v, %one : f32
    %r = arith.divf %one, %e : f32
    affine.store %r, %inv[%j] : memref<32xf32>
  } {loop_name = "j", stage_name = "inv"}
  %D = memref.alloc() {name = "bn"} : memref<32x32xf32>
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %c = affine.load %C[%i, %j] : memref<32x32xf32>
      %m = affine.load %mean[%j] : memref<32xf32>
      %d = arith.subf %c, %m : f32
      %f = affine.load %inv[%j] : memref<32xf32>
      %y = arith.mulf %d, %f : f32
      affine.store %y, %D[%i, %j] : memref<32x32xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "bn"}
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 32 {
      %d = affine.load %D[%i, %j] : memref<32x32xf32>
      %zero = arith.constant 0.0 : f32
      %y = arith.maximumf %d, %zero : f32
      affine.store %y, %out[%i, %j] : memref<32x32xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "relu"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 4, 16)
  hcl.reorder(%s, %io, %jo, %lk, %ii, %ji)
  hcl.unroll(%s, %ii, 4)
  hcl.vectorize(%s, %ji, 16)
  return
}

// Without a schedule each output is a block of one: the ReLU and a residual
// add (the add's other operand is an argument, read at a leading index 0
// of a dimension of one) run right after the element's reduction.
// CHECK-LABEL: func.func @unscheduled(
// CHECK:         affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 8 {
// CHECK:             } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:        %[[C:.*]] = affine.load %{{.*}}[%{{.*}}, %[[I]], %[[J]]]
// CHECK-NEXT:        %[[X:.*]] = affine.load %arg2[0, %[[I]], %[[J]]]
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[C]], %[[X]]
// CHECK:             %[[R:.*]] = arith.maximumf %[[S]],
// CHECK-NEXT:        affine.store %[[R]], %arg3[%{{.*}}, %[[I]], %[[J]]]
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NOT:     stage_name = "add"
// CHECK-NOT:     stage_name = "relu"
// CHECK:         return
func.func @unscheduled(%A: memref<8x8xf32>, %B: memref<8x8xf32>,
                       %X: memref<1x8x8xf32>, %out: memref<1x8x8xf32>) {
  %C = memref.alloc() {name = "C"} : memref<1x8x8xf32>
  affine.for %n = 0 to 1 {
    affine.for %i = 0 to 8 {
      affine.for %j = 0 to 8 {
        %zero = arith.constant 0.0 : f32
        affine.store %zero, %C[%n, %i, %j] : memref<1x8x8xf32>
        affine.for %k = 0 to 8 {
          %a = affine.load %A[%i, %k] : memref<8x8xf32>
          %b = affine.load %B[%k, %j] : memref<8x8xf32>
          %c = affine.load %C[%n, %i, %j] : memref<1x8x8xf32>
          %p = arith.mulf %a, %b : f32
          %q = arith.addf %c, %p : f32
          affine.store %q, %C[%n, %i, %j] : memref<1x8x8xf32>
        } {loop_name = "k", reduction = 1 : i32}
      } {loop_name = "j"}
    } {loop_name = "i"}
  } {loop_name = "n", stage_name = "s"}
  %S = memref.alloc() {name = "add"} : memref<1x8x8xf32>
  affine.for %n = 0 to 1 {
    affine.for %i = 0 to 8 {
      affine.for %j = 0 to 8 {
        %c = affine.load %C[0, %i, %j] : memref<1x8x8xf32>
        %x = affine.load %X[0, %i, %j] : memref<1x8x8xf32>
        %y = arith.addf %c, %x : f32
        affine.store %y, %S[%n, %i, %j] : memref<1x8x8xf32>
      } {loop_name = "j"}
    } {loop_name = "i"}
  } {loop_name = "n", stage_name = "add"}
  affine.for %n = 0 to 1 {
    affine.for %i = 0 to 8 {
      affine.for %j = 0 to 8 {
        %d = affine.load %S[%n, %i, %j] : memref<1x8x8xf32>
        %zero = arith.constant 0.0 : f32
        %y = arith.maximumf %d, %zero : f32
        affine.store %y, %out[%n, %i, %j] : memref<1x8x8xf32>
      } {loop_name = "j"}
    } {loop_name = "i"}
  } {loop_name = "n", stage_name = "relu"}
  return
}

// A stage that writes what the gemm reads cannot move before it, and the
// ReLU after it stays a stage of its own.
// CHECK-LABEL: func.func @blocked(
// CHECK:         } {loop_name = "i", stage_name = "s"}
// CHECK:         } {loop_name = "i", stage_name = "w"}
// CHECK:         } {loop_name = "i", stage_name = "relu"}
func.func @blocked(%A: memref<8x8xf32>, %B: memref<8x8xf32>,
                   %out: memref<8x8xf32>) {
  %C = memref.alloc() {name = "C"} : memref<8x8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %zero = arith.constant 0.0 : f32
      affine.store %zero, %C[%i, %j] : memref<8x8xf32>
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x8xf32>
        %c = affine.load %C[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %c, %p : f32
        affine.store %q, %C[%i, %j] : memref<8x8xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %one = arith.constant 1.0 : f32
      affine.store %one, %A[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "w"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %c = affine.load %C[%i, %j] : memref<8x8xf32>
      %a = affine.load %A[%i, %j] : memref<8x8xf32>
      %y = arith.maximumf %c, %a : f32
      affine.store %y, %out[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "relu"}
  return
}

// A stage that reads the output at another element (a transpose) is no
// epilogue: the element may not be finished yet.
// CHECK-LABEL: func.func @transposed(
// CHECK:         } {loop_name = "i", stage_name = "s"}
// CHECK:         } {loop_name = "i", stage_name = "t"}
func.func @transposed(%A: memref<8x8xf32>, %B: memref<8x8xf32>,
                      %out: memref<8x8xf32>) {
  %C = memref.alloc() {name = "C"} : memref<8x8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %zero = arith.constant 0.0 : f32
      affine.store %zero, %C[%i, %j] : memref<8x8xf32>
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x8xf32>
        %c = affine.load %C[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %c, %p : f32
        affine.store %q, %C[%i, %j] : memref<8x8xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %c = affine.load %C[%j, %i] : memref<8x8xf32>
      affine.store %c, %out[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "t"}
  return
}

// The ReLU's array is read again by a later stage: the ReLU joins the
// gemm's epilogue, but keeps writing its array.
// CHECK-LABEL: func.func @read_again(
// CHECK:           } {loop_name = "k", reduction = 1 : i32}
// CHECK:           arith.maximumf
// CHECK-NEXT:      affine.store %{{.*}}, %[[R:.*]][%{{.*}}, %{{.*}}] : memref<8x8xf32>
// CHECK:         } {loop_name = "i.outer", stage_name = "s"}
// CHECK-NEXT:    affine.for
// CHECK:           affine.load %[[R]][%{{.*}}, %{{.*}}]
// CHECK:         } {loop_name = "i", stage_name = "t"}
func.func @read_again(%A: memref<8x8xf32>, %B: memref<8x8xf32>,
                      %out: memref<8x8xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %C = memref.alloc() {name = "C"} : memref<8x8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %zero = arith.constant 0.0 : f32
      affine.store %zero, %C[%i, %j] : memref<8x8xf32>
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<8x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x8xf32>
        %c = affine.load %C[%i, %j] : memref<8x8xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %c, %p : f32
        affine.store %q, %C[%i, %j] : memref<8x8xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  %R = memref.alloc() {name = "relu"} : memref<8x8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %c = affine.load %C[%i, %j] : memref<8x8xf32>
      %zero = arith.constant 0.0 : f32
      %y = arith.maximumf %c, %zero : f32
      affine.store %y, %R[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "relu"}
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %r = affine.load %R[%j, %i] : memref<8x8xf32>
      affine.store %r, %out[%i, %j] : memref<8x8xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "t"}
  %io, %ii, %jo, %ji = hcl.tile(%s, %li, %lj, 2, 8)
  hcl.reorder(%s, %io, %jo, %lk, %ii, %ji)
  hcl.vectorize(%s, %ji, 8)
  return
}
