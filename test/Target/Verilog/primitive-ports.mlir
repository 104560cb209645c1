// A bank forced to a primitive with fewer ports than it uses is refused
// where the ports are known (yosys would stop with "no valid mapping
// found"); one with no primitive and more than two ports of which two
// write, which no RAM primitive holds, is a warning.
// RUN: hcl-translate --emit-verilog %s -split-input-file -verify-diagnostics

amc.memory @bram_three(!amc.port<16xi8, r, 1>, !amc.port<16xi8, w, 1>, !amc.port<16xi8, w, 1>) {
  // expected-error @+1 {{a bank of @bram_three forced to 'bram' has 3 ports (2 that write, 1 that only read), but a block RAM has two: share the ports (--share-arbiters 2), unroll less or partition more finely, or force 'registers'}}
  %0 = amc.alloc {primitive = "bram"} : !amc.memref<16xi8>
  %1 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, r, 1>
  %2 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, w, 1>
  %3 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, w, 1>
  amc.extern %1, %2, %3 : !amc.port<16xi8, r, 1>, !amc.port<16xi8, w, 1>, !amc.port<16xi8, w, 1>
}

// -----

amc.memory @uram_two_rw(!amc.port<16xi8, rw, 1>, !amc.port<16xi8, rw, 1>) {
  // expected-error @+1 {{a bank of @uram_two_rw forced to 'uram' has 2 ports (2 that write, 0 that only read), but an UltraRAM has one port that writes and one that reads}}
  %0 = amc.alloc {primitive = "uram"} : !amc.memref<16xi8>
  %1 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, rw, 1>
  %2 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, rw, 1>
  amc.extern %1, %2 : !amc.port<16xi8, rw, 1>, !amc.port<16xi8, rw, 1>
}

// -----

amc.memory @lutram_two_writes(!amc.port<16xi8, w, 1>, !amc.port<16xi8, w, 1>) {
  // expected-error @+1 {{a bank of @lutram_two_writes forced to 'lutram' has 2 ports (2 that write, 0 that only read), but a LUTRAM has one port that writes}}
  %0 = amc.alloc {primitive = "lutram"} : !amc.memref<16xi8>
  %1 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, w, 1>
  %2 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, w, 1>
  amc.extern %1, %2 : !amc.port<16xi8, w, 1>, !amc.port<16xi8, w, 1>
}

// -----

// No primitive: four ports, two of them writing, fit no RAM.
amc.memory @four_ports(!amc.port<16xi8, r, 1>, !amc.port<16xi8, r, 1>, !amc.port<16xi8, w, 1>, !amc.port<16xi8, w, 1>) {
  // expected-warning @+1 {{a bank of @four_ports has 4 ports (2 that write, 2 that only read): no block RAM or UltraRAM has more than two ports, so it will be built from flip-flops and LUTs (share the ports with --share-arbiters 2 to keep it a RAM)}}
  %0 = amc.alloc : !amc.memref<16xi8>
  %1 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, r, 1>
  %2 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, r, 1>
  %3 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, w, 1>
  %4 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, w, 1>
  amc.extern %1, %2, %3, %4 : !amc.port<16xi8, r, 1>, !amc.port<16xi8, r, 1>, !amc.port<16xi8, w, 1>, !amc.port<16xi8, w, 1>
}

// -----

// What fits is accepted without a word: a block RAM's two ports, a LUTRAM's
// one write port and three read ports, registers with any number.
amc.memory @fits(!amc.port<16xi8, rw, 1>, !amc.port<16xi8, rw, 1>, !amc.port<16xi8, w, 1>, !amc.port<16xi8, r, 1>, !amc.port<16xi8, r, 1>, !amc.port<16xi8, r, 1>, !amc.port<16xi8, w, 1>, !amc.port<16xi8, w, 1>, !amc.port<16xi8, w, 1>) {
  %0 = amc.alloc {primitive = "bram"} : !amc.memref<16xi8>
  %1 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, rw, 1>
  %2 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, rw, 1>
  %3 = amc.alloc {primitive = "lutram"} : !amc.memref<16xi8>
  %4 = amc.create_port(%3 : !amc.memref<16xi8>) : !amc.port<16xi8, w, 1>
  %5 = amc.create_port(%3 : !amc.memref<16xi8>) : !amc.port<16xi8, r, 1>
  %6 = amc.create_port(%3 : !amc.memref<16xi8>) : !amc.port<16xi8, r, 1>
  %7 = amc.create_port(%3 : !amc.memref<16xi8>) : !amc.port<16xi8, r, 1>
  %8 = amc.alloc {primitive = "registers"} : !amc.memref<16xi8>
  %9 = amc.create_port(%8 : !amc.memref<16xi8>) : !amc.port<16xi8, w, 1>
  %10 = amc.create_port(%8 : !amc.memref<16xi8>) : !amc.port<16xi8, w, 1>
  %11 = amc.create_port(%8 : !amc.memref<16xi8>) : !amc.port<16xi8, w, 1>
  amc.extern %1, %2, %4, %5, %6, %7, %9, %10, %11 : !amc.port<16xi8, rw, 1>, !amc.port<16xi8, rw, 1>, !amc.port<16xi8, w, 1>, !amc.port<16xi8, r, 1>, !amc.port<16xi8, r, 1>, !amc.port<16xi8, r, 1>, !amc.port<16xi8, w, 1>, !amc.port<16xi8, w, 1>, !amc.port<16xi8, w, 1>
}
