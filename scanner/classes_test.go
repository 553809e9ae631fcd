package scanner

import (
	"math/rand"
	"testing"
)

// classOfByte is the class set of one byte, written out from the rules
// (not from classBits): what each mask of classMasks says of it.
func classOfByte(c byte) classMasks {
	bit := func(ok bool) uint64 {
		if ok {
			return 1
		}
		return 0
	}
	alnum := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	return classMasks{
		alnum: bit(alnum),
		dot:   bit(c == '.'),
		hyph:  bit(c == '-'),
		under: bit(c == '_'),
		body:  bit(c < 0x80 && (fusedClass[c] == fPlain || fusedClass[c] == fSlash)),
		slash: bit(c == '/'),
		punct: bit(c == '.' || c == ',' || c == ';' || c == '!' || c == '*' || c == '?' || c == ':'),
		ksep:  bit(c == '#' || c == '=' || c == '&'),
		high:  bit(c >= 0x80),
	}
}

// TestClassBitsPerByte checks every byte value, at every position of a
// 64-byte block, through classify and classifyBytes.
func TestClassBitsPerByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := classOfByte(byte(c))
		for pos := 0; pos < 64; pos++ {
			b := make([]byte, 64)
			for i := range b {
				b[i] = 0 // in no class
			}
			b[pos] = byte(c)
			var got, ref classMasks
			classify(b, 0, &got)
			classifyBytes(b, &ref)
			for name, impl := range classifyImpls() {
				var v classMasks
				if impl(&b[0], &v); v != ref {
					t.Fatalf("byte %#02x at %d: %s %+v, classifyBytes %+v", c, pos, name, v, ref)
				}
			}
			shift := func(m classMasks) classMasks {
				return classMasks{m.alnum << pos, m.dot << pos, m.hyph << pos, m.under << pos, m.body << pos, m.slash << pos, m.punct << pos, m.ksep << pos, m.high << pos}
			}
			if got != shift(want) || ref != shift(want) {
				t.Fatalf("byte %#02x at %d: classify %+v, classifyBytes %+v, want %+v", c, pos, got, ref, shift(want))
			}
		}
	}
}

// TestClassifyRandom holds classify (the vector loop where the build has
// one) to classifyBytes on random text at every offset and length near
// the end of a window.
func TestClassifyRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alphabet := []byte("aZ09.-_/?#:=&%()[]<> \t\n\x00\x7f\x80\xc3\xa9\xe3\x80\x82\xff~+@!$'*,;\\^`{|}\"")
	for n := 0; n < 300; n++ {
		w := make([]byte, rng.Intn(200))
		for i := range w {
			if rng.Intn(4) == 0 {
				w[i] = byte(rng.Intn(256))
			} else {
				w[i] = alphabet[rng.Intn(len(alphabet))]
			}
		}
		for i := 0; i <= len(w); i++ {
			var got, want classMasks
			classify(w, i, &got)
			classifyBytes(w[i:], &want)
			if got != want {
				t.Fatalf("%q at %d: classify %+v, classifyBytes %+v", w, i, got, want)
			}
			if len(w)-i >= 64 {
				for name, impl := range classifyImpls() {
					var v classMasks
					if impl(&w[i], &v); v != want {
						t.Fatalf("%q at %d: %s %+v, classifyBytes %+v", w, i, name, v, want)
					}
				}
			}
		}
	}
}

func FuzzClassify(f *testing.F) {
	f.Add([]byte("https://example.com/path/to/page.html?q=1#x"), 8)
	f.Add([]byte("www.例え.jp/案内 and more text after it, much more than sixty-four bytes"), 0)
	f.Fuzz(func(t *testing.T, w []byte, i int) {
		if i < 0 || i > len(w) {
			return
		}
		var got, want classMasks
		classify(w, i, &got)
		classifyBytes(w[i:], &want)
		if got != want {
			t.Fatalf("%q at %d: classify %+v, classifyBytes %+v", w, i, got, want)
		}
		if len(w)-i >= 64 {
			for name, impl := range classifyImpls() {
				var v classMasks
				if impl(&w[i], &v); v != want {
					t.Fatalf("%q at %d: %s %+v, classifyBytes %+v", w, i, name, v, want)
				}
			}
		}
		// Each mask against the bytes one by one.
		for k := 0; k < 64 && i+k < len(w); k++ {
			c := classOfByte(w[i+k])
			sh := func(m uint64) uint64 { return m >> k & 1 }
			if sh(got.alnum) != c.alnum || sh(got.dot) != c.dot || sh(got.hyph) != c.hyph || sh(got.under) != c.under ||
				sh(got.body) != c.body || sh(got.slash) != c.slash || sh(got.punct) != c.punct || sh(got.ksep) != c.ksep || sh(got.high) != c.high {
				t.Fatalf("%q: byte %d (%#02x): masks %+v", w, i+k, w[i+k], got)
			}
		}
		if n := len(w) - i; n < 64 {
			above := ^uint64(0) << n
			if (got.alnum|got.dot|got.hyph|got.under|got.body|got.slash|got.punct|got.ksep|got.high)&above != 0 {
				t.Fatalf("%q at %d: bits past the end: %+v", w, i, got)
			}
		}
	})
}

