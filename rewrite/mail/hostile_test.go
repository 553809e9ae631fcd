package mail

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/iriscan/iriscan/rewrite"
)

// A header larger than MaxHeader (many fields, one long field, one folded
// field) is not read: its entity is copied byte for byte and reported as
// a PartError at the header's first byte, by Rewrite and by Walk, while
// the other parts are rewritten. A header just under the limit is read.
// go-message keeps a header whole at about twenty times its size, so a
// 8 MB header of short fields took 190 MB before the limit.
func TestHeaderOverMax(t *testing.T) {
	const iri, uri = "http://例え.jp/", "http://xn--r8jz45g.jp/"
	many := func(n int) string {
		var b strings.Builder
		for b.Len() < n {
			b.WriteString("X-Field: a short value\n")
		}
		return b.String()
	}
	big := MaxHeader + 1000
	for _, tt := range []struct {
		name string
		hdr  string // the header of the second part, before its Content-Type
		read bool   // the part is read (and rewritten)
	}{
		{"many fields", many(big), false},
		{"one long field", "X-Long: " + strings.Repeat("word ", big/5) + "\n", false},
		{"one folded field", "X-Long: start" + strings.Repeat("\n word word", big/10) + "\n", false},
		{"many fields, just under the limit", many(MaxHeader - 1000), true},
		{"many fields, 3 MiB", many(3 << 20), false},
		{"one long field, 3 MiB", "X-Long: " + strings.Repeat("word ", 3<<20/5) + "\n", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			part2 := "--b\n" + tt.hdr + "Content-Type: text/plain; charset=utf-8\n\nsecond " + iri + "\n"
			in := "From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n" +
				"--b\nContent-Type: text/plain; charset=utf-8\n\nfirst " + iri + "\n" +
				part2 + "--b\nContent-Type: text/plain; charset=utf-8\n\nthird " + iri + "\n--b--\n"
			want := strings.Replace(in, "first "+iri, "first "+uri, 1)
			want = strings.Replace(want, "third "+iri, "third "+uri, 1)
			if tt.read {
				want = strings.Replace(want, "second "+iri, "second "+uri, 1)
			}
			var out bytes.Buffer
			var perrs []*PartError
			// One byte at a time, so that nothing is read ahead.
			_, err := Rewrite(&out, iotest.OneByteReader(strings.NewReader(in)), Options{To: rewrite.URI, OnError: func(e *rewrite.ConvertError) {
				var pe *PartError
				if errors.As(e.Err, &pe) {
					perrs = append(perrs, pe)
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != want {
				t.Errorf("output differs from the input with parts 1 and 3 (and 2 if read) rewritten")
			}
			at := int64(strings.Index(in, part2) + len("--b\n"))
			if tt.read && len(perrs) != 0 || !tt.read && (len(perrs) != 1 || perrs[0].Offset != at || !errors.Is(perrs[0], errHeaderSize)) {
				t.Errorf("part errors %v, want one at byte %d: %v", perrs, at, !tt.read)
			}
			var walked []string
			err = Walk(strings.NewReader(in), func(p *Part) error {
				b, _ := io.ReadAll(p.Body)
				if p.Err != nil {
					var pe *PartError
					if !errors.As(p.Err, &pe) || pe.Offset != at || !errors.Is(pe, errHeaderSize) {
						t.Errorf("part %s: %v, want a header error at byte %d", p.Path, p.Err, at)
					}
					walked = append(walked, p.Path+" error")
					return nil
				}
				walked = append(walked, p.Path+" "+strings.TrimSpace(string(b)))
				return nil
			})
			second := "2 error"
			if tt.read {
				second = "2 second " + iri
			}
			if w := []string{"1 first " + iri, second, "3 third " + iri}; err != nil || strings.Join(walked, "|") != strings.Join(w, "|") {
				t.Errorf("Walk: %q, %v; want %q", walked, err, w)
			}
		})
	}
}

// A part that cannot be read as text (an unknown charset, an unknown
// transfer encoding) is reported by Walk at the same byte as by Rewrite:
// the entity's first byte (PartError.Offset), where its header starts.
// Walk gave the body's first byte, so extract and rewrite named two
// different bytes for one part.
func TestWalkPartErrorAtEntity(t *testing.T) {
	for _, tt := range []struct{ name, part string }{
		{"unknown charset", "Content-Type: text/plain; charset=x-no-such-charset\n\nsee http://例え.jp/\n"},
		{"unknown transfer encoding", "Content-Type: text/plain\nContent-Transfer-Encoding: x-uuencode\n\nsee http://例え.jp/\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := "From: a@example.org\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\nfirst\n--b\n⟨" + tt.part + "--b--\n"
			want := int64(strings.Index(in, "⟨"))
			in = strings.Replace(in, "⟨", "", 1)
			var rw []int64
			_, err := Rewrite(io.Discard, strings.NewReader(in), Options{To: rewrite.URI, OnError: func(e *rewrite.ConvertError) {
				var pe *PartError
				if errors.As(e.Err, &pe) {
					rw = append(rw, pe.Offset)
				}
			}})
			if err != nil || len(rw) != 1 || rw[0] != want {
				t.Errorf("Rewrite: part errors at %v (%v), want %d", rw, err, want)
			}
			var wk []int64
			err = Walk(strings.NewReader(in), func(p *Part) error {
				var pe *PartError
				if errors.As(p.Err, &pe) {
					wk = append(wk, pe.Offset)
				}
				return nil
			})
			if err != nil || len(wk) != 1 || wk[0] != want {
				t.Errorf("Walk: part errors at %v (%v), want %d", wk, err, want)
			}
		})
	}
}
