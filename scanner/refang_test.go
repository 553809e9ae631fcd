package scanner

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/scanner/refang"
	"github.com/iriscan/iriscan/scanner/scantest"
)

// found is a match as a test expects it: the span as written (its offset
// is where that text first occurs in the input) and the IRI it stands for.
type found struct {
	text, iri string
	kind      Kind
}

// refangRows are defanged links as reports write them, each with the
// matches a reader sees, written by hand: the span as written and the link
// it stands for.
var refangRows = []struct {
	name  string
	in    string
	fuzzy bool
	want  []found
}{
	{"hxxps with dots", "Payload: hxxps://evil[.]example/payload[.]exe.", false,
		[]found{{"hxxps://evil[.]example/payload[.]exe", "https://evil.example/payload.exe", KindScheme}}},
	{"hXXp IDN", "見て hXXp://例え[.]jp/資料 。", false,
		[]found{{"hXXp://例え[.]jp/資料", "http://例え.jp/資料", KindScheme}}},
	{"h**p and (dot)", "(h**p://login(dot)bank-secure(dot)example/verify)", false,
		[]found{{"h**p://login(dot)bank-secure(dot)example/verify", "http://login.bank-secure.example/verify", KindScheme}}},
	{"HXXPS upper", "URL: HXXPS://CDN[DOT]EVIL[DOT]EXAMPLE/A", false,
		[]found{{"HXXPS://CDN[DOT]EVIL[DOT]EXAMPLE/A", "https://CDN.EVIL.EXAMPLE/A", KindScheme}}},
	{"[:]", "http[:]//192[.]0[.]2[.]10:8080/gate", false,
		[]found{{"http[:]//192[.]0[.]2[.]10:8080/gate", "http://192.0.2.10:8080/gate", KindScheme}}},
	{"[://]", "beacon to https[://]c2{.}evil{.}example/api, twice", false,
		[]found{{"https[://]c2{.}evil{.}example/api", "https://c2.evil.example/api", KindScheme}}},
	{"fxp", "drop site fxp://files[.]evil[.]example/in/", false,
		[]found{{"fxp://files[.]evil[.]example/in/", "ftp://files.evil.example/in/", KindScheme}}},
	{"userinfo [@]", "hxxp://admin[@]evil[.]example/", false,
		[]found{{"hxxp://admin[@]evil[.]example/", "http://admin@evil.example/", KindScheme}}},
	{"[/]", "hxxp://evil[.]example[/]gate[.]php?id=7", false,
		[]found{{"hxxp://evil[.]example[/]gate[.]php?id=7", "http://evil.example/gate.php?id=7", KindScheme}}},
	{"e-mail [at]", "Sender: billing[at]paypa1[.]com wrote", false,
		[]found{{"billing[at]paypa1[.]com", "billing@paypa1.com", KindEmail}}},
	{"e-mail (AT) (DOT)", "reply to john.doe(AT)evil-mail(DOT)ru.", false,
		[]found{{"john.doe(AT)evil-mail(DOT)ru", "john.doe@evil-mail.ru", KindEmail}}},
	{"e-mail [@]", "<ops[@]evil[.]net>", false,
		[]found{{"ops[@]evil[.]net", "ops@evil.net", KindEmail}}},
	{"www", "visit www[.]evil-login[.]com/login today", false,
		[]found{{"www[.]evil-login[.]com/login", "www.evil-login.com/login", KindWWW}}},
	{"bare name without fuzzy", "domain evil[.]example and 192[.]0[.]2[.]1", false, nil},
	{"bare name with fuzzy", "domain evil[.]com and 192[.]0[.]2[.]1", true,
		[]found{{"evil[.]com", "evil.com", KindFuzzy}, {"192[.]0[.]2[.]1", "192.0.2.1", KindFuzzy}}},
	{"bare IDN with fuzzy", "ドメイン 例え[.]jp を", true,
		[]found{{"例え[.]jp", "例え.jp", KindFuzzy}}},
	{"plain link beside", "see https://ok.example/ and hxxp://bad[.]example/", false,
		[]found{{"https://ok.example/", "https://ok.example/", KindScheme}, {"hxxp://bad[.]example/", "http://bad.example/", KindScheme}}},
	{"marker in query is escaped bracket", "hxxp://a[.]example/?q=[x]", false,
		[]found{{"hxxp://a[.]example/?q=[x]", "http://a.example/?q=%5Bx%5D", KindScheme}}},
	{"trailing marker outside", "hxxp://a[.]example/x (dot) next", false,
		[]found{{"hxxp://a[.]example/x", "http://a.example/x", KindScheme}}},
	// Markers where no link can be: nothing found.
	{"prose", "The end [.] of (dot) it, meet (at) noon, a[.] x[:]", true, nil},
	{"markdown", "[.](#top) and [dot](#dot)", true, nil},
	{"code", "for i := range a[:] { b[.]c = h..p }", false, nil},
}

