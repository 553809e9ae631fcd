#!/bin/sh
# verify.sh: converts the sample WARC files with iriscan corpus and checks
# the output with npm warcio 2.4.11 (installed into a temporary directory)
# and verify.mjs, which computes the digests itself; python3 counts the
# gzip members (one per record). Then a truncated copy must fail with its
# record ID in the report, where warcio would drop the record silently.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/iriscan" ./cmd/iriscan)
(cd "$tmp" && npm install --silent --no-audit --no-fund warcio@2.4.11 > /dev/null)
cp "$here/verify.mjs" "$tmp/"
mkdir "$tmp/src"
cp "$here/crawl.warc" "$here/crawl.warc.gz" "$tmp/src/"
for mode in uri iri display linkify; do
	"$tmp/iriscan" corpus --to "$mode" --out "$tmp/out-$mode" "$tmp/src" 2> /dev/null
	for f in crawl.warc crawl.warc.gz; do
		node "$tmp/verify.mjs" "$tmp/out-$mode/$f" "$tmp/src/$f"
	done
	python3 - "$tmp/out-$mode/crawl.warc.gz" "$tmp/out-$mode/crawl.warc" << 'PY'
import sys, zlib
data = open(sys.argv[1], 'rb').read()
members = 0
while data:
    d = zlib.decompressobj(16 + zlib.MAX_WBITS)
    d.decompress(data)
    if not d.eof:
        sys.exit(sys.argv[1] + ': truncated gzip member')
    data = d.unused_data
    members += 1
records = open(sys.argv[2], 'rb').read().count(b'\r\n\r\nWARC/1.') + 1
if members != records:
    sys.exit('%s: %d gzip members for %d records' % (sys.argv[1], members, records))
print('%s: ok: one gzip member per record (%d)' % (sys.argv[1], members))
PY
done
# A truncated last record: warcio would drop it; iriscan fails the file.
mkdir "$tmp/cut"
head -c -25 "$here/crawl.warc" > "$tmp/cut/cut.warc"
if "$tmp/iriscan" corpus --to uri --out "$tmp/out-cut" --report "$tmp/cut.jsonl" "$tmp/cut" 2> /dev/null; then
	echo "verify: a truncated WARC file did not fail" >&2
	exit 1
fi
grep -q '"record_id":"<urn:uuid:00000000-0000-4000-8000-00000000000a>"' "$tmp/cut.jsonl" || {
	echo "verify: the report does not name the truncated record:" >&2
	cat "$tmp/cut.jsonl" >&2
	exit 1
}
test ! -e "$tmp/out-cut/cut.warc" || { echo "verify: a truncated WARC file was written" >&2; exit 1; }
echo "verify: ok: the truncated record fails the file and is named in the report"
