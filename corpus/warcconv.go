package corpus

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"crypto/sha1"
	"errors"
	"fmt"
	"hash"
	"io"
	"mime"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/iriscan/iriscan/charset"
	"github.com/iriscan/iriscan/corpus/warc"
	"github.com/iriscan/iriscan/rewrite"
	"github.com/iriscan/iriscan/rewrite/detect"
)

// WARCOutput says what a WARC input becomes.
type WARCOutput uint8

const (
	// WARCAll copies every record and adds a conversion record after
	// each converted one. It is the zero WARCOutput.
	WARCAll WARCOutput = iota
	// WARCConversionsOnly writes the warcinfo and conversion records
	// only, as Common Crawl's WET files hold extracted text only.
	WARCConversionsOnly
)

// isWARC reports whether the name (without .gz) is a WARC file.
func isWARC(name string) bool { return strings.HasSuffix(strings.ToLower(name), ".warc") }

// spillLimit is how much of a converted WARC document is held in memory
// before it goes to a temporary file.
const spillLimit = 4 << 20

// spill holds a converted document until its length is known: in memory,
// then in a temporary file of the output tree.
type spill struct {
	st   *state
	buf  bytes.Buffer
	f    *os.File
	name string
	n    int64
	h    hash.Hash
}

func (s *spill) reset() {
	s.buf.Reset()
	s.n = 0
	if s.h == nil {
		s.h = sha1.New()
	}
	s.h.Reset()
	s.drop()
}

func (s *spill) drop() {
	if s.f != nil {
		s.f.Close()
		s.st.root.Remove(s.name)
		s.f = nil
	}
}

func (s *spill) Write(p []byte) (int, error) {
	s.h.Write(p)
	s.n += int64(len(p))
	if s.f == nil && s.buf.Len()+len(p) <= spillLimit {
		return s.buf.Write(p)
	}
	if s.f == nil {
		f, name, err := s.st.createTemp()
		if err != nil {
			return 0, err
		}
		s.f, s.name = f, name
		if _, err := f.Write(s.buf.Bytes()); err != nil {
			return 0, &OutputError{"write", name, err}
		}
		s.buf.Reset()
	}
	n, err := s.f.Write(p)
	if err != nil {
		return n, &OutputError{"write", s.name, err}
	}
	return n, nil
}

// copyTo writes the document to w.
func (s *spill) copyTo(w io.Writer) error {
	if s.f == nil {
		_, err := w.Write(s.buf.Bytes())
		return err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return &OutputError{"read", s.name, err}
	}
	_, err := io.Copy(w, s.f)
	return err
}

