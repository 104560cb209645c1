// Every error the hcl op verifiers (lib/Dialect/HCL/HCLOps.cpp) and the hcl
// parsers report, one case per split, each checked for its exact message.
//
// RUN: hcl-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Factors
//===----------------------------------------------------------------------===//

// split: the factor must be positive.
func.func @split_factor_zero(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.split' op split factor must be positive, got 0}}
  %o, %n = hcl.split(%s, %li, 0)
  return
}

// -----

// split: a negative factor is not positive either.
func.func @split_factor_negative(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.split' op split factor must be positive, got -2}}
  %o, %n = hcl.split(%s, %li, -2)
  return
}

// -----

// tile: the y factor must be positive.
func.func @tile_factor_zero(%A: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.tile' op tile factor must be positive, got 0}}
  %a, %b, %c, %d = hcl.tile(%s, %li, %lj, 4, 0)
  return
}

// -----

// tile: the x factor must be positive.
func.func @tile_x_factor_zero(%A: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.tile' op tile factor must be positive, got 0}}
  %a, %b, %c, %d = hcl.tile(%s, %li, %lj, 0, 4)
  return
}

// -----

// pipeline: the initiation interval must be positive.
func.func @pipeline_ii_zero(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.pipeline' op initiation interval must be positive, got 0}}
  hcl.pipeline(%s, %li, 0)
  return
}

// -----

// unroll: 0 means fully, but a negative factor is rejected.
func.func @unroll_factor_negative(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.unroll' op unroll factor must be non-negative (0 unrolls fully), got -1}}
  hcl.unroll(%s, %li, -1)
  return
}

// -----

// vectorize: the width is a power of two, at least 2.
func.func @vectorize_width_not_power_of_two() {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.vectorize' op vector width must be a power of two, at least 2, got 6}}
  hcl.vectorize(%s, %li, 6)
  return
}

// -----

func.func @vectorize_width_one() {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.vectorize' op vector width must be a power of two, at least 2, got 1}}
  hcl.vectorize(%s, %li, 1)
  return
}

//===----------------------------------------------------------------------===//
// Partition
//===----------------------------------------------------------------------===//

// -----

// partition: dim counts from 1 up to the rank; 3 is too large for rank 2.
func.func @partition_dim_too_large(%A: memref<32x32xi32>) {
  // expected-error @+1 {{'hcl.partition' op partition dimension 3 is out of range for a rank-2 memref (0 means every dimension, 1..2 one dimension)}}
  hcl.partition(%A : memref<32x32xi32>, Cyclic, 3, 2)
  return
}

// -----

// partition: a negative dim is out of range.
func.func @partition_dim_negative(%A: memref<32xi32>) {
  // expected-error @+1 {{'hcl.partition' op partition dimension -1 is out of range for a rank-1 memref (0 means every dimension, 1..1 one dimension)}}
  hcl.partition(%A : memref<32xi32>, Complete, -1)
  return
}

// -----

// partition: Block needs a positive factor; an omitted factor is 0.
func.func @partition_block_no_factor(%A: memref<32x32xi32>) {
  // expected-error @+1 {{'hcl.partition' op a Block partition needs a positive factor (the number of banks), got 0}}
  hcl.partition(%A : memref<32x32xi32>, Block, 1)
  return
}

// -----

// partition: Cyclic needs a positive factor (HeteroCL spelling, explicit 0).
func.func @partition_cyclic_zero_factor(%A: memref<32x32xi32>) {
  // expected-error @+1 {{'hcl.partition' op a Cyclic partition needs a positive factor (the number of banks), got 0}}
  hcl.partition(%A : memref<32x32xi32>, "CyclicPartition", 2, 0)
  return
}

// -----

// partition: Cyclic with a negative factor.
func.func @partition_cyclic_negative_factor(%A: memref<32x32xi32>) {
  // expected-error @+1 {{'hcl.partition' op a Cyclic partition needs a positive factor (the number of banks), got -4}}
  hcl.partition(%A : memref<32x32xi32>, Cyclic, 2, -4)
  return
}

// -----

