// Runs an ONNX model with ONNX Runtime (npm's onnxruntime-node, CPU) on a
// float32 .npy input, the peer of `hcl run` in bench/onnx/run.py:
//
//   node ort_run.js MODEL.onnx INPUT.npy OUTPUT.npy THREADS REPEAT
//
// Prints "time: X ms (median of REPEAT runs)" and writes the first output.
// ONNX Runtime is a benchmark-only peer: nothing in hcl depends on it.
"use strict";
const fs = require("fs");
const path = require("path");
const ort = require(process.env.HCL_ORT_MODULE ||
                    path.join(__dirname, "node_modules", "onnxruntime-node"));

function readNpy(file) {
  const bytes = fs.readFileSync(file);
  const headerLength = bytes.readUInt16LE(8);
  const header = bytes.toString("latin1", 10, 10 + headerLength);
  if (!header.includes("'<f4'") || header.includes("'fortran_order': True"))
    throw new Error(file + ": expected a C-order float32 array");
  const shape = header.match(/'shape': \(([^)]*)\)/)[1]
      .split(",").filter((s) => s.trim()).map((s) => parseInt(s, 10));
  const start = 10 + headerLength;
  const data = new Float32Array(
      bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + bytes.length));
  return {shape, data};
}

function writeNpy(file, tensor) {
  const shape = tensor.dims.length === 1 ? `(${tensor.dims[0]},)`
                                         : `(${tensor.dims.join(", ")})`;
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': ${shape}, }`;
  header += " ".repeat(63 - ((10 + header.length) % 64)) + "\n";
  const prefix = Buffer.alloc(10);
  prefix.write("\x93NUMPY", 0, "latin1");
  prefix.writeUInt8(1, 6);
  prefix.writeUInt8(0, 7);
  prefix.writeUInt16LE(header.length, 8);
  fs.writeFileSync(file, Buffer.concat([
    prefix, Buffer.from(header, "latin1"),
    Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength)]));
}

async function main() {
  const [model, input, output, threads, repeat] = process.argv.slice(2);
  const session = await ort.InferenceSession.create(model, {
    intraOpNumThreads: parseInt(threads, 10),
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
  });
  const x = readNpy(input);
  const feeds = {[session.inputNames[0]]: new ort.Tensor("float32", x.data, x.shape)};
  let result = await session.run(feeds); // warm-up, as hcl's JIT is compiled first
  const times = [];
  for (let i = 0; i < parseInt(repeat, 10); ++i) {
    const start = process.hrtime.bigint();
    result = await session.run(feeds);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  writeNpy(output, result[session.outputNames[0]]);
  console.log(`time: ${times[times.length >> 1].toFixed(4)} ms (median of ${times.length} runs)`);
}

main().catch((e) => { console.error("ort_run.js: " + e.message); process.exit(1); });
