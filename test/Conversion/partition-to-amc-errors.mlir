// What --hcl-partition-to-amc refuses: a schedule that was not applied is an
// error; a buffer that cannot be an amc memory is skipped with a warning
// located at it, and the other buffers still get theirs.
// RUN: hcl-opt %s -split-input-file -verify-diagnostics --hcl-partition-to-amc

func.func @not_applied(%A: memref<8xi32>) {
  // expected-error@+1 {{the schedule was not applied: 'hcl.partition' is still present (run --hcl-apply-customizations first)}}
  hcl.partition(%A : memref<8xi32>, Cyclic, 1, 2)
  return
}

// -----

#cyclic = affine_map<(d0) -> (d0 mod 2, d0 floordiv 2)>
// expected-warning@+1 {{buffer 'arg0' of @dynamic has the dynamic shape 'memref<?xi32, affine_map<(d0) -> (d0 mod 2, d0 floordiv 2)>>'; an amc.memory needs a fixed size, none is built}}
func.func @dynamic(%A: memref<?xi32, #cyclic>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %A[%c0] : memref<?xi32, #cyclic>
  return
}

// -----

#cyclic = affine_map<(d0) -> (d0 mod 2, d0 floordiv 2)>
func.func @index_words() {
  // expected-warning@+1 {{buffer 'ids' of @index_words holds 'index'; amc words are integers, floats or fixed-point bits, no amc.memory is built}}
  %buf = memref.alloc() {name = "ids"} : memref<8xindex, #cyclic>
  %c0 = arith.constant 0 : index
  affine.store %c0, %buf[3] : memref<8xindex, #cyclic>
  return
}

// -----

#cyclic = affine_map<(d0) -> (d0 mod 2, d0 floordiv 2)>
func.func private @external(memref<8xi32, #cyclic>)
func.func @opaque_callee() {
  // expected-warning@+1 {{buffer 'buf0' of @opaque_callee is passed to @external, whose body is not in the module: its accesses are unknown, so no amc.memory is built for it}}
  %buf = memref.alloc() : memref<8xi32, #cyclic>
  call @external(%buf) : (memref<8xi32, #cyclic>) -> ()
  return
}

// -----

#cyclic = affine_map<(d0) -> (d0 mod 2, d0 floordiv 2)>
func.func @other_use() -> index {
  // expected-warning@+1 {{buffer 'buf0' of @other_use is used by 'memref.dim', which is not a load, store, copy, call or deallocation; no amc.memory is built for it}}
  %buf = memref.alloc() : memref<8xi32, #cyclic>
  %c0 = arith.constant 0 : index
  // expected-note@+1 {{the use}}
  %n = memref.dim %buf, %c0 : memref<8xi32, #cyclic>
  return %n : index
}

// -----

#cyclic = affine_map<(d0) -> (d0 mod 2, d0 floordiv 2)>
func.func @never_accessed() {
  // expected-warning@+1 {{buffer 'buf0' of @never_accessed is never read or written; no amc.memory is built}}
  %buf = memref.alloc() : memref<8xi32, #cyclic>
  memref.dealloc %buf : memref<8xi32, #cyclic>
  return
}
