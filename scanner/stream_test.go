package scanner

import (
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// splitReader returns its data in reads whose sizes follow sizes (cycled).
type splitReader struct {
	data  []byte
	sizes []int
	i     int
}

func (r *splitReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(r.data), r.sizes[r.i%len(r.sizes)])
	r.i++
	copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

// chunkCorpus returns texts that exercise every rule, plus a long document
// that makes the Scanner move its window many times.
func chunkCorpus(t *testing.T) []string {
	var texts []string
	for _, f := range []string{"uts58/LinkDetectionTest.txt", "linkify/linkify-it/links.txt", "linkify/linkify-it/not_links.txt", "linkify/twitter-text/extract_urls.yml"} {
		b, err := os.ReadFile("../testdata/conformance/" + f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	var b strings.Builder
	rng := rand.New(rand.NewSource(1))
	pieces := []string{
		"http://example.com/a_(b)", "www.example.org.", "jane@example.com", "<URL:http://x.example/\n a>",
		"詳細はhttps://例え.テスト/パス。", "example.com/x", "「http://a.example/」", " ", "\n", "lorem ipsum ",
		"http://example.com/" + strings.Repeat("z", 300), "www.", "@", ":", "。", "普遍适用测试。我爱你 ",
	}
	for b.Len() < 200<<10 {
		b.WriteString(pieces[rng.Intn(len(pieces))])
	}
	texts = append(texts, b.String())
	return texts
}

// Rule 8: results are identical for every chunking of the input.
func TestRule8Chunking(t *testing.T) {
	for _, o := range []*Options{nil, {Fuzzy: true}, {Fuzzy: true, MaxLength: 100}} {
		for _, text := range chunkCorpus(t) {
			want := Find([]byte(text), o)
			check := func(desc string, sizes []int) {
				t.Helper()
				got := scanAll(t, NewScanner(&splitReader{data: []byte(text), sizes: sizes}, o))
				if !sameMatches(got, want) {
					t.Fatalf("%s (options %+v): %d matches, want %d\n\tfirst difference: %v",
						desc, o, len(got), len(want), firstDiff(got, want))
				}
			}
			for size := 1; size <= 64; size++ {
				if len(text) > 50<<10 && size > 4 && size%7 != 0 {
					continue // the long text: a sample of the sizes
				}
				check(fmt.Sprint("chunk size ", size), []int{size})
			}
			rng := rand.New(rand.NewSource(int64(len(text))))
			for k := 0; k < 8; k++ {
				sizes := make([]int, 50)
				for i := range sizes {
					sizes[i] = 1 + rng.Intn(5000)
				}
				check("random split", sizes)
			}
		}
	}
}

func firstDiff(a, b []Match) string {
	for i := 0; i < min(len(a), len(b)); i++ {
		if a[i] != b[i] {
			return fmt.Sprintf("got %q at %d, want %q at %d", a[i].Text, a[i].Offset, b[i].Text, b[i].Offset)
		}
	}
	return "one is a prefix of the other"
}

// endlessReader yields a prefix and then n copies of a byte, without storing them.
type endlessReader struct {
	prefix string
	fill   byte
	n      int64
}

func (r *endlessReader) Read(p []byte) (int, error) {
	if r.prefix != "" {
		k := copy(p, r.prefix)
		r.prefix = r.prefix[k:]
		return k, nil
	}
	if r.n == 0 {
		return 0, io.EOF
	}
	k := int(min(int64(len(p)), r.n))
	for i := range p[:k] {
		p[i] = r.fill
	}
	r.n -= int64(k)
	return k, nil
}

// Rule 7: memory stays bounded on a huge line without spaces.
func TestRule7HugeLine(t *testing.T) {
	r := io.MultiReader(&endlessReader{prefix: "http://example.com/", fill: 'a', n: 32 << 20},
		strings.NewReader(" then http://example.org/"))
	s := NewScanner(r, nil)
	size := len(s.buf)
	ms := scanAll(t, s)
	if len(ms) != 1 || ms[0].Text != "http://example.org/" || ms[0].Offset != 19+32<<20+6 {
		t.Errorf("got %+v", ms)
	}
	if len(s.buf) != size {
		t.Errorf("buffer grew from %d to %d bytes", size, len(s.buf))
	}
}

// A read error stops the scan and is reported by Err.
func TestReadError(t *testing.T) {
	s := NewScanner(io.MultiReader(strings.NewReader("http://example.com/ "), errReader{}), nil)
	var got []Match
	for s.Scan() {
		got = append(got, s.Match())
	}
	if err := s.Err(); !errors.Is(err, io.ErrUnexpectedEOF) || !strings.Contains(err.Error(), "at byte 20") {
		t.Errorf("Err() = %v, want io.ErrUnexpectedEOF at byte 20", err)
	}
	if len(got) != 1 {
		t.Errorf("matches before the error: %v", got)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, io.ErrUnexpectedEOF }

// A long input without triggers, read in small pieces with a small limit,
// still makes progress (the window moves past text without triggers).
func TestStreamNoTriggers(t *testing.T) {
	text := strings.Repeat("lorem ipsum dolor ", 20000) + "http://example.com/"
	ms := scanAll(t, NewScanner(&splitReader{data: []byte(text), sizes: []int{3}}, &Options{MaxLength: 1}))
	if len(ms) != 0 {
		t.Errorf("got %v, want nothing (longer than the limit)", ms)
	}
	ms = scanAll(t, NewScanner(&splitReader{data: []byte(text), sizes: []int{3}}, &Options{MaxLength: 64}))
	if len(ms) != 1 || ms[0].Offset != int64(len(text)-19) {
		t.Errorf("got %v", ms)
	}
}

// Passing over an overlong candidate that stops at a character ending every
// match (here a CJK label dot) terminates and matches nothing.
func TestOverlongEndsAtTrigger(t *testing.T) {
	text := "普遍适用测试。我爱你 x"
	done := make(chan []Match)
	go func() { done <- Find([]byte(text), &Options{Fuzzy: true, MaxLength: 3}) }()
	select {
	case ms := <-done:
		if len(ms) != 0 {
			t.Errorf("got %v", ms)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Find does not return")
	}
}

// No match starts before Retained, which moves forward with the window.
func TestRetained(t *testing.T) {
	text := strings.Repeat("lorem ipsum http://example.com/x dolor ", 20000)
	s := NewScanner(&splitReader{data: []byte(text), sizes: []int{1000}}, nil)
	moved := false
	for {
		before := s.Retained()
		if !s.Scan() {
			break
		}
		if m := s.Match(); m.Offset < before {
			t.Fatalf("match at %d before Retained %d", m.Offset, before)
		}
		moved = moved || before > 0
	}
	if !moved {
		t.Error("Retained never moved forward")
	}
}

// TestReset checks that a Scanner reset to a new reader finds the same
// matches as a new one, after stopping anywhere in the previous document.
func TestReset(t *testing.T) {
	docs := []string{
		"see http://example.com/a and www.example.org, mail a@example.net",
		strings.Repeat("x ", 100000) + "http://例え.jp/資料 " + strings.Repeat("y", 70000) + " https://b.example/",
		"no links here",
		"http://c.example/" + strings.Repeat("z", 10000),
	}
	var s *Scanner
	for round := 0; round < 2; round++ {
		for i, d := range docs {
			want := scanAll(t, NewScanner(strings.NewReader(d), nil))
			if s == nil {
				s = NewScanner(strings.NewReader(d), nil)
			} else {
				s.Reset(strings.NewReader(d))
			}
			if round == 1 && i%2 == 0 {
				s.Scan() // stop after one match, then reset
				s.Reset(strings.NewReader(d))
			}
			got := scanAll(t, s)
			if !slices.Equal(describeAll(got), describeAll(want)) {
				t.Errorf("round %d doc %d: got %v, want %v", round, i, describeAll(got), describeAll(want))
			}
		}
	}
}

func describeAll(ms []Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%d+%d:%s", m.Offset, m.Length, m.IRI))
	}
	return out
}
