"""The Verilator side of amc_sim.py: a wrapper module holding every memory,
a C++ harness generated for their ports, random traces, and the check of
the harness's log against the model (amc_model.Checker).

Timing in the harness: in cycle t the inputs are set with clk low, the
design is evaluated, outputs are sampled (ready is combinational; rdata and
rvalid are registered), then clk rises. A latency-sensitive read issued in
cycle t is sampled in cycle t + L. A handshake request is presented (valid
held, contents fixed) from its issue cycle until the cycle ready is high.
"""

import os
import re
import subprocess

DRAIN = 64      # cycles after the trace for the last answers
WAIT_BOUND = 200  # cycles a request may wait for ready (fixed priority)


def wait_bound(memory, variant):
    """Round robin (every variant but share2) accepts a waiting request
    within M-1 cycles, M <= the memory's handshake ports; fixed priority
    only promises no deadlock."""
    if "share2" in variant:
        return WAIT_BOUND
    return max(0, sum(p.handshake for p in memory.ports) - 1)

HEADER_RE = re.compile(r"^\s*(input|output) wire (?:\[(\d+):0\] )?(\w+)", re.M)


def ports_of(verilog, module):
    """[(direction, width, name)] of a module's header, clk first."""
    start = verilog.index("module %s (" % module)
    header = verilog[start:verilog.index(");", start)]
    return [(d, int(w) + 1 if w else 1, n) for d, w, n in HEADER_RE.findall(header)]


def wrapper(units):
    """tb_top: every memory's ports as u<k>_<signal>."""
    lines, ports, body = [], ["  input wire clk"], []
    for k, (_, module, verilog, _) in enumerate(units):
        connections = [".clk(clk)"]
        for direction, width, name in ports_of(verilog, module)[1:]:
            rng = "[%d:0] " % (width - 1) if width > 1 else ""
            ports.append("  %s wire %su%d_%s" % (direction, rng, k, name))
            connections.append(".%s(u%d_%s)" % (name, k, name))
        body.append("  %s u%d (%s);" % (module, k, ", ".join(connections)))
    lines.append("/* verilator lint_off DECLFILENAME */")
    lines.append("module tb_top (\n%s\n);" % ",\n".join(ports))
    lines += body
    lines.append("endmodule")
    return "\n".join(lines) + "\n"


