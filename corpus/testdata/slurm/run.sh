#!/bin/sh
# run.sh: iriscan corpus on a real Slurm. Installs slurm-wlm and munge from
# Debian if missing, starts munged, slurmctld and slurmd directly (no
# systemd) on one node at 127.0.0.1 with their own ports, key, socket and
# state in a temporary directory, submits a job array of 4 tasks running
# "iriscan corpus --shard auto", kills it mid-run with scancel
# --signal=KILL, submits it again, and compares the tree with a run of one
# process. Must run as root. Run from anywhere; builds iriscan from this
# clone.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y slurm-wlm munge > /dev/null 2>&1 || { apt-get update > /dev/null && apt-get install -y slurm-wlm munge > /dev/null; }
fi
tmp=$(mktemp -d /tmp/iriscan-slurm.XXXXXX)
chmod 755 "$tmp"
pids=""
cleanup() {
	for f in slurmd.pid slurmctld.pid munged.pid; do
		[ -s "$tmp/$f" ] && kill "$(cat "$tmp/$f")" 2> /dev/null || true
	done
	sleep 1
	rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
	echo "slurm: $*" >&2
	for f in slurmctld.log slurmd.log; do [ -f "$tmp/$f" ] && tail -n 20 "$tmp/$f" >&2; done
	exit 1
}

(cd "$repo" && go build -o "$tmp/iriscan" ./cmd/iriscan)
sh "$here/../gen.sh" "$tmp/src" 400
"$tmp/iriscan" corpus --to uri --out "$tmp/ref" "$tmp/src" 2> /dev/null

# munge, on its own socket and key.
dd if=/dev/urandom of="$tmp/munge.key" bs=1024 count=1 2> /dev/null
chmod 400 "$tmp/munge.key"
munged --force --key-file="$tmp/munge.key" --socket="$tmp/munge.sock" \
	--pid-file="$tmp/munged.pid" --log-file="$tmp/munged.log" --seed-file="$tmp/munged.seed"

# One node, 127.0.0.1; ports other than the default 6817/6818.
port=$((17000 + $$ % 1000))
mkdir -p "$tmp/state" "$tmp/spool"
cat > "$tmp/slurm.conf" << CONF
ClusterName=iriscan
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1000))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge.sock
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=batch Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$tmp/slurm.conf"
start=$(date +%s)
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" -N localhost || fail "slurmd did not start"
n=0
until sinfo -h -o %T 2> /dev/null | grep -q idle; do
	n=$((n + 1))
	[ "$n" -lt 120 ] || fail "the node is not idle after 60 s: $(sinfo 2>&1)"
	sleep 0.5
done
echo "slurm: up in $(($(date +%s) - start)) s"

submit() {
	sbatch --parsable --array=0-3 --output="$tmp/task-%A_%a.out" --wrap \
		"$tmp/iriscan corpus --to uri --out $tmp/out --jobs 1 --shard auto --report $tmp/report-\$SLURM_ARRAY_JOB_ID-\$SLURM_ARRAY_TASK_ID.jsonl $tmp/src; echo exit=\$?"
}
wait_job() {
	n=0
	while [ -n "$(squeue -h -j "$1" 2> /dev/null)" ]; do
		n=$((n + 1))
		[ "$n" -lt 600 ] || fail "job $1 still running after 5 minutes"
		sleep 0.5
	done
}
outputs() { find "$tmp/out" -type f ! -path '*/.iriscan/*' 2> /dev/null | wc -l; }

job=$(submit)
n=0
until [ "$(outputs)" -gt 20 ]; do
	n=$((n + 1))
	[ "$n" -lt 600 ] || fail "job $job wrote nothing in 5 minutes"
	sleep 0.1
done
scancel --signal=KILL "$job"
wait_job "$job"
echo "slurm: job $job killed (scancel --signal=KILL) with $(outputs) of 400 outputs written"
[ "$(outputs)" -lt 400 ] || echo "slurm: warning: the job finished before the kill" >&2

job2=$(submit)
wait_job "$job2"
for f in "$tmp"/task-"$job2"_*.out; do
	grep -q '^exit=0$' "$f" || fail "task $f: $(cat "$f")"
done
diff -r -x .iriscan "$tmp/ref" "$tmp/out" > /dev/null || fail "the tree after kill and resubmission differs from one process's"
left=$(ls "$tmp/out/.iriscan/tmp" | wc -l)
[ "$left" -eq 0 ] || fail "$left temporary files left"
# Each shard's journal records only its own files: together each once.
dups=$(cat "$tmp"/out/.iriscan/journal-*-of-4.jsonl | sed 's/.*"output":"\([^"]*\)".*/\1/' | sort | uniq -d | wc -l)
echo "slurm: ok: resubmitted job $job2, 4 tasks exit 0, tree equal to one process, $dups outputs converted twice (a kill between rename and journal)"
