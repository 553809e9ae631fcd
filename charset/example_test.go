package charset_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/iriscan/iriscan/charset"
)

func ExampleDetect() {
	page := []byte(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">`)
	cs, rule, err := charset.Detect(page, charset.Hint{Format: charset.FormatHTML})
	fmt.Println(cs.Name(), rule, err)

	cs, rule, _ = charset.Detect(nil, charset.Hint{Format: charset.FormatMail, ContentType: `text/plain; charset="ISO-2022-JP"`})
	fmt.Println(cs.Name(), rule, cs.IsUCS())
	// Output:
	// shift_jis meta <nil>
	// iso-2022-jp content-type false
}

// A rewriter finds an IRI in the decoded text, maps it back to the source
// bytes, and replaces only those: everything else, here an invalid byte
// and a vendor-extension character that would not survive a decode and
// re-encode, is copied as it is.
func ExampleDecoder() {
	cs, _ := charset.Lookup("shift_jis")
	// "①\x81 see http://日本.jp/ now", with a stray lead byte 0x81.
	src := []byte("\x87\x40\x81 see http://\x93\xfa\x96\x7b.jp/ now")

	d := cs.NewDecoder()
	text, _ := d.Bytes(src)
	fmt.Printf("%s\n", text)

	i := int64(bytes.Index(text, []byte("http")))
	j := i + int64(len("http://日本.jp/"))
	s, e := d.Map().SourceOffset(i), d.Map().SourceOffset(j)
	fmt.Printf("IRI at source bytes %d:%d\n", s, e)

	repl, _ := cs.Encode(nil, "http://日本.example/", charset.FallbackNCR)
	out := append(append(append([]byte{}, src[:s]...), repl...), src[e:]...)
	fmt.Printf("%q\n", out)
	fmt.Println(d.InvalidCount(), d.Invalid()[0].Offset)
	// Output:
	// ①� see http://日本.jp/ now
	// IRI at source bytes 8:23
	// "\x87@\x81 see http://\x93\xfa\x96{.example/ now"
	// 1 2
}

func ExampleReader() {
	cs, _ := charset.Lookup("euc-jp")
	r := charset.NewReader(strings.NewReader("\xc6\xfc\xcb\xdc http://example.jp/"), cs)
	for {
		text, err := r.Next()
		if err == io.EOF {
			break
		}
		start := r.Map().DecodedEnd() - int64(len(text))
		i := int64(strings.Index(string(text), "http"))
		fmt.Printf("%s: http at decoded %d, source %d\n", text, start+i, r.Map().SourceOffset(start+i))
	}
	// Output:
	// 日本 http://example.jp/: http at decoded 7, source 5
}

func ExampleCharset_Encode() {
	cs, _ := charset.Lookup("windows-1252")
	for _, fb := range []charset.Fallback{charset.FallbackNCR, charset.FallbackPercent, charset.FallbackError} {
		b, err := cs.Encode(nil, "café/Ω", fb)
		fmt.Printf("%s: %q %v\n", fb, b, err)
	}
	// Output:
	// ncr: "caf\xe9/&#x3A9;" <nil>
	// percent: "caf\xe9/%CE%A9" <nil>
	// error: "caf\xe9/" charset: U+03A9 'Ω' at byte 6 cannot be encoded in windows-1252
}

func ExampleLookup() {
	for _, label := range []string{"Shift_JIS", "latin1", "utf8", "x-klingon"} {
		cs, err := charset.Lookup(label)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(label, "→", cs.Name(), cs.IsUCS())
	}
	// Output:
	// Shift_JIS → shift_jis false
	// latin1 → windows-1252 false
	// utf8 → utf-8 true
	// charset: unknown charset label "x-klingon"
}

// In ISO-2022-JP a replacement must leave the bytes after it in the shift
// state they were written in.
func ExampleMap_Bracket() {
	cs, _ := charset.Lookup("iso-2022-jp")
	// "x/日本" where the IRI x/日 ends inside a run of JIS X 0208.
	src := []byte("x/\x1b$BF|K\\\x1b(B")
	d := cs.NewDecoder()
	text, _ := d.Bytes(src)
	end := int64(len("x/日"))
	s, e := d.Map().SourceOffset(0), d.Map().SourceOffset(end)
	pre, suf := d.Map().Bracket(0, end)
	repl, _ := cs.Encode(nil, "y/日", charset.FallbackNCR)
	out := append(append(append(append([]byte{}, pre...), repl...), suf...), src[e:]...)
	fmt.Printf("%s %d:%d %q\n", text, s, e, out)
	again, _ := cs.NewDecoder().Bytes(out)
	fmt.Printf("%s\n", again)
	// Output:
	// x/日本 0:7 "y/\x1b$BF|\x1b(B\x1b$BK\\\x1b(B"
	// y/日本
}

// A KOI8-R file without a label: Detect guesses, and Sniff on the same
// prefix says how sure the guess is.
func ExampleSniff() {
	koi8, _ := charset.Lookup("koi8-r")
	src, _ := koi8.Encode(nil, "Документация проекта: http://example.org/docs/ (на русском языке).\n", charset.FallbackError)
	cs, rule, _ := charset.Detect(src, charset.Hint{})
	g := charset.Sniff(src)
	fmt.Println(cs, rule, g.Confidence, g.Invalid)

	// Two Cyrillic letters are too little to be sure of.
	src, _ = koi8.Encode(nil, "Да: http://example.org/\n", charset.FallbackError)
	g = charset.Sniff(src)
	fmt.Println(g.Charset, g.Confidence)
	// Output:
	// koi8-r sniffed strong 0
	// koi8-r weak
}

// A caller in JavaScript or Python slices the decoded string by UTF-16
// units or code points, not by bytes: Units counts them as the text
// streams past. Here a UTF-16 document with a byte order mark, which
// counts in neither.
func ExampleUnits() {
	src := []byte{0xFF, 0xFE} // UTF-16LE BOM, then "😀 http://a.example/"
	for _, u := range []uint16{0xD83D, 0xDE00, ' ', 'h', 't', 't', 'p', ':', '/', '/', 'a', '.', 'e', 'x', 'a', 'm', 'p', 'l', 'e', '/'} {
		src = append(src, byte(u), byte(u>>8))
	}
	r := charset.NewReaderBytes(src, charset.UTF16LE)
	r.SetKeep(0) // this example looks back at the whole text
	var units charset.Units
	var text []byte
	for {
		chunk, err := r.Next()
		units.Add(chunk)
		text = append(text, chunk...)
		if err != nil {
			break
		}
	}
	start := int64(bytes.Index(text, []byte("http")))
	cp, u16, _ := units.At(start)
	fmt.Println("bytes of UTF-8:", start, "source bytes:", r.Map().SourceOffset(start), "code points:", cp, "UTF-16 units:", u16)
	// Output:
	// bytes of UTF-8: 5 source bytes: 8 code points: 2 UTF-16 units: 3
}
