// Every MLIR listing of seed 001 (hcl-dialect issue "Decomposition and
// Parallel Compilation for Large-Scale Designs", the `.outline()` primitive),
// copied verbatim, one per split. The seed uses MLIR 14's `func @f` /
// `func private @f` spelling, which hcl-opt upgrades to `func.func`. Each
// listing must parse and verify, and the printed output must parse again to
// the same text (second RUN line).
//
// RUN: hcl-opt %s -split-input-file | FileCheck %s
// RUN: hcl-opt %s -split-input-file | hcl-opt -split-input-file | FileCheck %s

// Listing 1: B, C and D each outlined into a private @Stage_X function. The
// partitioned B keeps its `#map` layout in every signature and call; loads and
// stores keep their {from = ...} / {to = ...} attributes; @top keeps
// `attributes {itypes = "s", otypes = "s"}`.

// CHECK:       #[[MAP:.+]] = affine_map<(d0, d1) -> (0, d1, d0, 0)>
// CHECK-LABEL: func.func private @Stage_D(
// CHECK-SAME:    %[[DB:[a-z0-9]+]]: memref<32x32xi32, #[[MAP]]>, %[[DC:[a-z0-9]+]]: memref<32x32xi32>, %[[DD:[a-z0-9]+]]: memref<32x32xi32>) {
// CHECK:             affine.load %[[DB]][%{{.+}}, %{{.+}}] {from = "B"} : memref<32x32xi32, #[[MAP]]>
// CHECK-NEXT:        affine.load %[[DC]][%{{.+}}, %{{.+}}] {from = "C"} : memref<32x32xi32>
// CHECK:             affine.store %{{.+}}, %[[DD]][%{{.+}}, %{{.+}}] {to = "D"} : memref<32x32xi32>
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "D"}
// CHECK-LABEL: func.func private @Stage_C(
// CHECK-SAME:    memref<32x32xi32>, %{{[a-z0-9]+}}: memref<32x32xi32>) {
// CHECK:             affine.load %{{.+}} {from = "A"} : memref<32x32xi32>
// CHECK:             affine.store %{{.+}} {to = "C"} : memref<32x32xi32>
// CHECK-NEXT:      } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "C"}
// CHECK-LABEL: func.func private @Stage_B(
// CHECK-SAME:    memref<32x32xi32>, %{{[a-z0-9]+}}: memref<32x32xi32, #[[MAP]]>) {
// CHECK:             affine.store %{{.+}} {to = "B"} : memref<32x32xi32, #[[MAP]]>
// CHECK-NEXT:      } {loop_name = "j", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "B"}
// CHECK-LABEL: func.func @top(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: memref<32x32xi32>) -> memref<32x32xi32> attributes {itypes = "s", otypes = "s"} {
// CHECK-NEXT:    %[[B:.+]] = memref.alloc() {name = "B"} : memref<32x32xi32, #[[MAP]]>
// CHECK-NEXT:    call @Stage_B(%[[A]], %[[B]]) : (memref<32x32xi32>, memref<32x32xi32, #[[MAP]]>) -> ()
// CHECK-NEXT:    %[[C:.+]] = memref.alloc() {name = "C"} : memref<32x32xi32>
// CHECK-NEXT:    call @Stage_C(%[[A]], %[[C]]) : (memref<32x32xi32>, memref<32x32xi32>) -> ()
// CHECK-NEXT:    %[[D:.+]] = memref.alloc() {name = "D"} : memref<32x32xi32>
// CHECK-NEXT:    call @Stage_D(%[[B]], %[[C]], %[[D]]) : (memref<32x32xi32, #[[MAP]]>, memref<32x32xi32>, memref<32x32xi32>) -> ()
// CHECK-NEXT:    return %[[D]] : memref<32x32xi32>

