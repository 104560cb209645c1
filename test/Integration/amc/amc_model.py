"""The reference model of amc memories, read from *unlowered* amc MLIR.

Independent of the compiler: it reads the memory as the designer wrote it
(banked allocs, create_port over banks, handshake ports) and says what every
read must return:

- interface port i reaches storage word ``bank0 * bankSize + addr`` of the
  alloc its create_port names (bank0: the first bank it covers);
- writes take effect at the end of their cycle; when several ports write one
  word in the same cycle, the highest interface port index wins;
- a latency-sensitive read in cycle t returns, in cycle t + L, the word as it
  was at the start of cycle t (all writes of cycles < t, none of cycle t);
- a handshake request is accepted in a cycle where valid and ready are high;
  writes apply at the end of that cycle, reads are answered once each, in
  order, with the word at the start of the accepting cycle.
"""

import re

PORT_RE = re.compile(
    r"!amc\.(port|port_hs)<(\d+)x(\w+),\s*(rw|r|w)(?:,\s*(\d+))?>")
MEMREF_RE = re.compile(r"!amc\.memref<(\d+)x(\w+)(?:,\s*(?:bank\s*)?\[(\d+)\])?>")
MEMORY_RE = re.compile(r"amc\.memory\s+@(\w+)\s*\((.*?)\)\s*(?:attributes\s*\{[^}]*\}\s*)?\{", re.S)


def word_width(type_name):
    """Bits of an amc word type: iN, fN, bf16."""
    if type_name == "bf16":
        return 16
    match = re.fullmatch(r"[iuf](\d+)|si(\d+)|ui(\d+)", type_name)
    if not match:
        raise ValueError("unknown word type " + type_name)
    return int(next(g for g in match.groups() if g))


class Port:
    def __init__(self, text):
        match = PORT_RE.fullmatch(text.strip())
        if not match:
            raise ValueError("not an amc port type: " + text)
        kind, size, elem, rw, latency = match.groups()
        self.handshake = kind == "port_hs"
        self.size = int(size)
        self.elem = elem
        self.width = word_width(elem)
        self.kind = rw
        self.latency = int(latency) if latency else 0
        self.alloc = None   # index of the alloc it reaches
        self.base = 0       # first storage word it reaches

    @property
    def reads(self):
        return self.kind != "w"

    @property
    def writes(self):
        return self.kind != "r"


class Memory:
    """One amc.memory: its interface ports and where they reach storage."""

    def __init__(self, name, interface, allocs, ports):
        self.name = name
        self.ports = interface
        self.allocs = allocs  # (size, width, banks)
        self.values = ports


def split_types(text):
    """Splits a comma list of types at the top level of <>."""
    out, depth, current = [], 0, ""
    for char in text:
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
        if char == "," and depth == 0:
            out.append(current.strip())
            current = ""
        else:
            current += char
    if current.strip():
        out.append(current.strip())
    return out


def body_of(text, start):
    """The text between the '{' at start-1 and its matching '}'."""
    depth, index = 1, start
    while depth:
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
        index += 1
    return text[start:index - 1]