func TestRefang(t *testing.T) {
	for _, r := range refangRows {
		t.Run(r.name, func(t *testing.T) {
			got := Find([]byte(r.in), &Options{Refang: true, Fuzzy: r.fuzzy})
			checkFound(t, r.in, got, r.want)
		})
	}
}

func checkFound(t *testing.T, in string, got []Match, want []found) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%q: %d matches %v, want %d %v", in, len(got), got, len(want), want)
	}
	for i, w := range want {
		m := got[i]
		off := int64(strings.Index(in, w.text))
		if m.Text != w.text || m.IRI != w.iri || m.Kind != w.kind || m.Offset != off || m.Length != int64(len(w.text)) {
			t.Errorf("match %d = {%d %d %q %q %v}, want {%d %d %q %q %v}", i,
				m.Offset, m.Length, m.Text, m.IRI, m.Kind, off, len(w.text), w.text, w.iri, w.kind)
		}
	}
}

// TestRefangOff checks that without Options.Refang a defanged text is
// neither changed nor reported: hxxp and hxxps are no default schemes.
func TestRefangOff(t *testing.T) {
	for _, r := range refangRows {
		t.Run(r.name, func(t *testing.T) {
			for _, m := range Find([]byte(r.in), &Options{Fuzzy: r.fuzzy}) {
				for _, w := range r.want {
					if w.text != w.iri && strings.Contains(w.text, m.Text) {
						t.Errorf("without Refang: found %q inside the defanged %q", m.Text, w.text)
					}
				}
			}
		})
	}
}

// TestRefangStream checks the streaming Scanner against Find, in small
// reads, across the window: the same matches, at their source offsets,
// however the input is split, after megabytes of markers.
func TestRefangStream(t *testing.T) {
	var b strings.Builder
	for i := range 40000 {
		fmt.Fprintf(&b, "n%d[.]a hxxps://h%d[.]evil[.]example/p[.]php?id=%d (dot) [.] ", i, i, i)
	}
	in := b.String()
	o := &Options{Refang: true, MaxLength: 64}
	whole := Find([]byte(in), o)
	if len(whole) != 40000 {
		t.Fatalf("%d matches, want 40000", len(whole))
	}
	for i, m := range whole {
		want := fmt.Sprintf("hxxps://h%d[.]evil[.]example/p[.]php?id=%d", i, i)
		if m.Text != want || in[m.Offset:m.Offset+m.Length] != want {
			t.Fatalf("match %d: %q at %d, want %q", i, m.Text, m.Offset, want)
		}
	}
	for _, sizes := range [][]int{{1}, {7, 3}, {4096}} {
		got := scanAll(t, NewScanner(&splitReader{data: []byte(in), sizes: sizes}, o))
		if !sameMatches(got, whole) {
			t.Fatalf("sizes %v: %s", sizes, firstDiff(got, whole))
		}
	}
	// Reset reads a new text with the same options.
	s := NewScanner(strings.NewReader(in), o)
	s.Reset(strings.NewReader("x hxxp://a[.]example/"))
	got := scanAll(t, s)
	checkFound(t, "x hxxp://a[.]example/", got, []found{{"hxxp://a[.]example/", "http://a.example/", KindScheme}})
}

func TestRefangHTML(t *testing.T) {
	in := `<p title="hxxp://t[.]example/">IOC: hxxps://evil[.]example/a&amp;b[.]php <a href="hxxp://x[.]example/">x</a></p>` +
		`<p>mail billing[at]evil(dot)com</p><code>hxxp://c[.]example/</code>`
	s := NewHTMLScanner(bytes.NewReader([]byte(in)), &HTMLOptions{Options: Options{Refang: true}})
	got := scanAll(t, s)
	// Attribute values are not refanged: the href is read as written and
	// its IRI keeps the markers (percent-encoded brackets).
	want := []found{
		{"hxxps://evil[.]example/a&amp;b[.]php", "https://evil.example/a&b.php", KindScheme},
		{"hxxp://x[.]example/", "hxxp://x[.]example/", KindAttr},
		{"billing[at]evil(dot)com", "billing@evil.com", KindEmail},
	}
	checkFound(t, in, got, want)
	if !got[0].Decoded {
		t.Error("a match with a decoded &amp; is not marked Decoded")
	}
}

