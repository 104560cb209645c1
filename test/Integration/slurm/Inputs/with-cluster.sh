#!/usr/bin/env bash
# Runs COMMAND... with SLURM_CONF naming a one-node Slurm cluster of its own
# (scripts/slurm-local.sh), started first and stopped afterwards whatever
# happens (a failing command, an interrupt); exits with COMMAND's status.
#
#   with-cluster.sh SCRIPTS_DIR WORK_DIR COMMAND...
#
# The cluster's directory holds munge's socket, whose path must be short, so
# it is in /tmp, named after WORK_DIR: rerunning a test that was killed
# stops the cluster it left.
set -u
scripts=$1
work=$2
shift 2
cluster=/tmp/hcl-slurm-$(printf %s "$work" | md5sum | cut -c1-12)
export PATH="$PATH:/usr/sbin:/sbin"
trap '"$scripts/slurm-local.sh" stop "$cluster"' EXIT
trap 'exit 130' INT TERM
"$scripts/slurm-local.sh" start "$cluster" >/dev/null || exit 1
export SLURM_CONF="$cluster/slurm.conf"
"$@"
