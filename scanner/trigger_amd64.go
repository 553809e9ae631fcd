//go:build amd64 && !purego

package scanner

import "github.com/iriscan/iriscan/internal/cpuid"

// haveFused reports whether indexTriggerFused has a vector implementation
// in this build: Go assembly on amd64 (not with the purego build tag).
const haveFused = true

// useAVX512 selects the 64-byte (AVX-512 F and BW) search, useAVX2 the
// 32-byte (AVX2) one, over the 16-byte (SSE2, part of every amd64 CPU)
// one; the CPU and the operating system must support them (CPUID and
// XGETBV). The assembly reads both (indexTriggerFused); tests change them
// to run each path.
var (
	useAVX512 = cpuid.AVX512BW
	useAVX2   = cpuid.AVX2
)

// indexTriggerAVX512 is indexTriggerFused's AVX-512 loop
// (trigger_amd64.s), 128 bytes a round in 14 vector instructions (loads
// included) and a KORTESTQ, where the AVX2 loop takes 30 for 64 bytes. It
// takes any b and from, as indexTriggerBytes does: it looks at b[0] and
// b[1] one by one and reads the last bytes of b with masked loads, so it
// needs no checks in Go and no fallback for short buffers.
//
//go:noescape
func indexTriggerAVX512(b []byte, from int) int

// indexTriggerAVX2 and indexTriggerSSE2 are indexTriggerFused's vector
// loops (trigger_amd64.s). They need 2 <= from <= len(b) and len(b) of at
// least 34 and 18 bytes: they read the two bytes before b[from] and end with an
// overlapping vector at the end of b.
//
//go:noescape
func indexTriggerAVX2(b []byte, from int) int

//go:noescape
func indexTriggerSSE2(b []byte, from int) int

// indexTriggerFused returns the index of the first byte at or after
// b[from] that is ':' or '@', or a '.' right after two bytes 'w' or 'W'
// (the '.' of "www."; they may stand before b[from]), or -1: the three triggers of
// the scanner's default mode in one pass. Rust's linkify searches ':' and
// '@' with memchr; three bytes.IndexByte searches, one call per '.' of
// English prose, were the scanner's largest cost (docs/performance.md,
// "Fused trigger search").
//
// It is assembly (trigger_amd64.s) that jumps to indexTriggerAVX512 when
// useAVX512 is set, else to the AVX2 or SSE2 loop (or, for b[0], b[1] and
// short buffers, to indexTriggerPre512), so that the scanner's call per
// trigger (about 1,000 a MiB of English prose) goes straight to the loop:
// a Go function choosing between calls costs more than the inliner allows
// and would be a call of its own.
//
//go:noescape
func indexTriggerFused(b []byte, from int) int

// indexTriggerPre512 is indexTriggerFused on CPUs without AVX-512 where
// the assembly does not go to a loop itself (from < 2, short buffers).
func indexTriggerPre512(b []byte, from int) int { return indexTriggerVec(b, from, useAVX2) }

// indexTriggerVec is indexTriggerFused with the AVX2 loop when avx2 is
// true (only then: the caller checks useAVX2), else the SSE2 one.
func indexTriggerVec(b []byte, from int, avx2 bool) int {
	if from >= len(b) {
		return -1
	}
	for ; from < 2; from++ {
		// A '.' at b[0] or b[1] follows no "ww".
		if from < len(b) && (b[from] == ':' || b[from] == '@') {
			return from
		}
	}
	if from >= len(b) {
		return -1
	}
	switch {
	case avx2 && len(b) >= 34:
		return indexTriggerAVX2(b, from)
	case len(b) >= 18:
		return indexTriggerSSE2(b, from)
	}
	return indexTriggerBytes(b, from)
}

// indexTriggersAVX512 is indexTriggers' AVX-512 loop (trigger_amd64.s):
// that of indexTriggerAVX512, going on past each trigger. It takes any b,
// from and out.
//
//go:noescape
func indexTriggersAVX512(b []byte, from int, out []int) (n, next int)

// indexTriggersAVX2 and indexTriggersSSE2 are indexTriggers' AVX2 and
// SSE2 loops (trigger_amd64.s), those of indexTriggerAVX2 and
// indexTriggerSSE2 going on past each trigger. They need 2 <= from <
// len(b), len(b) of at least 34 and 18 bytes, and len(out) >= 1.
//
//go:noescape
func indexTriggersAVX2(b []byte, from int, out []int) (n, next int)

//go:noescape
func indexTriggersSSE2(b []byte, from int, out []int) (n, next int)

// indexTriggers writes to out the positions of the triggers at or after
// b[from] (those of indexTriggerFused), in order, until out is full or b
// ends, and returns their number and where the search stopped: len(b)
// when it got there, else the byte after the last position written
// (indexTriggersBytes is the definition). One call finds the triggers of
// a run of text, where indexTriggerFused is a call per trigger.
func indexTriggers(b []byte, from int, out []int) (n, next int) {
	if useAVX512 {
		return indexTriggersAVX512(b, from, out)
	}
	return indexTriggersVec(b, from, out, useAVX2)
}

// indexTriggersVec is indexTriggers with the AVX2 loop when avx2 is true
// (only then: the caller checks useAVX2), else the SSE2 one: it handles
// b[0] and b[1] and short buffers itself.
func indexTriggersVec(b []byte, from int, out []int, avx2 bool) (n, next int) {
	from = max(from, 0)
	for ; from < 2 && from < len(b) && n < len(out); from++ {
		// A '.' at b[0] or b[1] follows no "ww".
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
		k, next = indexTriggersAVX2(b, from, out[n:])
	case len(b) >= 18:
		k, next = indexTriggersSSE2(b, from, out[n:])
	default:
		k, next = indexTriggersBytes(b, from, out[n:])
	}
	return n + k, next
}
