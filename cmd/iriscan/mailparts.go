package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/iriscan/iriscan/internal/quote"
	"github.com/iriscan/iriscan/rewrite/mail"
)

// A readError is a failure to read the text being scanned (a read error,
// or a transfer encoding that does not decode), as opposed to one writing
// the results.
type readError struct {
	where string // file, and in mail the message and part
	err   error
}

// Error says where and why. A part body that does not decode is named by
// the byte of the file where its bad data is, and only by that: the
// scanner's offset in the decoded text would be a second number that
// points elsewhere.
func (e *readError) Error() string {
	var be *mail.BodyError
	if errors.As(e.err, &be) {
		return e.where + ": " + be.Error()
	}
	return e.where + ": " + e.err.Error()
}
func (e *readError) Unwrap() error { return e.err }

// partError decides what an error met in a mail part means for the rest of
// the file: a part whose body cannot be read to its end is reported and
// passed over, its matches up to there printed, as a part whose header is
// broken is; the next part is read. Any other error (writing the output)
// is returned and ends the file.
func partError(stderr io.Writer, flush func() error, err error) error {
	var re *readError
	if errors.As(err, &re) {
		flush()
		fmt.Fprintf(stderr, "iriscan: %s; rest of the part skipped\n", quote.Line(re.Error()))
		return nil
	}
	return err
}

// skippedPart reports a mail part that Walk could not open (a header it
// cannot read, an unknown charset or transfer encoding): extract and lint
// scan nothing of it. The cause is named with the part's byte in the file,
// without PartError's "copied unchanged", which is what Rewrite does with
// such a part, not what these commands do.
func skippedPart(stderr io.Writer, show string, p *mail.Part) {
	msg := p.Err.Error()
	var pe *mail.PartError
	if errors.As(p.Err, &pe) {
		msg = fmt.Sprintf("byte %d: %v", pe.Offset, pe.Err)
	}
	fmt.Fprintf(stderr, "iriscan: %s: message %d part %s skipped: %s\n", show, p.Message, p.Path, quote.Line(msg))
}
