// A 3x3 convolution with line and window buffers, as the default schedule
// writes it for hcl's RTL (streams=0 arguments-are-ports=0), on a 4x4 input:
// the line buffer's shift joins the pipelined column loop, and the input
// channels' loop rc, the rows and the columns become one pipeline. Each
// output element then comes back after the 16 iterations of one input
// channel's rows and columns, and its sum runs through the window's nine
// additions, one after another, in every iteration: a recurrence of about 40
// cycles over 16 iterations, II 3. The estimate counts the chain as the RTL
// does (it had II 1, 301 cycles, against 549 simulated).
// REQUIRES: verilator
// RUN: hcl-opt %s "--hcl-default-schedule=streams=0 arguments-are-ports=0" -o %t.mlir
// RUN: hcl estimate --target rtl %t.mlir --entry conv | FileCheck %s --check-prefix=EST
// RUN: hcl check --rtl %t.mlir --entry conv --seeds 1 2>&1 | FileCheck %s --check-prefix=SIM
// EST: conv/n/c.outer/rc/h/w {{ *}}4 {{ *}}1 {{ *}}1 {{ *}}3 {{ *}}3
// EST: function: latency 553 cycles
// SIM: remark: rtl: loop 'w' pipelined at II 3 instead of 1: the estimate's ResMII is 1 (the ports of its memories) and its RecMII 3
// SIM: hcl check --rtl: OK: @conv{{.*}}cycles 549)
func.func @conv(%in: memref<1x4x4x4xf32>, %weight: memref<8x4x3x3xf32>, %out: memref<1x8x2x2xf32>) {
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 8 {
      affine.for %h = 0 to 2 {
        affine.for %w = 0 to 2 {
          %zero = arith.constant 0.0 : f32
          affine.store %zero, %out[%n, %c, %h, %w] : memref<1x8x2x2xf32>
          affine.for %rc = 0 to 4 {
            affine.for %rh = 0 to 3 {
              affine.for %rw = 0 to 3 {
                %a = affine.load %in[%n, %rc, %h + %rh, %w + %rw] : memref<1x4x4x4xf32>
                %k = affine.load %weight[%c, %rc, %rh, %rw] : memref<8x4x3x3xf32>
                %p = arith.mulf %a, %k : f32
                %o = affine.load %out[%n, %c, %h, %w] : memref<1x8x2x2xf32>
                %s = arith.addf %o, %p : f32
                affine.store %s, %out[%n, %c, %h, %w] : memref<1x8x2x2xf32>
              } {loop_name = "rw", reduction = 1 : i32}
            } {loop_name = "rh", reduction = 1 : i32}
          } {loop_name = "rc", reduction = 1 : i32}
        } {loop_name = "w"}
      } {loop_name = "h"}
    } {loop_name = "c"}
  } {loop_name = "n", stage_name = "conv"}
  return
}