// partition: Complete ignores the factor but a negative one is still wrong.
func.func @partition_complete_negative_factor(%A: memref<32x32xi32>) {
  // expected-error @+1 {{'hcl.partition' op partition factor must be non-negative, got -1}}
  hcl.partition(%A : memref<32x32xi32>, Complete, 1, -1)
  return
}

// -----

// partition: an unknown kind is a parse error that lists the valid kinds.
func.func @partition_unknown_kind(%A: memref<32x32xi32>) {
  // expected-error @+1 {{unknown partition kind 'Diagonal' (expected Complete, Block or Cyclic)}}
  hcl.partition(%A : memref<32x32xi32>, Diagonal, 1, 2)
  return
}

// -----

// partition: an unknown kind spelled as a HeteroCL string.
func.func @partition_unknown_kind_string(%A: memref<32x32xi32>) {
  // expected-error @+1 {{unknown partition kind 'DiagonalPartition' (expected Complete, Block or Cyclic)}}
  hcl.partition(%A : memref<32x32xi32>, "DiagonalPartition", 1, 2)
  return
}

// -----

// partition: the kind names are case-sensitive.
func.func @partition_kind_lowercase(%A: memref<32x32xi32>) {
  // expected-error @+1 {{unknown partition kind 'cyclic' (expected Complete, Block or Cyclic)}}
  hcl.partition(%A : memref<32x32xi32>, cyclic, 1, 2)
  return
}

//===----------------------------------------------------------------------===//
// Handles naming stages and loops
//===----------------------------------------------------------------------===//

// -----

// A stage handle must name a loop nest with that stage_name.
func.func @stage_handle_names_no_stage(%A: memref<16xf32>) {
  // expected-error @+1 {{'hcl.create_stage_handle' op names no stage: no loop nest in function @stage_handle_names_no_stage has stage_name = "T"}}
  %s = hcl.create_stage_handle "T" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  return
}

// -----

// The same for HeteroCL's create_op_handle spelling.
func.func @op_handle_names_no_stage(%A: memref<16xf32>) {
  // expected-error @+1 {{'hcl.create_op_handle' op names no stage: no loop nest in function @op_handle_names_no_stage has stage_name = "T"}}
  %s = hcl.create_op_handle "T" : !hcl.OpHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  return
}

// -----

// Names are looked up in the enclosing function only: stage "S" of another
// function does not count.
func.func @other(%A: memref<16xf32>) {
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  return
}
func.func @stage_in_other_function(%A: memref<16xf32>) {
  // expected-error @+1 {{'hcl.create_stage_handle' op names no stage: no loop nest in function @stage_in_other_function has stage_name = "S"}}
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  return
}

// -----

// The empty name names no stage (a loop nest without `stage_name` is not a
// stage called "").
func.func @stage_handle_empty_name(%A: memref<16xf32>) {
  // expected-error @+1 {{'hcl.create_stage_handle' op names no stage: no loop nest in function @stage_handle_empty_name has stage_name = ""}}
  %s = hcl.create_stage_handle "" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  return
}

// -----

// A loop handle without a stage must name a loop somewhere in the function.
func.func @loop_handle_names_no_loop(%A: memref<16xf32>) {
  // expected-error @+1 {{'hcl.create_loop_handle' op names no loop: function @loop_handle_names_no_loop has no loop with loop_name = "k"}}
  %l = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  return
}

// -----

// The empty name names no loop (an op without `loop_name` is not a loop
// called "").
func.func @loop_handle_empty_name(%A: memref<16xf32>) {
  // expected-error @+1 {{'hcl.create_loop_handle' op names no loop: function @loop_handle_empty_name has no loop with loop_name = ""}}
  %l = hcl.create_loop_handle "" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  return
}

// -----

// A loop handle with a stage must name a loop of that stage: `j` exists, but
// only in stage B.
func.func @loop_handle_not_in_stage(%A: memref<16x16xf32>) {
  %sA = hcl.create_stage_handle "A" : !hcl.StageHandle
  // expected-error @+1 {{'hcl.create_loop_handle' op stage 'A' has no loop named 'j'}}
  %l = hcl.create_loop_handle %sA, "j" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "A"}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  return
}

// -----

