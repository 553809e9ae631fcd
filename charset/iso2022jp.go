package charset

import (
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"
)

// iso2022JP is the x/text ISO-2022-JP encoding with the package's own
// decoder; the encoder is x/text's.
type iso2022JP struct{ encoding.Encoding }

func (iso2022JP) NewDecoder() *encoding.Decoder {
	return &encoding.Decoder{Transformer: new(iso2022JPDecoder)}
}

// iso2022JPDecoder decodes ISO-2022-JP as the x/text decoder does (RFC 1468
// with the JIS X 0201 katakana of ESC ( I and the JIS X 0212 of
// ESC $ ( D; ESC ( J reads as ASCII; LF in a two-byte state returns to
// ASCII), except for which bytes make a two-byte character. There it
// follows the WHATWG Encoding Standard (ISO-2022-JP decoder, lead byte and
// trail byte states): both bytes are in 0x21–0x7E. A lead byte outside that
// range is an error on its own. After a lead byte, ESC ends the character
// as an error and is read again; any other byte outside 0x21–0x7E is an
// error together with the lead.
//
// The x/text decoder instead takes whatever byte follows as the second
// one, so that one stray byte before ESC ( B swallows the escape and turns
// the ASCII text after it, URLs included, into kanji; and a rewriter that
// puts ESC ( B after a lead byte left alone at the end of a document
// changes how that byte decodes.
type iso2022JPDecoder struct{ state uint8 }

// jisTables holds JIS X 0208 and JIS X 0212, indexed by
// (lead−0x21)×94 + trail−0x21; 0 is unmapped. They are read out of the
// x/text decoder once, so that both decoders share one mapping.
var jisTables = sync.OnceValue(func() *[2][94 * 94]uint16 {
	t := new([2][94 * 94]uint16)
	for k, esc := range []string{"\x1b$B", "\x1b$(D"} {
		src := make([]byte, 0, len(esc)+2*94*94)
		src = append(src, esc...)
		for lead := byte(0x21); lead <= 0x7e; lead++ {
			for trail := byte(0x21); trail <= 0x7e; trail++ {
				src = append(src, lead, trail)
			}
		}
		out, _ := japanese.ISO2022JP.NewDecoder().Bytes(src)
		i := 0
		for _, r := range string(out) {
			if r != utf8.RuneError && r <= 0xffff {
				t[k][i] = uint16(r)
			}
			i++
		}
		if i != 94*94 {
			panic("charset: x/text decodes JIS X 0208/0212 pairs to other than one rune each")
		}
	}
	return t
})

func (d *iso2022JPDecoder) Reset() { d.state = stASCII }

func (d *iso2022JPDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	tables := jisTables()
	for nSrc < len(src) {
		c := src[nSrc]
		r, size := utf8.RuneError, 1
		switch {
		case c == 0x1b:
			if nSrc+2 >= len(src) {
				if !atEOF {
					return nDst, nSrc, transform.ErrShortSrc
				}
				break
			}
			next, n := d.state, 3
			switch c1, c2 := src[nSrc+1], src[nSrc+2]; {
			case c1 == '$' && (c2 == '@' || c2 == 'B'):
				next = stJIS0208
			case c1 == '$' && c2 == '(':
				if nSrc+3 >= len(src) {
					if !atEOF {
						return nDst, nSrc, transform.ErrShortSrc
					}
					n = 0
				} else if src[nSrc+3] == 'D' {
					next, n = stJIS0212, 4
				} else {
					n = 0
				}
			case c1 == '(' && (c2 == 'B' || c2 == 'J'):
				next = stASCII
			case c1 == '(' && c2 == 'I':
				next = stKana
			default:
				n = 0
			}
			if n > 0 {
				d.state = next
				nSrc += n
				continue
			}
		case c >= utf8.RuneSelf:
		case d.state == stASCII:
			r = rune(c)
		case d.state == stKana:
			if 0x21 <= c && c < 0x60 {
				r = rune(c) + 0xff61 - 0x21
			}
		case c == '\n':
			d.state = stASCII
			r = '\n'
		case c-0x21 >= 0x5e: // not a lead byte
		case nSrc+1 == len(src):
			if !atEOF {
				return nDst, nSrc, transform.ErrShortSrc
			}
		default:
			c1 := src[nSrc+1]
			if c1 == 0x1b {
				break // read again
			}
			size = 2
			if c1-0x21 < 0x5e {
				k := 0
				if d.state == stJIS0212 {
					k = 1
				}
				if v := tables[k][int(c-0x21)*94+int(c1-0x21)]; v != 0 {
					r = rune(v)
				}
			}
		}
		if r < utf8.RuneSelf {
			if nDst == len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = byte(r)
			nDst++
		} else {
			if nDst+utf8.RuneLen(r) > len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			nDst += utf8.EncodeRune(dst[nDst:], r)
		}
		nSrc += size
	}
	return nDst, nSrc, nil
}
