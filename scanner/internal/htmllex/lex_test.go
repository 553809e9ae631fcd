package htmllex

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/iriscan/iriscan/scanner/scantest"

	xhtml "golang.org/x/net/html"
)

var nul, replacement = []byte{0}, []byte("\ufffd")

// convertNewlines turns CR LF and CR into LF, as x/net/html does in text
// and attribute values.
func convertNewlines(b []byte) []byte {
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(b, []byte("\r"), []byte("\n"))
}

// appendText decodes the references of text.
func appendText(dst, b []byte) []byte {
	for {
		k := bytes.IndexByte(b, '&')
		if k < 0 {
			return append(dst, b...)
		}
		dst = append(dst, b[:k]...)
		b = b[k:]
		var n int
		if dst, n = AppendRef(dst, b, false); n == 0 {
			dst, n = append(dst, '&'), 1
		}
		b = b[n:]
	}
}

// describe renders a token as x/net/html's Tokenizer tells it: type, raw
// bytes, tag name, attributes (first of each name) and text.
func describeNet(dst []byte, z *xhtml.Tokenizer, tt xhtml.TokenType) []byte {
	dst = append(append(dst, byte(tt), sep), z.Raw()...)
	switch tt {
	case xhtml.StartTagToken, xhtml.SelfClosingTagToken, xhtml.EndTagToken:
		name, more := z.TagName()
		dst = append(append(dst, sep), name...)
		for more {
			var k, v []byte
			k, v, more = z.TagAttr()
			dst = append(append(append(append(dst, sep), k...), sep), v...)
		}
	case xhtml.TextToken:
		dst = append(append(dst, sep), z.Text()...)
	}
	return dst
}

// sep separates the parts of a token's description.
const sep = 0xff

var kindNames = map[Kind]xhtml.TokenType{
	Text: xhtml.TextToken, StartTag: xhtml.StartTagToken, SelfClosingTag: xhtml.SelfClosingTagToken,
	EndTag: xhtml.EndTagToken, Comment: xhtml.CommentToken, Doctype: xhtml.DoctypeToken,
}

func describeLex(dst []byte, t *Token) []byte {
	raw := t.Raw
	dst = append(append(dst, byte(kindNames[t.Kind]), sep), raw...)
	switch t.Kind {
	case StartTag, SelfClosingTag, EndTag:
		name := bytes.ReplaceAll(raw[t.Name.Start:t.Name.End], nul, replacement)
		dst = append(append(dst, sep), asciiLower(name)...)
		var seen []string
		for _, a := range t.Attrs {
			k := string(asciiLower(bytes.ReplaceAll(raw[a.Name.Start:a.Name.End], nul, replacement)))
			if k == "" || slices.Contains(seen, k) {
				continue
			}
			seen = append(seen, k)
			v := bytes.ReplaceAll(raw[a.Value.Start:a.Value.End], nul, replacement)
			dst = append(append(append(append(dst, sep), k...), sep), AppendAttrValue(nil, convertNewlines(v))...)
		}
	case Text:
		txt := convertNewlines(raw)
		if t.RawText != NotRaw {
			txt = bytes.ReplaceAll(txt, nul, replacement)
		}
		if t.RawText != RawText {
			txt = appendText(nil, txt)
		}
		dst = append(append(dst, sep), txt...)
	}
	return dst
}

// splitReader returns its data in reads of the given sizes, cycled.
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

// differ feeds doc to x/net/html's Tokenizer and to a Lexer reading it in
// reads of chunk bytes, and returns the first token where they differ.
func differ(doc []byte, chunk int) string {
	return differLimit(doc, chunk, 0)
}

