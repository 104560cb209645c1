// Passes given IR they cannot lower: located errors, failure.
// RUN: hcl-opt %s -split-input-file -verify-diagnostics --amc-lower-banks

amc.memory @multibank(!amc.port<1024xf32, w, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  // expected-error @+1 {{bank lowering needs ports on one bank; run --amc-lower-merge first}}
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0, 1] : !amc.port<1024xf32, w, 1>
  amc.extern %1 : !amc.port<1024xf32, w, 1>
}

// -----

amc.memory @handshake(!amc.port_hs<512xf32, r>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  // expected-error @+1 {{bank lowering needs latency-sensitive ports; run --amc-lower-handshake first}}
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : !amc.port_hs<512xf32, r>
  amc.extern %1 : !amc.port_hs<512xf32, r>
}
