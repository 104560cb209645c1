// Memory aggregation by word width and by factor.
// RUN: hcl-opt %s -split-input-file --amc-aggregate=word-width=36 | FileCheck %s --check-prefix=BRAM
// RUN: hcl-opt %s -split-input-file --amc-aggregate=factor=2 | FileCheck %s --check-prefix=FACTOR

// 8-bit words in a 36-bit BRAM word: four per word.
amc.memory @bytes(!amc.port<1024xi8, r, 2>, !amc.port<1024xi8, rw, 2>) {
  %0 = amc.alloc {primitive = "bram"} : !amc.memref<1024xi8>
  %1 = amc.create_port(%0 : !amc.memref<1024xi8>) : !amc.port<1024xi8, r, 2>
  %2 = amc.create_port(%0 : !amc.memref<1024xi8>) : !amc.port<1024xi8, rw, 2>
  amc.extern %1, %2 : !amc.port<1024xi8, r, 2>, !amc.port<1024xi8, rw, 2>
}
// BRAM:      %0 = amc.alloc {primitive = "bram"} : !amc.memref<256xi32>
// BRAM-NEXT: %1 = amc.create_port(%0 : !amc.memref<256xi32>) : !amc.port<256xi32, r, 2>
// BRAM-NEXT: %2 = amc.split_aggregated(%1 : !amc.port<256xi32, r, 2>) : !amc.port<1024xi8, r, 2>
// BRAM-NEXT: %3 = amc.create_port(%0 : !amc.memref<256xi32>) : !amc.port<256xi32, rw, 2>
// BRAM-NEXT: %4 = amc.split_aggregated(%3 : !amc.port<256xi32, rw, 2>) : !amc.port<1024xi8, rw, 2>
// BRAM-NEXT: amc.extern %2, %4
// FACTOR:    %0 = amc.alloc {primitive = "bram"} : !amc.memref<512xi16>

// -----

// A depth of 6 takes two 8-bit words per 36-bit word (four does not divide 6).
amc.memory @odd(!amc.port<6xi8, r, 1>) {
  %0 = amc.alloc : !amc.memref<6xi8>
  %1 = amc.create_port(%0 : !amc.memref<6xi8>) : !amc.port<6xi8, r, 1>
  amc.extern %1 : !amc.port<6xi8, r, 1>
}
// BRAM:   %0 = amc.alloc : !amc.memref<3xi16>
// FACTOR: %0 = amc.alloc : !amc.memref<3xi16>

// -----

// A bank of two words becomes one wide word.
amc.memory @pair(!amc.port<2xi16, rw, 1>) {
  %0 = amc.alloc : !amc.memref<2xi16>
  %1 = amc.create_port(%0 : !amc.memref<2xi16>) : !amc.port<2xi16, rw, 1>
  amc.extern %1 : !amc.port<2xi16, rw, 1>
}
// BRAM:      %0 = amc.alloc : !amc.memref<1xi32>
// BRAM-NEXT: %1 = amc.create_port(%0 : !amc.memref<1xi32>) : !amc.port<1xi32, rw, 1>
// BRAM-NEXT: %2 = amc.split_aggregated(%1 : !amc.port<1xi32, rw, 1>) : !amc.port<2xi16, rw, 1>
// FACTOR:    %0 = amc.alloc : !amc.memref<1xi32>
