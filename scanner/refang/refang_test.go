package refang

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// Each row is text as a report writes it and what it stands for, written
// by hand: the marker classes of the package comment, several instances
// each, in several letter cases.
var refangCases = []struct{ name, in, want string }{
	// Schemes.
	{"hxxp", "hxxp://evil.example/", "http://evil.example/"},
	{"hxxps", "hxxps://evil.example/", "https://evil.example/"},
	{"hXXp", "hXXp://evil.example/", "http://evil.example/"},
	{"HXXPS", "HXXPS://EVIL.EXAMPLE/", "https://EVIL.EXAMPLE/"},
	{"h**p", "h**p://evil.example/", "http://evil.example/"},
	{"H**PS", "H**PS://evil.example/", "https://evil.example/"},
	{"hxtp", "hxtp://evil.example/", "http://evil.example/"},
	{"hxtps", "hxtps://evil.example/", "https://evil.example/"},
	{"fxp", "fxp://files.evil.example/a", "ftp://files.evil.example/a"},
	{"scheme after space", "get hxxp://a.example/ now", "get http://a.example/ now"},
	{"scheme after quote", `"hxxps://a.example/"`, `"https://a.example/"`},
	{"scheme with colon marker", "hxxp[:]//a.example/", "http://a.example/"},
	{"scheme with slash marker", "hxxps[://]a.example/", "https://a.example/"},
	// Colon markers.
	{"[:]", "http[:]//evil.example/", "http://evil.example/"},
	{"[://]", "https[://]evil.example/", "https://evil.example/"},
	{"(://)", "http(://)evil.example/", "http://evil.example/"},
	{"{:}", "http{:}//evil.example/", "http://evil.example/"},
	{"port [:]", "http://evil.example[:]8080/", "http://evil.example:8080/"},
	{"mailto [:]", "mailto[:]bob@evil.example", "mailto:bob@evil.example"},
	{"[://] before IP literal", "http[://][2001:db8::1]/", "http://[2001:db8::1]/"},
	// Dots.
	{"[.]", "evil[.]example", "evil.example"},
	{"(.)", "evil(.)example", "evil.example"},
	{"{.}", "evil{.}example", "evil.example"},
	{"[dot]", "evil[dot]example", "evil.example"},
	{"(dot)", "evil(dot)example", "evil.example"},
	{"{dot}", "evil{dot}example", "evil.example"},
	{"[DOT]", "evil[DOT]example", "evil.example"},
	{"(Dot)", "evil(Dot)example", "evil.example"},
	{"many dots", "a[.]b(.)c{dot}d[DOT]e", "a.b.c.d.e"},
	{"IPv4", "192[.]0[.]2[.]1", "192.0.2.1"},
	{"path dot", "hxxp://evil[.]example/payload[.]exe", "http://evil.example/payload.exe"},
	{"IDN", "例え[.]テスト", "例え.テスト"},
	{"after hyphen", "evil-[.]example", "evil-.example"},
	{"before underscore", "a[.]_dmarc", "a._dmarc"},
	// At signs.
	{"[@]", "bob[@]evil.example", "bob@evil.example"},
	{"(@)", "bob(@)evil.example", "bob@evil.example"},
	{"{@}", "bob{@}evil.example", "bob@evil.example"},
	{"[at]", "bob[at]evil[.]example", "bob@evil.example"},
	{"(AT)", "bob(AT)evil(DOT)example", "bob@evil.example"},
	{"{at}", "bob{at}evil{dot}example", "bob@evil.example"},
	// Slashes.
	{"[/]", "evil[.]example[/]gate[.]php", "evil.example/gate.php"},
	{"(/)", "evil.example(/)a", "evil.example/a"},
	// Everything together.
	{"report line", "C2: hXXps[://]cdn-update[.]evil[.]example[/]gate[.]php?id=1 (seen 2024-05-01)",
		"C2: https://cdn-update.evil.example/gate.php?id=1 (seen 2024-05-01)"},
	// No markers: what looks like one where no link can be.
	{"prose bracket dot", "the end [.] of it", "the end [.] of it"},
	{"array index", "a[.] = 1; x[:] = y", "a[.] = 1; x[:] = y"},
	{"slice then comment", "b := buf[:]// all", "b := buf[:]// all"},
	{"markdown link text", "[.](http://example.com/)", "[.](http://example.com/)"},
	{"dot at end", "see evil[.]", "see evil[.]"},
	{"dot before space", "see evil[.] now", "see evil[.] now"},
	{"dot after space", "see [dot]com", "see [dot]com"},
	{"dot after paren", "(a)(.)b", "(a)(.)b"},
	{"dot before hyphen", "a[.]-b", "a[.]-b"},
	{"prose (dot)", "use a dot (dot) here", "use a dot (dot) here"},
	{"prose (at)", "meet (at) noon", "meet (at) noon"},
	{"at before space", "bob[at] home", "bob[at] home"},
	{"regex h..p", "h..p://x", "h..p://x"},
	{"regex class", "[hH][tT][tT][pP]", "[hH][tT][tT][pP]"},
	{"scheme inside word", "xhxxp://a.example", "xhxxp://a.example"},
	{"scheme after letter-dot", "a.hxxp://a.example", "a.hxxp://a.example"},
	{"scheme without colon", "hxxp is a scheme", "hxxp is a scheme"},
	{"scheme with bracket no colon", "hxxp[.]", "hxxp[.]"},
	{"colon marker after space", "see [:]// here", "see [:]// here"},
	{"colon marker before space", "http[:] x", "http[:] x"},
	{"mismatched brackets", "evil[.)example evil(.]example", "evil[.)example evil(.]example"},
	{"dots inside brackets with spaces", "evil[ . ]example", "evil[ . ]example"},
	{"empty", "", ""},
}

