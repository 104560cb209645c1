#!/usr/bin/env bash
# Runs on a cluster (with-cluster.sh): hcl tune --slurm with one task made to
# fail (its costs file's path is taken by a directory), then the same
# command again once the way is clear, which keeps the three tasks that
# succeeded and runs the failed one. Writes first.*, second.* and the failed
# task's stderr (first-slice-1.err) into WORK_DIR.
#
#   tune-fail-then-resume.sh WORK_DIR INPUT.mlir
set -u
work=$1
input=$2
run() {
  hcl tune "$input" -o "$work/$1.mlir" --slurm --slurm-tasks 2 \
    --slurm-dir "$work/state" > "$work/$1.txt" 2> "$work/$1.err"
  echo "exit $?" >> "$work/$1.err"
}
mkdir -p "$work/state/array-0/slice-1.costs.json"
run first
cp "$work/state/array-0/slice-1.err" "$work/first-slice-1.err"
rmdir "$work/state/array-0/slice-1.costs.json"
run second
