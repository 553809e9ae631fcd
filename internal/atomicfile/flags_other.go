//go:build !unix

package atomicfile

const (
	oNoFollow = 0
	oNonblock = 0
)
