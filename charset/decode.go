package charset

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// A Decoder decodes a document in one charset to UTF-8 and records, in its
// [Map], where every decoded rune came from in the source. It implements
// [transform.Transformer], so it can be used with transform.NewReader,
// transform.Chain and the like; [Reader] wraps it for chunked reading.
//
// Except for UTF-8, which is only validated, the decoding itself is done
// by the golang.org/x/text decoder of the charset, so the decoded text is
// exactly what x/text produces (WHATWG Encoding Standard decoders). The
// one exception is ISO-2022-JP, where a two-byte character is made only of
// bytes 0x21–0x7E as in the WHATWG decoder: a stray byte before an escape
// sequence is one U+FFFD and the escape still switches, where x/text would
// pair the byte with the ESC and read the ASCII text after it as kanji.
// Invalid byte sequences decode to U+FFFD; each is counted and, up to
// MaxReport of them, kept with its source offset. A byte order mark of the
// decoder's own charset (UTF-8, UTF-16LE, UTF-16BE) at the start of the
// stream is skipped: it decodes to nothing and maps to no rune.
//
// A Decoder is not safe for concurrent use.
type Decoder struct {
	// Strict makes the first invalid byte sequence an error: Transform
	// stops before it and returns an *InvalidError.
	Strict bool

	// MaxReport bounds how many invalid sequences Invalid keeps; 0 means
	// 100. InvalidCount counts them all.
	MaxReport int

	cs      *Charset
	inner   transform.Transformer // x/text decoder; nil for utf-8 and replacement
	probe   transform.Transformer // second x/text decoder, to size an error
	lead    *[256]uint8           // multi-byte: source width by lead byte
	m       Map
	started bool // the BOM check is done

	count   int64
	invalid []Invalid
}

// An Invalid is an invalid byte sequence of the source: where it starts
// and its bytes. It decodes to one U+FFFD.
type Invalid struct {
	Offset int64
	Bytes  []byte
}

// InvalidError is the error of a strict Decoder at the first invalid byte
// sequence.
type InvalidError struct {
	Charset string // canonical name
	Offset  int64  // source byte offset of the sequence
	Bytes   []byte // the invalid bytes
}

// Error says what went wrong and where.
func (e *InvalidError) Error() string {
	return fmt.Sprintf("charset: invalid %s sequence at byte %d", e.Charset, e.Offset)
}

// errOutOfStep reports a disagreement between the map and the x/text
// decoder; the fuzz tests exist so that it never happens.
var errOutOfStep = errors.New("charset: internal error: offset map out of step with decoder")

// NewDecoder returns a new Decoder for the charset.
func (cs *Charset) NewDecoder() *Decoder {
	d := &Decoder{cs: cs}
	switch cs.kind {
	case kindSingleByte, kindMultiByte, kindISO2022JP, kindUTF16:
		d.inner = cs.enc.NewDecoder().Transformer
		d.probe = cs.enc.NewDecoder().Transformer
	}
	if cs.kind == kindMultiByte {
		d.lead = leadWidths(cs.name)
	}
	return d
}

// Charset returns the charset the decoder decodes.
func (d *Decoder) Charset() *Charset { return d.cs }

// Map returns the decoder's offset map. It grows with every Transform; the
// consumer drops what it no longer needs with [Map.Discard].
func (d *Decoder) Map() *Map { return &d.m }

// InvalidCount returns the number of invalid byte sequences decoded so far.
func (d *Decoder) InvalidCount() int64 { return d.count }

// Invalid returns the first invalid byte sequences decoded so far, at most
// MaxReport of them, in source order.
func (d *Decoder) Invalid() []Invalid { return d.invalid }

// Reset resets the decoder to decode a new stream: it empties the map and
// the report of invalid sequences.
func (d *Decoder) Reset() {
	if d.inner != nil {
		d.inner.Reset()
	}
	d.m.reset()
	d.started = false
	d.count = 0
	d.invalid = d.invalid[:0]
}

// Bytes resets the decoder and decodes all of src, returning the UTF-8
// text; the map and the report then describe src.
func (d *Decoder) Bytes(src []byte) ([]byte, error) {
	d.Reset()
	dst := make([]byte, 0, len(src)+len(src)/2+16)
	for {
		nDst, nSrc, err := d.Transform(dst[len(dst):cap(dst)], src, true)
		dst = dst[:len(dst)+nDst]
		src = src[nSrc:]
		switch err {
		case nil:
			return dst, nil
		case transform.ErrShortDst:
			dst = append(dst, make([]byte, len(src)*3+16)...)[:len(dst)]
		default:
			return dst, err
		}
	}
}

