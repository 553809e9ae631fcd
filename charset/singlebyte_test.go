package charset

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

// checkSingleByte compares decodeSingleByte with the x/text decoder of cs,
// the source of its table, on src with a dst of n bytes: the same counts,
// error and bytes.
func checkSingleByte(t *testing.T, cs *Charset, src []byte, n int) {
	t.Helper()
	got := make([]byte, n)
	gd, gs, gerr := cs.decodeSingleByte(got, src)
	want := make([]byte, n)
	wd, ws, werr := cs.enc.NewDecoder().Transformer.Transform(want, src, true)
	if gd != wd || gs != ws || gerr != werr || !bytes.Equal(got[:gd], want[:wd]) {
		t.Fatalf("%s, %x into %d bytes: %d, %d, %v %q; x/text %d, %d, %v %q", cs, src, n, gd, gs, gerr, got[:gd], wd, ws, werr, want[:wd])
	}
}

// TestSingleByteTransform: every byte of every single-byte charset, alone
// and in ASCII text, into a dst of every size up to the whole (x/text
// stops before the first character that does not fit).
func TestSingleByteTransform(t *testing.T) {
	var all []byte
	for b := range 256 {
		all = append(all, byte(b))
	}
	text := []byte("Caf\xe9 \x93quoted\x94 \x80 http://example.com/\xe4\xf6\xfc \x81\x8d\x8f\x90\x9d end of a longer line.")
	for _, cs := range charsetsOfKind(kindSingleByte) {
		t.Run(cs.Name(), func(t *testing.T) {
			for _, src := range [][]byte{all, text, bytes.Repeat([]byte("ascii only "), 10), nil} {
				for n := range 3*len(src) + 2 {
					checkSingleByte(t, cs, src, n)
				}
			}
		})
	}
}

// FuzzSingleByteTransform: decodeSingleByte is the x/text decoder, for any
// bytes, charset and room.
func FuzzSingleByteTransform(f *testing.F) {
	f.Add([]byte("Caf\xe9 \x93quoted\x94 http://example.com/"), uint8(0), uint16(7))
	f.Add(bytes.Repeat([]byte{0x80, 'a', 0xff}, 9), uint8(5), uint16(40))
	css := charsetsOfKind(kindSingleByte)
	f.Fuzz(func(t *testing.T, src []byte, k uint8, n uint16) {
		checkSingleByte(t, css[int(k)%len(css)], src, int(n)%(3*len(src)+9))
	})
}

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
			if err != nil || n != len(out) || cs.sbWidth[b] != uint8(n) || cs.sbInvalid[b] != (r == utf8.RuneError) || string(cs.sbUTF8[b][:n]) != string(out) {
				t.Errorf("%s byte %#x: table %d %v, decoder %q", cs, b, cs.sbWidth[b], cs.sbInvalid[b], out)
			}
		}
	}
}