// FuzzRefang checks Options.Refang on any input: no panic; the same
// matches whole and in small reads; every match inside the input, in order,
// its Text the input's bytes there; an input without markers gives exactly
// the matches of the plain scanner; and no match or IRI holds a marker any
// more. The
// HTML scanner with Refang keeps its own invariants (FuzzHTML).
func FuzzRefang(f *testing.F) {
	for _, r := range refangRows {
		f.Add([]byte(r.in), r.fuzzy, uint8(3))
	}
	for _, s := range []string{
		"hxxp[:]//[2001:db8::1][/]a[.]b", "a[.][.]b hxxphxxp://x[.]y www[.]a[.]com[/]x",
		"<p>hxxps://a[.]example/&#46;[.]x</p><a href=hxxp://b[.]c>b[at]c(dot)com</a>",
		"x@y[.]com mailto[:]a[@]b[.]org h**ps://例え[DOT]テスト/資料[.]pdf",
	} {
		f.Add([]byte(s), true, uint8(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, fuzzy bool, chunk uint8) {
		o := &Options{Fuzzy: fuzzy, Refang: true, MaxLength: 200}
		whole := Find(data, o)
		got := scanAll(t, NewScanner(&splitReader{data: data, sizes: []int{int(chunk%32) + 1, 1, 5}}, o))
		if !sameMatches(got, whole) {
			t.Fatalf("chunked: %s", firstDiff(got, whole))
		}
		checkSpans(t, data, whole)
		for _, m := range whole {
			// Refanging leaves no marker: a second pass changes nothing,
			// and neither does one over the IRI, unless percent-encoding
			// made a marker of what was none ("(dot) after %22).
			r := refang.String(m.Text)
			if s := refang.String(r); s != r {
				t.Fatalf("%q refanged is %q, which still has a marker: %q", m.Text, r, s)
			}
			if s := refang.String(m.IRI); s != m.IRI && !strings.Contains(m.IRI, "%") {
				t.Fatalf("IRI %q of %q still has a marker: refanged again %q", m.IRI, m.Text, s)
			}
		}
		if refang.String(string(data)) == string(data) {
			plain := Find(data, &Options{Fuzzy: fuzzy, MaxLength: 200})
			// With Refang, fuzzy mode also takes an IPv4 address
			// without a port or a path (Options.Fuzzy): the one
			// difference from the plain scanner.
			var kept []Match
			for _, m := range whole {
				if !bareIPv4(data, m) {
					kept = append(kept, m)
				}
			}
			if !sameMatches(kept, plain) {
				t.Fatalf("no markers, but not the plain matches: %s", firstDiff(kept, plain))
			}
		}
		ho := &HTMLOptions{Options: *o}
		hw := scanAll(t, NewHTMLScanner(bytes.NewReader(data), ho))
		hc := scanAll(t, NewHTMLScanner(&splitReader{data: data, sizes: []int{int(chunk%16) + 1}}, ho))
		if !sameMatches(hw, hc) {
			t.Fatalf("HTML chunked: %s", firstDiff(hc, hw))
		}
		checkSpans(t, data, hw)
	})
}

// checkSpans checks that matches lie inside data, in order, without
// overlap, each with Text the bytes of data it covers.
func checkSpans(t *testing.T, data []byte, ms []Match) {
	t.Helper()
	var prevEnd int64
	for _, m := range ms {
		end := m.Offset + m.Length
		if m.Offset < prevEnd || m.Length <= 0 || end > int64(len(data)) {
			t.Fatalf("match %+v outside the input (%d bytes) or overlapping (previous end %d)", m, len(data), prevEnd)
		}
		prevEnd = end
		if string(data[m.Offset:end]) != m.Text {
			t.Fatalf("match text %q is not the input's bytes %q", m.Text, data[m.Offset:end])
		}
	}
}

// BenchmarkRefang scans English prose with a defanged indicator every
// 2 KiB, without and with Refang, and prose without any marker with
// Refang: the cost of the option where it finds something and where it
// finds nothing.
func BenchmarkRefang(b *testing.B) {
	prose := scantest.Prose(4<<20, 2048, &scantest.English, 1)
	var ioc bytes.Buffer
	for i := 0; i < len(prose); i += 2048 {
		ioc.Write(prose[i:min(i+2048, len(prose))])
		fmt.Fprintf(&ioc, " hxxps://cdn%d[.]evil-updates[.]com/gate[.]php?id=%d ", i, i)
	}
	b.Run("IOC/Off", func(b *testing.B) { benchScan(b, ioc.Bytes(), nil) })
	b.Run("IOC/On", func(b *testing.B) { benchScan(b, ioc.Bytes(), &Options{Refang: true}) })
	b.Run("Prose/Off", func(b *testing.B) { benchScan(b, prose, nil) })
	b.Run("Prose/On", func(b *testing.B) { benchScan(b, prose, &Options{Refang: true}) })
}

// bareIPv4 reports whether m, a match in data, is a fuzzy match of an IPv4
// address with neither a port (":8080") nor a path ("/admin", not a CIDR
// length "/24") after it, which only Refang's fuzzy mode takes
// (Options.Fuzzy): "192.0.2.1" or "0.0.0.0#000000".
func bareIPv4(data []byte, m Match) bool {
	if m.Kind != KindFuzzy {
		return false
	}
	host := m.Text
	if i := strings.IndexAny(host, ":/?#"); i >= 0 {
		host = host[:i]
	}
	if !isDottedNumber([]byte(host)) {
		return false
	}
	end := int(m.Offset) + len(host)
	port := end+1 < len(data) && data[end] == ':' && isDigit(data[end+1])
	path := end+1 < len(data) && data[end] == '/' && !isDigit(data[end+1])
	return !port && !path
}
