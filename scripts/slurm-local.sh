#!/usr/bin/env bash
# A one-node Slurm cluster on localhost, for tests: munged, slurmctld and
# slurmd run with a configuration, key, sockets, logs and state of their own,
# all inside DIR, so nothing in /etc is read or written and a system Slurm or
# munge (if any) is left alone.
#
#   scripts/slurm-local.sh start DIR   start it; waits until the node is idle
#   scripts/slurm-local.sh stop DIR    cancel its jobs, stop it, remove DIR
#
# Clients find it through SLURM_CONF=DIR/slurm.conf (start prints the line).
# start first stops whatever an earlier run left in DIR (a killed test), so
# it can be run twice. DIR must be short: munge's socket lives in it and a
# socket path has at most 107 bytes. Ports are picked free on each start, so
# two clusters (two build trees testing at once) do not meet.
set -euo pipefail

usage() {
  echo "usage: $0 start|stop DIR" >&2
  exit 2
}
[ $# -eq 2 ] || usage
action=$1
dir=$2
case "$dir" in
  /*) ;;
  *) dir="$PWD/$dir" ;;
esac

# The pids of the daemons started for DIR: read from their pid files and
# kept only while the process's command line still names DIR, so a pid
# reused by an unrelated process is never signalled.
daemon_pids() {
  local file pid
  for file in "$dir"/slurmd.pid "$dir"/slurmctld.pid "$dir"/munged.pid; do
    [ -r "$file" ] || continue
    pid=$(cat "$file" 2>/dev/null || true)
    [[ "$pid" =~ ^[0-9]+$ ]] || continue
    if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "$dir/"; then
      echo "$pid"
    fi
  done
}

stop_cluster() {
  if [ -r "$dir/slurm.conf" ] && [ -n "$(daemon_pids)" ]; then
    # Jobs first: their steps run under slurmstepd, which outlives slurmd.
    SLURM_CONF="$dir/slurm.conf" timeout 10 scancel --full --quiet \
      --user="$(id -un)" 2>/dev/null || true
    for _ in $(seq 20); do
      local left
      left=$(SLURM_CONF="$dir/slurm.conf" timeout 5 squeue -h 2>/dev/null | wc -l || echo 0)
      [ "$left" = 0 ] && break
      sleep 0.5
    done
  fi
  local pids pid
  pids=$(daemon_pids)
  for pid in $pids; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for _ in $(seq 50); do
    [ -n "$(daemon_pids)" ] || break
    sleep 0.2
  done
  for pid in $(daemon_pids); do
    kill -KILL "$pid" 2>/dev/null || true
  done
  rm -rf "$dir"
}

# A TCP port nothing listens on now (the kernel picks it).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

write_config() {
  local node user ctld_port slurmd_port hardware
  node=$(hostname -s)
  user=$(id -un)
  ctld_port=$(free_port)
  slurmd_port=$(free_port)
  while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done
  # The node as slurmd sees it (CPUs, sockets, memory): a node configured
  # with more than it has would be drained.
  hardware=$(slurmd -C | head -n 1 | sed 's/^NodeName=[^ ]* //')
  cat >"$dir/slurm.conf" <<EOF
# Written by hcl's scripts/slurm-local.sh: a one-node cluster on localhost.
ClusterName=hcllocal
SlurmctldHost=$node(127.0.0.1)
SlurmUser=$user
SlurmdUser=$user
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
# No cgroups (containers and CI rarely delegate them) and no accounting
# database: hcl reads each task's status from the files its task writes.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
SwitchType=switch/none
MailProg=/bin/true
ReturnToService=2
SlurmdTimeout=300
InactiveLimit=0
KillWait=5
MinJobAge=300
NodeName=$node NodeAddr=127.0.0.1 $hardware State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

show_logs() {
  local log
  for log in "$dir"/munged.log "$dir"/slurmctld.log "$dir"/slurmd.log; do
    [ -r "$log" ] || continue
    echo "--- last lines of $log" >&2
    tail -n 15 "$log" >&2
  done
}

start_cluster() {
  local missing=() program
  for program in munged mungekey slurmctld slurmd sinfo sbatch; do
    command -v "$program" >/dev/null 2>&1 || missing+=("$program")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "slurm-local: ${missing[*]} not found: install Debian's slurm-wlm and munge (scripts/install-deps.sh)" >&2
    exit 1
  fi
  stop_cluster
  if [ ${#dir} -gt 90 ]; then
    echo "slurm-local: $dir is too long for munge's socket path; use a shorter directory" >&2
    exit 1
  fi
  mkdir -p "$dir"/state "$dir"/spool
  chmod 0700 "$dir"
  mungekey --create --keyfile="$dir/munge.key" 2>/dev/null ||
    { dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 2>/dev/null && chmod 0400 "$dir/munge.key"; }
  write_config
  export SLURM_CONF="$dir/slurm.conf"
  # --force: munged refuses root and some directory permissions unless told.
  munged --force --socket="$dir/munge.socket" --key-file="$dir/munge.key" \
    --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" \
    --seed-file="$dir/munged.seed"
  slurmctld -f "$SLURM_CONF" -i
  slurmd -f "$SLURM_CONF"
  local state=""
  for _ in $(seq 60); do
    state=$(timeout 5 sinfo -h -o %t 2>/dev/null | head -n 1 || true)
    [ "$state" = idle ] && break
    sleep 0.5
  done
  if [ "$state" != idle ]; then
    echo "slurm-local: the node did not become idle in 30 s (state: ${state:-none})" >&2
    show_logs
    stop_cluster
    exit 1
  fi
  echo "export SLURM_CONF=$SLURM_CONF"
}

case "$action" in
  start) start_cluster ;;
  stop) stop_cluster ;;
  *) usage ;;
esac
