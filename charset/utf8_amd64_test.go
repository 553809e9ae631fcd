//go:build amd64 && !purego

package charset

// blockLoops returns the loops that take whole blocks for utf8Blocks,
// with whether this processor runs them: SSE2, AVX2 and AVX-512BW.
func blockLoops() []blockLoop {
	return []blockLoop{
		{"SSE2", true, utf8BlocksSSE2},
		{"AVX2", haveAVX2, utf8BlocksAVX2},
		{"AVX-512", haveAVX512, utf8BlocksAVX512},
	}
}