// bom returns the byte order mark of the charset, if it has one.
func (cs *Charset) bom() string {
	switch cs {
	case UTF8:
		return "\xef\xbb\xbf"
	case UTF16LE:
		return "\xff\xfe"
	case UTF16BE:
		return "\xfe\xff"
	}
	return ""
}

// Transform implements [transform.Transformer]: it decodes src into dst
// and appends to the map what it decoded.
func (d *Decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if !d.started {
		bom := d.cs.bom()
		if len(src) < len(bom) && !atEOF && bom[:len(src)] == string(src) {
			return 0, 0, transform.ErrShortSrc
		}
		d.started = true
		if bom != "" && len(src) >= len(bom) && string(src[:len(bom)]) == bom {
			d.m.skip(len(bom))
			nDst, nSrc, err = d.transform(dst, src[len(bom):], atEOF)
			return nDst, nSrc + len(bom), err
		}
	}
	return d.transform(dst, src, atEOF)
}

func (d *Decoder) transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	switch d.cs.kind {
	case kindUTF8:
		return d.decodeUTF8(dst, src, atEOF)
	case kindReplacement:
		return d.decodeReplacement(dst, src)
	}
	if d.cs.kind == kindSingleByte {
		nDst, nSrc, err = d.cs.decodeSingleByte(dst, src)
	} else {
		nDst, nSrc, err = d.inner.Transform(dst, src, atEOF)
	}
	var i, j int
	var bad bool
	switch d.cs.kind {
	case kindSingleByte:
		i, j, bad = d.walkSingleByte(dst[:nDst], src[:nSrc])
	case kindMultiByte:
		i, j, bad = d.walkMultiByte(dst[:nDst], src, nSrc, atEOF)
	case kindISO2022JP:
		i, j, bad = d.walkISO2022JP(dst[:nDst], src, nSrc, atEOF)
	case kindUTF16:
		i, j, bad = d.walkUTF16(dst[:nDst], src, nSrc, atEOF)
	}
	if bad { // strict, stopped before an invalid sequence
		return j, i, d.strictError()
	}
	if i != nSrc || j != nDst {
		return j, i, errOutOfStep
	}
	return nDst, nSrc, err
}

// report records an invalid sequence at source offset off. In strict mode
// it returns true, and the caller must stop before the sequence.
func (d *Decoder) report(off int64, b []byte) (stop bool) {
	d.count++
	max := d.MaxReport
	if max <= 0 {
		max = 100
	}
	if len(d.invalid) < max {
		d.invalid = append(d.invalid, Invalid{Offset: off, Bytes: bytes.Clone(b)})
	}
	return d.Strict
}

func (d *Decoder) strictError() error {
	v := d.invalid[len(d.invalid)-1]
	return &InvalidError{Charset: d.cs.name, Offset: v.Offset, Bytes: v.Bytes}
}

// asciiRun returns the length of the ASCII prefix of p.
func asciiRun(p []byte) int {
	i := 0
	for ; i+8 <= len(p); i += 8 {
		if w := binary.LittleEndian.Uint64(p[i:]) & 0x8080808080808080; w != 0 {
			for p[i] < utf8.RuneSelf {
				i++
			}
			return i
		}
	}
	for ; i < len(p) && p[i] < utf8.RuneSelf; i++ {
	}
	return i
}

// runeLen gives the length of a UTF-8 sequence by its first byte, for the
// well-formed output of a decoder.
var runeLen = func() (t [256]uint8) {
	for i := range t {
		switch {
		case i < 0x80:
			t[i] = 1
		case i < 0xe0:
			t[i] = 2
		case i < 0xf0:
			t[i] = 3
		default:
			t[i] = 4
		}
	}
	return t
}()

// The walkers below add to the map through a run kept in local variables
// (n characters of sw source and dw decoded bytes), which they flush when
// the widths change and before anything that reads the map's end.

