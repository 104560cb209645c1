// No data is lost (issue 26): an --output-dir whose files would replace an
// input is refused before anything runs, through a symbolic or a hard link
// too, and the input stays as it was; a write that fails (here: a file size
// limit, as a full disk would) is an `hcl: error:` naming the file, exit 1,
// with no truncated file and no temporary file left behind.
// RUN: rm -rf %t && mkdir -p %t/in %t/out
// RUN: %python %inputs/write_npy.py %t/in/arg0.npy '<f4' 4 1,2,3,4
// RUN: cp %t/in/arg0.npy %t/original.npy
// RUN: not hcl run %s --input %t/in/arg0.npy --output-dir %t/in 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: hcl: error: refusing to write '{{.*}}in{{/|\\}}arg0.npy': it is the input '{{.*}}in/arg0.npy', which would be lost; write the outputs elsewhere
// RUN: cmp %t/in/arg0.npy %t/original.npy
// RUN: ln -s %t/in/arg0.npy %t/link.npy
// RUN: not hcl run %s --input %t/link.npy --output-dir %t/in 2>&1 | FileCheck %s --check-prefix=LINK
// RUN: ln %t/in/arg0.npy %t/hard.npy
// RUN: not hcl run %s --input %t/hard.npy --output-dir %t/in 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: hcl: error: refusing to write '{{.*}}arg0.npy': it is the input '{{.*}}.npy' (the same file through a link)
// RUN: cmp %t/in/arg0.npy %t/original.npy
// Elsewhere, the outputs are written.
// RUN: hcl run %s --input %t/in/arg0.npy --output-dir %t/out | FileCheck %s --check-prefix=FINE
// FINE: result0   4            float32  sum=14
// RUN: %python %inputs/write_npy.py %t/expected.npy '<f4' 4 2,3,4,5
// RUN: cmp %t/out/result0.npy %t/expected.npy
// A write error: the old file stays whole, nothing else is left.
// RUN: rm -rf %t/small && mkdir -p %t/small
// RUN: cp %t/original.npy %t/small/result0.npy
// RUN: not bash -c "trap '' XFSZ; ulimit -f 0; exec hcl run %s --input %t/in/arg0.npy --output-dir %t/small" 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: hcl: error: cannot write '{{.*}}small{{/|\\}}arg0.npy': File too large
// FULL-NOT: LLVM ERROR
// RUN: ls %t/small | FileCheck %s --check-prefix=LEFT
// LEFT-NOT: tmp
// LEFT: result0.npy
// LEFT-NOT: tmp
// RUN: cmp %t/small/result0.npy %t/original.npy
func.func @top(%A: memref<4xf32>) -> memref<4xf32> {
  %B = memref.alloc() {name = "B"} : memref<4xf32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    %a = affine.load %A[%i] : memref<4xf32>
    %b = arith.addf %a, %one : f32
    affine.store %b, %B[%i] : memref<4xf32>
  } {loop_name = "i", stage_name = "B"}
  return %B : memref<4xf32>
}
