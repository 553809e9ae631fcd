package charset

import (
	"fmt"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/transform"
)

// A Fallback says what [Charset.Encode] does with a character the charset
// cannot represent.
type Fallback uint8

const (
	// FallbackError makes such a character an *EncodeError.
	FallbackError Fallback = iota
	// FallbackNCR writes it as an HTML/XML numeric character reference in
	// hexadecimal, "&#x20AC;" for U+20AC, as Section 6.3 of
	// draft-duerst-iri-bis-07 recommends for IRIs in HTML and XML.
	FallbackNCR
	// FallbackPercent writes it as its UTF-8 bytes percent-encoded,
	// "%E2%82%AC" for U+20AC: the escape of Sections 3.6 and 6.3 of
	// draft-duerst-iri-bis-07, for text inside an IRI.
	FallbackPercent
)

func (f Fallback) String() string {
	switch f {
	case FallbackError:
		return "error"
	case FallbackNCR:
		return "ncr"
	case FallbackPercent:
		return "percent"
	}
	return fmt.Sprintf("Fallback(%d)", uint8(f))
}

// EncodeError reports text that [Charset.Encode] could not encode: a
// character outside the charset's repertoire under FallbackError, or
// invalid UTF-8.
type EncodeError struct {
	Charset string // canonical name
	Rune    rune   // the character; utf8.RuneError for invalid UTF-8
	Offset  int    // byte offset of the character in the text
	Invalid bool   // the text is not valid UTF-8 at Offset
}

// Error says what went wrong and where.
func (e *EncodeError) Error() string {
	if e.Invalid {
		return fmt.Sprintf("charset: invalid UTF-8 at byte %d of text to encode in %s", e.Offset, e.Charset)
	}
	return fmt.Sprintf("charset: %U %q at byte %d cannot be encoded in %s", e.Rune, e.Rune, e.Offset, e.Charset)
}

// Encode appends the UTF-8 text s, encoded in the charset, to dst and
// returns the extended buffer. A character the charset cannot represent
// goes through the fallback fb. The output of a stateful charset
// (ISO-2022-JP) starts and ends in its initial ASCII state; see
// [Map.Bracket]. No byte order mark is written. The "replacement" charset
// encodes as UTF-8, as the WHATWG Encoding Standard says.
//
// s must be valid UTF-8; if it is not, or if fb is FallbackError and a
// character cannot be encoded, Encode returns dst with the text encoded up
// to that character and an *EncodeError.
func (cs *Charset) Encode(dst []byte, s string, fb Fallback) ([]byte, error) {
	// Transformers never write to their source, so s is not copied.
	src := unsafe.Slice(unsafe.StringData(s), len(s))
	if !utf8.Valid(src) {
		n := validUTF8(src)
		dst, _ = cs.Encode(dst, s[:n], fb)
		return dst, &EncodeError{Charset: cs.name, Rune: utf8.RuneError, Offset: n, Invalid: true}
	}
	if cs.kind == kindUTF8 || cs.kind == kindReplacement {
		return append(dst, s...), nil
	}
	t := cs.encoder()
	defer cs.putEncoder(t)
	off, grow := 0, false
	for {
		if room := cap(dst) - len(dst); room < 2*len(src)+16 || grow {
			dst = append(dst[:cap(dst)], make([]byte, 2*len(src)+16+cap(dst)/2)...)[:len(dst)]
		}
		nDst, nSrc, err := t.Transform(dst[len(dst):cap(dst)], src, true)
		grow = err == transform.ErrShortDst
		dst = dst[:len(dst)+nDst]
		src = src[nSrc:]
		off += nSrc
		switch err.(type) {
		case nil:
			return dst, nil
		case interface{ Replacement() byte }:
		default:
			if err == transform.ErrShortDst {
				continue
			}
			return dst, &EncodeError{Charset: cs.name, Rune: utf8.RuneError, Offset: off, Invalid: true}
		}
		// A character outside the repertoire. The ISO-2022-JP encoder has
		// returned to ASCII; every charset that needs a fallback is ASCII
		// compatible, so the ASCII fallback is appended as it is.
		r, size := utf8.DecodeRune(src)
		switch fb {
		case FallbackNCR:
			dst = appendNCR(dst, r)
		case FallbackPercent:
			dst = appendPercent(dst, r)
		default:
			return dst, &EncodeError{Charset: cs.name, Rune: r, Offset: off}
		}
		src = src[size:]
		off += size
	}
}

const hexDigits = "0123456789ABCDEF"

// appendNCR appends "&#xHHHH;" for r, in upper-case hexadecimal without
// leading zeros.
func appendNCR(dst []byte, r rune) []byte {
	dst = append(dst, "&#x"...)
	shift := 28
	for shift > 0 && r>>shift == 0 {
		shift -= 4
	}
	for ; shift >= 0; shift -= 4 {
		dst = append(dst, hexDigits[r>>shift&0xf])
	}
	return append(dst, ';')
}

// appendPercent appends the UTF-8 bytes of r, each as "%HH".
func appendPercent(dst []byte, r rune) []byte {
	var b [utf8.UTFMax]byte
	for _, c := range b[:utf8.EncodeRune(b[:], r)] {
		dst = append(dst, '%', hexDigits[c>>4], hexDigits[c&0xf])
	}
	return dst
}