func BenchmarkClassify(b *testing.B) {
	w := []byte("https://example.com/path/to/page.html then some more text after the link ends here.")
	var m classMasks
	for name, impl := range classifyImpls() {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				impl(&w[8], &m)
			}
		})
	}
	b.Run("bytes", func(b *testing.B) {
		for b.Loop() {
			classifyBytes(w[8:], &m)
		}
	})
}

// hostCases are hosts and what may follow them for the plainHost tests:
// labels of letters, digits, '-' and '_', "xn--", empty labels, dots and
// hyphens at the ends, IPv4 addresses, long labels, each followed by the
// bytes that end a host or do not.
func hostCases(rng *rand.Rand) []byte {
	parts := []string{"a", "example", "com", "org", "xn--r8jz45g", "XN--P1AI", "ab--cd", "a-b", "-a", "a-", "_x", "x_y",
		"1", "192", "0", "255", "10", "co", "uk", "jp", "w3", "3com", "www", "WWW", "", "-", "--", "localhost",
		"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk", "q"}
	var b []byte
	for n := rng.Intn(6); n >= 0; n-- {
		b = append(b, parts[rng.Intn(len(parts))]...)
		if n > 0 || rng.Intn(4) == 0 {
			b = append(b, '.')
		}
		if rng.Intn(12) == 0 {
			b = append(b, '.')
		}
	}
	ends := []string{"", "/", "/path", "?q", "#f", ":80/", ":x", " ", ".", "..", "-", ".-", "./x", ".:8", "@x", "é", "例", "!", ",", ")", "\n", "%20", "~", "'", "<"}
	return append(b, ends[rng.Intn(len(ends))]...)
}

// TestPlainHostMasks holds the mask path of plainHost to plainHostBytes
// on generated hosts, at every offset of the 64-byte block and near the
// end of the text.
func TestPlainHostMasks(t *testing.T) {
	f := newFinder(nil)
	rng := rand.New(rand.NewSource(2))
	for n := 0; n < 20000; n++ {
		h := hostCases(rng)
		pre := []byte("see http://")[:rng.Intn(12)]
		w := append(append([]byte{}, pre...), h...)
		if rng.Intn(2) == 0 {
			w = append(w, " and more text after the host, so that the block is full"...)
		}
		i := len(pre)
		for _, k := range []hostKind{hostScheme, hostICANN} {
			var m classMasks
			e1, l1, s1 := f.plainHost(w, i, k, &m)
			e2, l2, s2 := f.plainHostBytes(w, i, k)
			if s1 != s2 || s1 == hostPlain && (e1 != e2 || l1 != l2) {
				t.Fatalf("%q at %d, kind %d: masks (%d, %d, %d), bytes (%d, %d, %d)", w, i, k, e1, l1, s1, e2, l2, s2)
			}
		}
	}
}

func FuzzPlainHost(f *testing.F) {
	f.Add([]byte("http://www.example.com./x"), 7)
	f.Add([]byte("xn--r8jz45g.jp"), 0)
	f.Add([]byte("a.b-.c/"), 0)
	fd := newFinder(nil)
	f.Fuzz(func(t *testing.T, w []byte, i int) {
		if i < 0 || i >= len(w) {
			return
		}
		for _, k := range []hostKind{hostScheme, hostICANN} {
			var m classMasks
			e1, l1, s1 := fd.plainHost(w, i, k, &m)
			e2, l2, s2 := fd.plainHostBytes(w, i, k)
			if s1 != s2 || s1 == hostPlain && (e1 != e2 || l1 != l2) {
				t.Fatalf("%q at %d, kind %d: masks (%d, %d, %d), bytes (%d, %d, %d)", w, i, k, e1, l1, s1, e2, l2, s2)
			}
		}
	})
}

