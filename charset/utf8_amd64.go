//go:build amd64 && !purego

package charset

import "github.com/iriscan/iriscan/internal/cpuid"

// utf8Blocks validates the whole 64-byte blocks of p, at most len(out) of
// them, and writes the continuation bytes of block k as the bits of
// out[k]. It handles blocks of ASCII, two-byte sequences and three-byte
// ones other than those led by E0 and ED, and stops at the first block
// with anything else or with an invalid sequence, for the caller to look
// at byte by byte. p must start at a sequence. It returns the number of
// blocks done and carry, nonzero when the last of them ends inside a
// sequence (whose continuation bytes in that block it has marked).
// AVX2 where the processor has it, else SSE2, which every amd64 has.
func utf8Blocks(p []byte, out []uint64) (nb int, carry uint64) {
	if useAVX2 {
		return utf8BlocksAVX2(p, out)
	}
	return utf8BlocksSSE2(p, out)
}

var (
	haveAVX2 = cpuid.AVX2
	useAVX2  = haveAVX2 // the tests try both
)

//go:noescape
func utf8BlocksSSE2(p []byte, out []uint64) (nb int, carry uint64)

//go:noescape
func utf8BlocksAVX2(p []byte, out []uint64) (nb int, carry uint64)

const haveUTF8Blocks = true
