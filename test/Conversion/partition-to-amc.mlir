// --hcl-partition-to-amc: an amc.memory per partitioned buffer, banks from
// the partition layout, one port per distinct access of one iteration of the
// pipelined loop (nested loops unrolled). The memories pass the amc verifiers
// and lower to unbanked storage.
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations --hcl-partition-to-amc | FileCheck %s
// RUN: hcl-opt %s -split-input-file --hcl-apply-customizations --hcl-partition-to-amc | hcl-opt -split-input-file --pass-pipeline='builtin.module(amc.memory(amc-lower-handshake,amc-lower-merge,amc-lower-banks))' | FileCheck %s --check-prefix=LOWER

// Cyclic 4 and an inner loop of 4 unrolled under the pipeline: each copy
// reads its own bank.
// CHECK-LABEL: func.func @cyclic_unrolled(
// CHECK:         memref.alloc() {name = "acc"} : memref<16xi32, #[[LAYOUT:.+]]>
// CHECK:       amc.memory @cyclic_unrolled_acc(!amc.port<4xi32, r, 1>, !amc.port<4xi32, w, 1>, !amc.port<4xi32, r, 1>, !amc.port<4xi32, w, 1>, !amc.port<4xi32, r, 1>, !amc.port<4xi32, w, 1>, !amc.port<4xi32, r, 1>, !amc.port<4xi32, w, 1>)
// CHECK-SAME:    hcl.loops = ["S/j/i"]
// CHECK-SAME:    hcl.source = "cyclic_unrolled/acc"
// CHECK-NEXT:    %[[M:.+]] = amc.alloc : !amc.memref<16xi32, bank [4]>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<16xi32, bank [4]>) banks [0] : !amc.port<4xi32, r, 1>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<16xi32, bank [4]>) banks [0] : !amc.port<4xi32, w, 1>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<16xi32, bank [4]>) banks [1] : !amc.port<4xi32, r, 1>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<16xi32, bank [4]>) banks [1] : !amc.port<4xi32, w, 1>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<16xi32, bank [4]>) banks [2] : !amc.port<4xi32, r, 1>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<16xi32, bank [4]>) banks [2] : !amc.port<4xi32, w, 1>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<16xi32, bank [4]>) banks [3] : !amc.port<4xi32, r, 1>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<16xi32, bank [4]>) banks [3] : !amc.port<4xi32, w, 1>
// CHECK-NEXT:    amc.extern
// LOWER-LABEL: amc.memory @cyclic_unrolled_acc(
// LOWER-COUNT-4: amc.alloc : !amc.memref<4xi32>
// LOWER-NOT:     amc.merge
// LOWER:         amc.extern
func.func @cyclic_unrolled(%A: memref<16x8xi32>) {
  %buf = memref.alloc() {name = "acc"} : memref<16xi32>
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 4 {
      affine.for %u = 0 to 4 {
        %a = affine.load %A[%i * 4 + %u, %j] : memref<16x8xi32>
        %b = affine.load %buf[%i * 4 + %u] : memref<16xi32>
        %c = arith.addi %a, %b : i32
        affine.store %c, %buf[%i * 4 + %u] : memref<16xi32>
      } {loop_name = "u"}
    } {loop_name = "i", pipeline_ii = 1 : i32}
  } {loop_name = "j", stage_name = "S"}
  memref.dealloc %buf : memref<16xi32>
  hcl.partition(%buf : memref<16xi32>, Cyclic, 1, 4)
  return
}

// -----

// The bank of acc[i] varies with the pipelined loop: one port over both
// banks for the read, one for the write. The unpartitioned argument gets no
// memory.
// CHECK-LABEL: func.func @runtime_bank(
// CHECK-NOT:   amc.memory @runtime_bank_arg0
// CHECK:       amc.memory @runtime_bank_acc(!amc.port<8xf32, r, 1>, !amc.port<8xf32, w, 1>)
// CHECK-NEXT:    %[[M:.+]] = amc.alloc : !amc.memref<8xf32, bank [2]>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<8xf32, bank [2]>) banks [0, 1] : !amc.port<8xf32, r, 1>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<8xf32, bank [2]>) banks [0, 1] : !amc.port<8xf32, w, 1>
// CHECK-NEXT:    amc.extern
// CHECK-NOT:   amc.memory
// LOWER-LABEL: amc.memory @runtime_bank_acc(
// LOWER-COUNT-2: amc.alloc : !amc.memref<4xf32>
// LOWER:         amc.merge({{.*}}) : !amc.port<8xf32, r, 1>
// LOWER:         amc.merge({{.*}}) : !amc.port<8xf32, w, 1>
func.func @runtime_bank(%A: memref<8xf32>) {
  %buf = memref.alloc() {name = "acc"} : memref<8xf32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xf32>
    %b = affine.load %buf[%i] : memref<8xf32>
    %c = arith.addf %a, %b : f32
    affine.store %c, %buf[%i] : memref<8xf32>
  } {loop_name = "i", stage_name = "S", pipeline_ii = 1 : i32}
  memref.dealloc %buf : memref<8xf32>
  hcl.partition(%buf : memref<8xf32>, Block, 1, 2)
  return
}