// differLimit is differ with a Lexer that cuts tokens longer than limit
// into pieces, put together again for the comparison.
func differLimit(doc []byte, chunk, limit int) string {
	z := xhtml.NewTokenizer(bytes.NewReader(doc))
	l := New(&splitReader{data: doc, sizes: []int{chunk}}, 0)
	l.limit = limit
	// A small buffer, so that tags and other tokens are cut by its end
	// and read again (lexTag rather than lexWholeTag).
	l.buf = make([]byte, MinLimit)
	if limit > 0 {
		l.buf = make([]byte, 8) // grown to the limit, as a long token would
	}
	if limit > 0 {
		return differPieces(z, l)
	}
	var want, got []byte
	var off int64
	for k := 0; ; k++ {
		tt := z.Next()
		ok := l.Next()
		if tt == xhtml.ErrorToken || !ok {
			if tt == xhtml.ErrorToken && !ok {
				return ""
			}
			if ok {
				return fmt.Sprintf("token %d: x/net/html ends (%v), lexer: %q", k, z.Err(), describeLex(nil, l.Token()))
			}
			return fmt.Sprintf("token %d: lexer ends, x/net/html: %q", k, describeNet(nil, z, tt))
		}
		if l.Offset() != off {
			return fmt.Sprintf("token %d: offset %d, want %d", k, l.Offset(), off)
		}
		off += int64(len(z.Raw()))
		want, got = describeNet(want[:0], z, tt), describeLex(got[:0], l.Token())
		if !bytes.Equal(want, got) {
			return fmt.Sprintf("token %d at %d:\n\tx/net/html %q\n\tlexer      %q", k, l.Offset(), want, got)
		}
	}
}

// lexCases are hand-made documents for each tokenizer state.
var lexCases = []string{
	``, `x`, `<`, `<a`, `<a href`, `<a href=`, `<a href="x`, `<a href="x"`, `</`, `</a`, `</>`, `</ x>`, `</1>`, `<!`, `<!-`, `<!--`, `<!---`, `<!-->`, `<!--->`,
	`<!---->`, `<!-- a -- b --!> c -->`, `<!-- x --!-->`, `<!-- x --!x> -->`, `<!DOCTYPE html>`, `<!doctype`, `<!DOCTYPE`, `<!DOCTYPE `, `<!DOC`, `<!DOCX>`, `<!>`,
	`<?xml version="1.0"?>`, `<?`, `a<b`, `a < b`, `a<1`, `<<a>`, `<a/>`, `<a />`, `<a b/>`, `<a b=/>`, `<a b="/"/>`, `<a b=c/>`, `<a b c=d e = "f" g='h'>`,
	`<a =b>`, `<a ==b>`, `<a b==c>`, `<a b=c=d>`, `<a b='>'>`, `<a b=">">`, `<a b=>`, `<a/b/c>`, `<a b="1" B="2" b=3>`, `<a b="1" B="2"/>`, `<a b="1" B/>`,
	`<A HREF=x>`, "<a\tb\nc\rd\fe>", `<a b = c>`, `<a b= >`, `<br/ >`, `</a b="c">`, `</a/>`,
	`<script>a</script>`, `<script>a</SCRIPT >`, `<script>a</scripts></script>`, `<script><!--a</script>`, `<script><!--<script>a</script>b</script>c`,
	`<script><!--<script>a--></script>b`, `<script><!--<scriptx></script>`, `<script><!-- - -> </script>`, `<script><!--->a</script>`, `<script><!a</script>`,
	`<script><!-a</script>`, `<script><</script>`, `<script></</script>`, `<script><!--<SCRIPT>--><</script>`, `<script><!--<script></script ></script>x`,
	`<script><!--<s</script>`, `<script><!--<!--</script>`, `<script><!--<a</script>`, `<script><!--</a</script>`, `<script>`, `<script><!--`, `<script><!--<script>`,
	`<script/>x</script>`, `<style>a</style>`, `<style>a</sty`, `<title>a&amp;b</title>`, `<textarea><a>&lt;</textarea>`, `<xmp><a></xmp>`, `<iframe>x</iframe>`,
	`<noscript><p>x</p></noscript>`, `<noembed>x</noembed>`, `<noframes>x</noframes>`, `<plaintext>a</plaintext><b>`, `<PlainText>x`, `<title></title>`,
	`<title>x</title`, `<title>x</titlex></title>`, `<scriptx>a</scriptx>`, `<svg><![CDATA[x]]></svg>`, `<![CDATA[<a>]]>`,
	"a\x00b<a b=\"\x00\">\r\n", `&amp;&copy=&lt`, "<p k=1 \u212a=/>", "<p \u017f=/ s=1/>", "<p s=/ \u017f=1/>", `<p>http://example.com/?a=1&amp;b=2</p>`,
}

