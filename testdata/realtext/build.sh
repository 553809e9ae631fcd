#!/usr/bin/env bash
# Builds the real-text corpus that testdata/realtext/ samples, from Debian
# packages of documentation we did not write (see docs/realtext.md).
#
#   build.sh [OUT]           install the packages (apt-get), render every man
#                            page with man -Tutf8, turn the HTML manuals into
#                            text, copy changelogs and NEWS files, and list the
#                            lines with link-like strings in OUT/candidates.tsv
#   build.sh --check [OUT]   make only the documents excerpts.tsv quotes, cut
#                            the excerpts out of them and compare them with
#                            the committed ones (exit 1 on a difference; an
#                            excerpt of another package version is reported)
#   build.sh --update [OUT]  the same, and write the excerpts into excerpts/
#   build.sh --check --set DIR [OUT], build.sh --update --set DIR [OUT]
#                            the same for the sample in DIR (excerpts.tsv,
#                            excerpts/, versions.txt there): testdata/realtext2
#
# OUT defaults to ${TMPDIR:-/tmp}/iriscan-realtext. It runs unattended (as root
# or with sudo) and is reproducible: the same package versions give the same
# bytes (fixed locale, MANWIDTH, sorted file lists). OUT/versions.txt records
# the versions used; versions.txt here, the ones the excerpts come from.
set -euo pipefail
export LC_ALL=C.UTF-8 MANWIDTH=80 MANPAGER=cat PAGER=cat MAN_KEEP_FORMATTING= GROFF_NO_SGR=1
here=$(cd "$(dirname "$0")" && pwd)

mode=build
case "${1:-}" in
--check | --update) mode=${1#--}; shift ;;
-h | --help) sed -n '2,21p' "$0"; exit 0 ;;
esac
# --set DIR: the sample to check or update (default: this directory); the
# second, held-out sample is testdata/realtext2.
if [ "${1:-}" = --set ]; then
	here=$(cd "$2" && pwd)
	shift 2
fi
out=${1:-${TMPDIR:-/tmp}/iriscan-realtext}

# Packages whose documents are read. Every one is in Debian main (DFSG-free);
# SOURCES.md gives the licence of each document the sample quotes.
man_pkgs=(manpages-ja manpages-zh manpages-de manpages-ru manpages-fr manpages-pl)
html_pkgs=(debian-reference-ja debian-reference-zh-cn debian-reference-de debian-reference-fr debian-reference-en debian-faq maint-guide-ja)
doc_pkgs=(doc-debian)
# Packages whose changelog.Debian and NEWS are read (besides the ones above).
changelog_pkgs=(apt dpkg man-db groff-base perl git openssh-client curl wget gnupg less bash coreutils tzdata libx11-6 libunbound8)
all_pkgs=("${man_pkgs[@]}" "${html_pkgs[@]}" "${doc_pkgs[@]}" "${changelog_pkgs[@]}" man-db groff-base bsdextrautils python3)
if [ "$mode" != build ]; then
	# The packages the sample's excerpts name (column 2 of excerpts.tsv).
	mapfile -t set_pkgs < <(grep -vE '^(#|$)' "$here/excerpts.tsv" | cut -f2 | sort -u)
	all_pkgs+=("${set_pkgs[@]}")
fi

missing=()
for p in "${all_pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	export DEBIAN_FRONTEND=noninteractive
	# Stale package lists make the install fail: update then, and only then.
	$sudo apt-get install -y --no-install-recommends "${missing[@]}" ||
		{ $sudo apt-get update && $sudo apt-get install -y --no-install-recommends "${missing[@]}"; }
fi

mkdir -p "$out/text"
for p in "${all_pkgs[@]}"; do
	printf '%s\t%s\n' "$p" "$(dpkg-query -W -f='${Version}' "$p")"
done | sort -u >"$out/versions.txt"

