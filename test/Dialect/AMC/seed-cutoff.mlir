// The two places where seed 003 cuts its listings off at the right margin,
// as printed: a located error each, from MLIR's lexer, which stops at the
// cut before the amc parser sees it (the completed listings are in
// seed-listings.mlir).
// RUN: hcl-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
amc.memory @test1(!amc.port<512xf32, r, 1>, !amc.port<512xf32, w, 1>, !amc.port<512xf32, r, 1>, !amc.port<512xf32,

// -----

amc.memory @test1(!amc.port<512xf32, r, 1>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  // expected-error @+1 {{invalid type identifier}}
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0] : ! >
  amc.extern %1 : !amc.port<512xf32, r, 1>
}
