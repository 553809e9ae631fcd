//go:build amd64 && !purego

package scanner

import "github.com/iriscan/iriscan/internal/cpuid"

// haveFused reports whether indexTriggers has vector loops in this build:
// Go assembly on amd64 (not with the purego build tag).
const haveFused = true

// useAVX512 selects the 64-byte (AVX-512 F and BW) loop of indexTriggers,
// useAVX2 the 32-byte (AVX2) one, over the 16-byte (SSE2, part of every
// amd64 CPU) one; the CPU and the operating system must support them
// (CPUID and XGETBV). Tests change them to run each loop.
var (
	useAVX512 = cpuid.AVX512BW
	useAVX2   = cpuid.AVX2
)

// indexTriggersAVX512 is indexTriggers' AVX-512 loop (trigger_amd64.s),
// 128 bytes a round in 14 vector instructions (loads included) and a
// KORTESTQ, where the AVX2 loop takes 30 for 64 bytes. It takes any b,
// from and out: it looks at b[0] and b[1] one by one and reads the last
// bytes of b with masked loads, so it needs no checks in Go and no
// fallback for short buffers.
//
//go:noescape
func indexTriggersAVX512(b []byte, from int, out []int, prose bool) (n, next int)

// indexTriggersAVX2 and indexTriggersSSE2 are indexTriggers' AVX2 and
// SSE2 loops (trigger_amd64.s). They need 2 <= from < len(b), len(b) of
// at least 34 and 18 bytes, and len(out) >= 1: they read the two bytes
// before b[from] and end with an overlapping vector at the end of b. The
// SSE2 loop drops no colon of prose (it would need SSSE3's PSHUFB).
//
//go:noescape
func indexTriggersAVX2(b []byte, from int, out []int, prose bool) (n, next int)

//go:noescape
func indexTriggersSSE2(b []byte, from int, out []int) (n, next int)

// indexTriggers writes to out the positions of the triggers of the
// scanner's default mode at or after b[from], in order, until out is full
// or b ends: each ':' or '@', and each '.' right after two bytes 'w' or
// 'W' (the '.' of "www."; they may stand before b[from]); with prose set,
// less the colons of prose that schemeStart rejects (proseColon): the
// caller sets it only where the AVX-512 or AVX2 loop runs (else it costs
// a loop in Go). It returns their number and where the search stopped:
// len(b) when it got there, else the byte after the last position
// written (indexTriggersBytes is the definition). out[n:] is scratch: a
// loop stores a position there before it drops a colon of prose.
//
// One call finds the triggers of a run of text: Rust's
// linkify searches ':' and '@' with memchr; three bytes.IndexByte
// searches, one call per '.' of English prose, were the scanner's largest
// cost (docs/performance.md, "Fused trigger search"), and one call per
// trigger of a fused search (about 1,000 a MiB of English prose) cost
// about 10 ns each in calls and restarts.
func indexTriggers(b []byte, from int, out []int, prose bool) (n, next int) {
	if useAVX512 {
		return indexTriggersAVX512(b, from, out, prose)
	}
	return indexTriggersVec(b, from, out, useAVX2, prose)
}

// proseInLoop reports whether indexTriggers' loop drops the colons of
// prose itself: the AVX-512 and AVX2 loops do.
func proseInLoop() bool { return useAVX512 || useAVX2 }

// indexTriggersVec is indexTriggers with the AVX2 loop when avx2 is true
// (only then: the caller checks useAVX2), else the SSE2 one without
// prose: it handles b[0] and b[1] and short buffers itself.
func indexTriggersVec(b []byte, from int, out []int, avx2, prose bool) (n, next int) {
	from = max(from, 0)
	for ; from < 2 && from < len(b) && n < len(out); from++ {
		// A '.' at b[0] or b[1] follows no "ww", and a ':' there is
		// no colon of prose (proseWindow bytes before it).
		if b[from] == ':' || b[from] == '@' {
			out[n] = from
			n++
		}
	}
	if from >= len(b) || n == len(out) {
		return n, from
	}
	var k int
	switch {
	case avx2 && len(b) >= 34:
		k, next = indexTriggersAVX2(b, from, out[n:], prose)
	case len(b) >= 18 && !prose:
		k, next = indexTriggersSSE2(b, from, out[n:])
	default:
		k, next = indexTriggersBytes(b, from, out[n:], prose)
	}
	return n + k, next
}