func TestLexerDifferential(t *testing.T) {
	for _, doc := range lexCases {
		for _, chunk := range []int{1, 2, 3, 7, 4096} {
			if d := differ([]byte(doc), chunk); d != "" {
				t.Errorf("%q (reads of %d): %s", doc, chunk, d)
				break
			}
		}
	}
}

// TestLexerPages compares on generated pages and on the HTML
// documentation installed on this machine (Debian's /usr/share/doc), if any.
func TestLexerPages(t *testing.T) {
	docs := map[string][]byte{}
	for seed := range int64(4) {
		docs[fmt.Sprint("page ", seed)] = scantest.Page(256<<10, seed)
	}
	var files []string
	for _, pat := range []string{"/usr/share/doc/*/*.html", "/usr/share/doc/*/*/*.html", "/usr/share/doc/*/*/*/*.html"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) > 1000 {
		files = files[:1000]
	}
	for _, f := range files {
		if b, err := os.ReadFile(f); err == nil {
			docs[f] = b
		}
	}
	t.Logf("%d documents (%d from /usr/share/doc)", len(docs), len(files))
	for name, doc := range docs {
		chunks := []int{997, 64 << 10}
		if strings.HasPrefix(name, "/") {
			chunks = chunks[1:] // the installed pages: one read size, for time
		}
		for _, chunk := range chunks {
			if d := differ(doc, chunk); d != "" {
				t.Errorf("%s (reads of %d): %s", name, chunk, d)
			}
		}
	}
}

// FuzzLexer requires the Lexer to find x/net/html's tokens in any input,
// read in any chunks: the same kinds, raw bytes, tag names, attributes and
// text; and the one-pass path of whole tags to agree with the state
// machine on every tag of the input cut anywhere (wholeDiffers).
func FuzzLexer(f *testing.F) {
	for _, c := range lexCases {
		f.Add([]byte(c), uint8(3))
	}
	f.Add(scantest.Page(4<<10, 1), uint8(100))
	f.Fuzz(func(t *testing.T, doc []byte, chunk uint8) {
		if d := differ(doc, int(chunk)+1); d != "" {
			t.Fatalf("%q (reads of %d): %s", doc, int(chunk)+1, d)
		}
		limit := 16 + int(chunk)%48
		if d := differLimit(doc, int(chunk)%7+1, limit); d != "" {
			t.Fatalf("%q (limit %d, reads of %d): %s", doc, limit, int(chunk)%7+1, d)
		}
		if d := wholeDiffers(doc); d != "" {
			t.Fatal(d)
		}
	})
}

// asciiLower lowers the ASCII letters of b, as x/net/html does names.
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// BenchmarkLexer compares the Lexer with x/net/html's tokenize-and-Raw
// pass over the page of the scanner's HTML benchmark.
func BenchmarkLexer(b *testing.B) {
	page := scantest.Page(4<<20, 7)
	b.Run("Net", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		b.ReportAllocs()
		r := bytes.NewReader(page)
		for b.Loop() {
			r.Reset(page)
			z := xhtml.NewTokenizer(r)
			for z.Next() != xhtml.ErrorToken {
				_ = z.Raw()
			}
		}
	})
	b.Run("Lexer", func(b *testing.B) {
		b.SetBytes(int64(len(page)))
		b.ReportAllocs()
		r := bytes.NewReader(page)
		l := New(r, 0)
		for b.Loop() {
			r.Reset(page)
			l.Reset(r)
			for l.Next() {
			}
		}
	})
}

// merged is a token of a Lexer with its pieces put together.
type merged struct {
	tok  Token
	long bool // a piece cut its name or an attribute
	off  int64
}

// mergePieces reads all tokens of l, putting pieces together.
func mergePieces(l *Lexer) []merged {
	var ms []merged
	open := false // the last token may go on
	for l.Next() {
		t := l.Token()
		if open && t.Cont {
			m := &ms[len(ms)-1]
			d := len(m.tok.Raw)
			for _, a := range t.Attrs {
				if a.Long {
					m.long = true
					continue
				}
				a.Name.Start, a.Name.End, a.Value.Start, a.Value.End = a.Name.Start+d, a.Name.End+d, a.Value.Start+d, a.Value.End+d
				m.tok.Attrs = append(m.tok.Attrs, a)
			}
			m.tok.Raw = append(m.tok.Raw, t.Raw...)
			m.tok.Kind = t.Kind
			if m.tok.Name.End == d {
				m.long = true // the name may go on
			}
		} else {
			c := *t
			c.Raw = bytes.Clone(t.Raw)
			c.Attrs = slices.Clone(t.Attrs)
			ms = append(ms, merged{tok: c, off: l.Offset()})
		}
		open = t.More
	}
	if open && len(ms) > 0 && ms[len(ms)-1].tok.Kind != Text && ms[len(ms)-1].tok.Kind != Comment && ms[len(ms)-1].tok.Kind != Doctype {
		ms = ms[:len(ms)-1] // a tag cut by the end of the input: no token
	}
	return ms
}

