//go:build amd64 && !purego

package scanner

import "github.com/iriscan/iriscan/internal/cpuid"

// haveFused reports whether indexTriggerFused has a vector implementation
// in this build: Go assembly on amd64 (not with the purego build tag).
const haveFused = true

// useAVX2 selects the 32-byte (AVX2) search over the 16-byte (SSE2, part
// of every amd64 CPU) one; the CPU and the operating system must support
// it (CPUID and XGETBV).
var useAVX2 = cpuid.AVX2

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
func indexTriggerFused(b []byte, from int) int { return indexTriggerVec(b, from, useAVX2) }

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
