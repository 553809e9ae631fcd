package scanner

import (
	"bytes"
	"math/rand"
	"net/netip"
	"strings"
	"testing"
	"unicode/utf8"
)

// The references of this file are the byte-by-byte versions of functions
// the slow path (finder.slow) shares with the fast one, as they were
// before the speed work of session 8 (commit 3442373): Find against
// findSlow cannot tell a change to them, so each is held to its reference
// here, on generated and fuzzed input.

func (f *finder) scanHostRef(w []byte, i int, k hostKind, cjkStop bool) (end int, tld string, labels int, ok bool) {
	if i < len(w) && w[i] == '[' {
		j := i + 1
		for j < len(w) && j-i < 64 && (isAlnum(w[j]) || w[j] == ':' || w[j] == '.') {
			j++
		}
		if k != hostScheme || j >= len(w) || w[j] != ']' || j == i+1 {
			return i, "", 0, false
		}
		lit := string(w[i+1 : j])
		if lit[0] == 'v' || lit[0] == 'V' { // IPvFuture: "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
			dot := strings.IndexByte(lit, '.')
			return j + 1, "", 1, dot > 1 && dot < len(lit)-1
		}
		a, err := netip.ParseAddr(lit)
		return j + 1, "", 1, err == nil && a.Is6()
	}
	j := i
	onlyASCII := true  // the host so far is ASCII
	labelASCII := true // the current label so far is ASCII
	labelStart := i
	var tail uint8 // see keepIdeographicDot
	for j < len(w) && j-i < maxHostBytes {
		b := w[j]
		if hostASCII[b] {
			j++
			continue
		}
		if b == '.' {
			j++
			labelStart = j
			labelASCII = true
			continue
		}
		r, size := rune(b), 1
		if b >= utf8.RuneSelf {
			r, size = decodeRune(w, j)
		}
		if isLabelDot(r) {
			if r != '.' && (cjkStop && onlyASCII || !f.keepIdeographicDot(w, labelStart, j, size, &tail)) {
				break // rule 1: a CJK full stop ends the host
			}
			j += size
			labelStart = j
			labelASCII = true
			continue
		}
		if !isHostRune(r) {
			break
		}
		if b >= utf8.RuneSelf {
			// Rule 2: ASCII letters glued to CJK text: the host ends at the
			// script change (for a bare address or domain whenever the host
			// so far is ASCII; after a scheme or "www." in the top-level
			// label, or where the ASCII letters are a top-level domain:
			// example.comだよね.comtest is example.com).
			if labelASCII && j > labelStart && isCJK(r) &&
				(cjkStop && onlyASCII || !cjkStop && (!continuesWithDot(w, j) || f.isICANNLabel(w[labelStart:j]))) {
				break
			}
			onlyASCII, labelASCII = false, false
		}
		j += size
	}
	// Trailing label dots and hyphens are not part of the host (a label
	// never ends in '-': a hyphen there is the text's), except a single
	// FQDN dot before a path, query, fragment or port.
	e := j
	for e > i {
		if c := w[e-1]; c < utf8.RuneSelf {
			if c != '.' && c != '-' {
				break
			}
			e--
			continue
		}
		r, size := utf8.DecodeLastRune(w[i:e])
		if !isLabelDot(r) && r != '-' {
			break
		}
		e -= size
	}
	if e == i {
		return i, "", 0, false
	}
	end = e
	if j == e+1 && w[e] == '.' && j < len(w) && strings.IndexByte("/?#:", w[j]) >= 0 {
		end = j
	}
	tld, labels, ok = f.validHost(w[i:e], k, true)
	return end, tld, labels, ok
}

func proseWordRef(b []byte) bool {
	r, _ := utf8.DecodeRune(b)
	if strings.ContainsRune(proseParticles, r) {
		return true
	}
	for _, p := range proseParticlePrefixes {
		if strings.HasPrefix(string(b), p) {
			return true
		}
	}
	for _, p := range proseWords {
		if string(b) == p {
			return true
		}
	}
	return false
}

func loginTargetRef(w []byte, s int) bool {
	if s == 0 || w[s-1] != ' ' && w[s-1] != '\t' {
		return false // the command's operand is a word of its own
	}
	j, lo := s, max(0, s-96)
	for range 6 {
		for j > lo && (w[j-1] == ' ' || w[j-1] == '\t') {
			j--
		}
		e := j
		for j > lo && w[j-1] > ' ' {
			j--
		}
		if e == j || j == lo && lo > 0 {
			return false
		}
		word := w[j:e]
		if k := bytes.LastIndexByte(word, '/'); k >= 0 && k+1 < len(word) {
			word = word[k+1:] // /usr/bin/ssh
		}
		for _, c := range loginCommands {
			if len(word) == len(c) && hasPrefixFold(word, c) {
				return true
			}
		}
		if word[0] != '-' && !prevIsOptionRef(w, j, lo) {
			return false // neither an option nor an option's value
		}
	}
	return false
}

