package iri

import (
	"errors"
	"sync"
	"testing"
	"unsafe"

	"github.com/iriscan/iriscan/charset"
)

func mustCharset(t testing.TB, label string) Converter {
	t.Helper()
	enc, err := charset.Lookup(label)
	if err != nil {
		t.Fatal(err)
	}
	return Converter{Charset: enc}
}

// Section 3.3: percent-encode, as UTF-8 with uppercase hex, every character
// not allowed in a URI, component by component; keep existing triplets.
func TestToURI(t *testing.T) {
	tests := []struct{ in, want string }{
		// Identity on URIs (Section 3.3 last paragraph).
		{"http://example.com/", "http://example.com/"},
		{"HTTP://Example.COM/%7e%2F?a=b&c#d", "HTTP://Example.COM/%7e%2F?a=b&c#d"},
		{"urn:isbn:0451450523", "urn:isbn:0451450523"},
		{"", ""},
		// Each component.
		{"http://\u00e9:\u00e9@example.com/", "http://%C3%A9:%C3%A9@example.com/"},
		{"http://example.com/\u00e9/\u00e9", "http://example.com/%C3%A9/%C3%A9"},
		{"http://example.com/?\u00e9=\u00e9", "http://example.com/?%C3%A9=%C3%A9"},
		{"http://example.com/#\u00e9", "http://example.com/#%C3%A9"},
		{"mailto:D\u00fcrst@example.org", "mailto:D%C3%BCrst@example.org"},
		{"../\u8cc7\u6599?x#y", "../%E8%B3%87%E6%96%99?x#y"},
		// ASCII not allowed in URIs, in each place.
		{"http://example.com/a b<c>\"{d}|\\^`", "http://example.com/a%20b%3Cc%3E%22%7Bd%7D%7C%5C%5E%60"},
		{"http://example.com/[a]?[b]#[c]#", "http://example.com/%5Ba%5D?%5Bb%5D#%5Bc%5D%23"},
		{"http://a@b@example.com/", "http://a%40b@example.com/"},
		{"http://example.com/\x01\x7f", "http://example.com/%01%7F"},
		// Supplementary characters are one 4-octet sequence, never CESU-8.
		{"http://example.com/\U0001F600", "http://example.com/%F0%9F%98%80"},
		// Host (Section 3.4): ToASCII, never percent-encoding.
		{"http://\u4f8b\u3048.\u30c6\u30b9\u30c8/", "http://xn--r8jz45g.xn--zckzah/"},
		{"http://B\u00dcCHER.example/", "http://xn--bcher-kva.example/"},
		{"http://\u4f8b\u3048\u3002\u30c6\u30b9\u30c8/", "http://xn--r8jz45g.xn--zckzah/"}, // ideographic full stop
		{"http://\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45\uff0e\uff43\uff4f\uff4d/", "http://example.com/"},
		{"http://\u00e9.example:8080", "http://xn--9ca.example:8080"},
		{"//\u00e9.example/", "//xn--9ca.example/"},
		{"http://_dmarc.\u00e9.example/", "http://_dmarc.xn--9ca.example/"}, // STD3 rules off
		{"http://\u00e9.example./", "http://xn--9ca.example./"},
		// A percent-encoded host that is already a URI stays as it is;
		// mixed with characters, the encodings are part of the name.
		{"http://r%C3%A9sum%C3%A9.example.org/", "http://r%C3%A9sum%C3%A9.example.org/"},
		{"http://r\u00e9sum%C3%A9.example.org/", "http://xn--rsum-bpad.example.org/"},
		// IP literals are copied.
		{"http://[2001:DB8::7]/\u00e9", "http://[2001:DB8::7]/%C3%A9"},
		{"http://1.2.3.4:80/\u00e9", "http://1.2.3.4:80/%C3%A9"},
		// No NFC for Unicode input (Section 5.3.2.2).
		{"http://example.com/e\u0301", "http://example.com/e%CC%81"},
		// Invisible and bidi characters are just encoded.
		{"http://example.com/\u202e\u00a0", "http://example.com/%E2%80%AE%C2%A0"},
	}
	for _, tt := range tests {
		got, err := ToURI(tt.in)
		if err != nil {
			t.Errorf("ToURI(%+q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ToURI(%+q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
		again, err := ToURI(got)
		if err != nil || again != got {
			t.Errorf("ToURI not idempotent on %q: %q, %v", got, again, err)
		}
		var c Converter
		b, err := c.AppendURI([]byte("x"), tt.in)
		if err != nil || string(b) != "x"+tt.want {
			t.Errorf("AppendURI(%+q) = %q, %v", tt.in, b, err)
		}
	}
}

func TestToURIErrors(t *testing.T) {
	tests := []struct {
		in     string
		code   Code
		offset int
	}{
		{"http://0\u00e0.\u05d0/", CodeBadHost, 7},         // bidi rule (UTS #46 B1)
		{"http://\u00e9..example/", CodeBadHost, 7},        // empty label
		{"http://\u00e9<.example/", CodeCharNotAllowed, 9}, // not a reg-name character (RFC 3986 3.2.2)
		{"http://a\u200d.example/", CodeBadHost, 7},        // ZWJ out of context (RFC 5892)
		{"http://example.com/\xffx", CodeInvalidUTF8, 19},  // not UTF-8
		{"http://[::1/", CodeBadIPLiteral, 7},
		{"http://h:\u0661/", CodeBadPort, 9},
	}
	for _, tt := range tests {
		got, err := ToURI(tt.in)
		var v Violation
		if !errors.As(err, &v) {
			t.Errorf("ToURI(%+q) = %q, %v; want a Violation", tt.in, got, err)
			continue
		}
		if v.Code != tt.code || v.Offset != tt.offset {
			t.Errorf("ToURI(%+q): %v, want %v at %d", tt.in, v, tt.code, tt.offset)
		}
		if got != tt.in {
			t.Errorf("ToURI(%+q) on error returned %q, want the input", tt.in, got)
		}
	}
}

// Section 3.5: the query of http and https references from a non-UCS
// document is encoded in the document charset. The bytes are the
// charsets' own (WHATWG Encoding Standard index tables).
func TestToURILegacyQuery(t *testing.T) {
	tests := []struct{ charset, in, want string }{
		// windows-1252: é = E9, € = 80, † = 86.
		{"windows-1252", "http://example.com/\u00e9?q=\u00e9#\u00e9", "http://example.com/%C3%A9?q=%E9#%C3%A9"},
		{"iso-8859-1", "https://example.com/?q=\u20ac\u2020", "https://example.com/?q=%80%86"}, // HTML: latin1 is windows-1252
		// Shift_JIS: 日 = 93 FA, 本 = 96 7B ("{", which a URI must encode).
		{"shift_jis", "http://example.com/?q=\u65e5\u672c&r=1", "http://example.com/?q=%93%FA%96%7B&r=1"},
		// EUC-JP: 日 = C6 FC.
		{"euc-jp", "http://example.com/?\u65e5", "http://example.com/?%C6%FC"},
		// ISO-2022-JP: ESC $ B, 日 = 46 7C, ESC ( B; unreserved bytes stay.
		{"iso-2022-jp", "http://example.com/?\u65e5", "http://example.com/?%1B%24BF%7C%1B%28B"},
		// GBK/GB18030: 中 = D6 D0.
		{"gbk", "http://example.com/?\u4e2d", "http://example.com/?%D6%D0"},
		{"gb18030", "http://example.com/?\u4e2d", "http://example.com/?%D6%D0"},
		// Big5: 中 = A4 A4.
		{"big5", "http://example.com/?\u4e2d", "http://example.com/?%A4%A4"},
		// EUC-KR: 한 = C7 D1.
		{"euc-kr", "http://example.com/?\ud55c", "http://example.com/?%C7%D1"},
		// KOI8-R: м = CD.
		{"koi8-r", "http://example.com/?\u043c", "http://example.com/?%CD"},
		// Unrepresentable: decimal NCR, then percent-encoded.
		{"iso-8859-2", "http://example.com/?q=\u20ac", "http://example.com/?q=%26%238364%3B"},
		{"big5", "http://example.com/?\u2020", "http://example.com/?%26%238224%3B"},
		// Only http and https (Section 3.5: "not applied for any other scheme").
		{"windows-1252", "ftp://example.com/?q=\u00e9", "ftp://example.com/?q=%C3%A9"},
		{"windows-1252", "/relative?q=\u00e9", "/relative?q=%C3%A9"},
		// UCS-based charsets use UTF-8.
		{"utf-16le", "http://example.com/?q=\u00e9", "http://example.com/?q=%C3%A9"},
		{"utf-8", "http://example.com/?q=\u00e9", "http://example.com/?q=%C3%A9"},
		// ASCII in the query is handled as in Section 3.3.
		{"windows-1252", "http://example.com/?a b&c=%41\u00e9", "http://example.com/?a%20b&c=%41%E9"},
	}
	for _, tt := range tests {
		c := mustCharset(t, tt.charset)
		got, err := c.ToURI(tt.in)
		if err != nil {
			t.Errorf("%s: ToURI(%+q): %v", tt.charset, tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("%s: ToURI(%+q)\n got %q\nwant %q", tt.charset, tt.in, got, tt.want)
		}
	}
}

// Section 3.1: a reference from a non-UCS document is normalized to NFC; one
// from a Unicode document never is (Section 5.3.2.2).
func TestNFCOnlyForLegacyCharsets(t *testing.T) {
	decomposed := "http://example.com/Vi\u00ea\u0323t" // windows-1258 transcoding, Section 5.3.2.2
	c := mustCharset(t, "windows-1258")
	got, err := c.ToURI(decomposed)
	if want := "http://example.com/Vi%E1%BB%87t"; err != nil || got != want { // U+1EC7
		t.Errorf("windows-1258 ToURI = %q, %v; want %q", got, err, want)
	}
	got, err = ToURI(decomposed)
	if want := "http://example.com/Vi%C3%AA%CC%A3t"; err != nil || got != want {
		t.Errorf("UTF-8 ToURI = %q, %v; want %q", got, err, want)
	}
	iri, err := c.ToIRI(decomposed)
	if want := "http://example.com/Vi\u1ec7t"; err != nil || iri != want {
		t.Errorf("windows-1258 ToIRI = %+q, %v; want %+q", iri, err, want)
	}
}

// Section 3.7 steps 1 to 6, beyond the draft's own examples.
func TestToIRI(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://example.com/", "http://example.com/"},
		// Every component is decoded.
		{"http://%C3%A9@example.com/%C3%A9?%C3%A9#%C3%A9", "http://\u00e9@example.com/\u00e9?\u00e9#\u00e9"},
		// Unreserved ASCII is decoded; reserved, "%" and URI-excluded
		// ASCII keep their triplet and its case.
		{"http://example.com/%41%2d%2E%5f%7E", "http://example.com/A-._~"},
		{"http://example.com/%3a%40%21%24%26%27%28%29%2a%2b%2c%3b%3d", "http://example.com/%3a%40%21%24%26%27%28%29%2a%2b%2c%3b%3d"},
		{"http://example.com/%20%22%3C%3E%5C%5E%60%7B%7C%7D%7F%25", "http://example.com/%20%22%3C%3E%5C%5E%60%7B%7C%7D%7F%25"},
		// Strict UTF-8 only.
		{"http://example.com/%C1%81", "http://example.com/%C1%81"},             // overlong 'A'
		{"http://example.com/%F0%80%80%80", "http://example.com/%F0%80%80%80"}, // overlong 4-byte
		{"http://example.com/%80", "http://example.com/%80"},                   // lone continuation
		{"http://example.com/%F5%80%80%80", "http://example.com/%F5%80%80%80"}, // F5 never occurs
		{"http://example.com/%e3%81", "http://example.com/%E3%81"},             // truncated, re-encoded uppercase
		{"http://example.com/%C3%BC%BC", "http://example.com/\u00fc%BC"},
		// Characters Sections 2.2, 4.1, 6.1 keep out: encoded, uppercase.
		{"http://example.com/%e2%80%8f%e2%81%a6%d8%9c", "http://example.com/%E2%80%8F%E2%81%A6%D8%9C"},
		{"http://example.com/%e3%80%80%e2%80%8b%ef%bb%bf%c2%ad", "http://example.com/%E3%80%80%E2%80%8B%EF%BB%BF%C2%AD"},
		{"http://example.com/%F3%B0%80%80", "http://example.com/%F3%B0%80%80"}, // U+F0000 private use
		{"http://example.com/%EF%BF%B0", "http://example.com/%EF%BF%B0"},       // U+FFF0 special
		// Joiners stay decoded: Persian "می‌خواهم" needs ZWNJ.
		{"http://example.com/%D9%85%DB%8C%E2%80%8C%D8%AE%D9%88%D8%A7%D9%87%D9%85", "http://example.com/\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"},
		// Literal characters of an IRI are kept.
		{"http://example.com/\u00e9%C3%A9", "http://example.com/\u00e9\u00e9"},
		// Hosts: A-labels (step 6), case-insensitive prefix, invalid ones kept.
		{"http://xn--r8jz45g.xn--zckzah/", "http://\u4f8b\u3048.\u30c6\u30b9\u30c8/"},
		{"http://www.xn--bcher-kva.example/", "http://www.b\u00fccher.example/"},
		{"http://xn--a.example/", "http://xn--a.example/"},
		{"http://xn--abc-.example/", "http://xn--abc-.example/"},
		{"http://xn--ls8h.example/", "http://\U0001F4A9.example/"},
		{"http://%E4%BE%8B%E3%81%88.jp/", "http://\u4f8b\u3048.jp/"},
		// IP literals are left alone.
		{"http://[::1%25en%30]/%41", "http://[::1%25en%30]/A"},
		// Relative references.
		{"../%E8%B3%87%E6%96%99", "../\u8cc7\u6599"},
	}
	for _, tt := range tests {
		got, err := ToIRI(tt.in)
		if err != nil {
			t.Errorf("ToIRI(%+q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ToIRI(%+q)\n got %+q\nwant %+q", tt.in, got, tt.want)
		}
		var c Converter
		b, err := c.AppendIRI(nil, tt.in)
		if err != nil || string(b) != tt.want {
			t.Errorf("AppendIRI(%+q) = %+q, %v", tt.in, b, err)
		}
	}
}

// RFC 6068: the domains of mailto addresses are DNS names; Section 3.4
// applies to them, and Section 3.7 step 6 converts them back.
func TestMailto(t *testing.T) {
	tests := []struct{ iri, uri string }{
		{"mailto:info@\u4f8b\u3048.jp", "mailto:info@xn--r8jz45g.jp"},
		{"mailto:D\u00fcrst@example.org,jane@b\u00fccher.de?subject=\u65e5\u672c", "mailto:D%C3%BCrst@example.org,jane@xn--bcher-kva.de?subject=%E6%97%A5%E6%9C%AC"},
		{"mailto:a@b@\u4f8b\u3048.jp", "mailto:a@b@xn--r8jz45g.jp"}, // "@" is allowed in a path (3.3): the last one starts the domain
		{"mailto:no-address", "mailto:no-address"},
		{"mailto:", "mailto:"},
	}
	for _, tt := range tests {
		if got, err := ToURI(tt.iri); err != nil || got != tt.uri {
			t.Errorf("ToURI(%+q) = %q, %v; want %q", tt.iri, got, err, tt.uri)
		}
		if got, err := ToIRI(tt.uri); err != nil || got != tt.iri {
			t.Errorf("ToIRI(%q) = %+q, %v; want %+q", tt.uri, got, err, tt.iri)
		}
	}
	// A URI is left as it is: a percent-encoded domain stays (identity on
	// URIs), and ToIRI decodes it only if it is a valid name.
	if got, _ := ToURI("mailto:a@%E4%BE%8B.jp"); got != "mailto:a@%E4%BE%8B.jp" {
		t.Errorf("ToURI changed a URI: %q", got)
	}
	if got, _ := ToIRI("mailto:a@%E4%BE%8B.jp"); got != "mailto:a@\u4f8b.jp" {
		t.Errorf("ToIRI = %+q", got)
	}
	if _, err := ToURI("mailto:x@0\u00e0.\u05d0"); err == nil {
		t.Error("ToURI accepted a domain that fails IDNA")
	}
	for in, want := range map[string]string{
		"mailto:info@xn--r8jz45g.jp":     "mailto:info@\u4f8b\u3048.jp",
		"mailto:a@xn--pple-43d.com":      "mailto:a@xn--pple-43d.com",      // spoofable: A-label
		"mailto:D\u00fcrst@example.org.": "mailto:D\u00fcrst@example.org.", // a domain is never escaped
	} {
		if got, err := Display(in, DisplayOptions{}); err != nil || got != want {
			t.Errorf("Display(%+q) = %+q, %v; want %+q", in, got, err, want)
		}
	}
}

func TestHostToASCII(t *testing.T) {
	tests := []struct{ in, want string }{
		{"example.com", "example.com"},
		{"EXAMPLE.com", "example.com"},
		{"b\u00fccher.example", "xn--bcher-kva.example"},
		{"fa\u00df.de", "xn--fa-hia.de"}, // nontransitional
		{"\u0645\u062b\u0627\u0644.\u0625\u062e\u062a\u0628\u0627\u0631", "xn--mgbh0fb.xn--kgbechtv"},
		{"\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444", "xn--e1afmkfd.xn--p1ai"},
		{"\u4f8b\u3048\uff0e\u30c6\u30b9\u30c8", "xn--r8jz45g.xn--zckzah"},
		{"under_score.example", "under_score.example"},
	}
	for _, tt := range tests {
		got, err := HostToASCII(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("HostToASCII(%+q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"0\u00e0.\u05d0", "a..b", "xn--a", "a\u200d", "\u00e9 x", "\u00e9%41"} {
		if got, err := HostToASCII(bad); err == nil {
			t.Errorf("HostToASCII(%+q) = %q, want an error", bad, got)
		}
	}
}

// TestHostCache checks that HostToASCII gives the same answers, errors
// included, when it remembers them, and under concurrent use (run with
// -race to check the cache's synchronization).
func TestHostCache(t *testing.T) {
	cases := []struct {
		host, want string
		ok         bool
	}{
		{"例え.テスト", "xn--r8jz45g.xn--zckzah", true},
		{"Bücher.example", "xn--bcher-kva.example", true},
		{"例え-.jp", "", false},
		{"пример.рф", "xn--e1afmkfd.xn--p1ai", true},
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 50; round++ {
				for _, c := range cases {
					got, err := HostToASCII(c.host)
					if got != c.want || (err == nil) != c.ok {
						t.Errorf("HostToASCII(%q) = %q, %v; want %q, ok %v", c.host, got, err, c.want, c.ok)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	// A host built in a buffer that changes afterwards must not change
	// what the cache remembers.
	buf := []byte("例え.テスト")
	if got, _ := HostToASCII(unsafe.String(&buf[0], len(buf))); got != "xn--r8jz45g.xn--zckzah" {
		t.Fatalf("got %q", got)
	}
	copy(buf, "пример.р")
	if got, _ := HostToASCII("例え.テスト"); got != "xn--r8jz45g.xn--zckzah" {
		t.Errorf("after the buffer changed: got %q", got)
	}
}