func TestString(t *testing.T) {
	for _, c := range refangCases {
		t.Run(c.name, func(t *testing.T) {
			if got := String(c.in); got != c.want {
				t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

// TestReader checks that the Reader refangs as String does whatever the
// size of the reads, and that its Map takes every span back.
func TestReader(t *testing.T) {
	for _, c := range refangCases {
		in := strings.Repeat(c.in+"\n", 3)
		want := strings.Repeat(c.want+"\n", 3)
		for _, size := range []int{1, 2, 3, 7, 4096} {
			t.Run(c.name+"/"+string(rune('0'+size%10)), func(t *testing.T) {
				z := NewReader(&chunked{s: in, size: size})
				got, err := io.ReadAll(onebyte{z})
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != want {
					t.Fatalf("read %q, want %q", got, want)
				}
				checkMap(t, in, got, z.Map())
			})
		}
	}
}

// checkMap checks that m takes the refanged text out back to in: whole,
// and at every offset between two replacements.
func checkMap(t *testing.T, in string, out []byte, m *Map) {
	t.Helper()
	if s, e := m.Start(0), m.End(int64(len(out))); s != 0 || e != int64(len(in)) {
		t.Fatalf("whole text maps to [%d,%d), want [0,%d)", s, e, len(in))
	}
	if src := m.AppendSource(nil, out, 0); string(src) != in {
		t.Fatalf("AppendSource = %q, want %q", src, in)
	}
	for d := 0; d <= len(out); d++ {
		s := m.Start(int64(d))
		if src := m.AppendSource(nil, out[d:], int64(d)); string(src) != in[s:] {
			t.Fatalf("AppendSource from %d = %q, want in[%d:] = %q", d, src, s, in[s:])
		}
	}
}

type chunked struct {
	s    string
	size int
}

func (c *chunked) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.size)], c.s)
	c.s = c.s[n:]
	return n, nil
}

// onebyte reads one byte at a time: small reads of the Reader itself.
type onebyte struct{ r io.Reader }

func (o onebyte) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

func TestMap(t *testing.T) {
	in := "x hxxps[://]evil[.]example/a"
	var m Map
	out := string(Append(nil, []byte(in), &m))
	if out != "x https://evil.example/a" {
		t.Fatalf("refanged %q", out)
	}
	// Offsets of the refanged text, and where they are in the text as
	// written, counted by hand.
	for _, c := range []struct {
		d, start, end int64
	}{
		{0, 0, 0},
		{2, 2, 2},    // start of "https" = start of "hxxps"
		{4, 2, 7},    // inside "https": its marker
		{7, 7, 7},    // ":" of "://" = "[" of "[://]"
		{8, 7, 12},   // inside "://"
		{10, 12, 12}, // "e" of evil
		{14, 16, 16}, // "." = "[" of "[.]"
		{15, 19, 19}, // "e" of example
		{int64(len(out)), int64(len(in)), int64(len(in))},
	} {
		if s := m.Start(c.d); s != c.start {
			t.Errorf("Start(%d) = %d, want %d", c.d, s, c.start)
		}
		if e := m.End(c.d); e != c.end && c.d != 2 && c.d != 7 && c.d != 14 {
			t.Errorf("End(%d) = %d, want %d", c.d, e, c.end)
		}
	}
	// End of a span at the start of a replacement: before the marker.
	if e := m.End(14); e != 16 {
		t.Errorf("End(14) = %d, want 16", e)
	}
	if e := m.End(15); e != 19 {
		t.Errorf("End(15) = %d, want 19", e)
	}
	if !m.Changed(2, 3) || m.Changed(10, 14) || !m.Changed(10, 15) {
		t.Error("Changed wrong")
	}
	// Forgetting keeps the later offsets right.
	m.Forget(15)
	if m.Len() != 0 {
		t.Fatalf("Len after Forget = %d", m.Len())
	}
	if s := m.Start(20); s != 24 {
		t.Errorf("after Forget: Start(20) = %d, want 24", s)
	}
}

type errAfter struct{ s string }

func (e *errAfter) Read(p []byte) (int, error) {
	if e.s == "" {
		return 0, io.ErrUnexpectedEOF
	}
	n := copy(p, e.s)
	e.s = e.s[n:]
	return n, nil
}

func TestReaderError(t *testing.T) {
	z := NewReader(&errAfter{"evil[.]example"})
	got, err := io.ReadAll(z)
	if !errors.Is(err, io.ErrUnexpectedEOF) || string(got) != "evil.example" {
		t.Fatalf("got %q, %v", got, err)
	}
	z.Reset(strings.NewReader("a(dot)b"))
	got, err = io.ReadAll(z)
	if err != nil || string(got) != "a.b" {
		t.Fatalf("after Reset: %q, %v", got, err)
	}
}

func TestRedefang(t *testing.T) {
	for _, c := range []struct{ name, written, conv, want string }{
		{"brief example", "hxxp://例え[.]jp/資料", "http://xn--r8jz45g.jp/%E8%B3%87%E6%96%99",
			"hxxp://xn--r8jz45g[.]jp/%E8%B3%87%E6%96%99"},
		{"labels as A-labels", "hXXps://bücher[.]例え[.]テスト/", "https://xn--bcher-kva.xn--r8jz45g.xn--zckzah/",
			"hXXps://xn--bcher-kva[.]xn--r8jz45g[.]xn--zckzah/"},
		{"to IRI", "hxxps://xn--r8jz45g[.]jp/%E8%B3%87", "https://例え.jp/資", "hxxps://例え[.]jp/資"},
		{"colon and slash markers", "http[://]evil[.]example[/]a[.]php?q=%C3%A9", "http://evil.example/a.php?q=%C3%A9",
			"http[://]evil[.]example[/]a[.]php?q=%C3%A9"},
		{"path dot kept plain", "hxxp://a[.]example/x.y/ü", "http://a.example/x.y/%C3%BC", "hxxp://a[.]example/x.y/%C3%BC"},
		{"e-mail", "bob[at]bücher(dot)example", "bob@xn--bcher-kva.example", "bob[at]xn--bcher-kva(dot)example"},
		{"www", "www[.]bücher[.]example/ä", "www.xn--bcher-kva.example/%C3%A4", "www[.]xn--bcher-kva[.]example/%C3%A4"},
		{"ideographic full stop", "hxxp://例え。テスト[.]jp/", "http://xn--r8jz45g.xn--zckzah.jp/", "hxxp://xn--r8jz45g.xn--zckzah[.]jp/"},
		{"display wrapped", "hxxp://evil[.]example/", "\u2066http://evil.example/\u2069", "\u2066hxxp://evil[.]example/\u2069"},
		{"no markers", "http://a.example/ü", "http://a.example/%C3%BC", "http://a.example/%C3%BC"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Redefang(c.written, c.conv)
			if err != nil || got != c.want {
				t.Fatalf("Redefang(%q, %q) = %q, %v; want %q", c.written, c.conv, got, err, c.want)
			}
		})
	}
	for _, c := range []struct{ name, written, conv string }{
		{"a dot more", "hxxp://a[.]example/x", "http://a.example/x%2E.y"},
		{"a dot less", "hxxp://a[.]example/x.y", "http://a.example/xy"},
		{"scheme changed", "hxxp://a[.]example/", "ftp://a.example/"},
		{"no colon", "hxxp://a[.]example/", "a.example/"},
	} {
		t.Run("error/"+c.name, func(t *testing.T) {
			got, err := Redefang(c.written, c.conv)
			if !errors.Is(err, ErrMarkers) {
				t.Fatalf("Redefang(%q, %q) = %q, %v; want ErrMarkers", c.written, c.conv, got, err)
			}
		})
	}
}