// A plain loop handle used with a stage that does not contain that loop.
func.func @loop_not_in_used_stage(%A: memref<16x16xf32>) {
  %sA = hcl.create_stage_handle "A" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "A"}
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "B"}
  // expected-error @+1 {{'hcl.pipeline' op stage 'A' has no loop named 'j'}}
  hcl.pipeline(%sA, %lj, 1)
  return
}

// -----

// A loop handle created for stage B, used with stage A (both have a loop `i`).
func.func @loop_handle_of_other_stage(%A: memref<16xf32>) {
  %sA = hcl.create_stage_handle "A" : !hcl.StageHandle
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %bi = hcl.create_loop_handle %sB, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "A"}
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "B"}
  // expected-error @+1 {{'hcl.unroll' op loop handle 'i' belongs to stage 'B' but is used with stage 'A'}}
  hcl.unroll(%sA, %bi, 2)
  return
}

// -----

// compute_at checks its axis against the consumer: here the axis belongs to
// the producer.
func.func @compute_at_axis_of_producer(%A: memref<16xf32>) {
  %sA = hcl.create_stage_handle "A" : !hcl.StageHandle
  %sB = hcl.create_stage_handle "B" : !hcl.StageHandle
  %ai = hcl.create_loop_handle %sA, "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "A"}
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "B"}
  // expected-error @+1 {{'hcl.compute_at' op loop handle 'i' belongs to stage 'A' but is used with stage 'B'}}
  hcl.compute_at(%sA, %sB, %ai)
  return
}

//===----------------------------------------------------------------------===//
// Loop lists
//===----------------------------------------------------------------------===//

// -----

// reorder: the same loop handle twice.
func.func @reorder_same_handle_twice(%A: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.reorder' op loop 'j' is listed twice}}
  hcl.reorder(%s, %lj, %li, %lj)
  return
}

// -----

// reorder: two handles naming the same loop.
func.func @reorder_same_name_twice(%A: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %lj = hcl.create_loop_handle "j" : !hcl.LoopHandle
  %lj2 = hcl.create_loop_handle %s, "j" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.reorder' op loop 'j' is listed twice}}
  hcl.reorder(%s, %lj, %lj2)
  return
}

// -----

// reorder: an unnamed handle (a split result) listed twice.
func.func @reorder_result_twice(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  %o, %n = hcl.split(%s, %li, 4)
  // expected-error @+1 {{'hcl.reorder' op loop '<handle>' is listed twice}}
  hcl.reorder(%s, %n, %n)
  return
}

// -----

// reorder: at least one loop.
func.func @reorder_no_loops(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.reorder' op needs at least one loop to reorder}}
  hcl.reorder(%s)
  return
}

// -----

// tile: the two loops must differ.
func.func @tile_same_loop(%A: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.tile' op loop 'i' is listed twice}}
  %a, %b, %c, %d = hcl.tile(%s, %li, %li, 4, 4)
  return
}

// -----

// fuse: a single loop cannot be fused.
func.func @fuse_one_loop(%A: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.fuse' op needs at least two loops to fuse, got 1}}
  %f = hcl.fuse(%s, %li)
  return
}

// -----

// fuse: the loops must be distinct.
func.func @fuse_same_loop(%A: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.fuse' op loop 'i' is listed twice}}
  %f = hcl.fuse(%s, %li, %li)
  return
}

// -----

// compute_at: the same stage handle as producer and consumer.
func.func @compute_at_same_handle(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.compute_at' op producer and consumer must be different stages}}
  hcl.compute_at(%s, %s, %li)
  return
}

// -----

// compute_at: two handles naming the same stage.
func.func @compute_at_same_stage(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %s2 = hcl.create_op_handle "S" : !hcl.OpHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.compute_at' op producer and consumer must be different stages}}
  hcl.compute_at(%s, %s2, %li)
  return
}

//===----------------------------------------------------------------------===//
// Buffers and reshape
//===----------------------------------------------------------------------===//

// -----