// -----

// Block 3 of 10 words: banks of ceil(10/3) = 4 words, the last one half
// used, so the amc.memref has 12 words. Constant indices fix the banks.
// CHECK-LABEL: func.func @block_padding(
// CHECK:       amc.memory @block_padding_t(!amc.port<4xi32, w, 1>, !amc.port<4xi32, w, 1>)
// CHECK-NEXT:    %[[M:.+]] = amc.alloc : !amc.memref<12xi32, bank [3]>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<12xi32, bank [3]>) banks [0] : !amc.port<4xi32, w, 1>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<12xi32, bank [3]>) banks [2] : !amc.port<4xi32, w, 1>
// CHECK-NEXT:    amc.extern
func.func @block_padding(%A: memref<8xi32>) {
  %buf = memref.alloc() {name = "t"} : memref<10xi32>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi32>
    affine.store %a, %buf[0] : memref<10xi32>
    affine.store %a, %buf[9] : memref<10xi32>
  } {loop_name = "i", stage_name = "S", pipeline_ii = 1 : i32}
  hcl.partition(%buf : memref<10xi32>, Block, 1, 3)
  return
}

// -----

// Three pipelined loops one after the other share ports: init writes every
// bank, update reads and writes every bank, drain reads every bank; the
// memory has one read and one write port per bank.
// CHECK-LABEL: func.func @sequential_loops(
// CHECK:       amc.memory @sequential_loops_rows(!amc.port<16xf32, w, 1>, !amc.port<16xf32, w, 1>, !amc.port<16xf32, w, 1>, !amc.port<16xf32, w, 1>, !amc.port<16xf32, r, 1>, !amc.port<16xf32, r, 1>, !amc.port<16xf32, r, 1>, !amc.port<16xf32, r, 1>)
// CHECK-SAME:    hcl.loops = ["init/j_init", "update/j", "drain/j_back"]
// CHECK-NEXT:    %[[M:.+]] = amc.alloc : !amc.memref<64xf32, bank [4]>
// CHECK-NEXT:    banks [0] : !amc.port<16xf32, w, 1>
// CHECK-NEXT:    banks [1] : !amc.port<16xf32, w, 1>
// CHECK-NEXT:    banks [2] : !amc.port<16xf32, w, 1>
// CHECK-NEXT:    banks [3] : !amc.port<16xf32, w, 1>
// CHECK-NEXT:    banks [0] : !amc.port<16xf32, r, 1>
// CHECK-NEXT:    banks [1] : !amc.port<16xf32, r, 1>
// CHECK-NEXT:    banks [2] : !amc.port<16xf32, r, 1>
// CHECK-NEXT:    banks [3] : !amc.port<16xf32, r, 1>
// CHECK-NEXT:    amc.extern
func.func @sequential_loops(%A: memref<4x16xf32>, %B: memref<4x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %buf = memref.alloc() {name = "rows"} : memref<4x16xf32>
  affine.for %j = 0 to 16 {
    affine.for %r = 0 to 4 {
      affine.store %zero, %buf[%r, %j] : memref<4x16xf32>
    } {loop_name = "r"}
  } {loop_name = "j_init", stage_name = "init", pipeline_ii = 1 : i32}
  affine.for %j = 0 to 16 {
    affine.for %r = 0 to 4 {
      %a = affine.load %A[%r, %j] : memref<4x16xf32>
      %b = affine.load %buf[%r, %j] : memref<4x16xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %buf[%r, %j] : memref<4x16xf32>
    } {loop_name = "r"}
  } {loop_name = "j", stage_name = "update", pipeline_ii = 1 : i32}
  affine.for %j = 0 to 16 {
    affine.for %r = 0 to 4 {
      %b = affine.load %buf[%r, %j] : memref<4x16xf32>
      affine.store %b, %B[%r, %j] : memref<4x16xf32>
    } {loop_name = "r"}
  } {loop_name = "j_back", stage_name = "drain", pipeline_ii = 1 : i32}
  hcl.partition(%buf : memref<4x16xf32>, Complete, 1)
  return
}

// -----

