amc.memory @small(!amc.port<16xi8, r, 1>, !amc.port<16xi8, w, 1>) {
  %0 = amc.alloc : !amc.memref<16xi8>
  %1 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, r, 1>
  %2 = amc.create_port(%0 : !amc.memref<16xi8>) : !amc.port<16xi8, w, 1>
  amc.extern %1, %2 : !amc.port<16xi8, r, 1>, !amc.port<16xi8, w, 1>
}
