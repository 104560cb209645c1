#!/usr/bin/env bash
# Runs `hcl hls --top all --slurm` on INPUT into DIR with C simulations that
# take long (CXX sleeps first), cancels the array once a task runs, and
# prints hcl's report and exit status. Run inside with-cluster.sh.
#   cancel-while-running.sh INPUT DIR
set -u
input=$1
dir=$2
CXX="sleep 60; g++" hcl hls "$input" -o "$dir" --top all --slurm \
  >"$dir.out" 2>"$dir.err" &
hcl_pid=$!
for _ in $(seq 100); do
  squeue --noheader --states=RUNNING | grep -q . && break
  sleep 0.2
done
scancel --name=hcl-hls
wait "$hcl_pid"
echo "exit $?"
cat "$dir.out"
