// Every listing of seed 003 parses and prints as the seed writes it (the two
// listings the seed cuts off at the right margin are completed here; see
// seed-cutoff.mlir for the cut-off text itself).
// RUN: hcl-opt %s -split-input-file | FileCheck %s --strict-whitespace
// RUN: hcl-opt %s -split-input-file | hcl-opt -split-input-file | FileCheck %s --strict-whitespace

// The interface declaration, with the seed's trailing ';'.
amc.memory @test1(!amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>);
// CHECK: {{^}}  amc.memory @test1(!amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>){{$}}

// -----

// A port specification on its own.
amc.memory @port(!amc.port<512xf32, r, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  %3 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] : !amc.port<512xf32, r, 1>
  amc.extern %3 : !amc.port<512xf32, r, 1>
}
// CHECK-LABEL: amc.memory @port(
// CHECK-NEXT: %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
// CHECK-NEXT: %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] : !amc.port<512xf32, r, 1>

// -----

// The complete example.
amc.memory @test1(!amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>) {
  // Specify memory allocation.
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>

  // Specify ports.
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port<512xf32, r, 1>
  %2 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port<512xf32, w, 1>
  %3 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] : !amc.port<512xf32, r, 1>
  %4 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] : !amc.port<512xf32, w, 1>
 
  // Specify I/O mapping.
  amc.extern %1, %2, %3, %4 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>
}
// CHECK:      {{^}}  amc.memory @test1(!amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>) {{{$}}
// CHECK-NEXT: {{^}}    %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>{{$}}
// CHECK-NEXT: {{^}}    %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port<512xf32, r, 1>{{$}}
// CHECK-NEXT: {{^}}    %2 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port<512xf32, w, 1>{{$}}
// CHECK-NEXT: {{^}}    %3 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] : !amc.port<512xf32, r, 1>{{$}}
// CHECK-NEXT: {{^}}    %4 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] : !amc.port<512xf32, w, 1>{{$}}
// CHECK-NEXT: {{^}}    amc.extern %1, %2, %3, %4 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>{{$}}
// CHECK-NEXT: {{^}}  }{{$}}

// -----

// Merge lowering's output, in the seed's other memref spelling (with the
// first interface port `r` as the extern exposes it; the seed's `rw` is
// reported in invalid.mlir).
amc.memory @test2(!amc.port<512xf32, r, 1>, !amc.port<512xf32, r, 1>, !amc.port<1024xf32, w, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, [2]>
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, [2]>) banks [0] : !amc.port<512xf32, r, 1>
  %2 = amc.create_port(%0 : !amc.memref<1024xf32, [2]>) banks [1] : !amc.port<512xf32, r, 1>
  %3 = amc.create_port(%0 : !amc.memref<1024xf32, [2]>) banks [0] : !amc.port<512xf32, w, 1>
  %4 = amc.create_port(%0 : !amc.memref<1024xf32, [2]>) banks [1] : !amc.port<512xf32, w, 1>
  %5 = amc.merge(%3, %4 : !amc.port<512xf32, w, 1>, !amc.port<512xf32, w, 1>) : !amc.port<1024xf32, w, 1>
  amc.extern %1, %2, %5 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, r, 1>, !amc.port<1024xf32, w, 1>
}
// CHECK:      {{^}}    %0 = amc.alloc : !amc.memref<1024xf32, [2]>{{$}}
// CHECK:      {{^}}    %5 = amc.merge(%3, %4 : !amc.port<512xf32, w, 1>, !amc.port<512xf32, w, 1>) : !amc.port<1024xf32, w, 1>{{$}}
// CHECK-NEXT: {{^}}    amc.extern %1, %2, %5 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, r, 1>, !amc.port<1024xf32, w, 1>{{$}}

// -----

