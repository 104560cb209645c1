func.func @top(%a: memref<16xi64>, %b: memref<16xi64>, %f: memref<16xf64>, %o: memref<6x16xi64>, %of: memref<16xf32>) {
  affine.for %i = 0 to 16 {
    %ra = affine.load %a[%i] : memref<16xi64>
    %rb = affine.load %b[%i] : memref<16xi64>
    %wa = arith.extsi %ra : i64 to i300
    %wb = arith.extsi %rb : i64 to i300
    %sh = arith.constant 150 : i300
    %wa2 = arith.shli %wa, %sh : i300
    %wa3 = arith.ori %wa2, %wb : i300
    %x = hcl.bitcast %wa3 : i300 to !hcl.Fixed<300, 100>
    %y = hcl.bitcast %wb : i300 to !hcl.Fixed<300, 100>
    %m = hcl.mul_fixed %x, %y : !hcl.Fixed<300, 100>
    %c0 = arith.constant 0 : i300
    %z = arith.cmpi eq, %wb, %c0 : i300
    %c1 = arith.constant 1 : i300
    %wb1 = arith.select %z, %c1, %wb : i300
    %y1 = hcl.bitcast %wb1 : i300 to !hcl.Fixed<300, 100>
    %d = hcl.div_fixed %x, %y1 : !hcl.Fixed<300, 100>
    %fv = affine.load %f[%i] : memref<16xf64>
    %ff = hcl.float_to_fixed %fv : f64 to !hcl.Fixed<300, 100>
    %tf = hcl.fixed_to_float %x : !hcl.Fixed<300, 100> to f32
    %mi = hcl.bitcast %m : !hcl.Fixed<300, 100> to i300
    %di = hcl.bitcast %d : !hcl.Fixed<300, 100> to i300
    %fi = hcl.bitcast %ff : !hcl.Fixed<300, 100> to i300
    %rev = hcl.bit_reverse %mi : i300
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %h0 = arith.constant 63 : index
    %h1 = arith.constant 299 : index
    %l1 = arith.constant 236 : index
    %s0 = hcl.get_slice %mi[%h0 : %k0] : i300 -> i64
    %s1 = hcl.get_slice %mi[%h1 : %l1] : i300 -> i64
    %s2 = hcl.get_slice %di[%h0 : %k0] : i300 -> i64
    %s3 = hcl.get_slice %di[%h1 : %l1] : i300 -> i64
    %s4 = hcl.get_slice %fi[%h1 : %l1] : i300 -> i64
    %s5 = hcl.get_slice %rev[%h1 : %l1] : i300 -> i64
    memref.store %s0, %o[%k0, %i] : memref<6x16xi64>
    memref.store %s1, %o[%k1, %i] : memref<6x16xi64>
    memref.store %s2, %o[%k2, %i] : memref<6x16xi64>
    memref.store %s3, %o[%k3, %i] : memref<6x16xi64>
    memref.store %s4, %o[%k4, %i] : memref<6x16xi64>
    memref.store %s5, %o[%k5, %i] : memref<6x16xi64>
    affine.store %tf, %of[%i] : memref<16xf32>
  }
  return
}
