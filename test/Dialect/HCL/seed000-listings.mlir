// Every MLIR listing of seed 000 ("Memory Optimization and Profiling for
// MLIR-Based HeteroCL"), copied verbatim, one per split. The seed uses MLIR
// 14's `func @f` spelling, which hcl-opt upgrades to `func.func`. Each listing
// must parse and verify, and the printed output must parse again to the same
// text (second RUN line).
//
// RUN: hcl-opt %s -split-input-file | FileCheck %s
// RUN: hcl-opt %s -split-input-file | hcl-opt -split-input-file | FileCheck %s

// Listing 1: five-point stencil with a line buffer (section "Reuse Buffer",
// Implementation). The shift loop is tagged {spatial}; the computation runs
// under `affine.if` once two rows are in the buffer.

// CHECK:       #[[SET:.+]] = affine_set<(d0) : (d0 - 2 >= 0)>
// CHECK-LABEL: func.func @top(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: memref<10x10xi32>) -> memref<8x8xi32> {
// CHECK-NEXT:    %[[B:.+]] = memref.alloc() {name = "B"} : memref<8x8xi32>
// CHECK-NEXT:    %[[LB:.+]] = memref.alloc() : memref<3x10xi32>
// CHECK-NEXT:    affine.for %[[I:.+]] = 0 to 10 {
// CHECK-NEXT:      affine.for %[[J:.+]] = 0 to 10 {
// CHECK-NEXT:        %[[V0:.+]] = affine.load %[[LB]][1, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:        affine.store %[[V0]], %[[LB]][0, %[[J]]] : memref<3x10xi32>
// CHECK:             %[[V2:.+]] = affine.load %[[A]][%[[I]], %[[J]]] : memref<10x10xi32>
// CHECK-NEXT:        affine.store %[[V2]], %[[LB]][2, %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:      } {spatial}
// CHECK-NEXT:      affine.if #[[SET]](%[[I]]) {
// CHECK-NEXT:        affine.for %[[J2:.+]] = 0 to 8 {
// CHECK-NEXT:          affine.load %[[LB]][0, %[[J2]] + 1] : memref<3x10xi32>
// CHECK-COUNT-4:       arith.addi
// CHECK-NEXT:          affine.store %{{.+}}, %[[B]][%[[I]] - 2, %[[J2]]] : memref<8x8xi32>
// CHECK-NEXT:        } {loop_name = "j"}
// CHECK-NEXT:      }
// CHECK-NEXT:    } {loop_name = "i", stage_name = "B"}
// CHECK-NEXT:    return %[[B]] : memref<8x8xi32>

#set = affine_set<(d0) : (d0 - 2 >= 0)>
module {
  func @top(%arg0: memref<10x10xi32>) -> memref<8x8xi32> {
    %0 = memref.alloc() {name = "B"} : memref<8x8xi32>
    %1 = memref.alloc() : memref<3x10xi32>
    affine.for %arg1 = 0 to 10 {
      affine.for %arg2 = 0 to 10 { // shift buffer elements
        %2 = affine.load %1[1, %arg2] : memref<3x10xi32>
        affine.store %2, %1[0, %arg2] : memref<3x10xi32>
        %3 = affine.load %1[2, %arg2] : memref<3x10xi32>
        affine.store %3, %1[1, %arg2] : memref<3x10xi32>
        %4 = affine.load %arg0[%arg1, %arg2] : memref<10x10xi32>
        affine.store %4, %1[2, %arg2] : memref<3x10xi32>
      } {spatial}
      affine.if #set(%arg1) {
        affine.for %arg2 = 0 to 8 { // actual computation
          %2 = affine.load %1[0, %arg2 + 1] : memref<3x10xi32>
          %3 = affine.load %1[1, %arg2] : memref<3x10xi32>
          %4 = arith.addi %2, %3 : i32
          %5 = affine.load %1[1, %arg2 + 1] : memref<3x10xi32>
          %6 = arith.addi %4, %5 : i32
          %7 = affine.load %1[1, %arg2 + 2] : memref<3x10xi32>
          %8 = arith.addi %6, %7 : i32
          %9 = affine.load %1[2, %arg2 + 1] : memref<3x10xi32>
          %10 = arith.addi %8, %9 : i32
          affine.store %10, %0[%arg1 - 2, %arg2] : memref<8x8xi32>
        } {loop_name = "j"}
      }
    } {loop_name = "i", stage_name = "B"}
    return %0 : memref<8x8xi32>
  }
}