def cpp_harness(units):
    """The C++ main: reads stimulus, drives, logs (see module docstring)."""
    decl, drive, sample, finish = [], [], [], []
    for k, (memory, _, _, bound) in enumerate(units):
        for i, port in enumerate(memory.ports):
            p = "u%d_p%d" % (k, i)
            v = "s_%d_%d" % (k, i)
            if not port.handshake:
                decl.append("  std::vector<Req> %s = readReqs(in, T);" % v)
                drive.append("    { Req r = t < T ? %s[t] : Req{0, 0, 0, 0};" % v)
                drive.append("      top->%s_en = r.a; top->%s_addr = r.addr;" % (p, p))
                if port.kind == "rw":
                    drive.append("      top->%s_we = r.we;" % p)
                if port.writes:
                    drive.append("      top->%s_wdata = r.wdata;" % p)
                drive.append("    }")
                if port.reads:
                    sample.append(
                        "    if (t >= %d && t - %d < T && %s[t - %d].a && !%s[t - %d].we)"
                        " printf(\"D %d %d %%d %%llx\\n\", t, (unsigned long long)top->%s_rdata);"
                        % (port.latency, port.latency, v, port.latency, v, port.latency,
                           k, i, p))
                continue
            decl.append("  std::vector<Req> %s = readReqs(in, readCount(in));" % v)
            decl.append("  Hs h_%d_%d;" % (k, i))
            h = "h_%d_%d" % (k, i)
            drive.append("    if (!%s.active && t < T && %s.next < %s.size() && t >= %s.at)"
                         " { %s.active = true; %s.since = t; }" % (h, h, v, h, h, h))
            drive.append("    { Req r = %s.active ? %s[%s.next] : Req{0, 0, 0, 0};" % (h, v, h))
            drive.append("      top->%s_valid = %s.active; top->%s_addr = r.addr;" % (p, h, p))
            if port.kind == "rw":
                drive.append("      top->%s_we = r.we;" % p)
            if port.writes:
                drive.append("      top->%s_wdata = r.wdata;" % p)
            drive.append("    }")
            sample.append("    if (%s.active && top->%s_ready) { printf(\"A %d %d %%d\\n\", t);"
                          " %s.active = false; %s.next++;"
                          " if (%s.next < %s.size()) %s.at = t + 1 + %s[%s.next].a; }"
                          % (h, p, k, i, h, h, h, v, h, v, h))
            sample.append("    else if (%s.active && t - %s.since > %d) { printf(\"E %d %d %%d"
                          " waiting since %%d\\n\", t, %s.since); %s.active = false; %s.next = %s.size(); }"
                          % (h, h, bound, k, i, h, h, h, v))
            if port.reads:
                sample.append("    if (top->%s_rvalid) printf(\"R %d %d %%d %%llx\\n\", t,"
                              " (unsigned long long)top->%s_rdata);" % (p, k, i, p))
            finish.append("  if (%s.active) printf(\"E %d %d %%d still waiting\\n\", T + %d);"
                          % (h, k, i, DRAIN))
    return """// Generated by amc_sim.py: drives tb_top from a stimulus file.
#include "Vtb_top.h"
#include "verilated.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

struct Req { uint64_t a, we, addr, wdata; };  // a: en (LS) or gap (HS)
struct Hs { bool active = false; int since = 0; int at = 0; size_t next = 0; };

static int readCount(FILE *in) {
  int n = 0;
  if (fscanf(in, "%d", &n) != 1) { fprintf(stderr, "bad stimulus\\n"); exit(2); }
  return n;
}
static std::vector<Req> readReqs(FILE *in, int n) {
  std::vector<Req> reqs(n);
  for (Req &r : reqs)
    if (fscanf(in, "%llx %llx %llx %llx", (unsigned long long *)&r.a,
               (unsigned long long *)&r.we, (unsigned long long *)&r.addr,
               (unsigned long long *)&r.wdata) != 4) {
      fprintf(stderr, "bad stimulus\\n"); exit(2);
    }
  return reqs;
}

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: tb STIMULUS CYCLES\\n"); return 2; }
  FILE *in = fopen(argv[1], "r");
  if (!in) { perror(argv[1]); return 2; }
  const int T = atoi(argv[2]);
  Vtb_top *top = new Vtb_top;
@DECL@
  for (int t = 0; t < T + @DRAIN@; ++t) {
    top->clk = 0;
@DRIVE@
    top->eval();
@SAMPLE@
    top->clk = 1;
    top->eval();
  }
@FINISH@
  top->final();
  delete top;
  return 0;
}
""".replace("@DECL@", "\n".join(decl)).replace("@DRAIN@", str(DRAIN)).replace(
        "@DRIVE@", "\n".join(drive)).replace("@SAMPLE@", "\n".join(sample)).replace(
        "@FINISH@", "\n".join(finish))


def stimulus(units, cycles, rng):
    """Random requests for every port, as the harness reads them, and the
    same as Python data: {(k, i): [(a, we, addr, wdata)]}."""
    data, text = {}, []
    for k, (memory, _, _, _) in enumerate(units):
        # A few hot storage words per alloc, so that ports aliasing them
        # collide (same-cycle writes, reads right after writes).
        storage = {}
        for port in memory.ports:
            storage.setdefault(port.alloc, set()).update(
                range(port.base, port.base + port.size))
        hot_words = {a: rng.sample(sorted(words), min(4, len(words)))
                     for a, words in storage.items()}
        for i, port in enumerate(memory.ports):
            mask = (1 << port.width) - 1
            hot = [w - port.base for w in hot_words[port.alloc]
                   if port.base <= w < port.base + port.size]
            hot = hot or [rng.randrange(port.size)]
            rate = rng.choice([0.3, 0.6, 0.9])
            count = cycles if not port.handshake else cycles // 2 + 1
            reqs = []
            for _ in range(count):
                addr = rng.choice(hot) if rng.random() < 0.4 else rng.randrange(port.size)
                we = {"r": 0, "w": 1}.get(port.kind, rng.randrange(2))
                if port.handshake:
                    a = rng.choice([0, 0, 0, 1, 2, 4])
                else:
                    a = 1 if rng.random() < rate else 0
                reqs.append((a, we, addr, rng.getrandbits(port.width) & mask))
            data[(k, i)] = reqs
            if port.handshake:
                text.append("%d" % len(reqs))
            text.append("\n".join("%x %x %x %x" % r for r in reqs))
    return data, "\n".join(text) + "\n"


