"""Compares the outputs hcl run wrote (OUT/CASE/resultK.npy) with the NumPy
references OUT/CASE_refK.npy, shapes exactly, integers exactly, floats
within 1e-4."""
import glob
import os
import sys

import numpy as np

out = sys.argv[1]
for case in sys.argv[2:]:
    refs = sorted(glob.glob(os.path.join(out, case + "_ref*.npy")))
    assert refs, case
    for k, path in enumerate(refs):
        got = np.load(os.path.join(out, case, "result%d.npy" % k))
        ref = np.load(path)
        assert got.shape == ref.shape, (case, k, got.shape, ref.shape)
        if ref.dtype.kind in "iub":  # integers and booleans: exactly
            assert got.dtype == ref.dtype, (case, k, got.dtype, ref.dtype)
            assert np.array_equal(got, ref), (case, k, got, ref)
        else:
            assert np.allclose(got, ref, rtol=1e-4, atol=1e-5), (case, k, np.abs(got - ref).max())
    print("%s: OK (%d outputs)" % (case, len(refs)))
