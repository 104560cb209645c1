"""Random amc memories at the unlowered level (banked allocs, create_port
over consecutive banks, latency-sensitive and handshake ports)."""

ELEMENTS = ["i8", "i12", "i16", "f16", "i32", "f32", "i64", "f64"]
BANK_SIZES = [2, 3, 4, 5, 6, 8, 12, 16, 24, 32]
PRIMITIVES = [None, None, "lutram", "bram", "registers", "uram"]


def memref(size, elem, banks):
    return "!amc.memref<%dx%s%s>" % (size, elem, ", bank [%d]" % banks if banks > 1 else "")


def port_type(size, elem, kind, latency, handshake):
    if handshake:
        return "!amc.port_hs<%dx%s, %s>" % (size, elem, kind)
    return "!amc.port<%dx%s, %s, %d>" % (size, elem, kind, latency)


def random_memory(rng, name, primitives=True):
    """primitives: give some allocs a random `primitive`."""
    allocs = []
    for _ in range(rng.choice([1, 1, 2])):
        banks = rng.choice([1, 2, 2, 3, 4])
        bank_size = rng.choice(BANK_SIZES)
        primitive = rng.choice(PRIMITIVES)
        allocs.append((banks * bank_size, rng.choice(ELEMENTS), banks,
                       primitive if primitives else None))
    ports = []
    for _ in range(rng.randint(1, 4)):
        alloc = rng.randrange(len(allocs))
        size, elem, banks, _ = allocs[alloc]
        first = rng.randrange(banks)
        last = rng.randrange(first, banks) if rng.random() < 0.6 else banks - 1
        kind = rng.choice(["r", "w", "rw", "rw"])
        handshake = rng.random() < 0.35
        # Handshake ports over the same banks as an earlier one, so that
        # amc-share-arbiters puts them behind one arbiter.
        earlier = [p for p in ports if p[5]]
        if handshake and earlier and rng.random() < 0.6:
            alloc, first, last = rng.choice(earlier)[:3]
        ports.append([alloc, first, last, kind, rng.randint(1, 3), handshake])
    # Every alloc that is read is also written somewhere, or nothing is checked.
    for alloc in range(len(allocs)):
        mine = [p for p in ports if p[0] == alloc]
        if mine and not any(p[3] != "r" for p in mine):
            mine[0][3] = "rw"
    lines, types, values = [], [], []
    for index, (size, elem, banks, primitive) in enumerate(allocs):
        attr = ' {primitive = "%s"}' % primitive if primitive else ""
        lines.append("  %%a%d = amc.alloc%s : %s" % (index, attr, memref(size, elem, banks)))
    for index, (alloc, first, last, kind, latency, hs) in enumerate(ports):
        size, elem, banks, _ = allocs[alloc]
        covered = (last - first + 1) * (size // banks)
        ptype = port_type(covered, elem, kind, latency, hs)
        bank_list = ", ".join(str(b) for b in range(first, last + 1))
        lines.append("  %%p%d = amc.create_port(%%a%d : %s) banks [%s] : %s"
                     % (index, alloc, memref(size, elem, banks), bank_list, ptype))
        types.append(ptype)
        values.append("%%p%d" % index)
    lines.append("  amc.extern %s : %s" % (", ".join(values), ", ".join(types)))
    return "amc.memory @%s(%s) {\n%s\n}\n" % (name, ", ".join(types), "\n".join(lines))