// prevIsOptionRef reports whether the word before w[j] on the same line
// starts with '-'.
func prevIsOptionRef(w []byte, j, lo int) bool {
	for j > lo && (w[j-1] == ' ' || w[j-1] == '\t') {
		j--
	}
	e := j
	for j > lo && w[j-1] > ' ' {
		j--
	}
	return e > j && w[j] == '-'
}

func localEndRef(w []byte, s int) int {
	if s < len(w) && w[s] == '"' {
		q := bytes.IndexByte(w[s+1:min(len(w), s+2+maxLocalPart)], '"')
		if q <= 0 {
			return -1
		}
		j := s + 1 + q + 1
		if j >= len(w) || w[j] != '@' || quotedStart(w, j-1, s) != s {
			return -1
		}
		return j
	}
	j := s
	for j < len(w) && j-s <= maxLocalPart {
		r, size := utf8.DecodeRune(w[j:])
		if r == '@' {
			break
		}
		if !isLocalRune(r) {
			return -1
		}
		j += size
	}
	if j >= len(w) || w[j] != '@' || j == s || !startsLocal(w[s]) || w[j-1] == '.' ||
		bytes.Contains(w[s:j], []byte("..")) || j-s > maxLocalPart {
		return -1
	}
	return j
}

func emailStartRef(w []byte, t, lastEnd int) int {
	lo := max(lastEnd, t-maxLocalPart-2)
	if t-1 > lo && w[t-1] == '"' {
		return quotedStart(w, t-1, lo)
	}
	s := scanBack(w, t, max(lastEnd, t-maxLocalPart), isLocalRune, &atextASCII)
	if s < 0 {
		return -1
	}
	if w[s] == '/' || configPrefix(w, s) {
		return -1 // a path (/srv/git@…, unix:/run/milter@…), or inet:8891@…
	}
	if k := bytes.LastIndexByte(w[s:t], '='); k >= 0 && isKey(w[s:s+k]) {
		s += k + 1
	}
	for s < t && strings.IndexByte("'`{|*~", w[s]) >= 0 {
		s++
	}
	if s == t || configPrefix(w, s) {
		return -1
	}
	return s
}

// mailTexts are text around an '@' for the e-mail tests: local parts of
// every kind, keys, options and login commands before them, quotes.
func mailTexts(rng *rand.Rand) []byte {
	parts := []string{"jane", ".", "..", "doe", "+tag", "-", "=", "EMAIL=", "--author=", "'", "`", "{", "|", "*", "~",
		"\"", "\"john smith\"", " ", "\t", "\n", "ssh ", "SSH ", "/usr/bin/ssh ", "autossh ", "-p ", "2222 ", "-i ", "key ",
		"mosh ", "rsh", "dir/ ", "/ ", "inet:", "mail:", "unix:", "é", "例", "ü", "connect ", "x/", "@", "user@", "a@b",
		"%", "#", "!", "$", "&", "^", "?", "@@", "ß", "\xff"}
	var b []byte
	for n := rng.Intn(10); n >= 0; n-- {
		b = append(b, parts[rng.Intn(len(parts))]...)
	}
	return b
}

func TestMailFunctionsAgainstRef(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for n := 0; n < 40000; n++ {
		w := append(mailTexts(rng), "@example.com and more"...)
		for i := 0; i < len(w); i++ {
			if got, want := loginTarget(w, i), loginTargetRef(w, i); got != want {
				t.Fatalf("loginTarget(%q, %d) = %v, reference %v", w, i, got, want)
			}
			if got, want := localEnd(w, i), localEndRef(w, i); got != want {
				t.Fatalf("localEnd(%q, %d) = %v, reference %v", w, i, got, want)
			}
			if w[i] == '@' {
				for _, last := range []int{0, i / 2, max(0, i-3)} {
					if got, want := emailStart(w, i, last), emailStartRef(w, i, last); got != want {
						t.Fatalf("emailStart(%q, %d, %d) = %v, reference %v", w, i, last, got, want)
					}
				}
			}
		}
	}
}

func FuzzMailFunctions(f *testing.F) {
	f.Add([]byte("ssh -p 22 jane.doe@example.com"), 16)
	f.Add([]byte("EMAIL=jane@x.org"), 10)
	f.Fuzz(func(t *testing.T, w []byte, i int) {
		if i < 0 || i >= len(w) {
			return
		}
		if got, want := loginTarget(w, i), loginTargetRef(w, i); got != want {
			t.Fatalf("loginTarget(%q, %d) = %v, reference %v", w, i, got, want)
		}
		if got, want := localEnd(w, i), localEndRef(w, i); got != want {
			t.Fatalf("localEnd(%q, %d) = %v, reference %v", w, i, got, want)
		}
		for at := range w {
			if w[at] == '@' {
				for _, last := range []int{0, min(i, at)} {
					if got, want := emailStart(w, at, last), emailStartRef(w, at, last); got != want {
						t.Fatalf("emailStart(%q, %d, %d) = %v, reference %v", w, at, last, got, want)
					}
				}
			}
		}
	})
}

