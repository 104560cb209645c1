// PolyBench/C 4.2 correlation, MEDIUM dataset (M=240 attributes, N=260
// samples), f32: column means and standard deviations (a deviation at most
// eps = 0.1 counts as 1), data normalized in place, then the correlation
// matrix. No schedule.
// j runs from i+1: max_trip_count gives the estimate its worst case (239).
#after = affine_map<(d0) -> (d0 + 1)>
func.func @top(%data: memref<260x240xf32>, %corr: memref<240x240xf32>,
               %mean: memref<240xf32>, %stddev: memref<240xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %eps = arith.constant 0.1 : f32
  %n = arith.constant 260.0 : f32
  %sqrtn = math.sqrt %n : f32
  affine.for %j = 0 to 240 {
    affine.store %zero, %mean[%j] : memref<240xf32>
  } {loop_name = "j", stage_name = "mean_init"}
  affine.for %j = 0 to 240 {
    affine.for %i = 0 to 260 {
      %d = affine.load %data[%i, %j] : memref<260x240xf32>
      %m = affine.load %mean[%j] : memref<240xf32>
      %s = arith.addf %m, %d : f32
      affine.store %s, %mean[%j] : memref<240xf32>
    } {loop_name = "i", reduction = 1 : i32}
  } {loop_name = "j", stage_name = "mean"}
  affine.for %j = 0 to 240 {
    %m = affine.load %mean[%j] : memref<240xf32>
    %v = arith.divf %m, %n : f32
    affine.store %v, %mean[%j] : memref<240xf32>
  } {loop_name = "j", stage_name = "mean_div"}
  affine.for %j = 0 to 240 {
    affine.store %zero, %stddev[%j] : memref<240xf32>
  } {loop_name = "j", stage_name = "std_init"}
  affine.for %j = 0 to 240 {
    affine.for %i = 0 to 260 {
      %d = affine.load %data[%i, %j] : memref<260x240xf32>
      %m = affine.load %mean[%j] : memref<240xf32>
      %x = arith.subf %d, %m : f32
      %x2 = arith.mulf %x, %x : f32
      %s = affine.load %stddev[%j] : memref<240xf32>
      %t = arith.addf %s, %x2 : f32
      affine.store %t, %stddev[%j] : memref<240xf32>
    } {loop_name = "i", reduction = 1 : i32}
  } {loop_name = "j", stage_name = "std"}
  affine.for %j = 0 to 240 {
    %s = affine.load %stddev[%j] : memref<240xf32>
    %v = arith.divf %s, %n : f32
    %r = math.sqrt %v : f32
    %small = arith.cmpf ole, %r, %eps : f32
    %f = arith.select %small, %one, %r : f32
    affine.store %f, %stddev[%j] : memref<240xf32>
  } {loop_name = "j", stage_name = "std_fin"}
  affine.for %i = 0 to 260 {
    affine.for %j = 0 to 240 {
      %d = affine.load %data[%i, %j] : memref<260x240xf32>
      %m = affine.load %mean[%j] : memref<240xf32>
      %x = arith.subf %d, %m : f32
      %s = affine.load %stddev[%j] : memref<240xf32>
      %den = arith.mulf %sqrtn, %s : f32
      %v = arith.divf %x, %den : f32
      affine.store %v, %data[%i, %j] : memref<260x240xf32>
    } {loop_name = "j"}
  } {loop_name = "i", stage_name = "norm"}
  affine.for %i = 0 to 240 {
    affine.store %one, %corr[%i, %i] : memref<240x240xf32>
  } {loop_name = "i", stage_name = "diag"}
  affine.for %i = 0 to 239 {
    affine.for %j = #after(%i) to 240 {
      affine.store %zero, %corr[%i, %j] : memref<240x240xf32>
    } {loop_name = "j", max_trip_count = 239 : i64}
  } {loop_name = "i", stage_name = "corr_init"}
  affine.for %i = 0 to 239 {
    affine.for %j = #after(%i) to 240 {
      affine.for %k = 0 to 260 {
        %a = affine.load %data[%k, %i] : memref<260x240xf32>
        %b = affine.load %data[%k, %j] : memref<260x240xf32>
        %p = arith.mulf %a, %b : f32
        %c = affine.load %corr[%i, %j] : memref<240x240xf32>
        %s = arith.addf %c, %p : f32
        affine.store %s, %corr[%i, %j] : memref<240x240xf32>
      } {loop_name = "k", reduction = 1 : i32}
    } {loop_name = "j", max_trip_count = 239 : i64}
  } {loop_name = "i", stage_name = "corr"}
  affine.for %i = 0 to 239 {
    affine.for %j = #after(%i) to 240 {
      %c = affine.load %corr[%i, %j] : memref<240x240xf32>
      affine.store %c, %corr[%j, %i] : memref<240x240xf32>
    } {loop_name = "j", max_trip_count = 239 : i64}
  } {loop_name = "i", stage_name = "mirror"}
  return
}
