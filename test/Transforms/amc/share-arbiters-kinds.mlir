// Arbiter sharing keeps ports that can read and write what the handshake
// ports need.
// RUN: hcl-opt %s -split-input-file --amc-share-arbiters=ports=2 | FileCheck %s --check-prefix=TWO

// Two ports serve a read and a write handshake port.
amc.memory @kinds(!amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>) {
  %0 = amc.alloc : !amc.memref<8xi8>
  %1 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, r, 1>
  %2 = amc.arbiter(%1 : !amc.port<8xi8, r, 1>) banks [0] : !amc.port_hs<8xi8, r>
  %3 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, w, 1>
  %4 = amc.arbiter(%3 : !amc.port<8xi8, w, 1>) banks [0] : !amc.port_hs<8xi8, w>
  amc.extern %2, %4 : !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>
}
// TWO:     amc.arbiter(%1, %2 : !amc.port<8xi8, r, 1>, !amc.port<8xi8, w, 1>) banks [0] {scheme = "round_robin"} : !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>
// TWO-NOT: amc.arbiter

// -----

// Two ports for two readers and a writer: a reader and the writer are kept.
amc.memory @cover(!amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>) {
  %0 = amc.alloc : !amc.memref<8xi8>
  %1 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, r, 1>
  %2 = amc.arbiter(%1 : !amc.port<8xi8, r, 1>) banks [0] : !amc.port_hs<8xi8, r>
  %3 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, r, 1>
  %4 = amc.arbiter(%3 : !amc.port<8xi8, r, 1>) banks [0] : !amc.port_hs<8xi8, r>
  %5 = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, w, 1>
  %6 = amc.arbiter(%5 : !amc.port<8xi8, w, 1>) banks [0] : !amc.port_hs<8xi8, w>
  amc.extern %2, %4, %6 : !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>
}
// TWO-LABEL: amc.memory @cover
// TWO:       %[[R:.+]] = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, r, 1>
// TWO-NEXT:  %[[W:.+]] = amc.create_port(%0 : !amc.memref<8xi8>) : !amc.port<8xi8, w, 1>
// TWO-NEXT:  amc.arbiter(%[[R]], %[[W]] : !amc.port<8xi8, r, 1>, !amc.port<8xi8, w, 1>) banks [0] {scheme = "round_robin"} : !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, r>, !amc.port_hs<8xi8, w>
