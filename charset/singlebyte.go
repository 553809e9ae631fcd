package charset

import (
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// decodeSingleByte decodes src, in the single-byte charset cs, into dst,
// as the x/text decoder of cs does (the same bytes, ErrShortDst before the
// first character dst has no room for), from the table of each byte's
// UTF-8 made from that decoder (newCharset): runs of ASCII, which the
// charsets of the Encoding Standard all leave as they are, are copied
// whole rather than a byte at a time. (For the mail of the bench corpus,
// windows-1252 text, x/text's byte loop was 4% of a rewrite.)
func (cs *Charset) decodeSingleByte(dst, src []byte) (nDst, nSrc int, err error) {
	utf, width := cs.sbUTF8, cs.sbWidth
	for nSrc < len(src) {
		c := src[nSrc]
		if c < utf8.RuneSelf && cs.sbASCII {
			n := asciiRun(src[nSrc:])
			if room := len(dst) - nDst; n > room {
				if room == 0 {
					return nDst, nSrc, transform.ErrShortDst
				}
				n = room
			}
			nDst += copy(dst[nDst:], src[nSrc:nSrc+n])
			nSrc += n
			continue
		}
		w := int(width[c])
		if len(dst)-nDst < w {
			return nDst, nSrc, transform.ErrShortDst
		}
		copy(dst[nDst:nDst+w], utf[c][:w])
		nDst += w
		nSrc++
	}
	return nDst, nSrc, nil
}