func TestDefang(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"http", "http://evil.example/a.exe", "hxxp://evil[.]example/a.exe"},
		{"https", "https://cdn.evil.example:8443/x?y=a.b#c.d", "hxxps://cdn[.]evil[.]example:8443/x?y=a.b#c.d"},
		{"ftp", "ftp://files.evil.example/", "fxp://files[.]evil[.]example/"},
		{"upper case scheme", "HTTP://EVIL.EXAMPLE/", "hxxp://EVIL[.]EXAMPLE/"},
		{"userinfo", "http://user.name@evil.example/", "hxxp://user.name@evil[.]example/"},
		{"IDN", "http://例え.テスト/資料", "hxxp://例え[.]テスト/資料"},
		{"IPv4", "http://192.0.2.1/", "hxxp://192[.]0[.]2[.]1/"},
		{"IPv6", "http://[2001:db8::1]/a.b", "hxxp://[2001:db8::1]/a.b"},
		{"www", "www.evil.example/a", "www[.]evil[.]example/a"},
		{"bare", "evil.example", "evil[.]example"},
		{"e-mail", "bob.smith@evil.example", "bob.smith@evil[.]example"},
		{"mailto", "mailto:bob@evil.example?subject=a.b", "mailto:bob@evil[.]example?subject=a.b"},
		{"other hierarchical scheme", "ssh://git.evil.example/r", "ssh://git[.]evil[.]example/r"},
		{"opaque scheme", "news:comp.lang.go", "news:comp.lang.go"},
		{"trailing dot", "http://evil.example./", "hxxp://evil[.]example./"},
		{"bidi marks", "http\u200e:\u200e\u200e/\u200e\u200e/\u200eevil.example\u200e/\u200e", "hxxp\u200e:\u200e\u200e/\u200e\u200e/\u200eevil[.]example\u200e/\u200e"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Defang(c.in)
			if got != c.want {
				t.Fatalf("Defang(%q) = %q, want %q", c.in, got, c.want)
			}
			if back := String(got); back != c.in && !strings.Contains(c.in, "HTTP") && !strings.Contains(c.in, "\u200e") {
				t.Errorf("String(Defang(%q)) = %q, not the input", c.in, back)
			}
		})
	}
}

