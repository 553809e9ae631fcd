package corpus

import (
	"bytes"

	"github.com/iriscan/iriscan/rewrite/detect"
)

// mailExt and htmlExt are the extensions that decide a format by name in
// package detect, and so whether a linkified file's name changes.
func mailExt(ext string) bool { return ext == ".eml" || ext == ".mbox" || ext == ".mbx" }
func htmlExt(ext string) bool { return ext == ".html" || ext == ".htm" || ext == ".xhtml" }

// binaryReason says why detect found head binary.
func binaryReason(head []byte) string {
	i := bytes.IndexByte(head[:min(len(head), detect.BinaryLen)], 0)
	return "binary: a NUL byte at offset " + itoa(int64(i))
}
