package charset

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"
)

// A Charset is a character encoding of the WHATWG Encoding Standard. The
// values returned by [Lookup] are shared and safe for concurrent use; compare
// them with ==.
type Charset struct {
	name string
	enc  encoding.Encoding
	kind kind

	// fffd is the encoding of U+FFFD in this charset, if it has one: a
	// decoded U+FFFD that came from these bytes is a character, not an
	// error.
	fffd string

	// Single-byte charsets: decoded UTF-8 length of each byte and whether
	// the byte is unassigned (decodes to U+FFFD).
	sbWidth   *[256]uint8
	sbInvalid *[256]bool
	sbUTF8    *[256][4]byte // the UTF-8 of each byte (sbWidth bytes)
	sbASCII   bool          // bytes below 0x80 decode to themselves

	encoders sync.Pool // of transform.Transformer
}

type kind uint8

const (
	kindUTF8 kind = iota
	kindSingleByte
	kindMultiByte // stateless: shift_jis, euc-jp, gbk, gb18030, big5, euc-kr
	kindISO2022JP
	kindUTF16
	kindReplacement
)

// Name returns the canonical WHATWG name of the charset, such as "utf-8",
// "shift_jis" or "windows-1252".
func (cs *Charset) Name() string { return cs.name }

// String returns the canonical name; it makes a *Charset print well.
func (cs *Charset) String() string { return cs.name }

// Encoding returns the golang.org/x/text encoding that implements the
// charset. For ISO-2022-JP its decoder is the package's own, which differs
// from x/text's in which bytes make a two-byte character (see [Decoder]).
func (cs *Charset) Encoding() encoding.Encoding { return cs.enc }

// IsUCS reports whether the charset is a Unicode encoding form (UTF-8,
// UTF-16LE, UTF-16BE). Section 3.1 of draft-duerst-iri-bis-07 applies NFC
// to an IRI only when it was read from a non-UCS charset; NFC is never
// applied to a whole document.
func (cs *Charset) IsUCS() bool { return cs.kind == kindUTF8 || cs.kind == kindUTF16 }

// The canonical names of the WHATWG Encoding Standard, in its order.
var names = [...]string{
	"utf-8",
	"ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5",
	"iso-8859-6", "iso-8859-7", "iso-8859-8", "iso-8859-8-i", "iso-8859-10",
	"iso-8859-13", "iso-8859-14", "iso-8859-15", "iso-8859-16", "koi8-r",
	"koi8-u", "macintosh", "windows-874", "windows-1250", "windows-1251",
	"windows-1252", "windows-1253", "windows-1254", "windows-1255",
	"windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic",
	"gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr",
	"replacement", "utf-16be", "utf-16le", "x-user-defined",
}

// charsets holds the charset of each of names, made the first time it is
// asked for (byName): making all of them, the tables of the single-byte
// ones with them, took a third of a millisecond at every start of a
// program.
var charsets [len(names)]struct {
	once sync.Once
	cs   *Charset
}

// nameIndex maps each of names to its index.
var nameIndex = func() map[string]int {
	m := make(map[string]int, len(names))
	for i, n := range names {
		m[n] = i
	}
	return m
}()

// Frequently used charsets.
var (
	UTF8        = mustGet("utf-8")
	UTF16LE     = mustGet("utf-16le")
	UTF16BE     = mustGet("utf-16be")
	Windows1252 = mustGet("windows-1252")
)

// byName returns the charset of a canonical name of names, nil for
// another name.
func byName(name string) *Charset {
	i, ok := nameIndex[name]
	if !ok {
		return nil
	}
	c := &charsets[i]
	c.once.Do(func() {
		cs, err := newCharset(name)
		if err != nil {
			panic(err) // x/text and this table disagree: a build problem.
		}
		c.cs = cs
	})
	return c.cs
}

func mustGet(name string) *Charset {
	cs := byName(name)
	if cs == nil {
		panic("charset: no charset " + name)
	}
	return cs
}

