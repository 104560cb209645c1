// RUN: hcl-opt %s -split-input-file -verify-diagnostics --amc-share-arbiters=ports=1 | FileCheck %s --check-prefix=ONE

// One port cannot both read and write for a read and a write handshake
// port: a warning, and the arbiters stay as they are.
amc.memory @kinds(!amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>) {
  %0 = amc.alloc : !amc.memref<8xi8>
  %1 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, r, 1>
  %2 = amc.arbiter(%1 : !amc.port<8xi8, r, 1>) banks [0] : !amc.port_hs<8xi8, r>
  %3 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, w, 1>
  // expected-warning @+1 {{not shared: 1 latency-sensitive port(s) cannot both read and write for these handshake ports}}
  %4 = amc.arbiter(%3 : !amc.port<8xi8, w, 1>) banks [0] : !amc.port_hs<8xi8, w>
  amc.extern %2, %4 : !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>
}
// ONE-COUNT-2: amc.arbiter

// -----

// Two ports for two readers and a writer: a reader and the writer are kept.
amc.memory @cover(!amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>) {
  %0 = amc.alloc : !amc.memref<8xi8>
  %1 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, r, 1>
  %2 = amc.arbiter(%1 : !amc.port<8xi8, r, 1>) banks [0] : !amc.port_hs<8xi8, r>
  %3 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, r, 1>
  %4 = amc.arbiter(%3 : !amc.port<8xi8, r, 1>) banks [0] : !amc.port_hs<8xi8, r>
  %5 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, w, 1>
  // expected-warning @+1 {{not shared}}
  %6 = amc.arbiter(%5 : !amc.port<8xi8, w, 1>) banks [0] : !amc.port_hs<8xi8, w>
  amc.extern %2, %4, %6 : !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>
}
