package corpus

import (
	"bytes"

	"github.com/iriscan/iriscan/rewrite/detect"
)

// mailExt, htmlExt and markdownExt are the extensions that decide a
// format by name in package detect, and so whether a linkified file's name
// changes.
func mailExt(ext string) bool { return ext == ".eml" || ext == ".mbox" || ext == ".mbx" }
func htmlExt(ext string) bool { return ext == ".html" || ext == ".htm" || ext == ".xhtml" }
func markdownExt(ext string) bool {
	return ext == ".md" || ext == ".markdown" || ext == ".mdown" || ext == ".mkd"
}

// binaryReason says why detect found head binary.
func binaryReason(head []byte) string {
	i := bytes.IndexByte(head[:min(len(head), detect.BinaryLen)], 0)
	return "binary: a NUL byte at offset " + itoa(int64(i))
}
