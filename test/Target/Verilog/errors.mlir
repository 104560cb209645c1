// What the Verilog emitter cannot express is a located error that names the
// lowering to run, never a crash or a silent skip.
// RUN: hcl-translate --emit-verilog %s -split-input-file -verify-diagnostics

amc.memory @banked(!amc.port<512xf32, r, 1>) {
  // expected-error @+1 {{amc.alloc of 2 banks has no Verilog form: run --amc-lower-banks first}}
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port<512xf32, r, 1>
  amc.extern %1 : !amc.port<512xf32, r, 1>
}

// -----

amc.memory @handshake(!amc.port_hs<512xi32, rw>) {
  %0 = amc.alloc : !amc.memref<512xi32>
  // expected-error @+1 {{a handshake amc.create_port has no Verilog form: run --amc-lower-handshake first}}
  %1 = amc.create_port(%0 : !amc.memref<512xi32>) : !amc.port_hs<512xi32, rw>
  amc.extern %1 : !amc.port_hs<512xi32, rw>
}

// -----

amc.memory @mixed_latencies(!amc.port_hs<16xi8, r>) {
  %0 = amc.alloc : !amc.memref<16xi8>
  %1 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, r, 1>
  %2 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, r, 2>
  // expected-error @+1 {{amc.arbiter inputs of different latencies are not supported by the Verilog emitter}}
  %3 = amc.arbiter(%1, %2 : !amc.port<16xi8, r, 1>, !amc.port<16xi8, r, 2>) banks [0] : !amc.port_hs<16xi8, r>
  amc.extern %3 : !amc.port_hs<16xi8, r>
}

// -----

amc.memory @nested_split(!amc.port<8xi8, w, 1>) {
  %0 = amc.alloc : !amc.memref<2xi32>
  %1 = amc.create_port(%0 : !amc.memref<2xi32>) : !amc.port<2xi32, w, 1>
  // expected-error @+1 {{an amc.split_aggregated whose port is split again has no Verilog form}}
  %2 = amc.split_aggregated(%1 : !amc.port<2xi32, w, 1>) : !amc.port<4xi16, w, 1>
  %3 = amc.split_aggregated(%2 : !amc.port<4xi16, w, 1>) : !amc.port<8xi8, w, 1>
  amc.extern %3 : !amc.port<8xi8, w, 1>
}