// differPieces compares the tokens of z with the pieces of l put together:
// their kinds, raw bytes and text, and their names and attributes where no
// piece cut them. A tag cut by the end of the input is no token for z; l
// has given its first pieces.
func differPieces(z *xhtml.Tokenizer, l *Lexer) string {
	ms := mergePieces(l)
	var off int64
	var want, got []byte
	for k := 0; ; k++ {
		tt := z.Next()
		if tt == xhtml.ErrorToken || k == len(ms) {
			if tt == xhtml.ErrorToken && k == len(ms) {
				return ""
			}
			if k < len(ms) {
				return fmt.Sprintf("token %d: x/net/html ends (%v), lexer: %q", k, z.Err(), ms[k].tok.Raw)
			}
			return fmt.Sprintf("token %d: lexer ends, x/net/html: %q", k, describeNet(nil, z, tt))
		}
		m := &ms[k]
		if m.off != off {
			return fmt.Sprintf("token %d: offset %d, want %d", k, m.off, off)
		}
		off += int64(len(z.Raw()))
		want, got = describeNet(want[:0], z, tt), describeLex(got[:0], &m.tok)
		if m.long && (tt == xhtml.StartTagToken || tt == xhtml.SelfClosingTagToken || tt == xhtml.EndTagToken) {
			// Only the kind and raw bytes.
			if byte(tt) != got[0] || !bytes.Equal(z.Raw(), m.tok.Raw) {
				return fmt.Sprintf("token %d (long tag):\n\tx/net/html %v %q\n\tlexer      %q", k, tt, z.Raw(), got)
			}
			continue
		}
		if !bytes.Equal(want, got) {
			return fmt.Sprintf("token %d at %d:\n\tx/net/html %q\n\tlexer      %q", k, off, want, got)
		}
	}
}

// TestLexerPieces cuts the tokens of the hand-made documents and of a page
// into pieces of at most a few bytes.
func TestLexerPieces(t *testing.T) {
	docs := append([]string{}, lexCases...)
	docs = append(docs, string(scantest.Page(64<<10, 3)),
		`<a href="`+strings.Repeat("x", 100)+`">`+strings.Repeat("text ", 40)+`<!--`+strings.Repeat("-", 50)+`-->`,
		`<script>`+strings.Repeat("a<!--<script>--", 20)+`</script>`+`<p `+strings.Repeat("b=1 ", 30)+`c="`+strings.Repeat("/", 60)+`"/>`,
		// Whether a long tag closes itself: its "/>" cut, or the value
		// of its last attribute, begun in an earlier piece, ending in "/".
		"<A00000000000000000000000000000/>", "<p "+strings.Repeat("a", 40)+"/>", "<p a="+strings.Repeat("x", 40)+"/>",
		"<p b=1 a="+strings.Repeat("x", 40)+"/>", "<p a=1 A="+strings.Repeat("x", 40)+"/>", "<p a="+strings.Repeat("/", 60)+">",
		"<p "+strings.Repeat("x=1 ", 10)+strings.Repeat("a", 30)+"=1 "+strings.Repeat("y=2 ", 10)+strings.Repeat("A", 30)+"=/>",
		"<p a=1 "+strings.Repeat("b=2 ", 12)+"a=/>", "<p "+strings.Repeat("b", 40)+"="+strings.Repeat("x", 40)+"/>")
	for _, doc := range docs {
		for limit := 16; limit <= 100; limit += 1 + limit/20 {
			for _, chunk := range []int{1, 5, 64} {
				if d := differLimit([]byte(doc), chunk, limit); d != "" {
					t.Fatalf("%q (limit %d, reads of %d): %s", doc, limit, chunk, d)
				}
			}
		}
	}
}