// Two partitioned dimensions: Cyclic 2 of 6 rows, Block 2 of 4 columns.
// Banks (r mod 2, c floordiv 2) in row-major order, offsets (r floordiv 2,
// c mod 2) over a bank's 3x2 words. Without a pipelined loop the ports come
// from the innermost loop (c), whose bank varies: ports over all banks.
// CHECK:       #[[LAYOUT:.+]] = affine_map<(d0, d1) -> (d0 mod 2, d1 floordiv 2, d0 floordiv 2, d1 mod 2)>
// CHECK:       #[[ADDRESS:.+]] = affine_map<(d0, d1) -> (d0 * 2 - (d0 floordiv 2) * 4 + d1 floordiv 2, d1 + (d0 floordiv 2) * 2 - (d1 floordiv 2) * 2)>
// CHECK-LABEL: func.func @two_dims(
// CHECK:       amc.memory @two_dims_tile(!amc.port<24xi16, w, 1>) attributes {hcl.address_map = #[[ADDRESS]], hcl.buffer_type = memref<6x4xi16, #[[LAYOUT]]>, hcl.loops = ["S/r/c"], hcl.source = "two_dims/tile"}
// CHECK-NEXT:    %[[M:.+]] = amc.alloc : !amc.memref<24xi16, bank [4]>
// CHECK-NEXT:    amc.create_port(%[[M]] : !amc.memref<24xi16, bank [4]>) banks [0, 1, 2, 3] : !amc.port<24xi16, w, 1>
// CHECK-NEXT:    amc.extern
// LOWER-LABEL: amc.memory @two_dims_tile(
// LOWER-COUNT-4: amc.alloc : !amc.memref<6xi16>
// LOWER:         amc.merge({{.*}}) : !amc.port<24xi16, w, 1>
func.func @two_dims(%A: memref<6x4xi16>) {
  %buf = memref.alloc() {name = "tile"} : memref<6x4xi16>
  affine.for %r = 0 to 6 {
    affine.for %c = 0 to 4 {
      %a = affine.load %A[%r, %c] : memref<6x4xi16>
      affine.store %a, %buf[%r, %c] : memref<6x4xi16>
    } {loop_name = "c"}
  } {loop_name = "r", stage_name = "S"}
  hcl.partition(%buf : memref<6x4xi16>, Cyclic, 1, 2)
  hcl.partition(%buf : memref<6x4xi16>, Block, 2, 2)
  return
}

// -----

// A partitioned argument passed to another function: the callee's accesses
// are the caller's memory's ports; the callee's argument has no memory of
// its own. The function reads and writes the argument, so the caller gets
// a write port (to fill it) and a read port (to read it back) over all
// banks. Fixed-point words are stored as their bits.
// CHECK-LABEL: func.func private @scale(
// CHECK-NOT:   amc.memory @scale
// CHECK:       amc.memory @top_arg0(!amc.port<2xi12, r, 1>, !amc.port<2xi12, w, 1>, !amc.port<2xi12, r, 1>, !amc.port<2xi12, w, 1>, !amc.port<4xi12, w, 1>, !amc.port<4xi12, r, 1>)
// CHECK-SAME:    hcl.buffer_type = memref<4x!hcl.Fixed<12, 4>, #{{.+}}>, hcl.loops = ["@scale/S/i", "(caller)"], hcl.source = "top/arg0"
// CHECK-NEXT:    amc.alloc : !amc.memref<4xi12, bank [2]>
// CHECK-NEXT:    banks [0] : !amc.port<2xi12, r, 1>
// CHECK-NEXT:    banks [0] : !amc.port<2xi12, w, 1>
// CHECK-NEXT:    banks [1] : !amc.port<2xi12, r, 1>
// CHECK-NEXT:    banks [1] : !amc.port<2xi12, w, 1>
// CHECK-NEXT:    banks [0, 1] : !amc.port<4xi12, w, 1>
// CHECK-NEXT:    banks [0, 1] : !amc.port<4xi12, r, 1>
func.func private @scale(%X: memref<4x!hcl.Fixed<12, 4>>) {
  affine.for %i = 0 to 2 {
    affine.for %u = 0 to 2 {
      %x = affine.load %X[%i * 2 + %u] : memref<4x!hcl.Fixed<12, 4>>
      affine.store %x, %X[%i * 2 + %u] : memref<4x!hcl.Fixed<12, 4>>
    } {loop_name = "u"}
  } {loop_name = "i", stage_name = "S", pipeline_ii = 1 : i32}
  return
}
func.func @top(%X: memref<4x!hcl.Fixed<12, 4>>) {
  call @scale(%X) : (memref<4x!hcl.Fixed<12, 4>>) -> ()
  hcl.partition(%X : memref<4x!hcl.Fixed<12, 4>>, Cyclic, 1, 2)
  return
}

