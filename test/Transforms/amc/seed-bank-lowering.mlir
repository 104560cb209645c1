// Seed 003's lowering example, before and after each pass of the pipeline
// handshake -> merge -> bank (the seed's listings, verbatim).
// RUN: hcl-opt %s --amc-lower-banks | FileCheck %s --check-prefix=BANK
// RUN: hcl-opt %s --pass-pipeline='builtin.module(amc.memory(amc-lower-handshake,amc-lower-merge,amc-lower-banks))' | FileCheck %s --check-prefix=BANK
// RUN: hcl-opt %s --amc-lower-handshake --amc-lower-merge --amc-lower-banks --amc-aggregate=word-width=72 | FileCheck %s --check-prefix=AGG
// 36-bit BRAM words hold one f32: nothing to aggregate.
// RUN: hcl-opt %s --amc-lower-banks --amc-aggregate=word-width=36 | FileCheck %s --check-prefix=BANK

// Bank lowering's example (the seed's input line is cut off; completed).
amc.memory @test1(!amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port<512xf32, r, 1>
  %2 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port<512xf32, w, 1>
  %3 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] : !amc.port<512xf32, r, 1>
  %4 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] : !amc.port<512xf32, w, 1>
  amc.extern %1, %2, %3, %4 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>
}
// BANK:      amc.memory @test1(!amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>) {
// BANK-NEXT:   %0 = amc.alloc : !amc.memref<512xf32>
// BANK-NEXT:   %1 = amc.alloc : !amc.memref<512xf32>
// BANK-NEXT:   %2 = amc.create_port(%0 : !amc.memref<512xf32>) : !amc.port<512xf32, r, 1>
// BANK-NEXT:   %3 = amc.create_port(%0 : !amc.memref<512xf32>) : !amc.port<512xf32, w, 1>
// BANK-NEXT:   %4 = amc.create_port(%1 : !amc.memref<512xf32>) : !amc.port<512xf32, r, 1>
// BANK-NEXT:   %5 = amc.create_port(%1 : !amc.memref<512xf32>) : !amc.port<512xf32, w, 1>
// BANK-NEXT:   amc.extern %2, %3, %4, %5 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>
// BANK-NEXT: }

// The aggregation example: the seed's "lowered and optimized specification".
// AGG:      amc.memory @test1(!amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>) {
// AGG-NEXT:   %0 = amc.alloc : !amc.memref<256xi64>
// AGG-NEXT:   %1 = amc.alloc : !amc.memref<256xi64>
// AGG-NEXT:   %2 = amc.create_port(%0 : !amc.memref<256xi64>) : !amc.port<256xi64, r, 1>
// AGG-NEXT:   %3 = amc.split_aggregated(%2 : !amc.port<256xi64, r, 1>) : !amc.port<512xf32, r, 1>
// AGG-NEXT:   %4 = amc.create_port(%0 : !amc.memref<256xi64>) : !amc.port<256xi64, w, 1>
// AGG-NEXT:   %5 = amc.split_aggregated(%4 : !amc.port<256xi64, w, 1>) : !amc.port<512xf32, w, 1>
// AGG-NEXT:   %6 = amc.create_port(%1 : !amc.memref<256xi64>) : !amc.port<256xi64, r, 1>
// AGG-NEXT:   %7 = amc.split_aggregated(%6 : !amc.port<256xi64, r, 1>) : !amc.port<512xf32, r, 1>
// AGG-NEXT:   %8 = amc.create_port(%1 : !amc.memref<256xi64>) : !amc.port<256xi64, w, 1>
// AGG-NEXT:   %9 = amc.split_aggregated(%8 : !amc.port<256xi64, w, 1>) : !amc.port<512xf32, w, 1>
// AGG-NEXT:   amc.extern %3, %5, %7, %9 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>
// AGG-NEXT: }
