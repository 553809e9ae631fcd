#!/bin/sh
# scandiff.sh OLD NEW FILE... — the differential check for scanner speed work:
# runs `extract --print json` of two iriscan binaries (say main's and a branch's)
# over each FILE, as text with the default options, --fuzzy, --refang and
# --fuzzy --refang, and as HTML, and fails at the first byte of difference.
# JSON Lines carry offset, length, text, iri and uri of every match, so equal
# output means the same matches byte for byte.
set -eu
[ $# -ge 3 ] || { echo "usage: scandiff.sh OLD NEW FILE..." >&2; exit 2; }
old=$1 new=$2
shift 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for f in "$@"; do
	for opts in "--format text" "--format text --fuzzy" "--format text --refang" \
		"--format text --fuzzy --refang" "--format html"; do
		# shellcheck disable=SC2086
		"$old" extract $opts -- "$f" >"$tmp/a" 2>&1 || true
		# shellcheck disable=SC2086
		"$new" extract $opts -- "$f" >"$tmp/b" 2>&1 || true
		if ! cmp -s "$tmp/a" "$tmp/b"; then
			echo "DIFFER: $opts $f" >&2
			cmp "$tmp/a" "$tmp/b" >&2 || true
			exit 1
		fi
		n=$((n + $(wc -l <"$tmp/a")))
	done
done
echo "same output: $# files × 5 option sets, $n lines"
