#!/bin/sh
# run.sh: iriscan corpus sharded by GNU parallel, killed mid-run with
# SIGKILL, resumed with --joblog --resume, must give the tree of one
# uninterrupted process. Installs parallel from Debian if it is missing.
# Run from anywhere; builds iriscan from this clone.
set -eu
[ -n "${TRACE:-}" ] && set -x
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
command -v parallel > /dev/null || {
	apt-get install -y parallel > /dev/null 2>&1 || { apt-get update > /dev/null && apt-get install -y parallel > /dev/null; }
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/iriscan" ./cmd/iriscan)
sh "$here/../gen.sh" "$tmp/src" 400
"$tmp/iriscan" corpus --to uri --out "$tmp/ref" "$tmp/src" 2> /dev/null

shards=4
# parallel runs each shard as its own process; {} is the shard index.
cat > "$tmp/job.sh" << JOB
exec parallel --will-cite --joblog "$tmp/joblog" --resume -j 2 \
	"$tmp/iriscan" corpus --to uri --out "$tmp/out" --jobs 1 \
	--report "$tmp/report-{}.jsonl" --shard "{}/$shards" "$tmp/src" ::: $(seq 0 $((shards - 1)) | tr '\n' ' ')
JOB
# killtree PID: SIGKILL for PID and its descendants, each stopped first so
# that it cannot start another.
killtree() {
	kill -STOP "$1" 2> /dev/null || return 0
	for c in $(pgrep -P "$1"); do killtree "$c"; done
	kill -KILL "$1" 2> /dev/null || true
}
# First attempt: parallel and its shards get SIGKILL after a moment.
sh "$tmp/job.sh" > /dev/null 2>&1 &
pid=$!
# Wait for the first outputs, then a little more.
n=0
while [ "$n" -lt 100 ] && [ -z "$(find "$tmp/out" -type f ! -path '*/.iriscan/*' 2> /dev/null | head -n 1)" ]; do
	sleep 0.1
	n=$((n + 1))
done
sleep "${KILL_AFTER:-0.5}"
killtree "$pid"
wait "$pid" 2> /dev/null || true
done_before=$(find "$tmp/out" -type f ! -path '*/.iriscan/*' 2> /dev/null | wc -l)
echo "parallel: killed with $(wc -l < "$tmp/joblog" 2> /dev/null || echo 0) joblog lines, $done_before of $(find "$tmp/ref" -type f ! -path '*/.iriscan/*' | wc -l) outputs written, $(ls "$tmp/out/.iriscan/tmp" 2> /dev/null | wc -l) temporary files left"
# Resume: parallel skips the shards its joblog has, iriscan the files done.
sh "$tmp/job.sh" 2> /dev/null
if ! diff -r -x .iriscan "$tmp/ref" "$tmp/out"; then
	echo "parallel: the resumed tree differs from one uninterrupted run" >&2
	exit 1
fi
left=$(ls "$tmp/out/.iriscan/tmp" | wc -l)
if [ "$left" -ne 0 ]; then
	echo "parallel: $left temporary files left" >&2
	exit 1
fi
echo "parallel: ok, $(wc -l < "$tmp/joblog") joblog lines, tree equal to one process"
