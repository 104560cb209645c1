#!/usr/bin/env bash
# Formats hcl's C++ with LLVM's style (.clang-format), or checks it.
#
#   scripts/format.sh            format every file in place
#   scripts/format.sh --check    list the files that differ (status 1 if any)
#   scripts/format.sh FILE...    format these files only
#
# Test inputs (test/) and the headers shipped with emitted code (share/) are
# left as they are: their .clang-format disables formatting.
set -euo pipefail
cd "$(dirname "$0")/.."
CLANG_FORMAT=${CLANG_FORMAT:-/usr/lib/llvm-22/bin/clang-format}
if [ ! -x "$CLANG_FORMAT" ]; then
  echo "format.sh: $CLANG_FORMAT is missing; scripts/install-deps.sh installs clang-format-22" >&2
  exit 2
fi
check=0
if [ "${1:-}" = --check ]; then
  check=1
  shift
fi
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files '*.cpp' '*.h' | grep -Ev '^(test|share)/')
fi
if [ $check = 0 ]; then
  "$CLANG_FORMAT" -i "${files[@]}"
  exit 0
fi
# One clang-format for every file: its messages start with the file's name.
mapfile -t differ < <("$CLANG_FORMAT" --dry-run -Werror "${files[@]}" 2>&1 |
  sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' |
  sort -u)
if [ ${#differ[@]} -gt 0 ]; then
  echo "format.sh: ${#differ[@]} file(s) differ from LLVM style (scripts/format.sh FILE fixes them):" >&2
  printf '  %s\n' "${differ[@]}" >&2
  exit 1
fi
echo "format.sh: ${#files[@]} files in LLVM style"