def parse_memories(text):
    """Every amc.memory with a body in `text` (unlowered: alloc,
    create_port and extern only)."""
    text = re.sub(r"//[^\n]*", "", text)
    memories = []
    for match in MEMORY_RE.finditer(text):
        name = match.group(1)
        interface = [Port(t) for t in split_types(match.group(2))]
        body = body_of(text, match.end())
        allocs, values = {}, {}
        for line in body.splitlines():
            line = line.strip()
            alloc = re.match(r"(%\w+)\s*=\s*amc\.alloc\b.*:\s*(!amc\.memref<[^>]*>)", line)
            if alloc:
                size, elem, banks = MEMREF_RE.fullmatch(alloc.group(2)).groups()
                allocs[alloc.group(1)] = (len(allocs), int(size), word_width(elem),
                                          int(banks or 1))
                continue
            create = re.match(r"(%\w+)\s*=\s*amc\.create_port\((%\w+)\s*:[^)]*\)"
                              r"\s*(?:banks\s*\[([\d,\s]*)\])?.*:\s*(!amc\.port\w*<[^>]*>)", line)
            if create:
                value, memref, banks, ptype = create.groups()
                index, size, _, nbanks = allocs[memref]
                first = int(banks.split(",")[0]) if banks else 0
                values[value] = (index, first * (size // nbanks))
                continue
            extern = re.match(r"amc\.extern\s+([^:]*):", line)
            if extern:
                names = [v.strip() for v in extern.group(1).split(",")]
                for port, value in zip(interface, names):
                    if value not in values:
                        raise ValueError("@%s: %s is not a create_port (the model reads "
                                         "unlowered memories)" % (name, value))
                    port.alloc, port.base = values[value]
                continue
            if line.startswith("%") or line.startswith("amc."):
                raise ValueError("@%s: the model reads unlowered memories, not: %s"
                                 % (name, line))
        memories.append(Memory(name, interface, sorted(allocs.values()), values))
    return memories


class Checker:
    """Replays one memory's trace (stimulus plus the DUT's acceptances) on
    the model and compares the DUT's read data."""

    def __init__(self, memory, name=None):
        self.memory = memory
        self.name = name or memory.name
        self.state = {}
        self.errors = []
        self.checked = 0
        self.collisions = 0  # same-cycle writes to one word (priority used)
        # Expected responses: LS by due cycle, HS as a queue per port.
        self.due = {}
        self.pending = {i: [] for i, p in enumerate(memory.ports) if p.handshake}

    def key(self, port, addr):
        return (port.alloc, port.base + addr)

    def cycle(self, t, requests):
        """requests: (port index, we, addr, wdata) issued (LS) or accepted
        (HS) in cycle t."""
        writes = []
        for index, we, addr, wdata in requests:
            port = self.memory.ports[index]
            if we:
                writes.append((index, port, addr, wdata))
                continue
            expected = self.state.get(self.key(port, addr))
            if port.handshake:
                self.pending[index].append((t, addr, expected))
            else:
                self.due[(index, t + port.latency)] = (t, addr, expected)
        written = set()
        for index, port, addr, wdata in sorted(writes, key=lambda w: w[0]):
            key = self.key(port, addr)
            self.collisions += key in written
            written.add(key)
            self.state[key] = wdata & ((1 << port.width) - 1)

    def error(self, message):
        if len(self.errors) < 20:
            self.errors.append("@%s: %s" % (self.name, message))
        else:
            self.errors.append("...")

    def ls_data(self, index, t, data):
        request = self.due.pop((index, t), None)
        if request is None:
            return
        issued, addr, expected = request
        if expected is None:
            return  # never written: any value
        self.checked += 1
        if data != expected:
            self.error("port %d: read of address %d in cycle %d returned %#x in "
                       "cycle %d, expected %#x" % (index, addr, issued, data, t, expected))

    def hs_data(self, index, t, data):
        if not self.pending[index]:
            self.error("port %d: response %#x in cycle %d answers no request"
                       % (index, data, t))
            return
        accepted, addr, expected = self.pending[index].pop(0)
        if t <= accepted:
            self.error("port %d: response in cycle %d to a request accepted in "
                       "cycle %d" % (index, t, accepted))
        if expected is None:
            return
        self.checked += 1
        if data != expected:
            self.error("port %d: read of address %d accepted in cycle %d answered "
                       "%#x in cycle %d, expected %#x"
                       % (index, addr, accepted, data, t, expected))

    def finish(self):
        for (index, t), (issued, addr, _) in sorted(self.due.items()):
            self.error("port %d: no data sampled for the read of cycle %d" % (index, issued))
        for index, queue in self.pending.items():
            for accepted, addr, _ in queue:
                self.error("port %d: read of address %d accepted in cycle %d was "
                           "never answered" % (index, addr, accepted))
