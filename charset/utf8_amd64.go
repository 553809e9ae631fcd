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
//
// Three loops do it, the same blocks taken and the same stops: AVX-512BW
// (utf8BlocksAVX512, a block a Z register, its masks straight into opmask
// registers) where the processor has it and the operating system saves
// the ZMM and opmask registers (cpuid.AVX512BW; Intel Xeon since
// Skylake-SP, AMD since Zen 4); else AVX2 (utf8BlocksAVX2, two Y registers
// a block); else SSE2 (utf8BlocksSSE2, four X registers a block), which
// every amd64 has. The choice is made once a call, for up to len(out)
// blocks.
func utf8Blocks(p []byte, out []uint64) (nb int, carry uint64) {
	if useAVX512 {
		return utf8BlocksAVX512(p, out)
	}
	if useAVX2 {
		return utf8BlocksAVX2(p, out)
	}
	return utf8BlocksSSE2(p, out)
}

var (
	haveAVX2   = cpuid.AVX2
	haveAVX512 = cpuid.AVX512BW
	// The tests turn these off to try each loop the machine has.
	useAVX2   = haveAVX2
	useAVX512 = haveAVX512
)

//go:noescape
func utf8BlocksSSE2(p []byte, out []uint64) (nb int, carry uint64)

//go:noescape
func utf8BlocksAVX2(p []byte, out []uint64) (nb int, carry uint64)

//go:noescape
func utf8BlocksAVX512(p []byte, out []uint64) (nb int, carry uint64)

const haveUTF8Blocks = true
