// RUN: hcl-opt %s -split-input-file -verify-diagnostics --amc-lower-merge

amc.memory @handshake(!amc.port_hs<1024xf32, r>) {
  %0 = amc.alloc : !amc.memref<1024xf32, bank [2]>
  // expected-error @+1 {{a handshake port over several banks is lowered by --amc-lower-handshake before --amc-lower-merge}}
  %1 = amc.create_port(%0 : !amc.memref<1024xf32, bank [2]>) banks [0, 1] : !amc.port_hs<1024xf32, r>
  amc.extern %1 : !amc.port_hs<1024xf32, r>
}
