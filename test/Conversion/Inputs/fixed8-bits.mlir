func.func @top(%a: memref<64xi8>, %b: memref<64xi8>, %f: memref<64xf32>, %o: memref<9x64xi8>, %oi: memref<64xi32>, %of: memref<64xf32>) {
  affine.for %i = 0 to 64 {
    %ra = affine.load %a[%i] : memref<64xi8>
    %rb = affine.load %b[%i] : memref<64xi8>
    %x = hcl.bitcast %ra : i8 to !hcl.Fixed<8, 4>
    %y = hcl.bitcast %rb : i8 to !hcl.Fixed<8, 4>
    %c0 = arith.constant 0 : i8
    %nz = arith.cmpi eq, %rb, %c0 : i8
    %c1 = arith.constant 1 : i8
    %rb1 = arith.select %nz, %c1, %rb : i8
    %y1 = hcl.bitcast %rb1 : i8 to !hcl.Fixed<8, 4>
    %m = hcl.mul_fixed %x, %y : !hcl.Fixed<8, 4>
    %d = hcl.div_fixed %x, %y1 : !hcl.Fixed<8, 4>
    %s = hcl.sub_fixed %x, %y : !hcl.Fixed<8, 4>
    %q = hcl.fixed_to_fixed %m : !hcl.Fixed<8, 4> to !hcl.Fixed<8, 6>
    %qr = hcl.fixed_to_fixed %x {rounding = "nearest", overflow = "saturate"} : !hcl.Fixed<8, 4> to !hcl.Fixed<6, 1>
    %qrw = hcl.fixed_to_fixed %qr : !hcl.Fixed<6, 1> to !hcl.Fixed<8, 4>
    %fv = affine.load %f[%i] : memref<64xf32>
    %ff = hcl.float_to_fixed %fv : f32 to !hcl.Fixed<8, 4>
    %ffs = hcl.float_to_fixed %fv {rounding = "nearest", overflow = "saturate"} : f32 to !hcl.Fixed<8, 4>
    %ffz = hcl.float_to_fixed %fv {rounding = "zero"} : f32 to !hcl.Fixed<8, 4>
    %qz = hcl.fixed_to_fixed %x {rounding = "zero"} : !hcl.Fixed<8, 4> to !hcl.Fixed<8, 2>
    %r0 = hcl.bitcast %m : !hcl.Fixed<8, 4> to i8
    %r1 = hcl.bitcast %d : !hcl.Fixed<8, 4> to i8
    %r2 = hcl.bitcast %s : !hcl.Fixed<8, 4> to i8
    %r3 = hcl.bitcast %q : !hcl.Fixed<8, 6> to i8
    %r4 = hcl.bitcast %qrw : !hcl.Fixed<8, 4> to i8
    %r5 = hcl.bitcast %ff : !hcl.Fixed<8, 4> to i8
    %r6 = hcl.bitcast %ffs : !hcl.Fixed<8, 4> to i8
    %r7 = hcl.bitcast %ffz : !hcl.Fixed<8, 4> to i8
    %r8 = hcl.bitcast %qz : !hcl.Fixed<8, 2> to i8
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k6 = arith.constant 6 : index
    %k7 = arith.constant 7 : index
    %k8 = arith.constant 8 : index
    memref.store %r0, %o[%k0, %i] : memref<9x64xi8>
    memref.store %r1, %o[%k1, %i] : memref<9x64xi8>
    memref.store %r2, %o[%k2, %i] : memref<9x64xi8>
    memref.store %r3, %o[%k3, %i] : memref<9x64xi8>
    memref.store %r4, %o[%k4, %i] : memref<9x64xi8>
    memref.store %r5, %o[%k5, %i] : memref<9x64xi8>
    memref.store %r6, %o[%k6, %i] : memref<9x64xi8>
    memref.store %r7, %o[%k7, %i] : memref<9x64xi8>
    memref.store %r8, %o[%k8, %i] : memref<9x64xi8>
    %ti = hcl.fixed_to_int %x : !hcl.Fixed<8, 4> to i32
    affine.store %ti, %oi[%i] : memref<64xi32>
    %tf = hcl.fixed_to_float %x : !hcl.Fixed<8, 4> to f32
    affine.store %tf, %of[%i] : memref<64xf32>
  }
  return
}