func (d *Decoder) walkSingleByte(dst, src []byte) (i, j int, bad bool) {
	var rb runBuf
	width, invalid := d.cs.sbWidth, d.cs.sbInvalid
	rn, rdw := 0, 0 // run of characters of 1 source byte and rdw decoded bytes
	for i < len(src) {
		rb.room(&d.m)
		c := src[i]
		if c < utf8.RuneSelf {
			n := asciiRun(src[i:])
			if rdw != 1 {
				rb.add(rn, 1, rdw, stASCII)
				rn, rdw = 0, 1
			}
			rn += n
			i += n
			j += n
			continue
		}
		if invalid[c] {
			rb.add(rn, 1, rdw, stASCII)
			rb.flush(&d.m)
			rn = 0
			if d.report(d.m.srcEnd, src[i:i+1]) {
				return i, j, true
			}
		}
		w := int(width[c])
		if w != rdw {
			rb.add(rn, 1, rdw, stASCII)
			rn, rdw = 0, w
		}
		rn++
		i++
		j += w
	}
	rb.done(&d.m, rn, 1, rdw, stASCII)
	return i, j, false
}

// Lead-byte classes of the stateless multi-byte charsets: the source width
// of a character that decoded without error, by its first byte. In
// gb18030 and gbk a lead byte followed by 0x30-0x3f starts a four-byte
// sequence (x/text reads the second byte so).
const leadBig = 0xfe // big5 0x88: 2, and four codes decode to two runes

func leadWidths(name string) *[256]uint8 {
	t := new([256]uint8)
	for c := range t {
		t[c] = 1
	}
	set := func(lo, hi int, w uint8) {
		for c := lo; c <= hi; c++ {
			t[c] = w
		}
	}
	switch name {
	case "shift_jis":
		set(0x81, 0x9f, 2)
		set(0xe0, 0xfc, 2)
	case "euc-jp":
		set(0x8e, 0x8e, 2)
		set(0x8f, 0x8f, 3)
		set(0xa1, 0xfe, 2)
	case "gbk", "gb18030", "euc-kr":
		set(0x81, 0xfe, 2)
	case "big5":
		set(0x81, 0xfe, 2)
		t[0x88] = leadBig
	}
	return t
}

// probeLen returns how many source bytes the x/text decoder consumes for
// the U+FFFD it wrote at src[0]: it decodes that one character again,
// with the same lookahead, into room for one rune.
func (d *Decoder) probeLen(src []byte, atEOF bool) int {
	var buf [3]byte
	d.probe.Reset()
	_, n, _ := d.probe.Transform(buf[:], src, atEOF)
	return max(n, 1)
}

// decodedError handles a U+FFFD the inner decoder wrote for the character
// at src[0], sw bytes long: unless those bytes are the charset's own
// encoding of U+FFFD, they are an invalid sequence.
func (d *Decoder) decodedError(src []byte, sw int) (stop bool) {
	if d.cs.fffd != "" && string(src[:sw]) == d.cs.fffd {
		return false
	}
	return d.report(d.m.srcEnd, src[:sw])
}

// nextFFFD returns the offset of the first U+FFFD in dst at or after j,
// or len(dst).
func nextFFFD(dst []byte, j int) int {
	if k := bytes.Index(dst[j:], []byte("\uFFFD")); k >= 0 {
		return j + k
	}
	return len(dst)
}

// The walkers follow the output of the x/text decoder character by
// character to learn each one's source and decoded width. Most text comes
// in runs of characters of the same widths (two bytes to three for kanji
// and hanzi); after one character of a run, an inner loop checks the next
// ones at fixed strides, so that its loads do not wait on each other. A
// U+FFFD is found ahead with bytes.Index and sized by probeLen.

