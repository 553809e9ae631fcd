#!/bin/sh
# hostile.sh IRISCAN [SCALE] [CASE...] — peak memory and time of iriscan on
# hostile inputs (bench/hostile.py writes them; docs/testing.md, "Hostile
# inputs"). For each case: rewrite --to uri (output to a file), -l, -d and
# extract, each under /usr/bin/time; prints one line per command:
#   CASE SIZE_MB COMMAND STATUS PEAK_RSS_MB CPU_SECONDS WALL_SECONDS [DIFFERS]
# (CPU time, user plus system, is what to compare between SCALE 1 and 4 on a
# loaded machine: wall time moves with the load.)
# A case named *.same has no IRI to rewrite: its output must equal the input
# byte for byte (DIFFERS otherwise). Inputs and outputs go to a temporary
# directory ($HOSTILE_DIR, default under $TMPDIR) and are deleted after each
# case. Needs python3 and GNU time. Slow: the largest cases are 1 GB (SCALE 4).
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
scale=${2:-1}
shift 2 2>/dev/null || shift $#
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d "${HOSTILE_DIR:-${TMPDIR:-/tmp}}/hostile.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cases=${*:-"mail-1g-attachment.same mail-1g-text mail-b64-oneline mail-qp-oneline mail-header-50m-folded.same mail-header-50m-unfolded.same mail-100k-headers.same mail-nest-10000 mail-no-close mail-1m-parts html-attr-20m html-comment-100m.same html-open-script.same html-open-textarea.same html-open-title.same html-open-plaintext.same html-1m-attrs html-tagname-10m text-line-100m text-line-100m-noiri.same text-iri-run-100m text-nul-100m.same text-invalid-utf8 text-utf16-odd text-dense-triggers text-dense-matches text-long-host mail-charsets mail-line-ends mail-nul mail-from-escape html-charrefs"}
for c in $cases; do
	in=$dir/in
	python3 "$here/hostile.py" "$c" "$in" "$scale" || exit 2
	case $c in
	mail-*) fmt=mail ;;
	text-utf16-*) fmt="text --charset utf-16le" ;;
	html-*) fmt=html ;;
	*) fmt=text ;;
	esac
	mb=$(( $(wc -c <"$in") / 1048576 ))
	for cmd in rewrite -l -d extract; do
		out=/dev/null
		case $cmd in
		rewrite) args="rewrite --to uri --format $fmt"; out=$dir/out ;;
		-l | -d) args="rewrite --to uri --format $fmt $cmd" ;;
		extract) args="extract --format $fmt" ;;
		esac
		# shellcheck disable=SC2086
		/usr/bin/time -o "$dir/time" -f '%x %M %U %S %e' "$bin" $args "$in" >"$out" 2>"$dir/err"
		set -- $(tail -n 1 "$dir/time")
		note=
		if [ "$cmd" = rewrite ]; then
			case $c in *.same) cmp -s "$in" "$out" || note=DIFFERS ;; esac
			rm -f "$out"
		fi
		cpu=$(echo "$3 $4" | awk '{printf "%.2f", $1 + $2}')
		printf '%s %s %s %s %s %s %s %s\n' "$c" "$mb" "$cmd" "$1" "$(( $2 / 1024 ))" "$cpu" "$5" "$note"
		[ -s "$dir/err" ] && head -c 300 "$dir/err" | sed 's/^/    /'
	done
	rm -f "$in"
done
