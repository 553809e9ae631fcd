package scanner

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"
	"unsafe"

	"github.com/iriscan/iriscan/scanner/scantest"
)

// testTexts are texts with matches of every kind, wrapped and mapped
// forms: about n bytes each of generated English and Japanese prose, the
// real-text excerpts of testdata and its samples.
func testTexts(t *testing.T, n int) [][]byte {
	t.Helper()
	texts := [][]byte{scantest.Prose(n, 700, &scantest.English, 5), scantest.Prose(n, 700, &scantest.Japanese, 6)}
	files, _ := filepath.Glob("../testdata/realtext*/excerpts/*.txt")
	more, _ := filepath.Glob("../testdata/sample-*")
	for _, name := range append(files, more...) {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, b)
	}
	if len(texts) < 200 {
		t.Fatalf("%d texts: testdata moved?", len(texts))
	}
	return texts
}

// poolOptions are options that change what a pooled Scanner finds, in an
// order where each differs from the one before.
var poolOptions = []*Options{nil, {Fuzzy: true}, {MaxLength: 40}, {Fuzzy: true, MaxLength: 300}, {}, {Fuzzy: true, Refang: true},
	{Schemes: []Scheme{{Name: "http", Hierarchical: true}}}, {MaxLength: 16}, {Schemes: []Scheme{{Name: "https", Hierarchical: true}, {Name: "mailto"}}},
	{Schemes: []Scheme{{Name: "http", Hierarchical: true}}}, {Schemes: []Scheme{}}, nil}

// TestTextScannersReused checks that Find and AppendSpans, which reuse
// the Scanners of earlier calls, find in each text with each options what
// a Scanner made for that call finds, whatever the calls before them.
func TestTextScannersReused(t *testing.T) {
	for i, text := range testTexts(t, 256<<10) {
		for _, o := range poolOptions {
			want := scanAll(t, newBytesScanner(text, newFinder(o)))
			if o != nil && o.Refang {
				want = scanAll(t, NewScanner(bytes.NewReader(text), o))
			}
			if got := Find(text, o); !sameMatches(got, want) {
				t.Fatalf("text %d, options %+v: Find after other calls: %s", i, o, firstDiff(got, want))
			}
			if got := AppendSpans(nil, text, o); !sameSpans(got, want) {
				t.Fatalf("text %d, options %+v: AppendSpans after other calls differs", i, o)
			}
		}
	}
}

// TestSchemeListChanged checks that Find and AppendSpans follow a scheme
// list its caller changes in place between calls (the table of the last
// list is kept for the next call with the same list).
func TestSchemeListChanged(t *testing.T) {
	text := []byte("see http://example.org/a and ftp://example.org/b and mailto:jane@example.com")
	list := []Scheme{{Name: "http", Hierarchical: true}}
	o := &Options{Schemes: list}
	for _, tt := range []struct {
		scheme Scheme
		want   []string
	}{
		// ("jane@…" after "mailto:" is no address without the scheme:
		// a "word:user@host" form.)
		{Scheme{Name: "http", Hierarchical: true}, []string{"http://example.org/a"}},
		{Scheme{Name: "ftp", Hierarchical: true}, []string{"ftp://example.org/b"}},
		{Scheme{Name: "mailto"}, []string{"mailto:jane@example.com"}},
		{Scheme{Name: "mailto", Hierarchical: true}, nil}, // needs "//"
		{Scheme{Name: "http", Hierarchical: true}, []string{"http://example.org/a"}},
	} {
		list[0] = tt.scheme
		ms := Find(text, o)
		var got []string
		for _, m := range ms {
			got = append(got, m.Text)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("schemes [%+v]: Find found %q, want %q", tt.scheme, got, tt.want)
		}
		if spans := AppendSpans(nil, text, o); !sameSpans(spans, ms) {
			t.Errorf("schemes [%+v]: AppendSpans differs from Find", tt.scheme)
		}
	}
}

