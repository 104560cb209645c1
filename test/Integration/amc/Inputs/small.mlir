// A small memory for the yosys test: 256 words of i16 in two banks, one
// read and one write port on each.
amc.memory @small(!amc.port<128xi16, r, 1>, !amc.port<128xi16, w, 1>, !amc.port<128xi16, r, 2>, !amc.port<128xi16, w, 1>) {
  %0 = amc.alloc : !amc.memref<256xi16, bank [2]>
  %1 = amc.create_port(%0 : !amc.memref<256xi16, bank [2]>) banks [0] : !amc.port<128xi16, r, 1>
  %2 = amc.create_port(%0 : !amc.memref<256xi16, bank [2]>) banks [0] : !amc.port<128xi16, w, 1>
  %3 = amc.create_port(%0 : !amc.memref<256xi16, bank [2]>) banks [1] : !amc.port<128xi16, r, 2>
  %4 = amc.create_port(%0 : !amc.memref<256xi16, bank [2]>) banks [1] : !amc.port<128xi16, w, 1>
  amc.extern %1, %2, %3, %4 : !amc.port<128xi16, r, 1>, !amc.port<128xi16, w, 1>, !amc.port<128xi16, r, 2>, !amc.port<128xi16, w, 1>
}
