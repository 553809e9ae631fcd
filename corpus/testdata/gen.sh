#!/bin/sh
# gen.sh DIR N: writes a corpus of N documents (text, HTML, mbox, and gzip
# files of them) with IRIs under DIR, in ten subdirectories, for the
# sharding scripts.
set -eu
dir=$1
n=$2
line='See http://例え.テスト/パス?q=値, <https://مثال.إختبار/مسار> and http://bücher.example/ä today.'
para=$(for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do printf '%s\n' "$line"; done)
i=0
while [ "$i" -lt "$n" ]; do
	d=$dir/d$((i % 10))
	mkdir -p "$d"
	case $((i % 4)) in
	0) printf 'Document %d\n%s\n' "$i" "$para" > "$d/doc$i.txt" ;;
	1) printf '<!doctype html><title>%d</title><a href="http://例え.テスト/%d">x</a>\n<p>%s</p>\n' "$i" "$i" "$para" > "$d/page$i.html" ;;
	2) printf 'From a@example.org Thu Jan  1 00:00:00 2026\nFrom: a@example.org\nSubject: %d\nContent-Type: text/plain; charset=utf-8\n\n%s\n' "$i" "$para" > "$d/box$i.mbox" ;;
	3) printf 'Document %d\n%s\n' "$i" "$para" | gzip -n > "$d/doc$i.txt.gz" ;;
	esac
	i=$((i + 1))
done