// TestTextScannersConcurrent runs Find and AppendSpans from several
// goroutines at once, each text with each options, against the answers of
// one goroutine (under the race detector in CI, where the pool also drops
// some Scanners at random).
func TestTextScannersConcurrent(t *testing.T) {
	texts := testTexts(t, 256<<10)[:40]
	want := make([][][]Match, len(texts))
	for i, text := range texts {
		for _, o := range poolOptions {
			want[i] = append(want[i], Find(text, o))
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 60; k++ {
				i, j := (g*7+k*3)%len(texts), (g+k)%len(poolOptions)
				if got := Find(texts[i], poolOptions[j]); !sameMatches(got, want[i][j]) {
					errs <- fmt.Errorf("goroutine %d: text %d, options %+v: %s", g, i, poolOptions[j], firstDiff(got, want[i][j]))
					return
				}
				if got := AppendSpans(nil, texts[i], poolOptions[j]); !sameSpans(got, want[i][j]) {
					errs <- fmt.Errorf("goroutine %d: text %d, options %+v: AppendSpans differs", g, i, poolOptions[j])
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestTextScannersAllocs checks that Find over a line without a link and
// AppendSpans into a slice of enough capacity allocate nothing once a
// Scanner was made, and that Find over a line with two links allocates
// its matches only: their slice and one string.
func TestTextScannersAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop Scanners")
	}
	line := []byte("just a line of prose without any link in it at all.")
	links := []byte("Hello, see https://example.org/a/b?c=d for details, or mail jane@example.com. Thanks!")
	dst := make([]Span, 0, 8)
	for _, tt := range []struct {
		name string
		f    func()
		want float64
	}{
		{"Find, no link", func() { Find(line, nil) }, 0},
		{"Find, fuzzy, no link", func() { Find(line, &Options{Fuzzy: true}) }, 0},
		{"AppendSpans", func() { AppendSpans(dst[:0], links, nil) }, 0},
		{"Find, two links", func() { Find(links, nil) }, 2},
	} {
		// (A garbage collection may empty the pool: at most one run in
		// ten may make a Scanner again.)
		if got := testing.AllocsPerRun(100, tt.f); got > tt.want+1 {
			t.Errorf("%s: %v allocations a call, want %v", tt.name, got, tt.want)
		}
	}
}

// TestTextScannersLetGo checks that a Scanner kept for reuse holds no
// reference into the text of its last call (until the pool lets it go at
// a garbage collection, that would keep a text of any size alive): every
// pointer reachable from it is looked at.
func TestTextScannersLetGo(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop Scanners")
	}
	text := make([]byte, 1<<20)
	copy(text, "see <URL:http://example.org/a\n  b> and http://example.org/x and 例え.テスト/パス ")
	for _, o := range poolOptions {
		if o != nil && o.Refang || o != nil && o.Schemes != nil {
			continue // (not pooled)
		}
		Find(text, o)
		s, _ := textScanners.Get().(*Scanner)
		if s == nil {
			t.Skip("no Scanner in the pool (a garbage collection emptied it)")
		}
		lo, hi := uintptr(unsafe.Pointer(&text[0])), uintptr(unsafe.Pointer(&text[len(text)-1]))
		if path := pointsInto(reflect.ValueOf(s), lo, hi, "s", map[uintptr]bool{}); path != "" {
			t.Fatalf("options %+v: the pooled Scanner holds %s, a pointer into the last text", o, path)
		}
		textScanners.Put(s)
	}
}

// pointsInto returns the path of a pointer reachable from v that points
// into [lo, hi], or "".
func pointsInto(v reflect.Value, lo, hi uintptr, path string, seen map[uintptr]bool) string {
	in := func(p uintptr) bool { return p >= lo && p <= hi }
	switch v.Kind() {
	case reflect.Pointer, reflect.UnsafePointer:
		if v.IsNil() {
			return ""
		}
		p := uintptr(v.UnsafePointer())
		if in(p) {
			return path
		}
		if seen[p] || v.Kind() == reflect.UnsafePointer {
			return ""
		}
		seen[p] = true
		return pointsInto(v.Elem(), lo, hi, "(*"+path+")", seen)
	case reflect.Slice:
		if v.IsNil() {
			return ""
		}
		if p := uintptr(v.UnsafePointer()); in(p) || seen[p] {
			if in(p) {
				return path
			}
			return ""
		}
		seen[uintptr(v.UnsafePointer())] = true
		for i := 0; i < v.Len(); i++ {
			if r := pointsInto(v.Index(i), lo, hi, fmt.Sprintf("%s[%d]", path, i), seen); r != "" {
				return r
			}
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if r := pointsInto(v.Index(i), lo, hi, fmt.Sprintf("%s[%d]", path, i), seen); r != "" {
				return r
			}
		}
	case reflect.String:
		if v.Len() > 0 && in(uintptr(unsafe.Pointer(unsafe.StringData(v.String())))) {
			return path
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if r := pointsInto(v.Field(i), lo, hi, path+"."+v.Type().Field(i).Name, seen); r != "" {
				return r
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if r := pointsInto(it.Key(), lo, hi, path+"[key]", seen); r != "" {
				return r
			}
			if r := pointsInto(it.Value(), lo, hi, path+"[value]", seen); r != "" {
				return r
			}
		}
	case reflect.Interface:
		if !v.IsNil() {
			return pointsInto(v.Elem(), lo, hi, path, seen)
		}
	}
	return ""
}
