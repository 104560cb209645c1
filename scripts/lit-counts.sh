#!/usr/bin/env bash
# Prints the counts of each lit entry of the last ctest run in BUILD_DIR
# (default build): ctest keeps a passing test's output only in its log,
# so without this a successful run never says how many lit tests ran.
set -euo pipefail
log=${1:-build}/Testing/Temporary/LastTest.log
[ -f "$log" ] || { echo "lit-counts: no $log (run ctest first)" >&2; exit 1; }
awk '
  # A test block starts with "N/M Test: NAME"; lit ends with lines such as
  # "  Passed: 33 (15.57%)" (Excluded: the tests of the other entries).
  /^[0-9]+\/[0-9]+ Test: / { name = $3; next }
  name ~ /^lit-/ && /^  [A-Z][A-Za-z ]*: *[0-9]+ \(/ {
    split($0, kv, ":"); kind = kv[1]; sub(/^ +/, "", kind); sub(/ +$/, "", kind)
    n = kv[2] + 0
    if (kind == "Excluded") next
    if (!(name in seen)) { seen[name] = 1; order[++entries] = name }
    counts[name] = counts[name] (counts[name] ? ", " : "") n " " tolower(kind)
    total[kind] += n
  }
  END {
    if (!entries) { print "lit-counts: no lit output in the log"; exit 1 }
    for (i = 1; i <= entries; i++) printf "  %-32s %s\n", order[i], counts[order[i]]
    line = ""
    for (k in total) line = line (line ? ", " : "") total[k] " " tolower(k)
    print "lit: " entries " entries: " line
  }' "$log"
