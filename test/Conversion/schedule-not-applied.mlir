// RUN: hcl-opt %s --hcl-lower-to-llvm --verify-diagnostics

// Lowering must refuse a function whose schedule was never applied, rather
// than drop the customizations.
func.func @top(%a: memref<8xi32>) {
  %s = hcl.create_stage_handle "S" : !hcl.StageHandle
  %l = hcl.create_loop_handle "i" : !hcl.LoopHandle
  affine.for %i = 0 to 8 {
    %v = affine.load %a[%i] : memref<8xi32>
    affine.store %v, %a[%i] : memref<8xi32>
  } {loop_name = "i", stage_name = "S"}
  // expected-error @+1 {{the schedule was not applied: 'hcl.pipeline' is still present}}
  hcl.pipeline(%s, %l, 1)
  return
}