// buffer_at: the buffer holds elements of the target's type.
func.func @buffer_at_element_type(%C: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{'hcl.buffer_at' op buffer element type 'i32' differs from the target's element type 'f32'}}
  %buf = hcl.buffer_at(%s, %C : memref<16x16xf32>, %li) -> memref<16xi32>
  return
}

// -----

// buffer_at: the buffer needs a static shape.
func.func @buffer_at_dynamic_shape(%C: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{'hcl.buffer_at' op buffer type must have a static shape, got 'memref<?xf32>'}}
  %buf = hcl.buffer_at(%s, %C : memref<16x16xf32>, %li) -> memref<?xf32>
  return
}

// -----

// buffer_at: the buffer cannot have more dimensions than the target.
func.func @buffer_at_rank(%C: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "s"}
  // expected-error @+1 {{'hcl.buffer_at' op buffer rank 3 exceeds the target's rank 2}}
  %buf = hcl.buffer_at(%s, %C : memref<16x16xf32>, %li) -> memref<2x16x16xf32>
  return
}

// -----

// buffer_at: the axis is checked against the stage like other loop handles.
func.func @buffer_at_axis_not_in_stage(%C: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "s" : !hcl.StageHandle
  %lk = hcl.create_loop_handle "k" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "s"}
  affine.for %k = 0 to 16 {
  } {loop_name = "k", stage_name = "t"}
  // expected-error @+1 {{'hcl.buffer_at' op stage 's' has no loop named 'k'}}
  %buf = hcl.buffer_at(%s, %C : memref<16x16xf32>, %lk) -> memref<16xf32>
  return
}

// -----

// reuse_at shares the buffer checks: element type.
func.func @reuse_at_element_type(%A: memref<10x10xi32>) {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
  } {loop_name = "i", stage_name = "B"}
  // expected-error @+1 {{'hcl.reuse_at' op buffer element type 'i64' differs from the target's element type 'i32' (write memref<*xi32> to let the schedule choose the buffer's shape)}}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<3x10xi64>
  return
}

// -----

// reuse_at: dynamic buffer shape.
func.func @reuse_at_dynamic_shape(%A: memref<10x10xi32>) {
  %s = hcl.create_stage_handle "B" : !hcl.StageHandle
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
  } {loop_name = "i", stage_name = "B"}
  // expected-error @+1 {{'hcl.reuse_at' op buffer type must have a static shape, got 'memref<3x?xi32>'}}
  %lb = hcl.reuse_at(%s, %A : memref<10x10xi32>, %li) -> memref<3x?xi32>
  return
}

// -----

// reshape: the number of elements must not change.
func.func @reshape_element_count(%A: memref<4x4xf32>) {
  // expected-error @+1 {{'hcl.reshape' op reshape must keep the number of elements: 16 vs 12}}
  %B = hcl.reshape %A : memref<4x4xf32> to memref<3x4xf32>
  return
}

// -----

// reshape: the element type must not change.
func.func @reshape_element_type(%A: memref<4x4xf32>) {
  // expected-error @+1 {{'hcl.reshape' op reshape cannot change the element type ('f32' to 'i32')}}
  %B = hcl.reshape %A : memref<4x4xf32> to memref<16xi32>
  return
}

// -----

// reshape: both shapes must be static.
func.func @reshape_dynamic(%A: memref<?x4xf32>) {
  // expected-error @+1 {{'hcl.reshape' op reshape needs static shapes}}
  %B = hcl.reshape %A : memref<?x4xf32> to memref<16xf32>
  return
}

//===----------------------------------------------------------------------===//
// Outline
//===----------------------------------------------------------------------===//

// -----

// outline: `merge` and `unify` are one option.
func.func @outline_merge_and_unify(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.outline' op 'merge' and 'unify' are the same option; give one}}
  hcl.outline (%s) {merge = "Stage_T", unify = "Stage_T"}
  return
}

// -----

// outline: `axis` applies to a single stage.
func.func @outline_axis_two_stages(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %t = hcl.create_stage_handle "T" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "T"}
  // expected-error @+1 {{'hcl.outline' op 'axis' applies to a single stage, got 2}}
  hcl.outline (%s, %t) {axis = "i"}
  return
}

// -----

// outline: a loop listed twice in `param`.
func.func @outline_param_twice(%A: memref<16x16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.outline' op 'param' lists loop 'i' twice}}
  hcl.outline (%s) {param = ["i", "j", "i"]}
  return
}