func (d *Decoder) walkMultiByte(dst, src []byte, nSrc int, atEOF bool) (i, j int, bad bool) {
	var rb runBuf
	lead := d.lead
	gb := d.cs.name == "gb18030" || d.cs.name == "gbk"
	bad1 := nextFFFD(dst, 0)
	rn, rsw, rdw := 0, 0, 0 // the run not yet added to the map
	for i < nSrc && j < len(dst) {
		rb.room(&d.m)
		c := src[i]
		var sw, dw int
		switch {
		case c < utf8.RuneSelf:
			sw = 1
			if i+1 < nSrc && src[i+1] < utf8.RuneSelf {
				sw = asciiRun(src[i:nSrc])
			}
			if rsw != 1 || rdw != 1 {
				rb.add(rn, rsw, rdw, stASCII)
				rn, rsw, rdw = 0, 1, 1
			}
			rn += sw
			i += sw
			j += sw
			continue
		case j == bad1:
			rb.add(rn, rsw, rdw, stASCII)
			rb.flush(&d.m)
			rn = 0
			sw, dw = d.probeLen(src[i:], atEOF), 3
			if d.decodedError(src[i:], sw) {
				return i, j, true
			}
			bad1 = nextFFFD(dst, j+3)
		default:
			dw = int(runeLen[dst[j]])
			sw = int(lead[c])
			if sw == leadBig {
				sw = 2
				if i+1 < len(src) {
					if c1 := src[i+1]; c1 == 0x62 || c1 == 0x64 || c1 == 0xa3 || c1 == 0xa5 {
						dw += 2 // Big5 88 62/64/A3/A5: Ê or ê and a combining mark
					}
				}
			} else if gb && sw == 2 && i+1 < len(src) && src[i+1]-0x30 < 0x10 {
				sw = 4
			}
		}
		if sw != rsw || dw != rdw {
			rb.add(rn, rsw, rdw, stASCII)
			rn, rsw, rdw = 0, sw, dw
		}
		rn++
		i += sw
		j += dw
		if c < 0x80 || sw == 4 || dw > 3 {
			continue
		}
		// More characters of the same widths.
		lim := min(len(dst), bad1)
		sw8, dw8 := uint8(sw), uint8(dw)
		for {
			if sw == 2 && dw == 3 {
				// Kanji, kana, hanzi, hangul: two at a time.
				for j+6 <= lim && i+4 <= nSrc {
					if lead[src[i]] != 2 || lead[src[i+2]] != 2 || dst[j]>>4 != 0xe || dst[j+3]>>4 != 0xe ||
						gb && (src[i+1]-0x30 < 0x10 || src[i+3]-0x30 < 0x10) {
						break
					}
					rn += 2
					i += 4
					j += 6
				}
			}
			for j < lim && i+sw <= nSrc {
				c := src[i]
				// lead[c] == sw8 rules out ASCII: the run started with a
				// non-ASCII character, of two or more decoded bytes.
				if lead[c] != sw8 || runeLen[dst[j]] != dw8 || gb && sw == 2 && src[i+1]-0x30 < 0x10 {
					break
				}
				rn++
				i += sw
				j += dw
			}
			// One ASCII character between two-byte ones, a line break or a
			// space, need not leave the loop.
			if sw != 2 || dw != 3 || j+4 > lim || i+3 > nSrc || src[i] >= utf8.RuneSelf ||
				lead[src[i+1]] != 2 || dst[j+1]>>4 != 0xe || gb && src[i+2]-0x30 < 0x10 {
				break
			}
			rb.room(&d.m)
			rb.add(rn, 2, 3, stASCII)
			rb.add(1, 1, 1, stASCII)
			rn = 1
			i += 3
			j += 4
		}
	}
	rb.done(&d.m, rn, rsw, rdw, stASCII)
	return i, j, false
}

func (d *Decoder) walkUTF16(dst, src []byte, nSrc int, atEOF bool) (i, j int, bad bool) {
	var rb runBuf
	bad1 := nextFFFD(dst, 0)
	rn, rsw, rdw := 0, 0, 0
	for i < nSrc && j < len(dst) {
		rb.room(&d.m)
		dw := int(runeLen[dst[j]])
		sw := 2
		switch {
		case j == bad1:
			rb.add(rn, rsw, rdw, stASCII)
			rb.flush(&d.m)
			rn = 0
			sw = d.probeLen(src[i:], atEOF)
			if d.decodedError(src[i:], sw) {
				return i, j, true
			}
			bad1 = nextFFFD(dst, j+3)
		case dw == 4:
			sw = 4
		}
		if sw != rsw || dw != rdw {
			rb.add(rn, rsw, rdw, stASCII)
			rn, rsw, rdw = 0, sw, dw
		}
		rn++
		i += sw
		j += dw
		if sw != 2 && dw != 4 {
			continue // a U+FFFD of another width: no run
		}
		dw8 := uint8(dw)
		for lim := min(len(dst), bad1); j < lim && i+sw <= nSrc && runeLen[dst[j]] == dw8; {
			rn++
			i += sw
			j += dw
		}
	}
	rb.done(&d.m, rn, rsw, rdw, stASCII)
	return i, j, false
}