#map = affine_map<(d0, d1) -> (0, d1, d0, 0)>
module {
  func private @Stage_D(%arg0: memref<32x32xi32, #map>, %arg1: memref<32x32xi32>, %arg2: memref<32x32xi32>) {
    affine.for %arg3 = 0 to 32 {
      affine.for %arg4 = 0 to 32 {
        %0 = affine.load %arg0[%arg3, %arg4] {from = "B"} : memref<32x32xi32, #map>
        %1 = affine.load %arg1[%arg3, %arg4] {from = "C"} : memref<32x32xi32>
        %2 = arith.addi %0, %1 : i32
        affine.store %2, %arg2[%arg3, %arg4] {to = "D"} : memref<32x32xi32>
      } {loop_name = "j"}
    } {loop_name = "i", stage_name = "D"}
    return
  }
  func private @Stage_C(%arg0: memref<32x32xi32>, %arg1: memref<32x32xi32>) {
    affine.for %arg2 = 0 to 32 {
      affine.for %arg3 = 0 to 32 {
        %0 = affine.load %arg0[%arg2, %arg3] {from = "A"} : memref<32x32xi32>
        %c1_i32 = arith.constant 1 : i32
        %1 = arith.addi %0, %c1_i32 : i32
        affine.store %1, %arg1[%arg2, %arg3] {to = "C"} : memref<32x32xi32>
      } {loop_name = "j"}
    } {loop_name = "i", stage_name = "C"}
    return
  }
  func private @Stage_B(%arg0: memref<32x32xi32>, %arg1: memref<32x32xi32, #map>) {
    affine.for %arg2 = 0 to 32 {
      affine.for %arg3 = 0 to 32 {
        %0 = affine.load %arg0[%arg2, %arg3] {from = "A"} : memref<32x32xi32>
        %c1_i32 = arith.constant 1 : i32
        %1 = arith.addi %0, %c1_i32 : i32
        affine.store %1, %arg1[%arg2, %arg3] {to = "B"} : memref<32x32xi32, #map>
      } {loop_name = "j", pipeline_ii = 1 : i32}
    } {loop_name = "i", stage_name = "B"}
    return
  }
  func @top(%arg0: memref<32x32xi32>) -> memref<32x32xi32> attributes {itypes = "s", otypes = "s"} {
    %0 = memref.alloc() {name = "B"} : memref<32x32xi32, #map>
    call @Stage_B(%arg0, %0) : (memref<32x32xi32>, memref<32x32xi32, #map>) -> ()
    %1 = memref.alloc() {name = "C"} : memref<32x32xi32>
    call @Stage_C(%arg0, %1) : (memref<32x32xi32>, memref<32x32xi32>) -> ()
    %2 = memref.alloc() {name = "D"} : memref<32x32xi32>
    call @Stage_D(%0, %1, %2) : (memref<32x32xi32, #map>, memref<32x32xi32>, memref<32x32xi32>) -> ()
    return %2 : memref<32x32xi32>
  }
}

// -----

// Listing 2: function sharing with `merge`: C reuses @Stage_B, so there are
// two outlined functions (with unit attribute `bit` and `itypes`) and three
// calls, two of them to @Stage_B.

// CHECK-NOT:   @Stage_C
// CHECK-LABEL: func.func private @Stage_B(
// CHECK-SAME:    %{{[a-z0-9]+}}: memref<32x32xi32>, %{{[a-z0-9]+}}: memref<32x32xi32>) attributes {bit, itypes = "s_"} {
// CHECK:           } {loop_name = "j", pipeline_ii = 1 : i32}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "B"}
// CHECK-LABEL: func.func private @Stage_D(
// CHECK-SAME:    attributes {bit, itypes = "___"} {
// CHECK:         } {loop_name = "i", stage_name = "D"}
// CHECK-LABEL: func.func @top(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: memref<32x32xi32>) -> memref<32x32xi32> attributes {itypes = "s", otypes = "s"} {
// CHECK-NEXT:    %[[B:.+]] = memref.alloc() {name = "B"} : memref<32x32xi32>
// CHECK-NEXT:    call @Stage_B(%[[A]], %[[B]])
// CHECK-NEXT:    %[[C:.+]] = memref.alloc() {name = "C"} : memref<32x32xi32>
// CHECK-NEXT:    call @Stage_B(%[[A]], %[[C]])
// CHECK-NEXT:    %[[D:.+]] = memref.alloc() {name = "D"} : memref<32x32xi32>
// CHECK-NEXT:    call @Stage_D(%[[B]], %[[C]], %[[D]])
// CHECK-NEXT:    return %[[D]] : memref<32x32xi32>
// CHECK-NOT:   @Stage_C

module {
  func private @Stage_B(%arg0: memref<32x32xi32>, %arg1: memref<32x32xi32>) attributes {bit, itypes = "s_"} {
    affine.for %arg2 = 0 to 32 {
      affine.for %arg3 = 0 to 32 {
        %0 = affine.load %arg0[%arg2, %arg3] {from = "A"} : memref<32x32xi32>
        %c1_i32 = arith.constant 1 : i32
        %1 = arith.addi %0, %c1_i32 : i32
        affine.store %1, %arg1[%arg2, %arg3] {to = "B"} : memref<32x32xi32>
      } {loop_name = "j", pipeline_ii = 1 : i32}
    } {loop_name = "i", stage_name = "B"}
    return
  }
  func private @Stage_D(%arg0: memref<32x32xi32>, %arg1: memref<32x32xi32>, %arg2: memref<32x32xi32>) attributes {bit, itypes = "___"} {
    affine.for %arg3 = 0 to 32 {
      affine.for %arg4 = 0 to 32 {
        %0 = affine.load %arg0[%arg3, %arg4] {from = "B"} : memref<32x32xi32>
        %1 = affine.load %arg1[%arg3, %arg4] {from = "C"} : memref<32x32xi32>
        %2 = arith.addi %0, %1 : i32
        affine.store %2, %arg2[%arg3, %arg4] {to = "D"} : memref<32x32xi32>
      } {loop_name = "j"}
    } {loop_name = "i", stage_name = "D"}
    return
  }
  func @top(%arg0: memref<32x32xi32>) -> memref<32x32xi32> attributes {itypes = "s", otypes = "s"} {
    %0 = memref.alloc() {name = "B"} : memref<32x32xi32>
    call @Stage_B(%arg0, %0) : (memref<32x32xi32>, memref<32x32xi32>) -> ()
    %1 = memref.alloc() {name = "C"} : memref<32x32xi32>
    call @Stage_B(%arg0, %1) : (memref<32x32xi32>, memref<32x32xi32>) -> ()
    %2 = memref.alloc() {name = "D"} : memref<32x32xi32>
    call @Stage_D(%0, %1, %2) : (memref<32x32xi32>, memref<32x32xi32>, memref<32x32xi32>) -> ()
    return %2 : memref<32x32xi32>
  }
}

// -----

// Listing 3: the `param` / `axis` schedule: stages C, D and E with their
// handles created in the function body, then three outlines: C with its loop
// bounds as parameters, D the same and merged into @Stage_C, E under loop `j`
// only. The printer writes `hcl.outline(...)` without the space and sorts the
// attributes.

// CHECK-LABEL: func.func @top(
// CHECK-SAME:    %{{[a-z0-9]+}}: memref<10x32xi32>) -> memref<10x32xi32> attributes {itypes = "s", otypes = "s"} {
// CHECK:         %{{.+}} = hcl.create_loop_handle "i" : !hcl.LoopHandle
// CHECK-NEXT:    %{{.+}} = hcl.create_loop_handle "j" : !hcl.LoopHandle
// CHECK:         } {loop_name = "i", stage_name = "C"}
// CHECK-NEXT:    %[[SC:.+]] = hcl.create_stage_handle "C" : !hcl.StageHandle
// CHECK:             arith.muli
// CHECK:         } {loop_name = "i", stage_name = "D"}
// CHECK-NEXT:    %[[SD:.+]] = hcl.create_stage_handle "D" : !hcl.StageHandle
// CHECK:         } {loop_name = "i", stage_name = "E"}
// CHECK-NEXT:    %[[SE:.+]] = hcl.create_stage_handle "E" : !hcl.StageHandle
// CHECK-NEXT:    hcl.outline(%[[SC]]) {param = ["i", "j"]}
// CHECK-NEXT:    hcl.outline(%[[SD]]) {merge = "Stage_C", param = ["i", "j"]}
// CHECK-NEXT:    hcl.outline(%[[SE]]) {axis = "j"}
// CHECK-NEXT:    return

module {
  func @top(%arg0: memref<10x32xi32>) -> memref<10x32xi32> attributes {itypes = "s", otypes = "s"} {
    %0 = memref.alloc() {name = "C"} : memref<10x32xi32>
    %1 = hcl.create_loop_handle "i" : !hcl.LoopHandle
    %2 = hcl.create_loop_handle "j" : !hcl.LoopHandle
    affine.for %arg1 = 0 to 10 {
      affine.for %arg2 = 0 to 32 {
        %12 = affine.load %arg0[%arg1, %arg2] {from = "A"} : memref<10x32xi32>
        %c1_i32 = arith.constant 1 : i32
        %13 = arith.addi %12, %c1_i32 : i32
        affine.store %13, %0[%arg1, %arg2] {to = "C"} : memref<10x32xi32>
      } {loop_name = "j"}
    } {loop_name = "i", stage_name = "C"}
    %3 = hcl.create_stage_handle "C" : !hcl.StageHandle
    %4 = memref.alloc() {name = "D"} : memref<10x32xi32>
    %5 = hcl.create_loop_handle "i" : !hcl.LoopHandle
    %6 = hcl.create_loop_handle "j" : !hcl.LoopHandle
    affine.for %arg1 = 0 to 10 {
      affine.for %arg2 = 0 to 32 {
        %12 = affine.load %0[%arg1, %arg2] {from = "C"} : memref<10x32xi32>
        %c2_i32 = arith.constant 2 : i32
        %13 = arith.muli %12, %c2_i32 : i32
        affine.store %13, %4[%arg1, %arg2] {to = "D"} : memref<10x32xi32>
      } {loop_name = "j"}
    } {loop_name = "i", stage_name = "D"}
    %7 = hcl.create_stage_handle "D" : !hcl.StageHandle
    %8 = memref.alloc() {name = "E"} : memref<10x32xi32>
    %9 = hcl.create_loop_handle "i" : !hcl.LoopHandle
    %10 = hcl.create_loop_handle "j" : !hcl.LoopHandle
    affine.for %arg1 = 0 to 10 {
      affine.for %arg2 = 0 to 32 {
        %12 = affine.load %4[%arg1, %arg2] {from = "D"} : memref<10x32xi32>
        %c3_i32 = arith.constant 3 : i32
        %13 = arith.muli %12, %c3_i32 : i32
        affine.store %13, %8[%arg1, %arg2] {to = "E"} : memref<10x32xi32>
      } {loop_name = "j"}
    } {loop_name = "i", stage_name = "E"}
    %11 = hcl.create_stage_handle "E" : !hcl.StageHandle
    hcl.outline (%3) {param = ["i", "j"]}
    hcl.outline (%7) {param = ["i", "j"], merge="Stage_C"}
    hcl.outline (%11) {axis = "j"}
    return %8 : memref<10x32xi32>
  }
}

// -----

// Listing 4: the code generated from listing 3: @Stage_C takes the loop bounds
// as index arguments, D calls @Stage_C too, and @Stage_E holds only the body
// under `i`, called from the `i` loop left in @top. The bare `call` sits
// inside `affine.for`; MLIR 14 resolved it to the call op, and it must still
// parse here (it prints as `func.call` there, since affine.for does not make
// `func` the default dialect).

// CHECK-LABEL: func.func private @Stage_C(
// CHECK-SAME:    %{{[a-z0-9]+}}: memref<10x32xi32>, %{{[a-z0-9]+}}: memref<10x32xi32>, %[[N:[a-z0-9]+]]: index, %[[M:[a-z0-9]+]]: index) attributes {bit, itypes = "s_"} {
// CHECK-NEXT:    affine.for %{{.+}} = 0 to %[[N]] {
// CHECK-NEXT:      affine.for %{{.+}} = 0 to %[[M]] {
// CHECK:           } {loop_name = "j"}
// CHECK-NEXT:    } {loop_name = "i", stage_name = "C"}
// CHECK-LABEL: func.func private @Stage_E(
// CHECK-SAME:    %[[ED:[a-z0-9]+]]: memref<10x32xi32>, %{{[a-z0-9]+}}: memref<10x32xi32>, %[[EI:[a-z0-9]+]]: index) attributes {bit, itypes = "__"} {
// CHECK-NEXT:    affine.for %[[EJ:.+]] = 0 to 32 {
// CHECK-NEXT:      affine.load %[[ED]][%[[EI]], %[[EJ]]] {from = "D"} : memref<10x32xi32>
// CHECK:         } {loop_name = "j"}
// CHECK-NEXT:    return
// CHECK-LABEL: func.func @top(
// CHECK-SAME:    %[[A:[a-z0-9]+]]: memref<10x32xi32>) -> memref<10x32xi32> attributes {itypes = "s", otypes = "s"} {
// CHECK-NEXT:    %[[C:.+]] = memref.alloc() {name = "C"} : memref<10x32xi32>
// CHECK-NEXT:    %[[C10:.+]] = arith.constant 10 : index
// CHECK-NEXT:    %[[C32:.+]] = arith.constant 32 : index
// CHECK-NEXT:    call @Stage_C(%[[A]], %[[C]], %[[C10]], %[[C32]]) : (memref<10x32xi32>, memref<10x32xi32>, index, index) -> ()
// CHECK-NEXT:    %[[D:.+]] = memref.alloc() {name = "D"} : memref<10x32xi32>
// CHECK-NEXT:    %[[C10B:.+]] = arith.constant 10 : index
// CHECK-NEXT:    %[[C32B:.+]] = arith.constant 32 : index
// CHECK-NEXT:    call @Stage_C(%[[C]], %[[D]], %[[C10B]], %[[C32B]]) : (memref<10x32xi32>, memref<10x32xi32>, index, index) -> ()
// CHECK-NEXT:    %[[E:.+]] = memref.alloc() {name = "E"} : memref<10x32xi32>
// CHECK-NEXT:    affine.for %[[I:.+]] = 0 to 10 {
// CHECK-NEXT:      {{(func\.)?}}call @Stage_E(%[[D]], %[[E]], %[[I]]) : (memref<10x32xi32>, memref<10x32xi32>, index) -> ()
// CHECK-NEXT:    } {loop_name = "i", stage_name = "E"}
// CHECK-NEXT:    return %[[E]] : memref<10x32xi32>

module {
  func private @Stage_C(%arg0: memref<10x32xi32>, %arg1: memref<10x32xi32>, %arg2: index, %arg3: index) attributes {bit, itypes = "s_"} {
    affine.for %arg4 = 0 to %arg2 {
      affine.for %arg5 = 0 to %arg3 {
        %0 = affine.load %arg0[%arg4, %arg5] {from = "A"} : memref<10x32xi32>
        %c1_i32 = arith.constant 1 : i32
        %1 = arith.addi %0, %c1_i32 : i32
        affine.store %1, %arg1[%arg4, %arg5] {to = "C"} : memref<10x32xi32>
      } {loop_name = "j"}
    } {loop_name = "i", stage_name = "C"}
    return
  }
  func private @Stage_E(%arg0: memref<10x32xi32>, %arg1: memref<10x32xi32>, %arg2: index) attributes {bit, itypes = "__"} {
    affine.for %arg3 = 0 to 32 {
      %0 = affine.load %arg0[%arg2, %arg3] {from = "D"} : memref<10x32xi32>
      %c3_i32 = arith.constant 3 : i32
      %1 = arith.muli %0, %c3_i32 : i32
      affine.store %1, %arg1[%arg2, %arg3] {to = "E"} : memref<10x32xi32>
    } {loop_name = "j"}
    return
  }
  func @top(%arg0: memref<10x32xi32>) -> memref<10x32xi32> attributes {itypes = "s", otypes = "s"} {
    %0 = memref.alloc() {name = "C"} : memref<10x32xi32>
    %c10 = arith.constant 10 : index
    %c32 = arith.constant 32 : index
    call @Stage_C(%arg0, %0, %c10, %c32) : (memref<10x32xi32>, memref<10x32xi32>, index, index) -> ()
    %1 = memref.alloc() {name = "D"} : memref<10x32xi32>
    %c10_0 = arith.constant 10 : index
    %c32_1 = arith.constant 32 : index
    call @Stage_C(%0, %1, %c10_0, %c32_1) : (memref<10x32xi32>, memref<10x32xi32>, index, index) -> ()
    %2 = memref.alloc() {name = "E"} : memref<10x32xi32>
    affine.for %arg1 = 0 to 10 {
      call @Stage_E(%1, %2, %arg1) : (memref<10x32xi32>, memref<10x32xi32>, index) -> ()
    } {loop_name = "i", stage_name = "E"}
    return %2 : memref<10x32xi32>
  }
}
