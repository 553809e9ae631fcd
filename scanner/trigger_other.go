//go:build !amd64 || purego

package scanner

// haveFused is false where the fused trigger search has no vector
// implementation: the scanner runs one bytes.IndexByte search per trigger
// byte instead (nextTrigger). Word-at-a-time (SWAR) versions in Go ran at
// 1.6–2.8 GB/s on English prose, slower than that (docs/performance.md).
const haveFused = false

func indexTriggerFused(b []byte, from int) int { return indexTriggerBytes(b, from) }

func indexTriggers(b []byte, from int, out []int) (n, next int) {
	return indexTriggersBytes(b, from, out)
}
