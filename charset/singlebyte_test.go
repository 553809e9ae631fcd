package charset

import (
	"testing"
	"unicode/utf8"
)

// The width and validity tables of the single-byte charsets, made from
// their charmaps, say what the x/text decoder (WHATWG Encoding) does with
// each byte on its own.
func TestSingleByteTables(t *testing.T) {
	for _, cs := range All() {
		if cs.kind != kindSingleByte {
			continue
		}
		dec := cs.enc.NewDecoder()
		for b := 0; b < 256; b++ {
			out, err := dec.Bytes([]byte{byte(b)})
			r, n := utf8.DecodeRune(out)
			if err != nil || n != len(out) || cs.sbWidth[b] != uint8(n) || cs.sbInvalid[b] != (r == utf8.RuneError) {
				t.Errorf("%s byte %#x: table %d %v, decoder %q", cs, b, cs.sbWidth[b], cs.sbInvalid[b], out)
			}
		}
	}
}
