// Bad AMC input: located errors, never a crash.
// RUN: hcl-opt %s -split-input-file -verify-diagnostics

// The seed's merge-lowering listing verbatim: its interface declares the
// first port `rw` but amc.extern exposes an `r` port.
amc.memory @test2(!amc.port<512xf32, rw, 1>, !amc.port<512xf32, r, 1>, !amc.port<1024xf32, w, 1>) {   
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>   
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port<512xf32, r, 1>   
  %2 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] : !amc.port<512xf32, r, 1>   
  %3 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0, 1] : !amc.port<1024xf32, w, 1>   

  // expected-error @+1 {{port 0 is '!amc.port<512xf32, r, 1>' but @test2's interface declares '!amc.port<512xf32, rw, 1>'}}
  amc.extern %1, %2, %3 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, r, 1>, !amc.port<1024xf32, w, 1>   
}

// -----

amc.memory @order(!amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>) {
  %0 = amc.alloc : !amc.memref<512xf32>
  %1 = amc.create_port(%0 : !amc.memref<512xf32>) : !amc.port<512xf32, r, 1>
  %2 = amc.create_port(%0 : !amc.memref<512xf32>) : !amc.port<512xf32, w, 1>
  // expected-error @+1 {{port 0 is '!amc.port<512xf32, r, 1>' but @order's interface declares '!amc.port<512xf32, w, 1>'}}
  amc.extern %1, %2 : !amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>
}

// -----

amc.memory @count(!amc.port<512xf32, r, 1>, !amc.port<512xf32, r, 1>) {
  %0 = amc.alloc : !amc.memref<512xf32>
  %1 = amc.create_port(%0 : !amc.memref<512xf32>) : !amc.port<512xf32, r, 1>
  // expected-error @+1 {{exposes 1 ports but @count's interface has 2}}
  amc.extern %1 : !amc.port<512xf32, r, 1>
}

// -----

// expected-error @+1 {{body must end with an amc.extern}}
amc.memory @noextern(!amc.port<512xf32, r, 1>) {
  %0 = amc.alloc : !amc.memref<512xf32>
}

// -----

amc.memory @range(!amc.port<512xf32, r, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  // expected-error @+1 {{bank 2 is out of range: the memref has 2 banks}}
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [2] : !amc.port<512xf32, r, 1>
  amc.extern %1 : !amc.port<512xf32, r, 1>
}

// -----

amc.memory @size(!amc.port<1024xf32, r, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  // expected-error @+1 {{port size 1024 does not match the 512 words of the bank it covers}}
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port<1024xf32, r, 1>
  amc.extern %1 : !amc.port<1024xf32, r, 1>
}

// -----

amc.memory @gap(!amc.port<512xf32, r, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [4]>
  // expected-error @+1 {{covers banks that are not consecutive and ascending (bank 2 after bank 0)}}
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [4]>) banks [0, 2] : !amc.port<512xf32, r, 1>
  amc.extern %1 : !amc.port<512xf32, r, 1>
}

// -----

amc.memory @nobanks(!amc.port<512xf32, r, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  // expected-error @+1 {{a port on a memref of 2 banks names the banks it covers}}
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) : !amc.port<512xf32, r, 1>
  amc.extern %1 : !amc.port<512xf32, r, 1>
}

// -----

amc.memory @words(!amc.port<512xi32, r, 1>) {
  %0 = amc.alloc : !amc.memref<512xf32>
  // expected-error @+1 {{port words are 'i32' but the memref holds 'f32'}}
  %1 = amc.create_port(%0 : !amc.memref<512xf32>) : !amc.port<512xi32, r, 1>
  amc.extern %1 : !amc.port<512xi32, r, 1>
}

// -----

amc.memory @adjacent(!amc.port<512xf32, w, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [4]>
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [4]>) banks [0] : !amc.port<256xf32, w, 1>
  %2 = amc.create_port(%0 : !amc.memref<1024xf32, bank [4]>) banks [2] : !amc.port<256xf32, w, 1>
  // expected-error @+1 {{input 1 (bank 2) is not adjacent to input 0 (bank 0): merged banks are consecutive}}
  %3 = amc.merge(%1, %2 : !amc.port<256xf32, w, 1>, !amc.port<256xf32, w, 1>) : !amc.port<512xf32, w, 1>
  amc.extern %3 : !amc.port<512xf32, w, 1>
}

// -----

amc.memory @kinds(!amc.port<1024xf32, w, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port<512xf32, w, 1>
  %2 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] : !amc.port<512xf32, r, 1>
  // expected-error @+1 {{input 1 is a 'r' port but the merged port is 'w'}}
  %3 = amc.merge(%1, %2 : !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>) : !amc.port<1024xf32, w, 1>
  amc.extern %3 : !amc.port<1024xf32, w, 1>
}

// -----