// hostTexts are hosts with what may surround them, for the scanHost
// tests: ASCII and U-labels, the ideographic dots, hyphens of every kind,
// CJK glued to ASCII, invalid UTF-8, IP literals.
func hostTexts(rng *rand.Rand) []byte {
	parts := []string{"example", "com", "пример", "рф", "例え", "テスト", "jp", "中国", "xn--p1ai", "a-b", "-", "_",
		"。", "．", "｡", ".", "..", "‐", "−", "—", "だよね", "한국", "مثال", "\xff", "\xe3\x80", "é", "ß", "ﬁ",
		"[::1]", "[v1.x]", "[1.2", "192.168.0.1", "0", "Ａ", "ｗｗｗ", " ", "/", "?", "#", ":80", "\u00a0", "\u200b", "ー",
		strings.Repeat("д", 130), strings.Repeat("x", 70), strings.Repeat("例.", 90)}
	var b []byte
	for n := rng.Intn(8); n >= 0; n-- {
		b = append(b, parts[rng.Intn(len(parts))]...)
	}
	return b
}

func TestScanHostAgainstRef(t *testing.T) {
	f := newFinder(nil)
	rng := rand.New(rand.NewSource(3))
	for n := 0; n < 30000; n++ {
		w := hostTexts(rng)
		for i := 0; i < len(w) && i < 8; i++ {
			for _, k := range []hostKind{hostScheme, hostICANN} {
				for _, cjk := range []bool{false, true} {
					e1, t1, l1, ok1 := f.scanHost(w, i, k, cjk)
					e2, t2, l2, ok2 := f.scanHostRef(w, i, k, cjk)
					if e1 != e2 || t1 != t2 || l1 != l2 || ok1 != ok2 {
						t.Fatalf("%q at %d (%d, %v): (%d %q %d %v), ref (%d %q %d %v)", w, i, k, cjk, e1, t1, l1, ok1, e2, t2, l2, ok2)
					}
				}
			}
		}
	}
}

func FuzzScanHost(f *testing.F) {
	f.Add([]byte("пример.рф/путь"), 0)
	f.Add([]byte("例え。テスト/"), 0)
	f.Add([]byte("example.comだよね.comtest"), 0)
	fd := newFinder(nil)
	f.Fuzz(func(t *testing.T, w []byte, i int) {
		if i < 0 || i > len(w) {
			return
		}
		for _, k := range []hostKind{hostScheme, hostICANN} {
			for _, cjk := range []bool{false, true} {
				e1, t1, l1, ok1 := fd.scanHost(w, i, k, cjk)
				e2, t2, l2, ok2 := fd.scanHostRef(w, i, k, cjk)
				if e1 != e2 || t1 != t2 || l1 != l2 || ok1 != ok2 {
					t.Fatalf("%q at %d (%d, %v): (%d %q %d %v), ref (%d %q %d %v)", w, i, k, cjk, e1, t1, l1, ok1, e2, t2, l2, ok2)
				}
			}
		}
	})
}

// TestProseWordAgainstRef checks proseWord's quick rejection by first rune
// on every word of its lists, their prefixes and extensions, and runs of
// CJK letters.
func TestProseWordAgainstRef(t *testing.T) {
	var words []string
	for _, r := range proseParticles {
		words = append(words, string(r), string(r)+"東京")
	}
	words = append(words, proseParticlePrefixes...)
	words = append(words, proseWords...)
	for _, w := range append([]string{}, words...) {
		words = append(words, w+"は", w+"京", "京"+w)
		if r, size := utf8.DecodeRuneInString(w); size < len(w) {
			words = append(words, string(r))
		}
	}
	for r := rune(0x3040); r < 0x3100; r++ {
		words = append(words, string(r), string(r)+"る")
	}
	for r := rune(0x4E00); r < 0x9FFF; r += 7 {
		words = append(words, string(r), string(r)+"者")
	}
	for r := rune(0xAC00); r < 0xD7A3; r += 3 {
		words = append(words, string(r))
	}
	for _, w := range words {
		if got, want := proseWord([]byte(w)), proseWordRef([]byte(w)); got != want {
			t.Errorf("proseWord(%q) = %v, reference %v", w, got, want)
		}
	}
	_ = strings.ContainsRune
	_ = netip.ParseAddr
}