# Man pages: man -Tutf8 -l runs preconv, tbl and groff as man(1) does for a
# terminal; col -b removes the overstrike bold and underline grotty writes
# into a pipe, -x keeps spaces as spaces. groff's U+2010 hyphens, its
# hyphenation and its line wraps stay: they are what the corpus is for. Run
# from the language's man root so that .so requests resolve.
render() { # /usr/share/man/LANG/manN/PAGE.gz -> $out/text/man/LANG/manN/PAGE.txt
	local f=$1 rel=${1#/usr/share/man/}
	local lang=${rel%%/*} dst="$out/text/man/${rel%.gz}.txt"
	mkdir -p "$(dirname "$dst")"
	(cd "/usr/share/man/$lang" && man -Tutf8 -l "$f" 2>/dev/null | col -bx >"$dst") || true
	[ -s "$dst" ] || rm -f "$dst"
}
export -f render
export out

# HTML manuals: their text, a line per block, <pre> kept as it is. The link
# text is what a reader sees; href values are not text and are left out.
html2text() { # SRC DST
	python3 - "$@" <<'PY'
import html.parser, sys, os
BLOCK = {"p","div","br","li","dt","dd","tr","h1","h2","h3","h4","h5","h6","pre","table","title","blockquote","ul","ol","dl"}
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out, self.pre, self.skip = [], 0, 0
    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"): self.skip += 1
        if tag == "pre": self.pre += 1
        if tag in BLOCK: self.out.append("\n")
    def handle_endtag(self, tag):
        if tag in ("script", "style"): self.skip -= 1
        if tag == "pre": self.pre -= 1
        if tag in BLOCK: self.out.append("\n")
    def handle_data(self, d):
        if self.skip: return
        if self.pre: self.out.append(d); return
        # Whitespace around the text of a node is one space, as a browser
        # shows it ("<a>…</a>\nfor more" keeps the space before "for").
        words = " ".join(d.split())
        self.out.append((" " if d[:1].isspace() else "") + words + (" " if d[-1:].isspace() and words else ""))
src, dst = sys.argv[1], sys.argv[2]
p = P(); p.feed(open(src, encoding="utf-8").read()); p.close()
text, blank = [], False
for l in "".join(p.out).split("\n"):
    l = l.rstrip()
    if not l.strip():
        if not blank and text: text.append("")
        blank = True
    else:
        text.append(l); blank = False
os.makedirs(os.path.dirname(dst), exist_ok=True)
open(dst, "w", encoding="utf-8").write("\n".join(text) + "\n")
PY
}

copy() { # SRC DST, decompressed
	mkdir -p "$(dirname "$2")"
	case "$1" in *.gz) zcat "$1" >"$2" ;; *) cat "$1" >"$2" ;; esac
}

# make_one REL makes the one text OUT/text/REL from its package's file.
make_one() {
	local rel=$1 p b f
	case "$rel" in
	man/*) f="/usr/share/man/${rel#man/}"; render "${f%.txt}.gz" ;;
	html/*) p=${rel#html/}; p=${p%%/*}; b=$(basename "$rel" .txt)
		html2text "$(dpkg -L "$p" | grep -E "/$b\.html\$" | head -1)" "$out/text/$rel" ;;
	doc/*) p=${rel#doc/}; p=${p%%/*}; b=$(basename "$rel")
		f=$(dpkg -L "$p" | grep -E "^/usr/share/doc/debian/$b(\.gz)?\$" | head -1); copy "$f" "$out/text/$rel" ;;
	changelog/*) p=${rel#changelog/}; p=${p%%/*}; b=$(basename "$rel" .txt)
		for f in "/usr/share/doc/$p/$b.gz" "/usr/share/doc/$p/$b"; do
			[ -f "$f" ] && { copy "$f" "$out/text/$rel"; break; }
		done ;;
	esac
}

if [ "$mode" = build ]; then
	rm -rf "$out/text"
	for p in "${man_pkgs[@]}"; do
		dpkg -L "$p" | grep -E '^/usr/share/man/[^/]+/man[^/]+/[^/]+\.gz$'
	done | sort -u | while read -r f; do [ -L "$f" ] || echo "$f"; done |
		xargs -P "$(nproc)" -I{} bash -c 'render "$1"' _ {}
	for p in "${html_pkgs[@]}"; do
		dpkg -L "$p" | grep -E '\.html$' | sort | while read -r f; do
			[ -f "$f" ] && html2text "$f" "$out/text/html/$p/$(basename "${f%.html}").txt"
		done
	done
	for p in "${doc_pkgs[@]}"; do
		dpkg -L "$p" | grep -E '^/usr/share/doc/debian/[^/]+\.txt(\.gz)?$' | sort | while read -r f; do
			b=$(basename "$f"); copy "$f" "$out/text/doc/$p/${b%.gz}"
		done
	done
	for p in "${all_pkgs[@]}"; do
		for f in /usr/share/doc/"$p"/{changelog.Debian.gz,changelog.gz,NEWS.Debian.gz,NEWS.gz}; do
			[ -f "$f" ] && copy "$f" "$out/text/changelog/$p/$(basename "$f" .gz).txt"
		done
	done
	# Lines with link-like strings: a scheme, www., an @, a Perl/C++ path,
	# a dotted quad or a file-name-like dotted word. A proposal list only:
	# the sample's labels are decided by reading (docs/realtext.md).
	(cd "$out/text" && find . -type f -name '*.txt' | sort | sed 's|^\./||' |
		xargs grep -nHE '[A-Za-z][A-Za-z0-9+.-]*://|www\.|@|[A-Za-z]::[A-Za-z]|[0-9]{1,3}(\.[0-9]{1,3}){3}|[A-Za-z0-9]\.(md|txt|org|com|net|jp|de|ru|fr|cn|html?)\b' |
		sed -E 's/^([^:]*):([0-9]+):/\1\t\2\t/') >"$out/candidates.tsv" || true
	echo "realtext: $(find "$out/text" -type f | wc -l) documents, $(wc -l <"$out/candidates.tsv") candidate lines in $out"
	exit 0
fi

# --check, --update: only the documents the excerpts quote.
grep -vE '^(#|$)' "$here/excerpts.tsv" | cut -f3 | sort -u | while read -r rel; do
	make_one "$rel"
	[ -s "$out/text/$rel" ] || { echo "realtext: cannot make $rel" >&2; exit 1; }
done

# Excerpts: excerpts.tsv names each committed excerpt, the package and the
# text file (relative to OUT/text) it is cut from, and its first and last line.
rm -rf "$out/excerpts"; mkdir -p "$out/excerpts"
grep -vE '^(#|$)' "$here/excerpts.tsv" | while IFS=$'\t' read -r name _pkg src first last; do
	sed -n "${first},${last}p" "$out/text/$src" >"$out/excerpts/$name"
done
if [ "$mode" = update ]; then
	rm -rf "$here/excerpts"
	cp -r "$out/excerpts" "$here/excerpts"
	cp "$out/versions.txt" "$here/versions.txt"
	echo "realtext: wrote $(ls "$here/excerpts" | wc -l) excerpts"
	exit 0
fi

# --check: an excerpt must be byte for byte what its package gives. A package
# whose installed version is not the one in versions.txt (a stable update of a
# changelog, say) may have moved its lines: such excerpts are reported, not
# failed; --update after choosing the lines again brings them back.
declare -A want have
while IFS=$'\t' read -r p v; do want[$p]=$v; done < <(grep -vE '^(#|$)' "$here/versions.txt")
while IFS=$'\t' read -r p v; do have[$p]=$v; done <"$out/versions.txt"
same=0 moved=0 bad=0
while IFS=$'\t' read -r name pkg _src _first _last; do
	if [ "${want[$pkg]:-}" != "${have[$pkg]:-}" ]; then
		echo "realtext: $name not checked: $pkg is ${have[$pkg]:-missing}, the excerpt is from ${want[$pkg]:-?}"
		moved=$((moved + 1))
	elif cmp -s "$here/excerpts/$name" "$out/excerpts/$name"; then
		same=$((same + 1))
	else
		echo "realtext: $name differs from $pkg ${have[$pkg]}:"
		diff "$here/excerpts/$name" "$out/excerpts/$name" || true
		bad=$((bad + 1))
	fi
done < <(grep -vE '^(#|$)' "$here/excerpts.tsv")
echo "realtext: $same excerpts match their packages, $bad differ, $moved from other package versions not checked"
[ "$bad" -eq 0 ]
