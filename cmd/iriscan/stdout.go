package main

import (
	"io"

	"github.com/iriscan/iriscan/internal/quote"
)

// watchedWriter is standard output as the commands write it, under their
// buffer: it keeps the first error a write returned. A command stops
// walking its operands once that is set, since nothing more it finds
// could be written (a full disk, a closed file), and says so once.
type watchedWriter struct {
	w   io.Writer
	err error // the first write error
}

func (w *watchedWriter) Write(p []byte) (int, error) {
	n, err := w.w.Write(p)
	if err != nil && w.err == nil {
		w.err = err
	}
	return n, err
}

// showName is how messages name an operand: "<standard input>" for "-",
// the name quoted for a shell otherwise.
func showName(name string) string {
	if name == "-" {
		return "<standard input>"
	}
	return quote.Shell(name)
}
