package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/rewrite/detect"
)

// A detectedInput is an input file of extract or lint, opened and its
// format and charset decided from its name and first bytes.
type detectedInput struct {
	r     *bufio.Reader // the whole input, from its first byte
	under io.Reader     // what r reads: the file or standard input
	d     detect.Result
	show  string // the name as messages show it
	f     *os.File
}

// openDetected opens the named input ("-" for stdin) and decides how to
// read it with o. The caller closes the input.
//
// br, if not nil, is a reader of detect.HeadLen bytes to read the input
// through (reset to it), so that a caller reading many files does not
// allocate one a file; the input's reader is a new one otherwise.
func openDetected(name string, stdin io.Reader, o detect.Options, br *bufio.Reader) (*detectedInput, error) {
	in := &detectedInput{show: showName(name)}
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		if fi, err := f.Stat(); err != nil {
			f.Close()
			return nil, err
		} else if fi.IsDir() {
			f.Close()
			return nil, fmt.Errorf("%s: is a directory", name)
		}
		in.f, r = f, f
	}
	in.under = r
	if br != nil && br.Size() == detect.HeadLen {
		br.Reset(r)
		in.r = br
	} else {
		in.r = bufio.NewReaderSize(r, detect.HeadLen)
	}
	head, err := in.r.Peek(detect.HeadLen)
	if err == nil || err == io.EOF || err == bufio.ErrBufferFull {
		in.d, err = detect.Document(name, head, o)
	}
	if err != nil {
		in.Close()
		return nil, fmt.Errorf("%s: %w", in.show, err)
	}
	return in, nil
}

// body returns the whole input, from its first byte, for a reader that
// reads in large blocks (charset.Reader.Read): the bytes that detection
// read ahead, then the file itself, so that a block is read straight
// into the reader's buffer rather than through r's. It replaces r, which
// must not be read again.
func (in *detectedInput) body() io.Reader {
	head, _ := in.r.Peek(in.r.Buffered())
	return io.MultiReader(bytes.NewReader(head), in.under)
}

// Close closes the input's file, if it opened one.
func (in *detectedInput) Close() {
	if in.f != nil {
		in.f.Close()
	}
}

// detectOptions returns the detect.Options that --format and --charset
// give, or the usage message of a bad value.
func detectOptions(format, label string) (detect.Options, string) {
	f, ok := detect.ParseFormat(format)
	if !ok {
		return detect.Options{}, fmt.Sprintf("unknown --format %q (want auto, text, html, css, mail or markdown)", format)
	}
	o := detect.Options{Format: f}
	if label != "" {
		if _, err := charset.Lookup(label); err != nil {
			return o, fmt.Sprintf("--charset: %v", err)
		}
		o.Charset = label
	}
	return o, ""
}

// notice tells on stderr what a reader of the output must know of the
// input: that it is a binary file, skipped, or that its charset is a weak
// guess. out is flushed first, so that the notice stands after the output
// of the inputs before. It reports whether the input is skipped.
func (in *detectedInput) notice(out *bufio.Writer, stderr io.Writer) (skip bool) {
	if in.d.Format == detect.Binary {
		out.Flush()
		fmt.Fprintf(stderr, "iriscan: %s: binary file skipped (give --format to read it anyway)\n", in.show)
		return true
	}
	if w := in.d.Warning(in.show); w != "" {
		out.Flush()
		fmt.Fprintf(stderr, "iriscan: %s\n", w)
	}
	return false
}
