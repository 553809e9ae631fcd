package scanner

import (
	"testing"

	"github.com/iriscan/iriscan/scanner/scantest"
)

// sameSpans reports whether spans are where the matches ms are, of their
// kinds, with IRIDiffers set exactly where a match's IRI is not its text.
func sameSpans(spans []Span, ms []Match) bool {
	if len(spans) != len(ms) {
		return false
	}
	for i, s := range spans {
		m := ms[i]
		if int64(s.Start) != m.Offset || int64(s.End-s.Start) != m.Length || s.Kind != m.Kind || s.IRIDiffers != (m.IRI != m.Text) {
			return false
		}
	}
	return true
}

// TestAppendSpans checks AppendSpans on texts whose matches a reader can
// point at: where each is, its kind, and whether its IRI is its text.
func TestAppendSpans(t *testing.T) {
	tests := []struct {
		name, text string
		o          *Options
		want       []Span
	}{
		{"none", "no link here: just prose.", nil, nil},
		{"scheme", "see http://example.com/a.", nil, []Span{{Start: 4, End: 24, Kind: KindScheme}}},
		{"www and e-mail", "www.example.org or jane@example.com", nil,
			[]Span{{Start: 0, End: 15, Kind: KindWWW}, {Start: 19, End: 35, Kind: KindEmail}}},
		{"wrapped", "<URL:http://example.com/a\n  b>", nil,
			[]Span{{Start: 5, End: 29, Kind: KindScheme, IRIDiffers: true}}},
		{"percent-encoded", "http://example.com/{a}", nil,
			[]Span{{Start: 0, End: 22, Kind: KindScheme, IRIDiffers: true}}},
		{"one '#'", "http://example.com/#a", nil, []Span{{Start: 0, End: 21, Kind: KindScheme}}},
		{"IP literal", "http://[2001:db8::1]/#a", nil, []Span{{Start: 0, End: 23, Kind: KindScheme}}},
		{"bracket in the path", "http://example.com/[a]", nil, []Span{{Start: 0, End: 22, Kind: KindScheme, IRIDiffers: true}}},
		{"two '#'", "http://example.com/#a#b", nil, []Span{{Start: 0, End: 23, Kind: KindScheme, IRIDiffers: true}}},
		{"IRI", "詳細はhttps://例え.テスト/パス。", nil, []Span{{Start: 9, End: 40, Kind: KindScheme}}},
		{"fuzzy", "see example.com/x", &Options{Fuzzy: true}, []Span{{Start: 4, End: 17, Kind: KindFuzzy}}},
		{"fuzzy off", "see example.com/x", nil, nil},
		{"refang", "hxxp://example[.]com/x", &Options{Refang: true},
			[]Span{{Start: 0, End: 22, Kind: KindScheme, IRIDiffers: true}}},
	}
	for _, tt := range tests {
		got := AppendSpans(nil, []byte(tt.text), tt.o)
		if len(got) != len(tt.want) {
			t.Errorf("%s: %q: got %+v, want %+v", tt.name, tt.text, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: %q: got %+v, want %+v", tt.name, tt.text, got, tt.want)
				break
			}
		}
	}
}

// TestAppendSpansFind checks AppendSpans against Find on testTexts, with
// each mode, appending after spans already in dst.
func TestAppendSpansFind(t *testing.T) {
	texts := testTexts(t, 1<<20)
	prefix := []Span{{Start: 1, End: 2, Kind: KindWWW}}
	for _, o := range []*Options{nil, {Fuzzy: true}, {Refang: true}, {MaxLength: 40}} {
		for i, text := range texts {
			want := Find(text, o)
			got := AppendSpans(prefix[:1:1], text, o)
			if got[0] != prefix[0] || !sameSpans(got[1:], want) {
				t.Fatalf("text %d, options %+v: AppendSpans differs from Find (%d spans, %d matches)", i, o, len(got)-1, len(want))
			}
		}
	}
}

// TestAppendSpansAllocs checks that AppendSpans into a dst of enough
// capacity allocates as much for a text 64 times as long, with 64 times
// the matches.
func TestAppendSpansAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop Scanners")
	}
	short := scantest.Prose(64<<10, 2048, &scantest.English, 1)
	long := scantest.Prose(4<<20, 2048, &scantest.English, 1)
	dst := AppendSpans(nil, long, nil)
	if len(dst) < 1000 {
		t.Fatalf("%d spans in 4 MiB of prose", len(dst))
	}
	// (A garbage collection may empty the pool of Scanners: a call in
	// ten may make one again, a few allocations.)
	a := testing.AllocsPerRun(20, func() { AppendSpans(dst[:0], short, nil) })
	b := testing.AllocsPerRun(20, func() { AppendSpans(dst[:0], long, nil) })
	if b > a+1 {
		t.Fatalf("%v allocations for 4 MiB, %v for 64 KiB", b, a)
	}
}
