package iri

import (
	"fmt"
	"hash/maphash"
	"strings"
	"testing"
	"unsafe"
)

// cacheRefs: references of every kind Forms treats apart, each with the
// forms draft-duerst-iri-bis-07 gives it in a UTF-8 document.
var cacheRefs = []struct {
	in, iri, uri string
	err          bool // Forms fails (both forms are then the input)
}{
	{in: "https://example.com/path/to/page.html", iri: "https://example.com/path/to/page.html", uri: "https://example.com/path/to/page.html"},
	// Section 3.4: IDNA for the host; 3.3: UTF-8 percent-encoding elsewhere.
	{in: "http://例え.テスト/資料?q=東京", iri: "http://例え.テスト/資料?q=東京",
		uri: "http://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99?q=%E6%9D%B1%E4%BA%AC"},
	{in: "http://пример.рф/путь", iri: "http://пример.рф/путь", uri: "http://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C"},
	// Section 3.7: percent-encoded UTF-8 shown as characters, A-labels as U-labels.
	{in: "http://www.example.org/D%C3%BCrst", iri: "http://www.example.org/Dürst", uri: "http://www.example.org/D%C3%BCrst"},
	{in: "http://xn--bcher-kva.example/", iri: "http://bücher.example/", uri: "http://xn--bcher-kva.example/"},
	{in: "mailto:jane.doe@example.com", iri: "mailto:jane.doe@example.com", uri: "mailto:jane.doe@example.com"},
	// A "%" that starts no triplet: not an IRI (Section 2.2 pct-encoded).
	{in: "http://example.com/100%", err: true},
	// A space is no reg-name character: never percent-encoded into a host.
	{in: "http://exa mple.com/", err: true},
}

func checkCached(t *testing.T, fc *FormsCache, c *Converter, s string) {
	t.Helper()
	wantIRI, wantIRIErr, wantURI, wantURIErr := c.Forms(s)
	gotIRI, gotIRIErr, gotURI, gotURIErr := fc.Forms(c, s)
	if gotIRI != wantIRI || fmt.Sprint(gotIRIErr) != fmt.Sprint(wantIRIErr) ||
		gotURI != wantURI || fmt.Sprint(gotURIErr) != fmt.Sprint(wantURIErr) {
		t.Fatalf("cached Forms(%q) = %q, %v, %q, %v; Converter.Forms = %q, %v, %q, %v",
			s, gotIRI, gotIRIErr, gotURI, gotURIErr, wantIRI, wantIRIErr, wantURI, wantURIErr)
	}
}

// The cache returns what the Converter returns, the first time (a miss),
// the second (a miss that keeps it) and every time after (a hit).
func TestFormsCache(t *testing.T) {
	var fc FormsCache
	var c Converter
	for _, tt := range cacheRefs {
		t.Run(tt.in, func(t *testing.T) {
			for round := range 3 {
				iri, iriErr, uri, uriErr := fc.Forms(&c, tt.in)
				if tt.err {
					if iriErr == nil || uriErr == nil || iri != tt.in || uri != tt.in {
						t.Fatalf("round %d: Forms = %q, %v, %q, %v; want errors and the input", round, iri, iriErr, uri, uriErr)
					}
					continue
				}
				if iri != tt.iri || uri != tt.uri || iriErr != nil || uriErr != nil {
					t.Fatalf("round %d: Forms = %q, %v, %q, %v; want %q, %q", round, iri, iriErr, uri, uriErr, tt.iri, tt.uri)
				}
			}
		})
	}
}

// A Converter of another Charset gives other forms (Section 3.5: the query
// of an http(s) IRI from a Shift_JIS document is encoded in Shift_JIS):
// the cache never answers for one charset with the forms of another.
func TestFormsCacheCharset(t *testing.T) {
	const in = "http://example.jp/?q=東京"
	sjis := mustCharset(t, "shift_jis")
	utf8Conv := Converter{}
	var fc FormsCache
	for _, step := range []struct {
		name string
		c    *Converter
		uri  string
	}{
		{"utf-8", &utf8Conv, "http://example.jp/?q=%E6%9D%B1%E4%BA%AC"},
		{"shift_jis", &sjis, "http://example.jp/?q=%93%8C%8B%9E"}, // 東 93 8C, 京 8B 9E
		{"utf-8 again", &utf8Conv, "http://example.jp/?q=%E6%9D%B1%E4%BA%AC"},
		{"shift_jis again", &sjis, "http://example.jp/?q=%93%8C%8B%9E"},
	} {
		t.Run(step.name, func(t *testing.T) {
			for range 2 {
				if _, _, uri, err := fc.Forms(step.c, in); uri != step.uri || err != nil {
					t.Fatalf("URI form %q, %v; want %q", uri, err, step.uri)
				}
			}
		})
	}
}

// More references than slots, so that they evict each other, asked for
// again in another order; and references longer than the cache keeps.
// A reference met often stays when references met once pass through its
// slot; it is replaced by one met twice in a row there.
func TestFormsCacheKeepsFrequent(t *testing.T) {
	var fc FormsCache
	var c Converter
	const hot = "http://例え.テスト/"
	fc.Forms(&c, hot)
	fc.Forms(&c, hot) // kept
	slot := maphash.String(fc.seed, hot) % FormsCacheSize
	var once []string
	for i := 0; len(once) < 3; i++ {
		if s := fmt.Sprintf("/page%d.html", i); maphash.String(fc.seed, s)%FormsCacheSize == slot {
			once = append(once, s)
		}
	}
	for _, s := range once {
		checkCached(t, &fc, &c, s)
	}
	if fc.slots[slot].key != hot {
		t.Fatalf("slot holds %q after references met once, want %q", fc.slots[slot].key, hot)
	}
	checkCached(t, &fc, &c, once[2]) // twice in a row
	if fc.slots[slot].key != once[2] {
		t.Fatalf("slot holds %q, want %q (met twice in a row)", fc.slots[slot].key, once[2])
	}
}

func TestFormsCacheEviction(t *testing.T) {
	var fc FormsCache
	var c Converter
	var refs []string
	for i := range 3 * FormsCacheSize {
		refs = append(refs, fmt.Sprintf("https://host%d.example/пример/%d", i%37, i))
	}
	refs = append(refs, "https://example.com/"+strings.Repeat("ä", FormsCacheMaxLen))
	for _, order := range []string{"forward", "backward", "forward again"} {
		t.Run(order, func(t *testing.T) {
			for i := range refs {
				if order == "backward" {
					i = len(refs) - 1 - i
				}
				checkCached(t, &fc, &c, refs[i])
			}
		})
	}
}

// The cache keeps copies: a reference cut from a buffer that is then
// reused (a scanner's window) does not change what the cache answers.
func TestFormsCacheCopies(t *testing.T) {
	for _, tt := range cacheRefs {
		t.Run(tt.in, func(t *testing.T) {
			var fc FormsCache
			var c Converter
			buf := []byte(tt.in)
			s := unsafe.String(&buf[0], len(buf))
			fc.Forms(&c, s) // a first miss keeps nothing
			iri1, _, uri1, _ := fc.Forms(&c, s)
			iri1, uri1 = strings.Clone(iri1), strings.Clone(uri1)
			for i := range buf {
				buf[i] = 'x'
			}
			iri2, _, uri2, _ := fc.Forms(&c, tt.in)
			if iri2 != iri1 || uri2 != uri1 {
				t.Fatalf("after the buffer changed: %q, %q; before: %q, %q", iri2, uri2, iri1, uri1)
			}
		})
	}
}