// uuid5 returns a name-based UUID (RFC 9562 version 5) as a WARC record
// ID: the IDs iriscan makes depend on their inputs only, so that a run
// redone gives the same bytes.
func uuid5(name string) string {
	ns := [16]byte{0x1d, 0x6a, 0x55, 0x0b, 0x3c, 0x41, 0x4f, 0x7e, 0x9a, 0x0c, 0x52, 0x8e, 0x61, 0xd3, 0x27, 0x90}
	h := sha1.New()
	h.Write(ns[:])
	h.Write([]byte(name))
	u := h.Sum(nil)[:16]
	u[6] = u[6]&0x0f | 0x50
	u[8] = u[8]&0x3f | 0x80
	return fmt.Sprintf("<urn:uuid:%x-%x-%x-%x-%x>", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}

// convertWARC converts a WARC file: each record copied as it is, and
// after each response or resource record holding text or HTML, a
// conversion record with the document rewritten.
func (w *worker) convertWARC(doc io.Reader, sink io.Writer, gz bool, u *unit) error {
	o := w.r.o
	w.res.Format = "warc"
	w.res.Records = map[string]int64{}
	rd := warc.NewReader(doc)
	out := warc.NewWriter(sink, gz)
	if w.spill.st == nil {
		w.spill.st = w.r.st
	}
	defer w.spill.drop()

	mode := o.To.String()
	infoID := uuid5("warcinfo\x00" + o.Version + "\x00" + mode + "\x00" + u.rel)
	info := "software: " + o.Version + "\r\n" +
		"format: WARC File Format 1.1\r\n" +
		"conformsTo: http://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/\r\n" +
		"description: conversion records hold the text and HTML documents of this file's response and resource records with their IRIs rewritten by iriscan --to " + mode + "\r\n"
	sum := sha1.Sum([]byte(info))
	if err := writeRecord(out, warc.Header{
		{Name: "WARC-Type", Value: "warcinfo"},
		{Name: "WARC-Record-ID", Value: infoID},
		{Name: "WARC-Date", Value: w.res.mtime.UTC().Format(time.RFC3339)},
		{Name: "WARC-Filename", Value: pathBase(u.out)},
		{Name: "WARC-Block-Digest", Value: warc.Digest(sum[:])},
		{Name: "Content-Type", Value: "application/warc-fields"},
		{Name: "Content-Length", Value: strconv.Itoa(len(info))},
	}, func(wr io.Writer) error { _, err := io.WriteString(wr, info); return err }); err != nil {
		return err
	}
	w.res.Records["warcinfo (added)"]++

	for {
		rec, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		typ := rec.Type()
		w.res.Records[typ]++
		var block io.Reader = rec.Block
		if o.WARCOutput == WARCAll {
			if err := out.Begin(rec.Raw); err != nil {
				return err
			}
			block = io.TeeReader(rec.Block, out)
		}
		conv, cerr := w.warcDocument(rec, block)
		// Whatever was not read is still copied.
		if _, err := io.Copy(io.Discard, block); err != nil {
			return err
		}
		if o.WARCOutput == WARCAll {
			if err := out.End(); err != nil {
				return err
			}
		}
		if cerr != nil {
			var oe *OutputError
			if errors.As(cerr, &oe) || errors.Is(cerr, errInterrupted) {
				return cerr
			}
			var fe *warc.FormatError
			if errors.As(cerr, &fe) {
				return cerr
			}
			w.addRecordError(rec.Offset, rec.ID(), "not converted: "+cerr.Error())
			continue
		}
		if conv == "" {
			continue
		}
		sum := w.spill.h.Sum(nil)
		h := warc.Header{
			{Name: "WARC-Type", Value: "conversion"},
			{Name: "WARC-Record-ID", Value: uuid5("conversion\x00" + mode + "\x00" + rec.ID())},
			{Name: "WARC-Refers-To", Value: rec.ID()},
		}
		if v := rec.Header.Get("WARC-Target-URI"); v != "" {
			h = append(h, warc.Field{Name: "WARC-Target-URI", Value: v})
		}
		h = append(h,
			warc.Field{Name: "WARC-Date", Value: rec.Header.Get("WARC-Date")},
			warc.Field{Name: "WARC-Warcinfo-ID", Value: infoID},
			warc.Field{Name: "WARC-Block-Digest", Value: warc.Digest(sum)},
			warc.Field{Name: "WARC-Payload-Digest", Value: warc.Digest(sum)},
			warc.Field{Name: "Content-Type", Value: conv},
			warc.Field{Name: "Content-Length", Value: strconv.FormatInt(w.spill.n, 10)},
		)
		if err := writeRecord(out, h, w.spill.copyTo); err != nil {
			return err
		}
		w.res.Records["conversion (added)"]++
		w.spill.drop()
	}
}

func pathBase(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

func writeRecord(out *warc.Writer, h warc.Header, block func(io.Writer) error) error {
	if err := out.Begin(warc.FormatHeader("WARC/1.1", h)); err != nil {
		return err
	}
	if err := block(out); err != nil {
		return err
	}
	return out.End()
}

func (w *worker) addRecordError(off int64, id, msg string) {
	if len(w.res.Errors) >= MaxErrors {
		w.res.ErrorsOmitted++
		return
	}
	w.res.Errors = append(w.res.Errors, FileError{Offset: off, RecordID: id, Message: msg})
}

// warcDocument rewrites the document of a response or resource record
// into w.spill and returns the conversion's Content-Type; "" when the
// record holds no text or HTML to convert. An error means the record is
// passed through unconverted, with the error reported.
func (w *worker) warcDocument(rec *warc.Record, block io.Reader) (string, error) {
	typ := rec.Type()
	if typ != "response" && typ != "resource" {
		return "", nil
	}
	if rec.Header.Get("WARC-Truncated") != "" {
		return "", fmt.Errorf("truncated at capture (WARC-Truncated: %s)", rec.Header.Get("WARC-Truncated"))
	}
	if rec.Header.Get("WARC-Segment-Number") != "" {
		return "", errors.New("segmented record")
	}
	ct := rec.Header.Get("Content-Type")
	var body io.Reader = block
	if typ == "response" {
		mt, params, _ := mime.ParseMediaType(ct)
		if mt != "application/http" || params["msgtype"] == "request" {
			return "", nil // DNS, FTP, … responses
		}
		// The HTTP header may not take more than maxHTTPHeader bytes.
		lim := &headerLimit{r: block, left: maxHTTPHeader}
		resp, err := http.ReadResponse(bufio.NewReaderSize(lim, 16<<10), nil)
		lim.left = -1
		if err != nil {
			return "", fmt.Errorf("HTTP response: %v", err)
		}
		ct = resp.Header.Get("Content-Type")
		if !textType(ct) {
			return "", nil
		}
		body = resp.Body
		switch enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))); enc {
		case "", "identity":
		case "gzip", "x-gzip":
			zr, err := gzip.NewReader(body)
			if err != nil {
				return "", fmt.Errorf("Content-Encoding gzip: %v", err)
			}
			body = zr
		case "deflate":
			body = inflate(body)
		default:
			return "", fmt.Errorf("Content-Encoding %q not decoded", enc)
		}
	} else if !textType(ct) {
		return "", nil
	}
	o := w.r.o
	f := detect.MediaFormat(ct) // Text, HTML or CSS: textType said yes
	br := bufio.NewReaderSize(body, detect.HeadLen)
	head, err := br.Peek(detect.HeadLen)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return "", err
	}
	hint := charset.Hint{Format: charset.FormatText, ContentType: ct}
	switch f {
	case detect.HTML:
		hint.Format = charset.FormatHTML
	case detect.CSS:
		hint.Format = charset.FormatCSS
	}
	cs, _, err := charset.Detect(head, hint)
	if err != nil {
		// An unknown label in Content-Type: the HTML Standard goes on to
		// the prescan, then the default.
		hint.ContentType = ""
		cs, _, _ = charset.Detect(head, hint)
	}
	opts := rewrite.Options{
		To: o.To, Charset: cs, Scanner: o.Scanner, TextNodes: o.TextNodes,
		Bidi: o.Bidi, Target: o.Target, Rel: o.Rel, Links: o.Links,
		OnError: func(e *rewrite.ConvertError) {
			w.addRecordError(e.Offset, rec.ID(), fmt.Sprintf("%q left unchanged: %v", e.Text, e.Err))
		},
	}
	out := "text/plain"
	switch {
	case f == detect.CSS:
		out = "text/css" // Link leaves a style sheet as it is
		opts.Format = rewrite.CSS
	case f == detect.HTML:
		out = "text/html"
		opts.Format = rewrite.HTML
	case o.To == rewrite.Link:
		out = "text/html"
	}
	w.spill.reset()
	w.rw.Options = opts
	res, err := w.rw.Rewrite(&w.spill, br)
	if err != nil {
		return "", err
	}
	w.res.Found += res.Matches
	w.res.Changed += res.Edits
	w.res.Left += res.Failed
	w.res.Invalid += res.Invalid
	return out + "; charset=" + cs.Name(), nil
}