// walkISO2022JP follows the state machine of iso2022JPDecoder, which it
// must mirror byte for byte: escape sequences decode to nothing, LF in a
// two-byte state returns to ASCII, and a two-byte character is a lead byte
// in 0x21–0x7E and any byte but ESC after it.
func (d *Decoder) walkISO2022JP(dst, src []byte, nSrc int, atEOF bool) (i, j int, bad bool) {
	var rb runBuf
	st := d.m.state
	rn, rsw, rdw, rst := 0, 0, 0, st
	defer func() { d.m.state = st }()
	bad1 := nextFFFD(dst, 0)
	for i < nSrc {
		rb.room(&d.m)
		c := src[i]
		sw := 1
		if c == 0x1b && i+2 < len(src) {
			next := st
			switch c1, c2 := src[i+1], src[i+2]; {
			case c1 == '$' && c2 == '@':
				next, sw = stJIS78, 3
			case c1 == '$' && c2 == 'B':
				next, sw = stJIS0208, 3
			case c1 == '$' && c2 == '(' && i+3 < len(src) && src[i+3] == 'D':
				next, sw = stJIS0212, 4
			case c1 == '(' && c2 == 'B':
				next, sw = stASCII, 3
			case c1 == '(' && c2 == 'J':
				next, sw = stRoman, 3
			case c1 == '(' && c2 == 'I':
				next, sw = stKana, 3
			}
			if sw > 1 {
				rb.add(rn, rsw, rdw, rst)
				rn = 0
				st = next
				rb.add(sw, 1, 0, st)
				i += sw
				continue
			}
		}
		if j >= len(dst) {
			break
		}
		twoByte := st == stJIS78 || st == stJIS0208 || st == stJIS0212
		if twoByte && c-0x21 < 0x5e && i+1 < len(src) && src[i+1] != 0x1b {
			sw = 2 // a lead byte and the byte after it (iso2022JPDecoder)
		}
		dw := int(runeLen[dst[j]])
		if j == bad1 {
			rb.add(rn, rsw, rdw, rst)
			rb.flush(&d.m)
			rn = 0
			if d.report(d.m.srcEnd, src[i:i+sw]) {
				return i, j, true
			}
			bad1 = nextFFFD(dst, j+3)
		}
		if sw != rsw || dw != rdw || st != rst {
			rb.add(rn, rsw, rdw, rst)
			rn, rsw, rdw, rst = 0, sw, dw, st
		}
		rn++
		i += sw
		j += dw
		if c == '\n' && twoByte {
			// The LF is read in the two-byte state and returns to ASCII:
			// a replacement that starts at it must switch to ASCII first.
			st = stASCII
			continue
		}
		if twoByte != (sw == 2) {
			continue // a U+FFFD of another width: no run
		}
		// More characters of the same widths in the same state.
		lim := min(len(dst), bad1)
		dw8 := uint8(dw)
		for {
			if sw == 2 && dw == 3 {
				// Kanji and kana: two at a time. Bytes 0x21-0x7e are
				// neither ESC, LF nor 8-bit, so each pair is one character.
				for j+6 <= lim && i+4 <= nSrc {
					if src[i]-0x21 >= 0x5e || src[i+2]-0x21 >= 0x5e || dst[j]>>4 != 0xe || dst[j+3]>>4 != 0xe {
						break
					}
					rn += 2
					i += 4
					j += 6
				}
			}
			for j < lim && i+sw <= nSrc {
				c := src[i]
				if c >= 0x80 || c == 0x1b || c == '\n' || runeLen[dst[j]] != dw8 {
					break
				}
				rn++
				i += sw
				j += dw
			}
			// RFC 1468 ends every line in ASCII: ESC ( B, a few ASCII
			// bytes (the line break), ESC $ B, and kanji again. Take that
			// here rather than in the loop above.
			if st != stJIS0208 || sw != 2 || dw != 3 || i+3 > nSrc || src[i] != 0x1b || src[i+1] != '(' || src[i+2] != 'B' {
				break
			}
			k := i + 3
			for k < nSrc && k-i < 16 && src[k] < 0x80 && src[k] != 0x1b {
				k++
			}
			n := k - i - 3
			if n == 0 || k+5 > nSrc || j+n+3 > lim || src[k] != 0x1b || src[k+1] != '$' || src[k+2] != 'B' ||
				src[k+3]-0x21 >= 0x5e || src[k+4]-0x21 >= 0x5e || dst[j+n]>>4 != 0xe {
				break
			}
			rb.room(&d.m)
			rb.add(rn, 2, 3, stJIS0208)
			rb.add(3, 1, 0, stASCII)
			rb.add(n, 1, 1, stASCII)
			rb.add(3, 1, 0, stJIS0208)
			rn = 1
			i = k + 5
			j += n + 3
		}
	}
	rb.done(&d.m, rn, rsw, rdw, rst)
	return i, j, false
}

