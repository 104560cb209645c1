// hcl.print's verifier: one conversion per value, `%ll?` with an integer
// of at most 64 bits, the floating conversions with any number, nothing
// printf cannot print from those.
//
// RUN: hcl-opt %s -split-input-file -verify-diagnostics

func.func @count(%x: i64) {
  // expected-error @+1 {{format has 2 conversions for 1 values}}
  hcl.print "%lld %lld\n" %x : i64
  return
}

// -----

func.func @int_without_ll(%x: i64) {
  // expected-error @+1 {{value 0 ('i64') does not match its conversion: an integer conversion is written %ll? and takes an integer}}
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

func.func @wide(%x: i128) {
  // expected-error @+1 {{value 0 ('i128'): integers are signless, of at most 64 bits}}
  hcl.print "%lld\n" %x : i128
  return
}

// -----

func.func @index(%x: index) {
  // expected-error @+1 {{value 0 ('index'): hcl.print prints integers, floats and fixed-point values}}
  hcl.print "%f\n" %x : index
  return
}

// -----

func.func @fixed_for_int(%x: !hcl.Fixed<8, 2>) {
  // expected-error @+1 {{value 0 ('!hcl.Fixed<8, 2>') does not match its conversion}}
  hcl.print "%lld\n" %x : !hcl.Fixed<8, 2>
  return
}

// -----

func.func @signedness(%x: i8) {
  // expected-error @+1 {{signedness has one letter per value, 's' or 'u'}}
  hcl.print "%lld\n" %x : i8 {signedness = "x"}
  return
}
