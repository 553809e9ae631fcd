package htmllex

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/scanner/scantest"
)

// wholeDiffers runs lexWholeTag and lexTag, the state machine that reads a
// tag in pieces, on every tag start of doc, cut after each of its bytes
// (with more input to come and at the end of the input), and returns the
// first difference: where lexWholeTag finds a tag, lexTag must find the
// same length, kind, name, attributes and raw-text element; where it finds
// none, lexTag must not find one either.
func wholeDiffers(doc []byte) string {
	for p := 0; p+1 < len(doc); p++ {
		if doc[p] != '<' {
			continue
		}
		start, i := true, p+1
		if doc[i] == '/' {
			start, i = false, i+1
		}
		if i >= len(doc) || !isLetter(doc[i]) {
			continue
		}
		for end := i + 1; end <= len(doc); end++ {
			b := doc[p:end]
			for _, eof := range []bool{false, true} {
				if d := wholeDiffersAt(b, start, i-p, eof); d != "" {
					return fmt.Sprintf("%q (end of input %v): %s", b, eof, d)
				}
			}
			if n, _ := (&Lexer{}).lexWholeTag(b, start, i-p); n > 0 {
				break // the tag ends in b: no byte after it is read
			}
		}
	}
	return ""
}

func wholeDiffersAt(b []byte, start bool, i int, eof bool) string {
	fast := &Lexer{eof: eof}
	n, kind := fast.lexWholeTag(b, start, i)
	slow := &Lexer{eof: eof}
	sn, skind := slow.lexTag(b, tagState{start: start, pos: i, phase: phName})
	if n == 0 {
		if len(fast.tok.Attrs) != 0 || fast.rawTag != "" {
			return "no tag, and yet attributes or a raw-text element"
		}
		if sn > 0 {
			return fmt.Sprintf("lexWholeTag finds no tag, lexTag one of %d bytes", sn)
		}
		return ""
	}
	ft, st := &fast.tok, &slow.tok
	switch {
	case n != sn || kind != skind:
		return fmt.Sprintf("lexWholeTag %d bytes, kind %d; lexTag %d, %d", n, kind, sn, skind)
	case ft.Name != st.Name:
		return fmt.Sprintf("name %v, lexTag %v", ft.Name, st.Name)
	case !slices.Equal(ft.Attrs, st.Attrs):
		return fmt.Sprintf("attributes %v, lexTag %v", ft.Attrs, st.Attrs)
	case fast.rawTag != slow.rawTag:
		return fmt.Sprintf("raw-text element %q, lexTag %q", fast.rawTag, slow.rawTag)
	}
	return ""
}

// TestWholeTag holds the one-pass path of whole tags to the state machine
// on the hand-made documents, tags of every raw-text element in mixed
// case, and a generated page.
func TestWholeTag(t *testing.T) {
	docs := slices.Clone(lexCases)
	for _, name := range rawTags {
		upper := []byte(name)
		for i := range upper {
			if i%2 == 0 {
				upper[i] -= 'a' - 'A'
			}
		}
		docs = append(docs, "<"+name+">", "<"+string(upper)+" a=b>", "<"+name+"x>", "<"+name[:len(name)-1]+">", "</"+name+">")
	}
	docs = append(docs, `<a href="x" b c=d e = 'f' g==h / i/ j=k/>`, "<a\x00b=\"\x00\">", `<svg><a xlink:href=x y=">"/>`,
		string(scantest.Page(8<<10, 5)))
	for _, doc := range docs {
		t.Run(fmt.Sprintf("%.40q", doc), func(t *testing.T) {
			if d := wholeDiffers([]byte(doc)); d != "" {
				t.Fatal(d)
			}
		})
	}
}

// TestSkip: with Skip, Next returns the tokens it returns without Skip
// that are start tags with attributes, tags named like "style", or pieces
// of long tags, at the same offsets, and Last is the offset of the last
// token either way.
func TestSkip(t *testing.T) {
	docs := append(slices.Clone(lexCases), string(scantest.Page(64<<10, 9)),
		`<p a=1><STYLE>x</STYLE><br><img src=x /><!--c--></p  ><title>t</title><a href=`+strings.Repeat("y", 100)+`>`)
	for _, doc := range docs {
		for _, limit := range []int{0, 40} {
			t.Run(fmt.Sprintf("%.30q/%d", doc, limit), func(t *testing.T) {
				all := New(&splitReader{data: []byte(doc), sizes: []int{7}}, 0)
				all.limit = limit
				var want []string
				var last int64
				for all.Next() {
					tok := all.Token()
					last = all.Offset()
					keep := (tok.Kind == StartTag || tok.Kind == SelfClosingTag) && (len(tok.Attrs) > 0 || tok.Name.End-tok.Name.Start == 5) ||
						(tok.Kind == StartTag || tok.Kind == SelfClosingTag || tok.Kind == EndTag) && (tok.More || tok.Cont)
					if keep {
						want = append(want, fmt.Sprintf("%d %d %q", all.Offset(), tok.Kind, tok.Raw))
					}
				}
				sk := New(&splitReader{data: []byte(doc), sizes: []int{7}}, 0)
				sk.limit = limit
				sk.Skip = true
				var got []string
				for sk.Next() {
					got = append(got, fmt.Sprintf("%d %d %q", sk.Offset(), sk.Token().Kind, sk.Token().Raw))
				}
				if !slices.Equal(got, want) {
					t.Fatalf("with Skip:\n%q\nwant\n%q", got, want)
				}
				if sk.Last() != last {
					t.Fatalf("Last = %d, want %d", sk.Last(), last)
				}
			})
		}
	}
}