func (d *Decoder) decodeReplacement(dst, src []byte) (nDst, nSrc int, err error) {
	if len(src) == 0 {
		return 0, 0, nil
	}
	if d.m.srcEnd > 0 { // the U+FFFD is out: the rest decodes to nothing
		d.m.skip(len(src))
		return 0, len(src), nil
	}
	if len(dst) < 3 {
		return 0, 0, transform.ErrShortDst
	}
	if d.report(0, src[:min(len(src), 4)]) {
		return 0, 0, d.strictError()
	}
	copy(dst, "\uFFFD")
	d.m.add(1, 1, 3, stASCII)
	d.m.skip(len(src) - 1)
	return 3, len(src), nil
}

const utf8Block = 16 << 10

// validUTF8 returns the length of the longest prefix of p made of complete,
// valid UTF-8 sequences. It runs utf8.Valid on blocks that end at a
// sequence start, and looks rune by rune only at a block that fails.
func validUTF8(p []byte) int {
	i := 0
	for i < len(p) {
		end := min(i+utf8Block, len(p))
		// Back up to the start of the last sequence; keep it if complete.
		k := end - 1
		for k > i && end-k < utf8.UTFMax && !utf8.RuneStart(p[k]) {
			k--
		}
		if k+int(runeLen[p[k]]) > end || !utf8.RuneStart(p[k]) {
			end = k
		}
		if end == i || !utf8.Valid(p[i:end]) {
			break
		}
		i = end
	}
	for i < len(p) {
		if p[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && n == 1 {
			break
		}
		i += n
	}
	return i
}

// invalidUTF8 returns the length of the invalid sequence at the start of
// p, which validUTF8 stopped at: the maximal subpart of the WHATWG UTF-8
// decoder, one U+FFFD each. short reports that p ends inside a sequence
// that more input could complete.
func invalidUTF8(p []byte) (n int, short bool) {
	c := p[0]
	need, lo, hi := 0, byte(0x80), byte(0xbf)
	switch {
	case 0xc2 <= c && c <= 0xdf:
		need = 1
	case c == 0xe0:
		need, lo = 2, 0xa0
	case c == 0xed:
		need, hi = 2, 0x9f
	case 0xe1 <= c && c <= 0xef:
		need = 2
	case c == 0xf0:
		need, lo = 3, 0x90
	case c == 0xf4:
		need, hi = 3, 0x8f
	case 0xf1 <= c && c <= 0xf3:
		need = 3
	default:
		return 1, false
	}
	for n = 1; n <= need; n++ {
		if n == len(p) {
			return n, true
		}
		if p[n] < lo || p[n] > hi {
			return n, false
		}
		lo, hi = 0x80, 0xbf
	}
	return n, false
}

// decodeUTF8 validates and copies; an invalid sequence becomes U+FFFD.
func (d *Decoder) decodeUTF8(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		n := validUTF8(src[nSrc:])
		if room := len(dst) - nDst; n > room {
			n = room
			for n > 0 && !utf8.RuneStart(src[nSrc+n]) {
				n--
			}
			err = transform.ErrShortDst
		}
		copy(dst[nDst:], src[nSrc:nSrc+n])
		d.m.add(n, 1, 1, stASCII)
		nDst += n
		nSrc += n
		if err != nil || nSrc == len(src) {
			return nDst, nSrc, err
		}
		k, short := invalidUTF8(src[nSrc:])
		if short && !atEOF {
			return nDst, nSrc, transform.ErrShortSrc
		}
		if len(dst)-nDst < 3 {
			return nDst, nSrc, transform.ErrShortDst
		}
		if d.report(d.m.srcEnd, src[nSrc:nSrc+k]) {
			return nDst, nSrc, d.strictError()
		}
		copy(dst[nDst:], "\uFFFD")
		d.m.add(1, k, 3, stASCII)
		nDst += 3
		nSrc += k
	}
	return nDst, nSrc, nil
}