def check(units, data, log, cycles):
    """Replays each memory on the model; returns (errors, reads checked)."""
    import amc_model
    events = {}
    errors = []
    for line in log.splitlines():
        fields = line.split()
        if not fields:
            continue
        if fields[0] == "E":
            errors.append("%s port %s: handshake request %s" %
                          (units[int(fields[1])][1], fields[2], " ".join(fields[3:])))
            continue
        k, i, t = int(fields[1]), int(fields[2]), int(fields[3])
        value = int(fields[4], 16) if len(fields) > 4 else None
        events.setdefault(k, []).append((t, fields[0], i, value))
    checked = collisions = 0
    for k, (memory, name, _, _) in enumerate(units):
        checker = amc_model.Checker(memory, name)
        taken = {i: 0 for i, p in enumerate(memory.ports) if p.handshake}
        by_cycle = {}
        for t, kind, i, value in events.get(k, []):
            by_cycle.setdefault(t, []).append((kind, i, value))
        for t in range(cycles + DRAIN):
            requests = []
            for i, port in enumerate(memory.ports):
                if not port.handshake and t < cycles:
                    a, we, addr, wdata = data[(k, i)][t]
                    if a:
                        requests.append((i, we, addr, wdata))
            for kind, i, value in by_cycle.get(t, []):
                if kind == "A":
                    _, we, addr, wdata = data[(k, i)][taken[i]]
                    taken[i] += 1
                    requests.append((i, we, addr, wdata))
            checker.cycle(t, requests)
            for kind, i, value in by_cycle.get(t, []):
                if kind == "D":
                    checker.ls_data(i, t, value)
                elif kind == "R":
                    checker.hs_data(i, t, value)
        checker.finish()
        errors += checker.errors
        checked += checker.checked
        collisions += checker.collisions
    return errors, checked, collisions


def simulate(args, units, rng):
    if not units:
        return [], 0, 0
    build = os.path.join(args.work, "verilator")
    os.makedirs(build, exist_ok=True)
    with open(os.path.join(build, "units.sv"), "w") as f:
        f.write("\n".join(v for _, _, v, _ in units))
    with open(os.path.join(build, "tb_top.sv"), "w") as f:
        f.write(wrapper(units))
    with open(os.path.join(build, "harness.cpp"), "w") as f:
        f.write(cpp_harness(units))
    result = subprocess.run(
        ["verilator", "--cc", "--exe", "--build", "-j", "2", "-Wno-fatal", "-Wno-lint",
         "-Wno-style", "--top-module", "tb_top", "--Mdir", os.path.join(build, "obj"),
         "-o", "tb", "-CFLAGS", "-O1", "units.sv", "tb_top.sv", "harness.cpp"],
        cwd=build, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        universal_newlines=True)
    if result.returncode:
        return ["verilator build failed:\n" + result.stdout[-3000:]], 0, 0
    errors, checked, collisions = [], 0, 0
    for trace in range(args.traces):
        data, text = stimulus(units, args.cycles, rng)
        path = os.path.join(build, "stimulus%d.txt" % trace)
        with open(path, "w") as f:
            f.write(text)
        run = subprocess.run([os.path.join(build, "obj", "tb"), path, str(args.cycles)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             universal_newlines=True)
        if run.returncode:
            errors.append("harness failed: " + run.stderr[-2000:])
            continue
        trace_errors, trace_checked, trace_collisions = check(units, data, run.stdout,
                                                              args.cycles)
        errors += ["trace %d: %s" % (trace, e) for e in trace_errors]
        checked += trace_checked
        collisions += trace_collisions
    return errors, checked, collisions