// -----

// A copy into a partitioned buffer walks every bank: a write port over all
// of them; the name-less alloca is named by its place among the function's
// unnamed buffers.
// CHECK-LABEL: func.func @copy_in(
// CHECK:       amc.memory @copy_in_buf1(!amc.port<4xi32, r, 1>, !amc.port<8xi32, w, 1>)
// CHECK-SAME:    hcl.loops = ["@copy_in"]
// CHECK-NEXT:    amc.alloc : !amc.memref<8xi32, bank [2]>
// CHECK-NEXT:    banks [1] : !amc.port<4xi32, r, 1>
// CHECK-NEXT:    banks [0, 1] : !amc.port<8xi32, w, 1>
func.func @copy_in(%A: memref<8xi32>) -> i32 {
  %unused = memref.alloc() : memref<2xi32>
  %buf = memref.alloca() : memref<8xi32>
  memref.copy %A, %buf : memref<8xi32> to memref<8xi32>
  %v = affine.load %buf[5] : memref<8xi32>
  hcl.partition(%buf : memref<8xi32>, Cyclic, 1, 2)
  return %v : i32
}

// -----

// A buffer that cannot be a memory is skipped with a warning; the others
// still get theirs.
// CHECK-LABEL: func.func @skip_one(
// CHECK-NOT:   amc.memory @skip_one_unused
// CHECK:       amc.memory @skip_one_used(!amc.port<4xi32, r, 1>)
// CHECK-NOT:   amc.memory
func.func @skip_one() -> i32 {
  %unused = memref.alloc() {name = "unused"} : memref<8xi32>
  %used = memref.alloc() {name = "used"} : memref<8xi32>
  %v = affine.load %used[3] : memref<8xi32>
  hcl.partition(%unused : memref<8xi32>, Cyclic, 1, 2)
  hcl.partition(%used : memref<8xi32>, Cyclic, 1, 2)
  return %v : i32
}

// -----

// A buffer the function returns is read by its caller: a read port over all
// banks besides the function's own write ports.
// CHECK-LABEL: func.func @returned(
// CHECK:       amc.memory @returned_out(!amc.port<4xi32, w, 1>, !amc.port<4xi32, w, 1>, !amc.port<8xi32, r, 1>)
// CHECK-SAME:    hcl.loops = ["S/i", "(caller)"]
func.func @returned(%A: memref<8xi32>) -> memref<8xi32> {
  %out = memref.alloc() {name = "out"} : memref<8xi32>
  affine.for %i = 0 to 4 {
    affine.for %u = 0 to 2 {
      %a = affine.load %A[%i * 2 + %u] : memref<8xi32>
      affine.store %a, %out[%i * 2 + %u] : memref<8xi32>
    } {loop_name = "u"}
  } {loop_name = "i", stage_name = "S", pipeline_ii = 1 : i32}
  hcl.partition(%out : memref<8xi32>, Cyclic, 1, 2)
  return %out : memref<8xi32>
}

// -----

// A write buffer (buffer_at, seed 000's gemm+acc) partitioned Cyclic 4: its
// init, accumulate and write-back loops (each pipelined, bank varying with
// j) share one write and one read port over all banks.
// CHECK-LABEL: func.func @write_buffer(
// CHECK:       amc.memory @write_buffer_buf0(!amc.port<16xf32, w, 1>, !amc.port<16xf32, r, 1>)
// CHECK-SAME:    hcl.loops = ["s/i/j_init", "s/i/k/j", "s/i/j_back"]
// CHECK-NEXT:    amc.alloc : !amc.memref<16xf32, bank [4]>
// CHECK-NEXT:    banks [0, 1, 2, 3] : !amc.port<16xf32, w, 1>
// CHECK-NEXT:    banks [0, 1, 2, 3] : !amc.port<16xf32, r, 1>
// CHECK-NEXT:    amc.extern
func.func @write_buffer(%A: memref<16x8xf32>, %B: memref<8x16xf32>, %C: memref<16x16xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 8 {
        %a = affine.load %A[%i, %k] : memref<16x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x16xf32>
        %c = affine.load %C[%i, %j] : memref<16x16xf32>
        %prod = arith.mulf %a, %b : f32
        %sum = arith.addf %prod, %c : f32
        affine.store %sum, %C[%i, %j] : memref<16x16xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  hcl.reorder(%s, %lk, %lj)
  %buf = hcl.buffer_at(%s, %C: memref<16x16xf32>, %li) -> memref<16xf32>
  hcl.pipeline(%s, %lj, 1)
  hcl.partition(%buf : memref<16xf32>, Cyclic, 1, 4)
  return
}
