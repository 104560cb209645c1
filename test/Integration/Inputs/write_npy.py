"""Writes one .npy file without NumPy: write_npy.py PATH DTYPE SHAPE V0,V1,...

DTYPE is a NumPy descriptor such as <i4, <i8, <f4; SHAPE is like 4x4. The
values fill the array in row-major order. For the bad-input tests, which
need exact values (an index of 99) rather than random ones.
"""
import struct
import sys


def main():
    path, descr, shape_text, values_text = sys.argv[1:5]
    shape = tuple(int(d) for d in shape_text.split("x"))
    code = {"<i4": "i", "<i8": "q", "<f4": "f", "<f8": "d"}[descr]
    values = [float(v) if code in "fd" else int(v) for v in values_text.split(",")]
    tuple_text = "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, tuple_text)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%d%s" % (len(values), code), *values))


if __name__ == "__main__":
    main()
