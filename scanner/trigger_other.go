//go:build !amd64 || purego

package scanner

// haveFused is false where indexTriggers has no vector loops: the scanner
// runs one bytes.IndexByte search per trigger byte instead (nextTrigger).
// Word-at-a-time (SWAR) versions in Go ran at 1.6–2.8 GB/s on English
// prose, slower than that (docs/performance.md).
const haveFused = false

// indexTriggers is its definition, indexTriggersBytes, in this build, for
// the tests: the scanner does not call it where haveFused is false.
func indexTriggers(b []byte, from int, out []int, prose bool) (n, next int) {
	return indexTriggersBytes(b, from, out, prose)
}

// proseInLoop reports whether indexTriggers' loop drops the colons of
// prose itself: not in this build.
func proseInLoop() bool { return false }