// -----

// outline: an empty loop name in `param` is listed once, not twice; the error
// must say the name is empty.
func.func @outline_param_empty(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error-re @+1 {{'hcl.outline' op 'param' {{.*}}empty{{.*}}}}
  hcl.outline (%s) {param = [""]}
  return
}

// -----

// outline: `param` must be an array of strings.
func.func @outline_param_not_strings(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.outline' op attribute 'param' failed to satisfy constraint: string array attribute}}
  hcl.outline (%s) {param = [1, 2]}
  return
}

// -----

// outline: the same stage listed twice.
func.func @outline_stage_twice(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.outline' op a stage is listed twice}}
  hcl.outline (%s, %s)
  return
}

// -----

// outline: at least one stage.
func.func @outline_no_stage(%A: memref<16xf32>) {
  // expected-error @+1 {{'hcl.outline' op needs at least one stage}}
  hcl.outline ()
  return
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// -----

// A LoopHandle where a StageHandle is expected: the custom syntax gives the
// operand its type, so this is a type mismatch at parse time.
func.func @loop_handle_as_stage(%A: memref<16xf32>) {
  // expected-note @+1 {{prior use here}}
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{use of value '%li' expects different type than prior uses: '!hcl.StageHandle' vs '!hcl.LoopHandle'}}
  hcl.pipeline(%li, %li, 1)
  return
}

// -----

// A StageHandle where a LoopHandle is expected.
func.func @stage_handle_as_loop(%A: memref<16xf32>) {
  // expected-note @+1 {{prior use here}}
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{use of value '%s' expects different type than prior uses: '!hcl.LoopHandle' vs '!hcl.StageHandle'}}
  %o, %n = hcl.split(%s, %s, 2)
  return
}

// -----

// A stage handle operand of create_loop_handle must be a StageHandle.
func.func @loop_handle_as_stage_operand(%A: memref<16xf32>) {
  // expected-note @+1 {{prior use here}}
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{use of value '%li' expects different type than prior uses: '!hcl.StageHandle' vs '!hcl.LoopHandle'}}
  %lj = hcl.create_loop_handle %li, "i" : !hcl.LoopHandle
  return
}

// -----

// In the generic form the operand types are written out, and the op's type
// constraint rejects a LoopHandle as the stage.
func.func @generic_loop_handle_as_stage(%A: memref<16xf32>) {
  %li = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.parallel' op operand #0 must be a handle naming one stage (a loop nest tagged `stage_name`), but got '!hcl.LoopHandle'}}
  "hcl.parallel"(%li, %li) : (!hcl.LoopHandle, !hcl.LoopHandle) -> ()
  return
}

// -----

// A handle type where a memref is expected.
func.func @partition_of_handle(%A: memref<16xf32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{'hcl.partition' op operand #0 must be ranked or unranked memref of any type values, but got '!hcl.StageHandle'}}
  "hcl.partition"(%s) <{dim = 0 : i64, factor = 0 : i64, partition_kind = 0 : i32}> : (!hcl.StageHandle) -> ()
  return
}

// -----

// create_loop_handle declares the wrong result type (a parse error: the
// custom syntax fixes the result type).
func.func @loop_handle_wrong_result_type(%A: memref<16xf32>) {
  affine.for %i = 0 to 16 {
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{custom op 'hcl.create_loop_handle' invalid kind of type specified: expected hcl.LoopHandle, but found '!hcl.StageHandle'}}
  %l = hcl.create_loop_handle "i" : !hcl.StageHandle
  return
}

// -----

// Unknown hcl type.
func.func @unknown_type(%A: memref<16xf32>) {
  // expected-error @+1 {{unknown hcl type 'Foo' (expected LoopHandle, StageHandle, OpHandle, Type, Fixed, UFixed or struct)}}
  %l = hcl.create_loop_handle "i" : !hcl.Foo
  return
}

// -----

// Unknown hcl type in a function signature.
// expected-error @+1 {{unknown hcl type 'LoopHndle' (expected LoopHandle, StageHandle, OpHandle, Type, Fixed, UFixed or struct)}}
func.func @unknown_type_in_signature(%h: !hcl.LoopHndle) {
  return
}
