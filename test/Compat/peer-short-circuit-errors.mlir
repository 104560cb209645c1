// hcl.and / hcl.or need regions, each ending with hcl.yield of an i1.
//
// RUN: hcl-opt %s --split-input-file --verify-diagnostics

func.func @empty() -> i1 {
  // expected-error @+1 {{has no regions: write `arith.constant true` for an empty conjunction or disjunction}}
  %r = hcl.and : i1
  return %r : i1
}

// -----

func.func @not_i1(%x: i32) {
  %r = hcl.or {
    // expected-error @+1 {{'hcl.yield' op operand #0 must be 1-bit signless integer}}
    hcl.yield %x : i32
  } : i1
  return
}

// -----

func.func @outside(%x: i1) {
  // expected-error @+1 {{'hcl.yield' op expects parent op to be one of 'hcl.and, hcl.or'}}
  hcl.yield %x : i1
}
