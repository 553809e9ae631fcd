package scanner

import (
	"math/rand"
	"strings"
	"testing"
)

// TestProseColon checks proseColon, the definition of the colons the
// vector loops of indexTriggers drop, on the last colon of each text after
// plain words (so that 16 bytes stand before it).
func TestProseColon(t *testing.T) {
	const lead = "Some plain words here, "
	tests := []struct {
		text string
		want bool
	}{
		{"Note: it", true},
		{"Note:\tit", true},
		{"Note:\nit", true},
		{"Note:\rit", true},
		{"Note:\vit", true},
		{"Note:\fit", true},
		{"Note:", false}, // at the end: the byte after it is not in b
		{"Note:x", false},
		{"Note:\u00a0x", false}, // not an ASCII blank
		{"http://x", false},
		{"<Note: it", false},      // <…> may follow
		{"<URL:note: it", false},  // the run starts after ':'
		{"\u27e8note: it", false}, // ⟨…⟩
		{"\xa8note: it", false},
		{"(Note: it", true},
		{"\u201cNote: it", true},
		{": it", true}, // no scheme character before it
		{"a.b-c+d9: it", true},
		{"a_b: it", true},
		{"<a_b: it", true},
		{"abcdefghijklmno: it", true},   // 15 scheme characters
		{"abcdefghijklmnop: it", false}, // 16: the run may go on before the window
		{"x:: it", false},
		{"<: it", false},
	}
	for _, tt := range tests {
		b := []byte(lead + tt.text)
		t0 := len(lead) + strings.LastIndexByte(tt.text, ':')
		if got := proseColon(b, t0); got != tt.want {
			t.Errorf("proseColon(%q, %d) = %v, want %v", b, t0, got, tt.want)
		}
	}
	b := []byte("Note: it is near the start")
	for t0 := range b {
		if proseColon(b, t0) {
			t.Errorf("proseColon(%q, %d) with fewer than 16 bytes before it", b, t0)
		}
	}
}

// proseFinders are finders whose at a colon of prose must reject: the
// default one, one with the shortest maximum length that lets indexTriggers
// drop them, and one with schemes of every length up to the longest, among
// them the words before the colons of proseTexts.
func proseFinders() []*finder {
	long := strings.Repeat("a", maxSchemeLen)
	schemes := []Scheme{{Name: "note"}, {Name: "a"}, {Name: "ab", Hierarchical: true}, {Name: "x-y.z+w"}, {Name: "abcdefghijklmnopq"},
		{Name: long}, {Name: "http", Hierarchical: true}}
	return []*finder{newFinder(nil), newFinder(&Options{MaxLength: proseWindow + 1}), newFinder(&Options{Schemes: schemes, MaxLength: proseWindow + 1})}
}

// checkProseColons fails unless at rejects each colon of prose of b
// (proseColon), from every lastEnd up to it, with each of fs: the colons
// that Scanner.prose lets indexTriggers drop make no match and change
// nothing.
func checkProseColons(t *testing.T, b []byte, fs []*finder) {
	t.Helper()
	for t0 := range b {
		if !proseColon(b, t0) {
			continue
		}
		for _, f := range fs {
			if f.maxLen <= proseWindow {
				t.Fatalf("maximum length %d: Scanner.prose is off", f.maxLen)
			}
			for lastEnd := 0; lastEnd <= t0; lastEnd++ {
				if c, r := f.at(b, t0, lastEnd); r != rNone {
					t.Fatalf("%q: the colon at %d (lastEnd %d) gives %v %+v", b, t0, lastEnd, r, c)
				}
			}
		}
	}
}

// proseAlphabet is what the random texts of the prose tests are made of:
// scheme names and words, scheme characters, blanks, the bytes that keep a
// colon, delimiters, and the starts of IRIs.
var proseAlphabet = []string{"note", "http", "a", "ab", "x-y.z+w", "abcdefghijklmnopq", "mailto", "urn", "Note", "e.g.", "9",
	"+", "-", ".", ":", ": ", ":\t", ":\n", " ", "\n", "<", ">", "<URL:", "\xa8", "\u27e8", "\u27e9", "(", "_", "//", "/", "@",
	"example.org", "\u201c", "\u00e9", strings.Repeat("a", 20)}

// TestProseColonRejected holds proseColon to at on random texts.
func TestProseColonRejected(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	fs := proseFinders()
	for range 3000 {
		var sb strings.Builder
		for sb.Len() < 60+rng.Intn(60) {
			sb.WriteString(proseAlphabet[rng.Intn(len(proseAlphabet))])
		}
		checkProseColons(t, []byte(sb.String()), fs)
	}
}

// findNoProse is Find without the colons of prose dropped (Scanner.prose
// off): the search that leaves every colon to at.
func findNoProse(text []byte, o *Options) []Match {
	s := newBytesScanner(text, newFinder(o))
	s.prose = false
	var ms []Match
	for s.Scan() {
		ms = append(ms, s.Match())
	}
	return ms
}

// FuzzProseColon is the differential fuzz target of the colons of prose:
// at rejects each (checkProseColons), and Find gives what it gives with
// every colon tried, with the default and a short maximum length.
func FuzzProseColon(f *testing.F) {
	f.Add([]byte("Some plain words here, Note: it <note: x http://a.example/ (a: b) x: y"), uint16(0))
	f.Add([]byte("a long run of prose, abcdefghijklmno: it, abcdefghijklmnop: it \u27e8ab: x\u27e9"), uint16(17))
	f.Add([]byte("<URL:http: //example.org/> and <http:\n //example.org/x> then: more"), uint16(40))
	f.Add([]byte("see <note: x> and \u27e8note: x\u27e9, <URL:note: x> <abcdefghijklmnopq: x>"), uint16(0))
	fs := proseFinders()
	f.Fuzz(func(t *testing.T, data []byte, maxLen uint16) {
		checkProseColons(t, data, fs)
		o := &Options{MaxLength: int(maxLen)}
		if got, want := Find(data, o), findNoProse(data, o); !sameMatches(got, want) {
			t.Fatalf("%s", firstDiff(got, want))
		}
	})
}
