//go:build !amd64 || purego

package charset

func utf8Blocks(p []byte, out []uint64) (nb int, carry uint64) { return 0, 0 }

const haveUTF8Blocks = false

const (
	haveAVX2   = false
	haveAVX512 = false
)

var useAVX2, useAVX512 = false, false
