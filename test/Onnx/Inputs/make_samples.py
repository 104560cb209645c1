"""Writes N seeded random float32 samples of a shape as .npy files, for
`hcl quantize --calibrate DIR`.

  python3 make_samples.py DIR N D0xD1x... [SEED]
"""
import os
import sys

import numpy as np

out, count, shape = sys.argv[1], int(sys.argv[2]), sys.argv[3]
seed = int(sys.argv[4]) if len(sys.argv) > 4 else 0
dims = tuple(int(d) for d in shape.split("x"))
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(seed)
for k in range(count):
    np.save(os.path.join(out, "sample_%03d.npy" % k),
            rng.standard_normal(dims).astype(np.float32))