func newCharset(name string) (*Charset, error) {
	enc, err := htmlindex.Get(name)
	if err != nil {
		return nil, fmt.Errorf("charset: htmlindex has no %q", name)
	}
	cs := &Charset{name: name, enc: enc}
	switch name {
	case "utf-8":
		cs.kind = kindUTF8
	case "utf-16le", "utf-16be":
		cs.kind = kindUTF16
	case "iso-2022-jp":
		cs.kind = kindISO2022JP
		cs.enc = iso2022JP{enc}
	case "replacement":
		cs.kind = kindReplacement
	case "gbk", "gb18030", "big5", "euc-jp", "shift_jis", "euc-kr":
		cs.kind = kindMultiByte
	default:
		// Every other WHATWG encoding is a single-byte one: each byte
		// decodes to exactly one rune. Tabulate its width, by decoding it.
		cs.kind = kindSingleByte
		cs.sbWidth = new([256]uint8)
		cs.sbInvalid = new([256]bool)
		cs.sbUTF8 = new([256][4]byte)
		cs.sbASCII = true
		// A charmap (all of them but x/text's future additions) says
		// what each byte decodes to; the decoder is asked otherwise,
		// byte by byte (a millisecond at start-up for windows-1252).
		cm, isMap := enc.(interface{ DecodeByte(byte) rune })
		dec := enc.NewDecoder()
		for b := 0; b < 256; b++ {
			var r rune
			if isMap {
				r = cm.DecodeByte(byte(b))
			} else {
				out, err := dec.Bytes([]byte{byte(b)})
				var n int
				r, n = utf8.DecodeRune(out)
				if err != nil || n != len(out) {
					return nil, fmt.Errorf("charset: %s decodes byte %#x to %q", name, b, out)
				}
			}
			n := utf8.EncodeRune(cs.sbUTF8[b][:], r)
			cs.sbWidth[b] = uint8(n)
			cs.sbInvalid[b] = r == utf8.RuneError
			if b < utf8.RuneSelf && r != rune(b) {
				cs.sbASCII = false
			}
		}
	}
	if cs.kind != kindReplacement {
		if b, err := enc.NewEncoder().String("\uFFFD"); err == nil {
			cs.fffd = b
		}
	}
	cs.encoders.New = func() any { return enc.NewEncoder().Transformer }
	return cs, nil
}

// LabelError reports a charset label that the WHATWG Encoding Standard does
// not know.
type LabelError struct {
	Label string
}

// Error says what went wrong and where.
func (e *LabelError) Error() string {
	return fmt.Sprintf("charset: unknown charset label %q", e.Label)
}

// Lookup returns the charset for a WHATWG encoding label such as
// "Shift_JIS", "latin1" or "utf8". Labels are matched without regard to
// case or surrounding whitespace. As in browsers, "iso-8859-1", "latin1"
// and "us-ascii" name windows-1252. An unknown label returns a *LabelError
// that names it.
func Lookup(label string) (*Charset, error) {
	enc, err := htmlindex.Get(label)
	if err != nil {
		return nil, &LabelError{Label: label}
	}
	name, err := htmlindex.Name(enc)
	if err != nil {
		return nil, &LabelError{Label: label}
	}
	cs := byName(strings.ToLower(name))
	if cs == nil {
		return nil, &LabelError{Label: label}
	}
	return cs, nil
}

// All returns every charset, in the order of the WHATWG Encoding Standard.
func All() []*Charset {
	all := make([]*Charset, len(names))
	for i, n := range names {
		all[i] = byName(n)
	}
	return all
}

// encoder returns a reset encoder from the pool; give it back with
// putEncoder.
func (cs *Charset) encoder() transform.Transformer {
	t := cs.encoders.Get().(transform.Transformer)
	t.Reset()
	return t
}

func (cs *Charset) putEncoder(t transform.Transformer) { cs.encoders.Put(t) }