amc.memory @sum(!amc.port<2048xf32, w, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port<512xf32, w, 1>
  %2 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [1] : !amc.port<512xf32, w, 1>
  // expected-error @+1 {{input sizes add up to 1024 words but the merged port has 2048}}
  %3 = amc.merge(%1, %2 : !amc.port<512xf32, w, 1>, !amc.port<512xf32, w, 1>) : !amc.port<2048xf32, w, 1>
  amc.extern %3 : !amc.port<2048xf32, w, 1>
}

// -----

// expected-error @+1 {{a latency-sensitive port has a read latency of at least 1 cycle, not 0}}
amc.memory @latency(!amc.port<512xf32, r, 0>)

// -----

// expected-error @+1 {{unknown port kind 'x' (expected 'r', 'w' or 'rw')}}
amc.memory @kind(!amc.port<512xf32, x, 1>)

// -----

amc.memory @split(!amc.port<512xf32, r, 1>) {
  // expected-error @+1 {{an amc.memref of 1000 words cannot be split into 3 equal banks}}
  %0 = amc.alloc : !amc.memref<1000xf32, bank [3]>
}

// -----

amc.memory @aggregate(!amc.port<512xf32, r, 1>) {
  %0 = amc.alloc : !amc.memref<256xi48>
  %1 = amc.create_port(%0 : !amc.memref<256xi48>) : !amc.port<256xi48, r, 1>
  // expected-error @+1 {{a 48-bit wide word does not hold exactly 2 words of 32 bits}}
  %2 = amc.split_aggregated(%1 : !amc.port<256xi48, r, 1>) : !amc.port<512xf32, r, 1>
  amc.extern %2 : !amc.port<512xf32, r, 1>
}

// -----

amc.memory @aggregate_depth(!amc.port<500xi32, r, 1>) {
  %0 = amc.alloc : !amc.memref<200xi64>
  %1 = amc.create_port(%0 : !amc.memref<200xi64>) : !amc.port<200xi64, r, 1>
  // expected-error @+1 {{the narrow port's 500 words are not a multiple of the wide port's 200}}
  %2 = amc.split_aggregated(%1 : !amc.port<200xi64, r, 1>) : !amc.port<500xi32, r, 1>
  amc.extern %2 : !amc.port<500xi32, r, 1>
}

// -----

amc.memory @arbiter_kind(!amc.port_hs<64xi8, rw>) {
  %0 = amc.alloc : !amc.memref<64xi8>
  %1 = amc.create_port(%0 : !amc.memref<64xi8>) : !amc.port<64xi8, r, 1>
  // expected-error @+1 {{result 0 is a 'rw' port but no input can write}}
  %2 = amc.arbiter(%1 : !amc.port<64xi8, r, 1>) banks [0] : !amc.port_hs<64xi8, rw>
  amc.extern %2 : !amc.port_hs<64xi8, rw>
}

// -----

amc.memory @arbiter_scheme(!amc.port_hs<64xi8, r>) {
  %0 = amc.alloc : !amc.memref<64xi8>
  %1 = amc.create_port(%0 : !amc.memref<64xi8>) : !amc.port<64xi8, r, 1>
  // expected-error @+1 {{unknown scheme 'lottery' (expected round_robin or fixed_priority)}}
  %2 = amc.arbiter(%1 : !amc.port<64xi8, r, 1>) banks [0] {scheme = "lottery"} : !amc.port_hs<64xi8, r>
  amc.extern %2 : !amc.port_hs<64xi8, r>
}

// -----

amc.memory @primitive(!amc.port<64xi8, r, 1>) {
  // expected-error @+1 {{unknown primitive 'flipflops' (expected lutram, bram, uram or registers)}}
  %0 = amc.alloc {primitive = "flipflops"} : !amc.memref<64xi8>
  %1 = amc.create_port(%0 : !amc.memref<64xi8>) : !amc.port<64xi8, r, 1>
  amc.extern %1 : !amc.port<64xi8, r, 1>
}

// -----

amc.memory @twice(!amc.port<64xi8, r, 1>, !amc.port<64xi8, r, 1>) {
  %0 = amc.alloc : !amc.memref<64xi8>
  %1 = amc.create_port(%0 : !amc.memref<64xi8>) : !amc.port<64xi8, r, 1>
  // expected-error @+1 {{each port drives one interface port}}
  amc.extern %1, %1 : !amc.port<64xi8, r, 1>, !amc.port<64xi8, r, 1>
}

// -----

// expected-error @+1 {{an amc.memory's interface holds !amc.port and !amc.port_hs types, not 'f32'}}
amc.memory @notport(f32)

// -----

// expected-error @+1 {{amc memories and ports are one-dimensional}}
amc.memory @dims(!amc.port<4x4xf32, r, 1>)

// -----

// expected-error @+1 {{unknown amc type 'bank' (expected memref, port or port_hs)}}
amc.memory @type(!amc.bank<4xf32>)
