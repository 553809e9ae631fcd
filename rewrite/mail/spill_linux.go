package mail

import "os"

// oTmpfile is Linux's O_TMPFILE (__O_TMPFILE | O_DIRECTORY), the same on
// every Linux port of Go; package syscall defines it only on some.
const oTmpfile = 0x410000

// openUnnamed creates a file in dir that has no name (open(2), O_TMPFILE):
// it is gone when closed, or when the process ends in any way, with no
// moment in which a signal could leave it behind.
func openUnnamed(dir string) (*os.File, error) {
	return os.OpenFile(dir, os.O_RDWR|oTmpfile, 0o600)
}
