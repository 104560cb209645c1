// --amc-aggregate on memories it cannot aggregate: located errors, failure.
// RUN: hcl-opt %s -split-input-file -verify-diagnostics --amc-aggregate=factor=4

amc.memory @depth(!amc.port<6xi8, r, 1>) {
  // expected-error @+1 {{aggregation factor 4 does not divide the memref's 6 words}}
  %0 = amc.alloc : !amc.memref<6xi8>
  %1 = amc.create_port(%0 : !amc.memref<6xi8>) : !amc.port<6xi8, r, 1>
  amc.extern %1 : !amc.port<6xi8, r, 1>
}

// -----

amc.memory @banked(!amc.port<8xi8, r, 1>) {
  // expected-error @+1 {{aggregation works on one bank at a time; run --amc-lower-banks first}}
  %0 = amc.alloc : !amc.memref<16xi8, bank [2]>
  %1 = amc.create_port(%0 : !amc.memref<16xi8, bank [2]>) banks [0] : !amc.port<8xi8, r, 1>
  amc.extern %1 : !amc.port<8xi8, r, 1>
}

// -----

amc.memory @handshake(!amc.port_hs<8xi8, r>) {
  %0 = amc.alloc : !amc.memref<8xi8>
  // expected-error @+1 {{aggregation rebuilds latency-sensitive create_ports only; run --amc-lower-handshake first}}
  %1 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port_hs<8xi8, r>
  amc.extern %1 : !amc.port_hs<8xi8, r>
}
