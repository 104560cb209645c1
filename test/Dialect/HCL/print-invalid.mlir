// hcl.print's verifier: one conversion per value, `%ll?` with an i64 for
// integers, the floating conversions with an f64, nothing printf cannot
// print from those.
//
// RUN: hcl-opt %s -split-input-file -verify-diagnostics

func.func @count(%x: i64) {
  // expected-error @+1 {{format has 2 conversions for 1 values}}
  hcl.print "%lld %lld\n" %x : i64
  return
}

// -----

func.func @int_without_ll(%x: i64) {
  // expected-error @+1 {{value 0 ('i64') does not match its conversion: an integer conversion is written %ll? and takes an i64}}
  hcl.print "%d\n" %x : i64
  return
}

// -----

func.func @float_for_int(%x: f64) {
  // expected-error @+1 {{value 0 ('f64') does not match its conversion}}
  hcl.print "%lld\n" %x : f64
  return
}

// -----

func.func @string(%x: i64) {
  // expected-error @+1 {{format has the conversion '%s'}}
  hcl.print "%s\n" %x : i64
  return
}

// -----

func.func @star(%x: i64) {
  // expected-error @+1 {{format has a '*' width or precision}}
  hcl.print "%*lld\n" %x : i64
  return
}

// -----

func.func @narrow(%x: i32) {
  // expected-error @+1 {{operand #0 must be variadic of}}
  hcl.print "%lld\n" %x : i32
  return
}