// Handshake ports, arbiters and aggregation.
amc.memory @test2(!amc.port_hs<1024xi32, rw>, !amc.port_hs<1024xi32, rw>) {
  %0 = amc.alloc : !amc.memref<256xi64>
  %1 = amc.alloc : !amc.memref<256xi64>
  %2 = amc.create_port(%0 : !amc.memref<256xi64>) : !amc.port<256xi64, rw, 1>
  %3 = amc.split_aggregated(%2 : !amc.port<256xi64, rw, 1>) : !amc.port<512xi32, rw, 1>
  %4 = amc.create_port(%1 : !amc.memref<256xi64>) : !amc.port<256xi64, rw, 1>
  %5 = amc.split_aggregated(%4 : !amc.port<256xi64, rw, 1>) : !amc.port<512xi32, rw, 1>
  %6 = amc.merge(%3, %5 : !amc.port<512xi32, rw, 1>, !amc.port<512xi32, rw, 1>) : !amc.port<1024xi32, rw, 1>
  %7 = amc.arbiter(%6 : !amc.port<1024xi32, rw, 1>) banks [0, 1] : !amc.port_hs<1024xi32, rw>
  %8 = amc.create_port(%0 : !amc.memref<256xi64>) : !amc.port<256xi64, rw, 1>
  %9 = amc.split_aggregated(%8 : !amc.port<256xi64, rw, 1>) : !amc.port<512xi32, rw, 1>
  %10 = amc.create_port(%1 : !amc.memref<256xi64>) : !amc.port<256xi64, rw, 1>
  %11 = amc.split_aggregated(%10 : !amc.port<256xi64, rw, 1>) : !amc.port<512xi32, rw, 1>
  %12 = amc.merge(%9, %11 : !amc.port<512xi32, rw, 1>, !amc.port<512xi32, rw, 1>) : !amc.port<1024xi32, rw, 1>
  %13 = amc.arbiter(%12 : !amc.port<1024xi32, rw, 1>) banks [0, 1] {scheme = "fixed_priority"} : !amc.port_hs<1024xi32, rw>
  amc.extern %7, %13 : !amc.port_hs<1024xi32, rw>, !amc.port_hs<1024xi32, rw>
}
// CHECK:      {{^}}  amc.memory @test2(!amc.port_hs<1024xi32, rw>, !amc.port_hs<1024xi32, rw>) {{{$}}
// CHECK:      {{^}}    %3 = amc.split_aggregated(%2 : !amc.port<256xi64, rw, 1>) : !amc.port<512xi32, rw, 1>{{$}}
// CHECK:      {{^}}    %7 = amc.arbiter(%6 : !amc.port<1024xi32, rw, 1>) banks [0, 1] : !amc.port_hs<1024xi32, rw>{{$}}
// CHECK:      {{^}}    %13 = amc.arbiter(%12 : !amc.port<1024xi32, rw, 1>) banks [0, 1] {scheme = "fixed_priority"} : !amc.port_hs<1024xi32, rw>{{$}}
// CHECK-NEXT: {{^}}    amc.extern %7, %13 : !amc.port_hs<1024xi32, rw>, !amc.port_hs<1024xi32, rw>{{$}}

// -----

// A memory whose banks are LUTRAM, and an arbiter shared by two handshake
// ports.
amc.memory @shared(!amc.port_hs<64xi8, r>, !amc.port_hs<64xi8, rw>) {
  %0 = amc.alloc {primitive = "lutram"} : !amc.memref<64xi8>
  %1 = amc.create_port(%0 : !amc.memref<64xi8>) : !amc.port<64xi8, rw, 2>
  %2:2 = amc.arbiter(%1 : !amc.port<64xi8, rw, 2>) banks [0] {scheme = "round_robin"} : !amc.port_hs<64xi8, r>, !amc.port_hs<64xi8, rw>
  amc.extern %2#0, %2#1 : !amc.port_hs<64xi8, r>, !amc.port_hs<64xi8, rw>
}
// CHECK-LABEL: amc.memory @shared
// CHECK-NEXT: %0 = amc.alloc {primitive = "lutram"} : !amc.memref<64xi8>
// CHECK:      %2:2 = amc.arbiter(%1 : !amc.port<64xi8, rw, 2>) banks [0] {scheme = "round_robin"} : !amc.port_hs<64xi8, r>, !amc.port_hs<64xi8, rw>
