// Seed 003's lowering example, before and after each pass of the pipeline
// handshake -> merge -> bank (the seed's listings, verbatim).
// RUN: hcl-opt %s --amc-lower-merge | FileCheck %s --check-prefix=MERGE
// RUN: hcl-opt %s --amc-lower-merge --amc-lower-banks | FileCheck %s --check-prefix=MERGEBANK
// RUN: hcl-opt %s --pass-pipeline='builtin.module(amc.memory(amc-lower-handshake,amc-lower-merge,amc-lower-banks))' | FileCheck %s --check-prefix=MERGEBANK

// Merge lowering's example (interface port 0 made `r`, as its extern
// exposes; see test/Dialect/AMC/invalid.mlir for the seed's `rw`).
amc.memory @test2(!amc.port<512xf32, r, 1>, !amc.port<512xf32, r, 1>, !amc.port<1024xf32, w, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, [2]>
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, [2]>) banks [0] : !amc.port<512xf32, r, 1>
  %2 = amc.create_port(%0 : !amc.memref<1024xf32, [2]>) banks [1] : !amc.port<512xf32, r, 1>
  %3 = amc.create_port(%0 : !amc.memref<1024xf32, [2]>) banks [0, 1] : !amc.port<1024xf32, w, 1>
  amc.extern %1, %2, %3 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, r, 1>, !amc.port<1024xf32, w, 1>
}
// MERGE:      amc.memory @test2(!amc.port<512xf32, r, 1>, !amc.port<512xf32, r, 1>, !amc.port<1024xf32, w, 1>) {
// MERGE-NEXT:   %0 = amc.alloc : !amc.memref<1024xf32, [2]>
// MERGE-NEXT:   %1 = amc.create_port(%0 : !amc.memref<1024xf32, [2]>) banks [0] : !amc.port<512xf32, r, 1>
// MERGE-NEXT:   %2 = amc.create_port(%0 : !amc.memref<1024xf32, [2]>) banks [1] : !amc.port<512xf32, r, 1>
// MERGE-NEXT:   %3 = amc.create_port(%0 : !amc.memref<1024xf32, [2]>) banks [0] : !amc.port<512xf32, w, 1>
// MERGE-NEXT:   %4 = amc.create_port(%0 : !amc.memref<1024xf32, [2]>) banks [1] : !amc.port<512xf32, w, 1>
// MERGE-NEXT:   %5 = amc.merge(%3, %4 : !amc.port<512xf32, w, 1>, !amc.port<512xf32, w, 1>) : !amc.port<1024xf32, w, 1>
// MERGE-NEXT:   amc.extern %1, %2, %5 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, r, 1>, !amc.port<1024xf32, w, 1>
// MERGE-NEXT: }
// MERGEBANK:      amc.memory @test2(!amc.port<512xf32, r, 1>, !amc.port<512xf32, r, 1>, !amc.port<1024xf32, w, 1>) {
// MERGEBANK-NEXT:   %0 = amc.alloc : !amc.memref<512xf32>
// MERGEBANK-NEXT:   %1 = amc.alloc : !amc.memref<512xf32>
// MERGEBANK-NEXT:   %2 = amc.create_port(%0 : !amc.memref<512xf32>) : !amc.port<512xf32, r, 1>
// MERGEBANK-NEXT:   %3 = amc.create_port(%1 : !amc.memref<512xf32>) : !amc.port<512xf32, r, 1>
// MERGEBANK-NEXT:   %4 = amc.create_port(%0 : !amc.memref<512xf32>) : !amc.port<512xf32, w, 1>
// MERGEBANK-NEXT:   %5 = amc.create_port(%1 : !amc.memref<512xf32>) : !amc.port<512xf32, w, 1>
// MERGEBANK-NEXT:   %6 = amc.merge(%4, %5 : !amc.port<512xf32, w, 1>, !amc.port<512xf32, w, 1>) : !amc.port<1024xf32, w, 1>
// MERGEBANK-NEXT:   amc.extern %2, %3, %6 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, r, 1>, !amc.port<1024xf32, w, 1>
// MERGEBANK-NEXT: }
