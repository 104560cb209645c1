// A program whose result depends on memory it never wrote gives different
// numbers on every run, scheduled or not. When the comparison fails, hcl
// check runs the unscheduled program on seed 0 with every allocation (and
// every result array) filled with 0x00 and with 0xFF; when those differ it
// says the result is undefined (exit 1) instead of comparing, which would
// report OK or MISMATCH by chance. Without the fills these three report OK
// or MISMATCH depending on what the allocator hands out.
// RUN: not hcl check %s --entry accumulate 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: not hcl check %s --entry partial 2>&1 | FileCheck %s --check-prefix=PART
// RUN: not hcl check %s --entry stack 2>&1 | FileCheck %s --check-prefix=STACK
// The generated-code checks compare with the scheduled JIT, which is then
// the program that must be defined.
// RUN: not hcl check --hls %s --entry accumulate 2>&1 | FileCheck %s --check-prefix=HLS
// HLS: hcl check: UNDEFINED: @accumulate result0 depends on memory the program reads before writing it
// HLS-NOT: {{OK|MISMATCH}}

// Accumulates into %C without clearing it first: the quick look at the
// program finds it and warns at the allocation.
// ACC: check-uninitialized-undefined.mlir:[[@LINE+4]]:8: warning: this allocation is read before it is written
// ACC: hcl check: UNDEFINED: @accumulate result0 depends on memory the unscheduled program reads before writing it (on seed 0, runs with every allocation filled with 0x00 and with 0xFF differ), so comparing it would prove nothing; initialize the allocation the warning names
// ACC-NOT: {{OK|MISMATCH}}
func.func @accumulate(%A: memref<64x64xi32>) -> memref<64xi32> {
  %C = memref.alloc() : memref<64xi32>
  affine.for %i = 0 to 64 {
    affine.for %k = 0 to 64 {
      %a = affine.load %A[%i, %k] : memref<64x64xi32>
      %c = affine.load %C[%i] : memref<64xi32>
      %s = arith.addi %a, %c : i32
      affine.store %s, %C[%i] : memref<64xi32>
    } {loop_name = "k"}
  } {loop_name = "i", op_name = "s"}
  %h = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %h, "i"
  hcl.unroll (%li, 4)
  return %C : memref<64xi32>
}

// Writes half of %T, then reads all of it: the first access is a store, so
// only the runs find it.
// PART-NOT: warning
// PART-NOT: {{OK|MISMATCH}}
// PART: hcl check: UNDEFINED: @partial arg1 depends on memory the unscheduled program reads before writing it ({{.*}}), so comparing it would prove nothing; initialize what the program reads
func.func @partial(%A: memref<256xf32>, %B: memref<256xf32>) {
  %T = memref.alloc() : memref<256xf32>
  affine.for %i = 0 to 128 {
    %a = affine.load %A[%i] : memref<256xf32>
    affine.store %a, %T[%i] : memref<256xf32>
  } {loop_name = "i", op_name = "fill"}
  affine.for %j = 0 to 256 {
    %t = affine.load %T[%j] : memref<256xf32>
    %b = arith.addf %t, %t : f32
    affine.store %b, %B[%j] : memref<256xf32>
  } {loop_name = "j", op_name = "use"}
  %h = hcl.create_op_handle "use"
  %lj = hcl.create_loop_handle %h, "j"
  hcl.pipeline (%lj)
  return
}

// A small buffer the CPU pipeline places on the stack (llvm.alloca) is
// filled too.
// STACK: hcl check: UNDEFINED: @stack result0 depends on memory
func.func @stack(%A: memref<8xi8>) -> memref<8xi8> {
  %T = memref.alloc() : memref<8xi8>
  %R = memref.alloc() : memref<8xi8>
  affine.for %i = 0 to 8 {
    %a = affine.load %A[%i] : memref<8xi8>
    %t = affine.load %T[%i] : memref<8xi8>
    %s = arith.xori %a, %t : i8
    affine.store %s, %R[%i] : memref<8xi8>
  } {loop_name = "i", op_name = "s"}
  %h = hcl.create_op_handle "s"
  %li = hcl.create_loop_handle %h, "i"
  hcl.unroll (%li, 2)
  return %R : memref<8xi8>
}