// -----

// Listing 2: five-point stencil with a line buffer and a window buffer; the
// line-buffer shift is merged into the single `j` loop, and the window is
// shifted by a {spatial} loop under a first `affine.if`, the computation
// under a second one.

// CHECK:       #[[SET:.+]] = affine_set<(d0) : (d0 - 2 >= 0)>
// CHECK-LABEL: func.func @top(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: memref<10x10xi32>) -> memref<8x8xi32> {
// CHECK-NEXT:    %[[B:.+]] = memref.alloc() {name = "B"} : memref<8x8xi32>
// CHECK-NEXT:    %[[LB:.+]] = memref.alloc() : memref<3x10xi32>
// CHECK-NEXT:    %[[WB:.+]] = memref.alloc() : memref<3x3xi32>
// CHECK-NEXT:    affine.for %[[I:.+]] = 0 to 10 {
// CHECK-NEXT:      affine.for %[[J:.+]] = 0 to 10 {
// CHECK:             affine.load %[[A]][%[[I]], %[[J]]] : memref<10x10xi32>
// CHECK:             affine.if #[[SET]](%[[I]]) {
// CHECK-NEXT:          affine.for %[[K:.+]] = 0 to 3 {
// CHECK:                 affine.load %[[LB]][%[[K]], %[[J]]] : memref<3x10xi32>
// CHECK-NEXT:            affine.store %{{.+}}, %[[WB]][%[[K]], 2] : memref<3x3xi32>
// CHECK-NEXT:          } {spatial}
// CHECK-NEXT:          affine.if #[[SET]](%[[J]]) {
// CHECK-NEXT:            affine.load %[[WB]][1, 0] : memref<3x3xi32>
// CHECK:                 affine.store %{{.+}}, %[[B]][%[[I]] - 2, %[[J]] - 2] : memref<8x8xi32>
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "B"}
// CHECK-NEXT:    return %[[B]] : memref<8x8xi32>

#set = affine_set<(d0) : (d0 - 2 >= 0)>
module {
  func @top(%arg0: memref<10x10xi32>) -> memref<8x8xi32> {
    %0 = memref.alloc() {name = "B"} : memref<8x8xi32>
    %1 = memref.alloc() : memref<3x10xi32>
    %2 = memref.alloc() : memref<3x3xi32>
    affine.for %arg1 = 0 to 10 {
      affine.for %arg2 = 0 to 10 {
        %3 = affine.load %1[1, %arg2] : memref<3x10xi32>
        affine.store %3, %1[0, %arg2] : memref<3x10xi32>
        %4 = affine.load %1[2, %arg2] : memref<3x10xi32>
        affine.store %4, %1[1, %arg2] : memref<3x10xi32>
        %5 = affine.load %arg0[%arg1, %arg2] : memref<10x10xi32>
        affine.store %5, %1[2, %arg2] : memref<3x10xi32>
        affine.if #set(%arg1) {
          affine.for %arg3 = 0 to 3 {
            %6 = affine.load %2[%arg3, 1] : memref<3x3xi32>
            affine.store %6, %2[%arg3, 0] : memref<3x3xi32>
            %7 = affine.load %2[%arg3, 2] : memref<3x3xi32>
            affine.store %7, %2[%arg3, 1] : memref<3x3xi32>
            %8 = affine.load %1[%arg3, %arg2] : memref<3x10xi32>
            affine.store %8, %2[%arg3, 2] : memref<3x3xi32>
          } {spatial}
          affine.if #set(%arg2) {
            %6 = affine.load %2[1, 0] : memref<3x3xi32>
            %7 = affine.load %2[0, 1] : memref<3x3xi32>
            %8 = arith.addi %6, %7 : i32
            %9 = affine.load %2[1, 1] : memref<3x3xi32>
            %10 = arith.addi %8, %9 : i32
            %11 = affine.load %2[2, 1] : memref<3x3xi32>
            %12 = arith.addi %10, %11 : i32
            %13 = affine.load %2[1, 2] : memref<3x3xi32>
            %14 = arith.addi %12, %13 : i32
            affine.store %14, %0[%arg1 - 2, %arg2 - 2] : memref<8x8xi32>
          }
        }
      } {loop_name = "j"}
    } {loop_name = "i", stage_name = "B"}
    return %0 : memref<8x8xi32>
  }
}