// BenchmarkReader measures refanging a report-like text.
func BenchmarkReader(b *testing.B) {
	line := "Seen 2024-05-01: hxxps://cdn-update[.]evil[.]example/gate[.]php?id=1 from 192[.]0[.]2[.]1; plain text follows here. "
	text := bytes.Repeat([]byte(line), 1<<14)
	b.SetBytes(int64(len(text)))
	z := NewReader(nil)
	for b.Loop() {
		z.Reset(bytes.NewReader(text))
		if _, err := io.Copy(io.Discard, z); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzText checks the package on any text: the Reader refangs as String
// does whatever the reads; its Map takes the refanged text back to the
// input at every offset; refanging twice changes nothing more; Redefang of
// a text and its own refanged form gives the text back (or an error), and
// of any pair does not panic; and Defang of a text without markers is
// refanged back to it (scheme case aside).
func FuzzText(f *testing.F) {
	for _, c := range refangCases {
		f.Add(c.in, "http://a.example/", uint8(3))
	}
	f.Add("hxxp[:]//[::1][/]a(.)b{@}c", "\u2066http://x.y/\u2069", uint8(1))
	f.Fuzz(func(t *testing.T, in, conv string, size uint8) {
		want := String(in)
		z := NewReader(&chunked{s: in, size: int(size%19) + 1})
		got, err := io.ReadAll(onebyte{z})
		if err != nil || string(got) != want {
			t.Fatalf("Reader: %q, %v; String: %q", got, err, want)
		}
		checkMap(t, in, got, z.Map())
		if again := String(want); again != want {
			t.Fatalf("String(%q) = %q, refanged again %q", in, want, again)
		}
		if r, err := Redefang(in, want); err == nil && r != in {
			t.Fatalf("Redefang(%q, %q) = %q, not the written text", in, want, r)
		}
		_, _ = Redefang(in, conv)
		if want == in && !strings.ContainsFunc(in, isBidiMark) {
			if back := String(Defang(in)); !strings.EqualFold(back, in) {
				t.Fatalf("Defang(%q) = %q, refanged %q", in, Defang(in), back)
			}
		}
	})
}