// maxHTTPHeader bounds the HTTP header of a response record.
const maxHTTPHeader = 1 << 20

var errHTTPHeader = errors.New("HTTP header longer than 1 MiB")

// headerLimit reads from r at most left bytes while left >= 0.
type headerLimit struct {
	r    io.Reader
	left int64
}

func (h *headerLimit) Read(p []byte) (int, error) {
	if h.left < 0 {
		return h.r.Read(p)
	}
	if h.left == 0 {
		return 0, errHTTPHeader
	}
	if int64(len(p)) > h.left {
		p = p[:h.left]
	}
	n, err := h.r.Read(p)
	h.left -= int64(n)
	return n, err
}

// textType reports whether the media type is text, HTML or CSS to convert.
func textType(ct string) bool { return detect.MediaFormat(ct) != detect.Auto }

// inflate reads an HTTP deflate body: zlib data as RFC 9110 Section 8.4.1.2
// says, or the raw deflate data some servers send instead.
func inflate(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	h, _ := br.Peek(2)
	if len(h) == 2 && h[0]&0x0f == 8 && (uint16(h[0])<<8|uint16(h[1]))%31 == 0 {
		if zr, err := zlib.NewReader(br); err == nil {
			return zr
		}
	}
	return flate.NewReader(br)
}