// -----

// Listing 3: GEMM with a write buffer of C at loop `i` (section "Write
// Buffer", GEMM Example). The handles are created before the loop nest they
// name; hcl.buffer_at takes the stage, the target with its type, and the axis.

// CHECK-LABEL: func.func @kernel(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: memref<1024x512xf32>, %[[B:[a-z0-9]+]]: memref<512x1024xf32>, %[[C:[a-z0-9]+]]: memref<1024x1024xf32>) {
// CHECK-NEXT:    %[[LI:.+]] = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LJ:.+]] = hcl.create_loop_handle "j" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LK:.+]] = hcl.create_loop_handle "k" : !hcl.LoopHandle
// CHECK-NEXT:    %[[S:.+]] = hcl.create_stage_handle "s" : !hcl.StageHandle
// CHECK-NEXT:    affine.for %[[I:.+]] = 0 to 1024 {
// CHECK-NEXT:      affine.for %[[J:.+]] = 0 to 1024 {
// CHECK-NEXT:        affine.for %[[K:.+]] = 0 to 512 {
// CHECK:               arith.mulf
// CHECK:               affine.store %{{.+}}, %[[C]][%[[I]], %[[J]]] : memref<1024x1024xf32>
// CHECK-NEXT:        } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "s"}
// CHECK-NEXT:    %{{.+}} = hcl.buffer_at(%[[S]], %[[C]] : memref<1024x1024xf32>, %[[LI]]) -> memref<1024xf32>
// CHECK-NEXT:    return

module {
   func @kernel(%A: memref<1024x512xf32>, %B: memref<512x1024xf32>, %C: memref<1024x1024xf32>)
   {
       %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
       %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
       %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
       %s = hcl.create_stage_handle "s" : !hcl.StageHandle
       affine.for %i = 0 to 1024 {
           affine.for %j = 0 to 1024 {
               affine.for %k = 0 to 512 {
                   %a = affine.load %A[%i, %k] : memref<1024x512xf32>
                   %b = affine.load %B[%k, %j] : memref<512x1024xf32>
                   %c = affine.load %C[%i, %j] : memref<1024x1024xf32>
                   %prod = arith.mulf %a, %b : f32
                   %sum = arith.addf %prod, %c: f32
                   affine.store %sum, %C[%i, %j] : memref<1024x1024xf32>
               } { loop_name = "k", reduction = 1 : i32}
           } { loop_name = "j" }
       } { loop_name = "i", stage_name = "s" }
       %buf = hcl.buffer_at(%s, %C: memref<1024x1024xf32>, %li) -> memref<1024xf32>
       return
   }
}

// -----

// Listing 4: the GEMM of listing 3 after buffer_at: a 1024-element row buffer
// allocated inside loop `i`, zeroed by `j_init`, accumulated into by the
// `j`/`k` nest and written back to C by `j_back`.

// CHECK-LABEL: func.func @kernel(
// CHECK-SAME:    %{{[a-z0-9]+}}: memref<1024x512xf32>, %{{[a-z0-9]+}}: memref<512x1024xf32>, %[[C:[a-z0-9]+]]: memref<1024x1024xf32>) {
// CHECK-NEXT:    affine.for %[[I:.+]] = 0 to 1024 {
// CHECK-NEXT:      %[[BUF:.+]] = memref.alloc() : memref<1024xf32>
// CHECK-NEXT:      %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      affine.for %[[X:.+]] = 0 to 1024 {
// CHECK-NEXT:        affine.store %[[ZERO]], %[[BUF]][%[[X]]] : memref<1024xf32>
// CHECK-NEXT:      } {loop_name = "j_init", pipeline_ii = 1 : i32}
// CHECK-NEXT:      affine.for %[[J:.+]] = 0 to 1024 {
// CHECK-NEXT:        affine.for %{{.+}} = 0 to 512 {
// CHECK:               affine.load %[[BUF]][%[[J]]] : memref<1024xf32>
// CHECK:               affine.store %{{.+}}, %[[BUF]][%[[J]]] : memref<1024xf32>
// CHECK-NEXT:        } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:      affine.for %[[Y:.+]] = 0 to 1024 {
// CHECK-NEXT:        %[[V:.+]] = affine.load %[[BUF]][%[[Y]]] : memref<1024xf32>
// CHECK-NEXT:        affine.store %[[V]], %[[C]][%[[I]], %[[Y]]] : memref<1024x1024xf32>
// CHECK-NEXT:      } {loop_name = "j_back", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "s"}
// CHECK-NEXT:    return

