//go:build unix

package atomicfile

import "syscall"

// Flags of open(2): never through a symbolic link, never waiting on a
// FIFO.
const (
	oNoFollow = syscall.O_NOFOLLOW
	oNonblock = syscall.O_NONBLOCK
)