// TestSkipGraphic holds skipGraphic's word-at-a-time loop to its
// definition, on every byte value at every position of a word and on
// random text.
func TestSkipGraphic(t *testing.T) {
	ref := func(b []byte, i int) int {
		for i < len(b) && b[i] >= 0x21 && b[i] <= 0x7E {
			i++
		}
		return i
	}
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 20; pos++ {
			b := []byte("abcdefghijklmnopqrstuvwxyz")
			b[pos] = byte(c)
			for i := 0; i <= len(b); i++ {
				if got, want := skipGraphic(b, i), ref(b, i); got != want {
					t.Fatalf("skipGraphic(%q, %d) = %d, want %d", b, i, got, want)
				}
			}
		}
	}
	rng := rand.New(rand.NewSource(5))
	for n := 0; n < 2000; n++ {
		b := make([]byte, rng.Intn(40))
		for i := range b {
			b[i] = byte(0x1E + rng.Intn(0x64))
			if rng.Intn(10) == 0 {
				b[i] = byte(rng.Intn(256))
			}
		}
		for i := 0; i <= len(b); i++ {
			if got, want := skipGraphic(b, i), ref(b, i); got != want {
				t.Fatalf("skipGraphic(%q, %d) = %d, want %d", b, i, got, want)
			}
		}
	}
}

// TestWordStart holds wordStart's word-at-a-time scan to the byte loop.
func TestWordStart(t *testing.T) {
	ref := func(w []byte, lo, e int) int {
		for e > lo && w[e-1] > ' ' {
			e--
		}
		return e
	}
	rng := rand.New(rand.NewSource(7))
	alphabet := []byte("ab \t\n\x00\x1f\x20\x21\x7f\x80\xe3\xff-/")
	for n := 0; n < 5000; n++ {
		w := make([]byte, rng.Intn(40))
		for i := range w {
			w[i] = alphabet[rng.Intn(len(alphabet))]
			if rng.Intn(3) == 0 {
				w[i] = 'x'
			}
		}
		for e := 0; e <= len(w); e++ {
			for lo := 0; lo <= e; lo++ {
				if got, want := wordStart(w, lo, e), ref(w, lo, e); got != want {
					t.Fatalf("wordStart(%q, %d, %d) = %d, want %d", w, lo, e, got, want)
				}
			}
		}
	}
}

// TestThreeByteTable checks run3 against isHostRune, isLabelDot, classOf
// and quoteClosers for every three-byte rune, looked up by its UTF-8
// bytes: a block marked for hosts holds only host runes that are no label
// dots, one marked for bodies only body characters, in the query and out
// of it, that close no quote; overlong forms and surrogates (not runes)
// are in no marked block.
func TestThreeByteTable(t *testing.T) {
	closer := map[rune]bool{}
	for _, q := range quoteClosers {
		closer[q.close] = true
	}
	for r := rune(0x800); r <= 0xFFFF; r++ {
		k := int(0xE0|r>>12)&0x0F<<6 | int(0x80|r>>6&0x3F)&0x3F
		if r >= 0xD800 && r <= 0xDFFF {
			if run3[k] != 0 {
				t.Errorf("run3 block of surrogate %U = %b", r, run3[k])
			}
			continue
		}
		if run3[k]&run3Host != 0 && (!isHostRune(r) || isLabelDot(r)) {
			t.Errorf("run3 %U marked for hosts: isHostRune %v, isLabelDot %v", r, isHostRune(r), isLabelDot(r))
		}
		if run3[k]&run3Body != 0 && (classOf(r, false) != cBody || classOf(r, true) != cBody || closer[r]) {
			t.Errorf("run3 %U marked for bodies: classOf %v %v, closer %v", r, classOf(r, false), classOf(r, true), closer[r])
		}
	}
	for k := 0; k < 0x800>>6; k++ {
		if run3[k] != 0 {
			t.Errorf("run3 block %#x of overlong forms = %b", k, run3[k])
		}
	}
}

// TestTwoByteTables checks hostRune2 and bodyRune2 against isHostRune
// and classOf for every two-byte rune, looked up by its UTF-8 bytes.
func TestTwoByteTables(t *testing.T) {
	for r := rune(0x80); r < 0x800; r++ {
		b := []byte(string(r))
		k := int(b[0]&0x1F)<<6 | int(b[1]&0x3F)
		if got, want := hostRune2[k], isHostRune(r); got != want {
			t.Errorf("hostRune2 %U = %v, isHostRune %v", r, got, want)
		}
		if got, want := bodyRune2[k], classOf(r, false) == cBody; got != want {
			t.Errorf("bodyRune2 %U = %v, classOf cBody %v", r, got, want)
		}
	}
}