module {
  func @kernel(%arg0: memref<1024x512xf32>, %arg1: memref<512x1024xf32>, %arg2: memref<1024x1024xf32>) {
    affine.for %arg3 = 0 to 1024 {
      %0 = memref.alloc() : memref<1024xf32>
      %cst = arith.constant 0.000000e+00 : f32
      affine.for %arg4 = 0 to 1024 {
        affine.store %cst, %0[%arg4] : memref<1024xf32>
      } {loop_name = "j_init", pipeline_ii = 1 : i32}
      affine.for %arg4 = 0 to 1024 {
        affine.for %arg5 = 0 to 512 {
          %1 = affine.load %arg0[%arg3, %arg5] : memref<1024x512xf32>
          %2 = affine.load %arg1[%arg5, %arg4] : memref<512x1024xf32>
          %3 = affine.load %0[%arg4] : memref<1024xf32>
          %4 = arith.mulf %1, %2 : f32
          %5 = arith.addf %4, %3 : f32
          affine.store %5, %0[%arg4] : memref<1024xf32>
        } {loop_name = "k", reduction = 1 : i32}
      } {loop_name = "j"}
      affine.for %arg4 = 0 to 1024 {
        %1 = affine.load %0[%arg4] : memref<1024xf32>
        affine.store %1, %arg2[%arg3, %arg4] : memref<1024x1024xf32>
      } {loop_name = "j_back", pipeline_ii = 1 : i32}
    } {loop_name = "i", stage_name = "s"}
    return
  }
}

// -----

// Listing 5: interleaving accumulation input: the GEMM of listing 3 with
// `k` reordered above `j`, a write buffer at `i` and `j` pipelined with II 1
// (the default II, which the printer leaves out).

// CHECK-LABEL: func.func @kernel(
// CHECK-SAME:    %{{[a-z0-9]+}}: memref<1024x512xf32>, %{{[a-z0-9]+}}: memref<512x1024xf32>, %[[C:[a-z0-9]+]]: memref<1024x1024xf32>) {
// CHECK-NEXT:    %[[LI:.+]] = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LJ:.+]] = hcl.create_loop_handle "j" : !hcl.LoopHandle
// CHECK-NEXT:    %[[LK:.+]] = hcl.create_loop_handle "k" : !hcl.LoopHandle
// CHECK-NEXT:    %[[S:.+]] = hcl.create_stage_handle "s" : !hcl.StageHandle
// CHECK:           } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "s"}
// CHECK-NEXT:    hcl.reorder(%[[S]], %[[LK]], %[[LJ]])
// CHECK-NEXT:    %{{.+}} = hcl.buffer_at(%[[S]], %[[C]] : memref<1024x1024xf32>, %[[LI]]) -> memref<1024xf32>
// CHECK-NEXT:    hcl.pipeline(%[[S]], %[[LJ]]{{(, 1)?}})
// CHECK-NEXT:    return

module{
   func @kernel(%A: memref<1024x512xf32>, %B: memref<512x1024xf32>, %C: memref<1024x1024xf32>)
   {
       %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
       %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
       %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
       %s = hcl.create_stage_handle "s" : !hcl.StageHandle
       affine.for %i = 0 to 1024 {
           affine.for %j = 0 to 1024 {
               affine.for %k = 0 to 512 {
                   %a = affine.load %A[%i, %k] : memref<1024x512xf32>
                   %b = affine.load %B[%k, %j] : memref<512x1024xf32>
                   %c = affine.load %C[%i, %j] : memref<1024x1024xf32>
                   %prod = arith.mulf %a, %b : f32
                   %sum = arith.addf %prod, %c: f32
                   affine.store %sum, %C[%i, %j] : memref<1024x1024xf32>
               } { loop_name = "k", reduction = 1 : i32}
           } { loop_name = "j" }
       } { loop_name = "i", stage_name = "s" }
       hcl.reorder(%s, %lk, %lj)
       %buf = hcl.buffer_at(%s, %C: memref<1024x1024xf32>, %li) -> memref<1024xf32>
       hcl.pipeline(%s, %lj, 1)
       return
   }
}

