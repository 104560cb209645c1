#!/usr/bin/env python3
"""Runs ONNX's backend test directories through `hcl run`, the user's path.

For each test directory (model.onnx, test_data_set_0/{input,output}_K.pb):

    hcl run model.onnx --input input_0.pb ... --output-dir TMP

then reads TMP/resultK.npy and compares it with output_K.pb here, with this
script's own TensorProto reader and NumPy (integers and booleans exactly;
floats as numpy.testing.assert_allclose(rtol=1e-3, atol=1e-7), NaN only
matching NaN, an infinity only the same infinity, shapes exactly). It does not
use hcl's own comparison (`hcl onnx-test`), so it measures hcl from outside.

    scripts/onnx-run-tests.py [--hcl build/bin/hcl] [--jobs N] [DIR...]

DIR defaults to Debian's libonnx-testdata node tests. Prints one line per test
that does not pass and a summary by outcome and cause; with --log FILE, one
JSON line per test.
"""

import argparse
import collections
import concurrent.futures
import glob
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

import numpy as np

NODE_TESTS = "/usr/share/libonnx-testdata/data/node"

# TensorProto.DataType -> NumPy dtype (None: not a tensor hcl can return).
DTYPES = {
    1: np.float32, 2: np.uint8, 3: np.int8, 4: np.uint16, 5: np.int16,
    6: np.int32, 7: np.int64, 9: np.bool_, 10: np.float16, 11: np.float64,
    12: np.uint32, 13: np.uint64, 16: np.uint16,  # bfloat16 as its bits
}
BFLOAT16 = 16


def varint(buf, pos):
    value, shift = 0, 0
    while True:
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, pos
        shift += 7


def fields(buf):
    """(field number, wire type, value) of a protobuf message."""
    pos = 0
    while pos < len(buf):
        key, pos = varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = varint(buf, pos)
        elif wire == 1:
            value, pos = buf[pos:pos + 8], pos + 8
        elif wire == 2:
            size, pos = varint(buf, pos)
            value, pos = buf[pos:pos + size], pos + size
        elif wire == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        else:
            raise ValueError("unsupported protobuf wire type %d" % wire)
        yield number, wire, value


def varints(value, wire):
    """A repeated varint field's values: packed bytes or one varint."""
    if wire == 0:
        return [value]
    out, pos = [], 0
    while pos < len(value):
        v, pos = varint(value, pos)
        out.append(v)
    return out


