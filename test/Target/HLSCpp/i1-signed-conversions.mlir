// The signed conversions of an i1 (arith.sitofp, arith.index_cast) read a
// true as -1, as the JIT does; both C emitters write them in one place, the
// C-family core. The HLS C++ emitter used to write (float)b (1.0) and the
// Bambu C emitter (int)b for an index (1): both differed from the JIT.
//
// RUN: hcl check --hls %s | FileCheck %s --check-prefix=HLS
// RUN: hcl check --bambu %s | FileCheck %s --check-prefix=BAMBU
// RUN: hcl-translate --emit-hls-cpp %s | FileCheck %s --check-prefix=TEXT
// HLS: hcl check --hls: OK
// BAMBU: hcl check --bambu: OK
// TEXT: bool [[C:.*]] = {{.*}} > 0;
// TEXT: float {{.*}} = (float)(-(int)[[C]]);
// TEXT: int {{.*}} = (int)(-(int)[[C]]);

func.func @top(%a: memref<8xi32>, %f: memref<8xf32>, %n: memref<8xi32>,
               %g: memref<8xi32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xi32>
    %z = arith.constant 0 : i32
    %c = arith.cmpi sgt, %x, %z : i32
    %v = arith.sitofp %c : i1 to f32
    affine.store %v, %f[%i] : memref<8xf32>
    %w = arith.index_cast %c : i1 to index
    %w2 = arith.index_cast %w : index to i32
    affine.store %w2, %n[%i] : memref<8xi32>
    %u = arith.extsi %c : i1 to i32
    affine.store %u, %g[%i] : memref<8xi32>
  }
  return
}
