// RUN: hcl-opt %s -verify-diagnostics --amc-share-arbiters=ports=1

// One read port and one write port cannot serve both handshake ports once
// only one of them is kept.
amc.memory @kinds(!amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>) {
  %0 = amc.alloc : !amc.memref<8xi8>
  %1 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, r, 1>
  %2 = amc.arbiter(%1 : !amc.port<8xi8, r, 1>) banks [0] : !amc.port_hs<8xi8, r>
  %3 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, w, 1>
  // expected-error @+1 {{cannot share 1 latency-sensitive port(s) among these handshake ports: none of the kept ports can write}}
  %4 = amc.arbiter(%3 : !amc.port<8xi8, w, 1>) banks [0] : !amc.port_hs<8xi8, w>
  amc.extern %2, %4 : !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>
}
