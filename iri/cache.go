package iri

import (
	"hash/maphash"
	"strings"
	"unsafe"

	"github.com/iriscan/iriscan/charset"
)

// A FormsCache remembers the forms of the references a caller converted
// last, for a caller that meets the same references again and again (the
// links of a site in its pages, the license URL in every file of a
// package): Forms returns what Converter.Forms returns, from memory when it
// saw the reference before. It holds at most FormsCacheSize references of
// at most FormsCacheMaxLen bytes each, so its memory is bounded; a
// reference takes the place of the one in its slot when it misses the
// slot twice in a row (a reference met once is not kept). Its zero value is
// ready to use. A FormsCache is not safe for concurrent use.
type FormsCache struct {
	seed    maphash.Seed
	slots   *[FormsCacheSize]formsEntry
	charset *charset.Charset // the Converter's Charset the slots were made with
}

// FormsCacheSize is the number of references a FormsCache holds.
const FormsCacheSize = 256

// FormsCacheMaxLen is the length in bytes of the longest reference a
// FormsCache keeps; a longer one is converted every time.
const FormsCacheMaxLen = 256

type formsEntry struct {
	key            string // the reference, "" for an empty slot
	iri, uri       string
	iriErr, uriErr error
	missed         uint64 // the hash of the last reference missed here
}

// Forms returns c.Forms(s), from the cache when s was converted before
// with a Converter of the same Charset. The result does not depend on
// c.Bidi.
func (fc *FormsCache) Forms(c *Converter, s string) (iriForm string, iriErr error, uriForm string, uriErr error) {
	if len(s) == 0 || len(s) > FormsCacheMaxLen {
		return c.Forms(s)
	}
	if fc.slots == nil {
		fc.slots = new([FormsCacheSize]formsEntry)
		fc.seed = maphash.MakeSeed()
		fc.charset = c.Charset
	} else if fc.charset != c.Charset {
		clear(fc.slots[:])
		fc.charset = c.Charset
	}
	h := maphash.String(fc.seed, s)
	e := &fc.slots[h%FormsCacheSize]
	if e.key == s {
		return e.iri, e.iriErr, e.uri, e.uriErr
	}
	iriForm, iriErr, uriForm, uriErr = c.Forms(s)
	// A reference is kept the second time in a row that it misses its
	// slot: one met once (most relative links of a set of HTML pages)
	// costs no copy and does not push out one met often.
	if e.missed != h {
		e.missed = h
		return iriForm, iriErr, uriForm, uriErr
	}
	// The strings kept are copies: s may be cut from a larger buffer
	// (a scanner's block of match strings) that the cache must not keep
	// alive. The forms often are s itself, and then share the copy.
	key := strings.Clone(s)
	*e = formsEntry{key: key, iri: sharing(iriForm, s, key), uri: sharing(uriForm, s, key), iriErr: iriErr, uriErr: uriErr, missed: h}
	return e.iri, iriErr, e.uri, uriErr
}

// sharing returns form, or the same part of copy when form is (part of)
// s: copy holds the text of s in memory of its own.
func sharing(form, s, copy string) string {
	if len(form) == 0 || len(s) == 0 {
		return form
	}
	off := uintptr(unsafe.Pointer(unsafe.StringData(form))) - uintptr(unsafe.Pointer(unsafe.StringData(s)))
	if off < uintptr(len(s)) && off+uintptr(len(form)) <= uintptr(len(s)) {
		return copy[off : off+uintptr(len(form))]
	}
	return form
}