// -----

// Listing 6: interleaving accumulation output: the reduction loop `k` is now
// at axis 1, `j` inside it is pipelined, and partial sums go to the row
// buffer between `j_init` and `j_back`.

// CHECK-LABEL: func.func @kernel(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: memref<1024x512xf32>, %{{[a-z0-9]+}}: memref<512x1024xf32>, %[[C:[a-z0-9]+]]: memref<1024x1024xf32>) {
// CHECK-NEXT:    affine.for %[[I:.+]] = 0 to 1024 {
// CHECK-NEXT:      %[[BUF:.+]] = memref.alloc() : memref<1024xf32>
// CHECK-NEXT:      %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      affine.for %{{.+}} = 0 to 1024 {
// CHECK-NEXT:        affine.store %[[ZERO]], %[[BUF]][%{{.+}}] : memref<1024xf32>
// CHECK-NEXT:      } {loop_name = "j_init", pipeline_ii = 1 : i32}
// CHECK-NEXT:      affine.for %[[K:.+]] = 0 to 512 {
// CHECK-NEXT:        affine.for %[[J:.+]] = 0 to 1024 {
// CHECK-NEXT:          affine.load %[[A]][%[[I]], %[[K]]] : memref<1024x512xf32>
// CHECK:               affine.load %[[BUF]][%[[J]]] : memref<1024xf32>
// CHECK:               affine.store %{{.+}}, %[[BUF]][%[[J]]] : memref<1024xf32>
// CHECK-NEXT:        } {loop_name = "j", pipeline_ii = 1 : i32}
// CHECK-NEXT:      } {loop_name = "k", reduction = 1 : i32}
// CHECK-NEXT:      affine.for %[[Y:.+]] = 0 to 1024 {
// CHECK-NEXT:        %[[V:.+]] = affine.load %[[BUF]][%[[Y]]] : memref<1024xf32>
// CHECK-NEXT:        affine.store %[[V]], %[[C]][%[[I]], %[[Y]]] : memref<1024x1024xf32>
// CHECK-NEXT:      } {loop_name = "j_back", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "s"}
// CHECK-NEXT:    return

module {
  func @kernel(%arg0: memref<1024x512xf32>, %arg1: memref<512x1024xf32>, %arg2: memref<1024x1024xf32>) {
    affine.for %arg3 = 0 to 1024 {
      %0 = memref.alloc() : memref<1024xf32>
      %cst = arith.constant 0.000000e+00 : f32
      affine.for %arg4 = 0 to 1024 {
        affine.store %cst, %0[%arg4] : memref<1024xf32>
      } {loop_name = "j_init", pipeline_ii = 1 : i32}
      affine.for %arg4 = 0 to 512 {
        affine.for %arg5 = 0 to 1024 {
          %1 = affine.load %arg0[%arg3, %arg4] : memref<1024x512xf32>
          %2 = affine.load %arg1[%arg4, %arg5] : memref<512x1024xf32>
          %3 = affine.load %0[%arg5] : memref<1024xf32>
          %4 = arith.mulf %1, %2 : f32
          %5 = arith.addf %4, %3 : f32
          affine.store %5, %0[%arg5] : memref<1024xf32>
        } {loop_name = "j", pipeline_ii = 1 : i32}
      } {loop_name = "k", reduction = 1 : i32}
      affine.for %arg4 = 0 to 1024 {
        %1 = affine.load %0[%arg4] : memref<1024xf32>
        affine.store %1, %arg2[%arg3, %arg4] : memref<1024x1024xf32>
      } {loop_name = "j_back", pipeline_ii = 1 : i32}
    } {loop_name = "i", stage_name = "s"}
    return
  }
}
