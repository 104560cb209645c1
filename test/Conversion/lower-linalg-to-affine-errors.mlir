// linalg on tensors is not lowered: the error names the operation.
// RUN: hcl-opt --hcl-lower-linalg-to-affine --verify-diagnostics %s -o /dev/null

func.func @on_tensors(%A: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'linalg.fill' is not lowered to affine loops (hcl handles linalg on memrefs only)}}
  %r = linalg.fill ins(%zero : f32) outs(%A : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
