package scanner

import (
	"slices"
	"strings"
	"sync"
)

// A matchList collects the matches of Find over a whole text as records
// without pointers, and makes them Matches once at the end (matches).
// A []Match grown as matches came (a Match is ~100 bytes with pointers)
// was allocated, cleared and copied at each growth, ended larger than
// needed, and took its strings from 4 KiB blocks allocated and cleared
// one after another; here the records are reused from one text to the
// next (matchLists), and the end makes one []Match of the exact length
// and one string, not cleared, holding every match's text and IRI.
type matchList struct {
	recs []matchRec
	// texts holds the texts of the matches, one after another, copied
	// when found, while they are in the caches: copied from the text at
	// the end, those of 100 MB of prose came from memory, 9% of Find.
	texts []byte
	// iris holds the IRI forms that are not the match text itself (a
	// delimited form's text without its line wraps, or with characters
	// percent-encoded), one after another: the finder reuses its buffer
	// of a mapped form for the next candidate.
	iris []byte
}

// matchRec is one match of a matchList: its text is w[start:end] of the
// whole text w, and its IRI matchList.iris[iriStart:iriEnd] when ownIRI
// is set, else that text.
type matchRec struct {
	start, end       int
	iriStart, iriEnd int
	kind             Kind
	ownIRI           bool
}

// add records the match of candidate c of the whole text w, whose IRI
// form when c.mapped is f.mapped. The record is written field by field in
// place: built whole and appended, it was stored a field at a time and
// copied 16 bytes at a time, loads the processor could not forward from
// the stores (half of add's time).
func (l *matchList) add(w []byte, f *finder, c candidate) {
	if len(l.recs) == cap(l.recs) {
		l.recs = slices.Grow(l.recs, 1)
	}
	l.recs = l.recs[:len(l.recs)+1]
	r := &l.recs[len(l.recs)-1]
	r.start, r.end, r.kind, r.ownIRI = c.start, c.end, c.kind, false
	l.texts = append(l.texts, w[c.start:c.end]...)
	if iri, own := iriOf(w, f, c); own {
		r.iriStart, r.ownIRI = len(l.iris), true
		l.iris = append(l.iris, iri...)
		r.iriEnd = len(l.iris)
	}
}

// iriOf returns the IRI form of candidate c, a match of the whole text w
// whose IRI form when c.mapped is f.mapped, and whether it was made
// (mapped, or characters percent-encoded): otherwise it is w[c.start:c.end]
// itself. (A form made may still have the same bytes: iriForm keeps the
// brackets of an IP literal.)
func iriOf(w []byte, f *finder, c candidate) (iri []byte, made bool) {
	iri = w[c.start:c.end]
	if c.mapped {
		iri = f.mapped
	}
	if !c.clean {
		if enc := iriForm(iri, c.kind); enc != nil {
			return enc, true
		}
	}
	return iri, c.mapped
}

// matches returns the matches of l, nil when there are none: Text and
// IRI are substrings of one string made of l.texts and l.iris (a Match
// kept keeps that string, the strings of all the matches, alive).
func (l *matchList) matches() []Match {
	if len(l.recs) == 0 {
		return nil
	}
	var b strings.Builder
	b.Grow(len(l.texts) + len(l.iris))
	b.Write(l.texts)
	b.Write(l.iris)
	all, text := b.String(), len(l.texts)
	ms := make([]Match, len(l.recs))
	off := 0
	for i, r := range l.recs {
		m := &ms[i]
		n := r.end - r.start
		m.Offset, m.Length, m.Kind = int64(r.start), int64(n), r.kind
		m.Text = all[off : off+n]
		m.IRI = m.Text
		if r.ownIRI {
			m.IRI = all[text+r.iriStart : text+r.iriEnd]
		}
		off += n
	}
	return ms
}

// matchLists keeps matchLists for Find to reuse: the records of the
// matches of one text then cost no allocation.
var matchLists = sync.Pool{New: func() any { return new(matchList) }}

// release empties l and puts it back in matchLists, unless it grew past
// maxPooledMatches records or 64 bytes of strings per such record (its
// arrays are then left to the garbage collector).
func (l *matchList) release() {
	if cap(l.recs) > maxPooledMatches || cap(l.texts)+cap(l.iris) > maxPooledMatches*64 {
		return
	}
	l.recs, l.texts, l.iris = l.recs[:0], l.texts[:0], l.iris[:0]
	matchLists.Put(l)
}

// maxPooledMatches bounds the matchLists kept for reuse: 64 Ki records
// (2.5 MiB) hold the matches of 100 MB of prose with a link every 2 KB.
const maxPooledMatches = 1 << 16
