// A small network as the ONNX importer writes it: weights and an
// embedding table as memref.globals, a Gather (memref.load at indices from
// arith.index_cast), a MatMul with bias, GELU through math.erf, Tanh,
// Round (roundeven), Cast (fptosi / sitofp), BitShift and BitwiseAnd on
// i32 and i8, IsNaN and Where (select). Used by onnx-like.test.
memref.global "private" constant @embedding : memref<16x8xf32> = dense<[[-0.42, 1.2, -0.22, 1.74, 1.52, -1.61, -1.46, -1.13], [1.86, -0.26, 0.51, -0.8, 0.03, -0.46, -0.6, 0.34], [0.34, 1.62, 0.73, 1.72, 1.43, 1.96, 0.69, -1.35], [1.44, 1.86, 1.62, 0.28, 0.86, -1.16, 1.33, 0.29], [-0.86, -1.75, 1.42, 1.96, -1.65, 1.2, -0.36, -1.4], [-0.82, 1.08, 1.49, -1.82, 0.46, -1.82, 0.87, -0.68], [1.52, 1.92, 0.02, 1.99, -0.76, -1.69, 0.4, -1.87], [-1.21, -0.37, 0.44, -1.38, -1.83, 1.47, -0.74, 1.83], [1.59, -0.49, -0.16, 0.08, 0.58, 0.38, 0.24, 0.48], [1.76, 0.03, -0.28, 0.88, -1.05, -0.8, 1.91, 0.08], [0.19, -1.95, -0.34, 0.32, -1.92, 0.46, 0.53, -1.76], [0.51, -0.13, 0.72, -0.59, 0.83, 0.95, -1.91, -1.76], [0.7, 1.85, -1.0, -0.17, 0.37, -0.72, -0.54, -0.75], [-0.52, 0.38, -0.8, -0.49, 1.09, -1.89, 0.28, 0.94], [-0.76, -1.11, 1.22, -1.05, -1.25, -0.26, 0.79, -1.59], [-0.71, -0.66, 1.33, -0.25, 1.42, -1.32, -0.65, 0.6]]>
memref.global "private" constant @weight : memref<8x4xf32> = dense<[[-0.524, 0.088, -0.26, 0.208], [0.251, -0.869, -0.974, 0.675], [-0.481, -0.531, 0.991, -0.059], [0.673, -0.047, 0.278, -0.699], [0.27, 0.736, 0.046, 0.483], [0.343, -0.872, 0.516, 0.182], [-0.397, -0.938, 0.731, -0.055], [0.438, 0.758, 0.428, 0.842]]>
memref.global "private" constant @bias : memref<4xf64> = dense<[0.5, -0.25, 0.125, 1.0]>
memref.global "private" constant @shift : memref<4xi8> = dense<[0, 1, 3, 7]>

func.func @top(%tokens: memref<6xi32>, %x: memref<6x4xf32>) -> (memref<6x4xf32>, memref<6x4xi32>, memref<6x4xi8>) {
  %emb = memref.get_global @embedding : memref<16x8xf32>
  %w = memref.get_global @weight : memref<8x4xf32>
  %bias = memref.get_global @bias : memref<4xf64>
  %shift = memref.get_global @shift : memref<4xi8>
  %gathered = memref.alloc() {name = "gathered"} : memref<6x8xf32>
  %y = memref.alloc() : memref<6x4xf32>
  %q = memref.alloc() : memref<6x4xi32>
  %bits = memref.alloc() : memref<6x4xi8>
  %c15 = arith.constant 15 : i32
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.707106769 : f32
  %scale = arith.constant 16.0 : f32
  %mask = arith.constant 0x5A : i8
  // Gather: token ids (negative ones wrap as ONNX's do, here by masking).
  affine.for %t = 0 to 6 {
    %id = affine.load %tokens[%t] : memref<6xi32>
    %idm = arith.andi %id, %c15 : i32
    %row = arith.index_cast %idm : i32 to index
    affine.for %k = 0 to 8 {
      %e = memref.load %emb[%row, %k] : memref<16x8xf32>
      affine.store %e, %gathered[%t, %k] : memref<6x8xf32>
    } {loop_name = "k"}
  } {loop_name = "t", stage_name = "Gather"}
  // MatMul + bias (in f64) + GELU + tanh, and the quantized side outputs.
  affine.for %t = 0 to 6 {
    affine.for %o = 0 to 4 {
      %acc = memref.alloca() : memref<1xf32>
      affine.store %zero, %acc[0] : memref<1xf32>
      affine.for %k = 0 to 8 {
        %a = affine.load %gathered[%t, %k] : memref<6x8xf32>
        %b = affine.load %w[%k, %o] : memref<8x4xf32>
        %p = arith.mulf %a, %b : f32
        %old = affine.load %acc[0] : memref<1xf32>
        %new = arith.addf %old, %p : f32
        affine.store %new, %acc[0] : memref<1xf32>
      } {loop_name = "k"}
      %sum = affine.load %acc[0] : memref<1xf32>
      %sumd = arith.extf %sum : f32 to f64
      %bv = affine.load %bias[%o] : memref<4xf64>
      %biased = arith.addf %sumd, %bv : f64
      %h = arith.truncf %biased : f64 to f32
      %xv = affine.load %x[%t, %o] : memref<6x4xf32>
      %hx = arith.addf %h, %xv : f32
      %z = arith.mulf %hx, %rsqrt2 : f32
      %erf = math.erf %z : f32
      %erf1 = arith.addf %erf, %one : f32
      %g0 = arith.mulf %hx, %half : f32
      %gelu = arith.mulf %g0, %erf1 : f32
      %th = math.tanh %gelu : f32
      %sq = math.sqrt %hx : f32
      %nan = arith.cmpf uno, %sq, %sq : f32
      %out = arith.select %nan, %th, %sq : f32
      affine.store %out, %y[%t, %o] : memref<6x4xf32>
      %scaled = arith.mulf %gelu, %scale : f32
      %r = math.roundeven %scaled : f32
      %qi = arith.fptosi %r : f32 to i32
      %sh = affine.load %shift[%o] : memref<4xi8>
      %sh32 = arith.extui %sh : i8 to i32
      %qs = arith.shli %qi, %sh32 : i32
      %qr = arith.shrsi %qs, %sh32 : i32
      affine.store %qr, %q[%t, %o] : memref<6x4xi32>
      %q8 = arith.trunci %qi : i32 to i8
      %x8 = arith.xori %q8, %mask : i8
      %s8 = arith.shrui %x8, %sh : i8
      %a8 = arith.andi %s8, %mask : i8
      affine.store %a8, %bits[%t, %o] : memref<6x4xi8>
    } {loop_name = "o"}
  } {loop_name = "t", stage_name = "Dense"}
  return %y, %q, %bits : memref<6x4xf32>, memref<6x4xi32>, memref<6x4xi8>
}
