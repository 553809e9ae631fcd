//go:build !(goexperiment.simd && amd64)

package scanner

// haveVector is false without GOEXPERIMENT=simd on amd64. Word-at-a-time
// (SWAR) versions of indexAfterWVector ran at 1.6–2.7 GB/s on English
// prose, slower than indexAfterW's bytes.IndexByte per '.' (3.2 GB/s), so
// there is no portable version (docs/performance.md).
const haveVector = false

func indexAfterWVector(b []byte, from int) int { panic("scanner: no vector search in this build") }
