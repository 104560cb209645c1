// A partitioned buffer whose banks need more ports than the primitive
// forced on them has: `hcl rtl --primitive` refuses it at the buffer, with
// what to do instead, rather than writing Verilog that yosys cannot map.
// Cyclic 2 under a pipelined loop whose body reads four consecutive
// elements: each bank gets two read ports and a write port. Forced to
// registers, or with no primitive (one writer: a synthesizer copies the RAM
// per read port), the memory is written.
// RUN: rm -rf %t && not hcl rtl %s -o %t --primitive bram 2>&1 | FileCheck %s --check-prefix=BRAM
// RUN: rm -rf %t && hcl rtl %s -o %t --primitive registers 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: rm -rf %t && hcl rtl %s -o %t 2>&1 | FileCheck %s --check-prefix=AUTO
// BRAM: primitive-ports.mlir:{{[0-9]+}}:{{[0-9]+}}: error: a bank of @window_acc forced to 'bram' has 3 ports (1 that write, 2 that only read), but a block RAM has two
// REGS-NOT: error
// REGS: hcl rtl: {{.*}}wrote
// AUTO-NOT: error
// AUTO: hcl rtl: {{.*}}wrote

func.func @window(%A: memref<8x16xi32>) {
  %buf = memref.alloc() {name = "acc"} : memref<16xi32>
  affine.for %j = 0 to 8 {
    affine.for %i = 0 to 4 {
      %a = affine.load %buf[%i * 4] : memref<16xi32>
      %b = affine.load %buf[%i * 4 + 1] : memref<16xi32>
      %c = affine.load %buf[%i * 4 + 2] : memref<16xi32>
      %d = affine.load %buf[%i * 4 + 3] : memref<16xi32>
      %x = affine.load %A[%j, %i] : memref<8x16xi32>
      %s0 = arith.addi %a, %b : i32
      %s1 = arith.addi %c, %d : i32
      %s = arith.addi %s0, %s1 : i32
      %t = arith.addi %s, %x : i32
      affine.store %t, %buf[%i * 4] : memref<16xi32>
    } {loop_name = "i", pipeline_ii = 1 : i32}
  } {loop_name = "j", stage_name = "S"}
  memref.dealloc %buf : memref<16xi32>
  hcl.partition(%buf : memref<16xi32>, Cyclic, 1, 2)
  return
}