def signed64(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def submessages(buf, number):
    return [value for n, wire, value in fields(buf) if n == number and wire == 2]


def output_element_types(model_path):
    """The element type (TensorProto.DataType) of each graph output, None
    for one that is not a tensor: ModelProto.graph (7) -> GraphProto.output
    (12) -> ValueInfoProto.type (2) -> TypeProto.tensor_type (1) ->
    elem_type (1)."""
    with open(model_path, "rb") as f:
        model = f.read()
    types = []
    for graph in submessages(model, 7):
        for output in submessages(graph, 12):
            elem = None
            for type_proto in submessages(output, 2):
                for tensor in submessages(type_proto, 1):
                    for n, wire, value in fields(tensor):
                        if n == 1 and wire == 0:
                            elem = value
            types.append(elem)
    return types


def read_tensor(path):
    """A TensorProto file as a NumPy array (raises ValueError otherwise)."""
    with open(path, "rb") as f:
        buf = f.read()
    dims, dtype, raw = [], None, None
    floats, int32s, int64s, doubles, uint64s = [], [], [], [], []
    for number, wire, value in fields(buf):
        if number == 3:
            # A SequenceProto's or OptionalProto's values (a TensorProto's
            # field 3, segment, is not used in files).
            raise ValueError("a sequence or optional, not a tensor")
        if number == 1:
            dims += [signed64(v) for v in varints(value, wire)]
        elif number == 2:
            dtype = value
        elif number == 4:
            floats += (list(struct.unpack("<%df" % (len(value) // 4), value))
                       if wire == 2 else list(struct.unpack("<f", value)))
        elif number == 5:
            int32s += [signed64(v) for v in varints(value, wire)]
        elif number == 7:
            int64s += [signed64(v) for v in varints(value, wire)]
        elif number == 9:
            raw = value
        elif number == 10:
            doubles += (list(struct.unpack("<%dd" % (len(value) // 8), value))
                        if wire == 2 else list(struct.unpack("<d", value)))
        elif number == 11:
            uint64s += varints(value, wire)
        elif number == 6:
            raise ValueError("string tensor")
    if dtype not in DTYPES:
        raise ValueError("tensor data type %s" % dtype)
    np_type = np.dtype(DTYPES[dtype])
    if raw is not None:
        array = np.frombuffer(raw, dtype=np_type.newbyteorder("<"))
    elif dtype in (1,):
        array = np.array(floats, dtype=np_type)
    elif dtype == 11:
        array = np.array(doubles, dtype=np_type)
    elif dtype == 7:
        array = np.array(int64s, dtype=np_type)
    elif dtype in (12, 13):
        array = np.array(uint64s, dtype=np_type)
    elif dtype == 10:
        array = np.array(int32s, dtype=np.uint16).view(np.float16)
    else:
        array = np.array(int32s).astype(np_type)
    if array.size != int(np.prod(dims)):
        raise ValueError("%d values for shape %s: not a TensorProto (a "
                         "sequence or optional?)" % (array.size, dims))
    return array.reshape(dims)


def bfloat16_value(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def compare_bfloat16(actual, expected):
    """bfloat16 outputs as hcl onnx-test compares them: within one ulp (the
    test data rounds some casts by truncation, hcl to nearest even), exact
    for NaN, infinities and the sign."""
    a, e = actual.astype(np.uint16), expected.astype(np.uint16)
    av, ev = bfloat16_value(a), bfloat16_value(e)
    special = ~np.isfinite(av) | ~np.isfinite(ev) | ((a ^ e) & 0x8000 != 0)
    bad = special & ~((np.isnan(av) & np.isnan(ev)) | (av == ev))
    magnitude = lambda bits: (bits & 0x7FFF).astype(np.int64)
    bad |= ~special & (np.abs(magnitude(a) - magnitude(e)) > 1)
    if bad.any():
        at = tuple(int(i) for i in np.argwhere(bad)[0])
        return "at %s: %r, expected %r (bfloat16)" % (at, av[at], ev[at])
    return None


def compare(actual, expected, element_type=None):
    """None when `actual` is what ONNX's runner accepts, else why not."""
    if actual.shape != expected.shape:
        return "shape %s, expected %s" % (actual.shape, expected.shape)
    if element_type == BFLOAT16:
        return compare_bfloat16(actual, expected)
    if expected.dtype.kind in "biu":
        if actual.dtype.kind not in "biu":
            return "dtype %s, expected %s" % (actual.dtype, expected.dtype)
        bad = actual.astype(np.int64) != expected.astype(np.int64)
        if expected.dtype == np.uint64:
            bad = actual.astype(np.uint64) != expected
        if bad.any():
            at = tuple(int(i) for i in np.argwhere(bad)[0])
            return "at %s: %s, expected %s" % (at, actual[at], expected[at])
        return None
    a = actual.astype(np.float64)
    e = expected.astype(np.float64)
    nan_a, nan_e = np.isnan(a), np.isnan(e)
    inf_e = np.isinf(e)
    bad = (nan_a != nan_e)
    bad |= inf_e & (a != e)
    finite = ~nan_e & ~inf_e
    with np.errstate(invalid="ignore"):  # inf - inf where e is finite
        bad |= finite & ~(np.abs(a - e) <= 1e-7 + 1e-3 * np.abs(e))
    if bad.any():
        at = tuple(int(i) for i in np.argwhere(bad)[0])
        return "at %s: %r, expected %r" % (at, a[at], e[at])
    return None


def cause(message):
    """A short cause for the summary: the message without names/numbers."""
    line = message.strip().splitlines()[-1] if message.strip() else "?"
    line = re.sub(r"^.*?hcl: error: ", "", line)
    line = re.sub(r"^\S+\.onnx: ", "", line)
    line = re.sub(r"node '[^']*' \(([^)]*)\)", r"\1", line)
    line = re.sub(r"'[^']*'", "'…'", line)
    line = re.sub(r"\d+", "N", line)
    return line[:110]


def run_test(hcl, test_dir, timeout):
    name = os.path.basename(test_dir.rstrip("/"))
    data = os.path.join(test_dir, "test_data_set_0")
    inputs = sorted(glob.glob(os.path.join(data, "input_*.pb")),
                    key=lambda p: int(re.findall(r"\d+", os.path.basename(p))[0]))
    outputs = sorted(glob.glob(os.path.join(data, "output_*.pb")),
                     key=lambda p: int(re.findall(r"\d+", os.path.basename(p))[0]))
    try:
        expected = [read_tensor(p) for p in outputs]
    except ValueError as e:
        return name, "not-a-tensor", "expected output: %s" % e
    with tempfile.TemporaryDirectory() as out:
        command = [hcl, "run", os.path.join(test_dir, "model.onnx")]
        for p in inputs:
            command += ["--input", p]
        command += ["--output-dir", out]
        try:
            proc = subprocess.run(command, capture_output=True, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            return name, "timeout", "more than %d s" % timeout
        if proc.returncode < 0:
            return name, "crash", "signal %d: %s" % (-proc.returncode,
                                                     proc.stderr[-300:])
        if proc.returncode != 0:
            return name, "refused", proc.stderr
        types = output_element_types(os.path.join(test_dir, "model.onnx"))
        for k, e in enumerate(expected):
            path = os.path.join(out, "result%d.npy" % k)
            if not os.path.exists(path):
                return name, "wrong", "no result%d.npy" % k
            why = compare(np.load(path), e, types[k] if k < len(types) else None)
            if why:
                return name, "wrong", "output %d %s" % (k, why)
        if os.path.exists(os.path.join(out, "result%d.npy" % len(expected))):
            return name, "wrong", "more results than expected outputs"
    return name, "pass", ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="*")
    parser.add_argument("--hcl", default="build/bin/hcl")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=int, default=120)
    parser.add_argument("--log")
    args = parser.parse_args()
    dirs = args.dirs or sorted(glob.glob(os.path.join(NODE_TESTS, "test_*")))
    outcomes = collections.Counter()
    causes = collections.Counter()
    log = open(args.log, "w") if args.log else None
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, outcome, message in pool.map(
                lambda d: run_test(args.hcl, d, args.timeout), dirs):
            outcomes[outcome] += 1
            if outcome != "pass":
                causes[(outcome, cause(message))] += 1
                print("%-8s %s: %s" % (outcome, name,
                                       message.strip().splitlines()[-1][:200]
                                       if message.strip() else ""),
                      flush=True)
            if log:
                log.write(json.dumps({"test": name, "outcome": outcome,
                                      "message": message[-2000:]}) + "\n")
    total = sum(outcomes.values())
    print("\n%d tests through hcl run: %s" % (total, ", ".join(
        "%s %d (%.1f%%)" % (k, v, 100.0 * v / total)
        for k, v in outcomes.most_common())))
    print("\nby cause:")
    for (outcome, why), n in causes.most_common():
        print("%5d  %-12s %s" % (n, outcome, why))
    return 0 if outcomes["wrong"] == 0 and outcomes["crash"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
