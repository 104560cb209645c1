// Arbiter sharing: handshake ports that reach the same banks share the
// latency-sensitive ports a bank can offer, behind one arbiter.
// RUN: hcl-opt %s -split-input-file --amc-lower-handshake --amc-share-arbiters | FileCheck %s --check-prefix=ONE
// RUN: hcl-opt %s -split-input-file --amc-lower-handshake --amc-share-arbiters='ports=2 scheme=fixed_priority' --amc-lower-merge --amc-lower-banks | FileCheck %s --check-prefix=TWO
// RUN: hcl-opt %s -split-input-file --amc-lower-handshake --amc-lower-merge --amc-share-arbiters --amc-lower-banks | FileCheck %s --check-prefix=AFTERMERGE

// Three handshake ports on the seed's two-bank memory.
amc.memory @three(!amc.port_hs<1024xi32, rw>, !amc.port_hs<1024xi32, r>, !amc.port_hs<1024xi32, rw>) {
  %0 = amc.alloc : !amc.memref<1024xi32, [2]>
  %1 = amc.create_port(%0 : !amc.memref<1024xi32, [2]>) banks [0, 1] : !amc.port_hs<1024xi32, rw>
  %2 = amc.create_port(%0 : !amc.memref<1024xi32, [2]>) banks [0, 1] : !amc.port_hs<1024xi32, r>
  %3 = amc.create_port(%0 : !amc.memref<1024xi32, [2]>) banks [0, 1] : !amc.port_hs<1024xi32, rw>
  amc.extern %1, %2, %3 : !amc.port_hs<1024xi32, rw>, !amc.port_hs<1024xi32, r>, !amc.port_hs<1024xi32, rw>
}
// ONE:      %0 = amc.alloc : !amc.memref<1024xi32, [2]>
// ONE-NEXT: %1 = amc.create_port(%0 : !amc.memref<1024xi32, [2]>) banks [0, 1] : !amc.port<1024xi32, rw, 1>
// ONE-NEXT: %2:3 = amc.arbiter(%1 : !amc.port<1024xi32, rw, 1>) banks [0, 1] {scheme = "round_robin"} : !amc.port_hs<1024xi32, rw>, !amc.port_hs<1024xi32, r>, !amc.port_hs<1024xi32, rw>
// ONE-NEXT: amc.extern %2#0, %2#1, %2#2

// Two bank ports kept (a true dual-port BRAM), the read-write ones first.
// TWO:      %0 = amc.alloc : !amc.memref<512xi32>
// TWO-NEXT: %1 = amc.alloc : !amc.memref<512xi32>
// TWO-NEXT: %2 = amc.create_port(%0 : !amc.memref<512xi32>) : !amc.port<512xi32, rw, 1>
// TWO-NEXT: %3 = amc.create_port(%1 : !amc.memref<512xi32>) : !amc.port<512xi32, rw, 1>
// TWO-NEXT: %4 = amc.merge(%2, %3
// TWO-NEXT: %5 = amc.create_port(%0 : !amc.memref<512xi32>) : !amc.port<512xi32, rw, 1>
// TWO-NEXT: %6 = amc.create_port(%1 : !amc.memref<512xi32>) : !amc.port<512xi32, rw, 1>
// TWO-NEXT: %7 = amc.merge(%5, %6
// TWO-NEXT: %8:3 = amc.arbiter(%4, %7 : !amc.port<1024xi32, rw, 1>, !amc.port<1024xi32, rw, 1>) banks [0, 1] {scheme = "fixed_priority"}
// TWO-NEXT: amc.extern %8#0, %8#1, %8#2

// Sharing after merge lowering erases the merges it no longer needs.
// AFTERMERGE-COUNT-2: amc.create_port
// AFTERMERGE-NOT:     amc.create_port
// AFTERMERGE:         amc.merge
// AFTERMERGE-NOT:     amc.merge
// AFTERMERGE:         amc.arbiter

// -----

// Different banks do not share.
amc.memory @apart(!amc.port_hs<512xi32, rw>, !amc.port_hs<512xi32, rw>) {
  %0 = amc.alloc : !amc.memref<1024xi32, [2]>
  %1 = amc.create_port(%0 : !amc.memref<1024xi32, [2]>) banks [0] : !amc.port_hs<512xi32, rw>
  %2 = amc.create_port(%0 : !amc.memref<1024xi32, [2]>) banks [1] : !amc.port_hs<512xi32, rw>
  amc.extern %1, %2 : !amc.port_hs<512xi32, rw>, !amc.port_hs<512xi32, rw>
}
// ONE-LABEL: amc.memory @apart
// ONE-COUNT-2: amc.arbiter(%{{[0-9]+}} : !amc.port<512xi32, rw, 1>) banks [{{[01]}}] : !amc.port_hs<512xi32, rw>
