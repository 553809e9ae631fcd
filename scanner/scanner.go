package scanner

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/iriscan/iriscan/scanner/refang"
)

// triggerRun and triggerSlots bound the calls of indexTriggers: the bytes
// of text one call searches and the positions it returns. A call costs
// about what the one per trigger of a search for the next trigger did,
// once per 16 KiB of prose instead of once per trigger; runs of 4, 16 and
// 64 KiB and the whole text, with 64 or 256 slots, measured the same on
// 4 MiB of prose, and a bounded run keeps the text of the triggers being
// tried near in the caches.
//
// A text over farText bytes, which does not stay in the caches, is
// searched in runs of farRun bytes: the search asks for the text PFDIST
// (2 KiB) ahead (trigger_amd64.s), and with short runs those loads are on
// their way while the triggers of the run before are tried, where after a
// run of 16 KiB the memory waited for the matching and the matching for
// the memory. Find over the bench's 100 MB of English and Japanese
// prose, least time of a pass against main's search for one trigger at a
// time, in one process: 16 KiB runs 1.10x and 1.23x its time, 2 KiB runs
// 0.97-0.99x and 0.97x (1 KiB 1.01x and 1.04x; 4 KiB with a prefetch
// 4 KiB ahead 0.97x and 0.94x, but that prefetch cost 4% on 4 MiB of
// English prose in the caches). In the caches, 2 KiB runs cost 3-7% of
// Find over 16 KiB runs, a call every 2 KiB.
const (
	triggerRun   = 16 << 10
	farText      = 8 << 20
	farRun       = 2 << 10
	triggerSlots = 256
)

// minChunk is the least number of fresh bytes a refill makes room for.
const minChunk = 128 << 10

// initialWindow bounds the window a Scanner makes at first: it grows to
// the size its maximum length needs only as a text that long comes.
const initialWindow = 1 << 20

// A Scanner finds the IRIs in UTF-8 text read from an io.Reader. Successive
// calls to Scan step through the matches in document order; Match returns
// the current one. Offsets are in bytes of the text read. A caller that
// decoded the text from another charset maps them back to source offsets.
//
// A Scanner holds one window of about twice Options.MaxLength plus 130 KiB
// (about 139 KiB by default), whatever the input; invalid UTF-8 ends a match
// and is otherwise passed over. A Scanner is not safe for concurrent use.
type Scanner struct {
	f       *finder
	r       io.Reader
	buf     []byte
	n       int   // valid bytes in buf
	base    int64 // stream offset of buf[0]
	pos     int   // next byte to look for triggers at
	lastEnd int   // no match starts before this
	eof     bool
	skip    bool // passing over an overlong candidate
	resume  int  // with skip: look for triggers again from at least here
	err     error
	m       Match
	trig    []trigger
	fused   bool // the triggers are found by indexTriggers, not trig
	// prose: indexTriggers drops the colons of prose (proseColon), which
	// at rejects without a match; not in the slow mode (the tests' general
	// code), nor with a maximum length within proseWindow, where the run
	// and the blank could be too long for schemeStart's fast path.
	prose bool
	// With fused: the triggers found in the window and not yet passed,
	// tidx[ti:tn], ascending; the window is searched up to tend.
	tidx   []int
	ti, tn int
	tend   int
	own    bool // buf is the Scanner's own window (NewScanner)
	window int  // with own: the size buf may grow to

	arena stringArena // the strings of matches, cut from shared blocks

	rf  *refang.Reader // with Options.Refang: reads r refanged
	src []byte         // with rf: scratch for the source text of a match

	spanSink spanList // AppendSpans' matchSink
}

// trigger is the search state for one kind of trigger.
type trigger struct {
	pat      string
	afterW   bool // only occurrences right after 'w' or 'W' ("www.")
	next     int  // index of the next occurrence, or -1 when none before searched
	searched int  // with next == -1: searched up to here
}

// NewScanner returns a Scanner reading from r with options o (nil for the
// defaults).
func NewScanner(r io.Reader, o *Options) *Scanner {
	f := newFinder(o)
	s := &Scanner{f: f, r: r, own: true}
	if o != nil && o.Refang {
		s.rf = refang.NewReader(r)
		s.r = s.rf
	}
	// The window a match of the maximum length needs is made as the
	// text comes: a large MaxLength costs memory only for a text that
	// long, not up front.
	s.window = lookBehind + f.maxLen + lookAheadSlack + max(minChunk, f.maxLen)
	s.buf = make([]byte, min(s.window, initialWindow))
	s.initTriggers()
	return s
}

// Reset makes s scan the text of r from the start, with the same options,
// reusing its window: a batch job scans many documents with one Scanner.
func (s *Scanner) Reset(r io.Reader) {
	if !s.own {
		panic("scanner: Reset of a Scanner not made by NewScanner")
	}
	s.r, s.n, s.base, s.pos, s.lastEnd = r, 0, 0, 0, 0
	if s.rf != nil {
		s.rf.Reset(r)
		s.r = s.rf
	}
	s.eof, s.skip, s.resume, s.err, s.m = false, false, 0, nil, Match{}
	s.ti, s.tn, s.tend = 0, 0, 0
	for k := range s.trig {
		s.trig[k].next, s.trig[k].searched = -1, 0
	}
}

// newBytesScanner returns a Scanner over the whole of b, without copying.
func newBytesScanner(b []byte, f *finder) *Scanner {
	s := &Scanner{f: f}
	s.initTriggers()
	s.reset(b)
	return s
}

// reset makes s scan the whole of b, without copying.
func (s *Scanner) reset(b []byte) {
	s.buf, s.n, s.eof = b, len(b), true
	s.base, s.pos, s.lastEnd, s.skip = 0, 0, 0, false
	s.ti, s.tn, s.tend = 0, 0, 0
	for k := range s.trig {
		s.trig[k].next, s.trig[k].searched = -1, 0
	}
}

// initTriggers sets up the searches: ':' for schemes, '@' for e-mail
// addresses, and '.' after 'w' for "www." — or, in fuzzy mode, every label
// dot. Where the build has a vector search for them (amd64), the default
// mode's three are found in one pass (indexTriggers); otherwise, and in
// fuzzy mode, each is a bytes.IndexByte (SIMD) search, except the
// full-width dots, and nextTrigger takes the first.
func (s *Scanner) initTriggers() {
	s.fused = haveFused && !s.f.fuzzy
	s.prose = s.fused && !s.f.slow && s.f.maxLen > proseWindow && proseInLoop()
	pats := []string{":", "@", "."}
	if s.f.fuzzy {
		pats = append(pats, "\u3002", "\uFF0E", "\uFF61")
	}
	s.trig = slices.Grow(s.trig[:0], len(pats))[:len(pats)] // (reused by getTextScanner)
	for i, p := range pats {
		s.trig[i] = trigger{pat: p, next: -1, afterW: p == "." && !s.f.fuzzy}
	}
}

// Find returns all matches in text. The strings of the matches (Text and
// IRI) are copies, made as one string that they share. Find and
// AppendSpans reuse the state of their earlier calls: over a text without
// a match, Find allocates nothing.
func Find(text []byte, o *Options) []Match {
	var s *Scanner
	if o != nil && o.Refang {
		if o.MaxLength > len(text) {
			// No match is longer than the text (refanging never makes
			// it longer): a limit just past its length gives the same
			// matches with the least window (a limit of 1 MiB or more
			// would start the Scanner with a window of 1 MiB).
			bounded := *o
			bounded.MaxLength = len(text) + 1
			o = &bounded
		}
		s = NewScanner(bytes.NewReader(text), o)
	} else {
		s = getTextScanner(text, o)
		defer putTextScanner(s)
	}
	if s.rf != nil {
		var ms []Match
		for s.Scan() {
			ms = append(ms, s.m)
		}
		return ms
	}
	l := matchLists.Get().(*matchList)
	defer l.release()
	s.findAll(l)
	return l.matches()
}

// textScanners keeps the Scanners over a text in memory that Find and
// AppendSpans used, for the next call: a Scanner and its finder are some
// 10 KB, most of it the finder's caches of host and top-level-domain
// answers (which depend on no option, and are bounded), and Find over a
// line of text spent nine tenths of its time making them (3.0 µs a line
// of 50 bytes, 0.36 µs with the pool).
var textScanners sync.Pool

// getTextScanner returns a Scanner over the whole of text with options o
// (not Refang): one of textScanners when the pool has one, else a new one.
func getTextScanner(text []byte, o *Options) *Scanner {
	s, _ := textScanners.Get().(*Scanner)
	if s == nil {
		return newBytesScanner(text, newFinder(o))
	}
	s.f.configure(o)
	s.initTriggers()
	s.reset(text)
	return s
}

// putTextScanner gives s, from getTextScanner and no longer used, to
// textScanners, without what it holds of its last text: the text, its
// last match, the finder's pointer into the text and a buffer of a
// mapped IRI form grown past 4 KiB.
func putTextScanner(s *Scanner) {
	f := s.f
	if f.slow || s.own || s.rf != nil {
		return
	}
	s.buf, s.m, s.err, s.arena = nil, Match{}, nil, stringArena{}
	f.schemeOK, f.schemeW = false, nil
	f.mapped = f.mapped[:0]
	if cap(f.mapped) > 4<<10 {
		f.mapped = nil
	}
	textScanners.Put(s)
}

// A Span is where a match is in a text, without its strings: the match's
// Text is text[Start:End].
type Span struct {
	Start, End int
	Kind       Kind

	// IRIDiffers reports that the match's IRI (Match.IRI) is not its
	// text: a delimited form with its line wraps, or one with characters
	// no IRI allows, which Match.IRI has percent-encoded. Find gives that
	// IRI; for any other span it is text[Start:End].
	IRIDiffers bool
}

// AppendSpans appends to dst the spans of the matches Find returns for
// text, in the same order, and returns the extended slice. It makes no
// strings: for a caller that needs only where the matches are (to cut
// the text, or to link a match whose IRI does not differ), it is Find
// without copying the matches or making a Match each. Into a dst of
// enough capacity, reused from text to text, it allocates nothing (but
// with Options.Refang, which finds the matches with Find, and for a
// scheme list of the options' own other than the last one given).
func AppendSpans(dst []Span, text []byte, o *Options) []Span {
	if o != nil && o.Refang {
		for _, m := range Find(text, o) {
			dst = append(dst, Span{Start: int(m.Offset), End: int(m.Offset + m.Length), Kind: m.Kind,
				IRIDiffers: m.IRI != m.Text})
		}
		return dst
	}
	s := getTextScanner(text, o)
	l := &s.spanSink // (a spanList here would escape to the heap)
	l.spans = dst
	s.findAll(l)
	dst, l.spans = l.spans, nil
	putTextScanner(s)
	return dst
}

// A matchSink takes the matches of findAll, in order: a matchList for
// Find, a spanList for AppendSpans.
type matchSink interface {
	// add takes candidate c, a match of the whole text w, whose IRI
	// form when c.mapped is f.mapped.
	add(w []byte, f *finder, c candidate)
}

// spanList is the matchSink of AppendSpans.
type spanList struct{ spans []Span }

func (l *spanList) add(w []byte, f *finder, c candidate) {
	differs := false
	if iri, made := iriOf(w, f, c); made {
		differs = !bytes.Equal(iri, w[c.start:c.end])
	}
	l.spans = append(l.spans, Span{Start: c.start, End: c.end, Kind: c.kind, IRIDiffers: differs})
}

// findAll finds the matches of a Scanner over a whole text held in memory
// (newBytesScanner) and gives them to l.
func (s *Scanner) findAll(l matchSink) {
	if s.fused {
		s.findFused(l)
		return
	}
	for {
		c, ok := s.next()
		if !ok {
			return
		}
		l.add(s.buf[:s.n], s.f, c)
	}
}

// findFused is Find over a whole text with the fused trigger search, its
// matches added to l: the loop of next for a window that is the whole
// text, with its state in locals (no refill; an overlong candidate is
// passed over as next passes over it, with skipOverlong), and the
// triggers of a run of text (triggerRun bytes, farRun in a text over
// farText) found by one call of indexTriggers, those before the end of the
// last match dropped.
func (s *Scanner) findFused(l matchSink) {
	w, f := s.buf[:s.n], s.f
	var idx [triggerSlots]int
	run := triggerRun
	if len(w) > farText {
		run = farRun
	}
	lastEnd := 0
	for from := 0; from < len(w); {
		n, next := indexTriggers(w[:min(len(w), from+run)], from, idx[:], s.prose)
		for _, t := range idx[:n] {
			if t < lastEnd {
				continue
			}
			switch c, res := f.at(w, t, lastEnd); res {
			case rMatch:
				lastEnd = c.end
				l.add(w, f, c)
			case rOverlong:
				s.pos, s.resume, s.skip = c.start, t+1, true
				s.skipOverlong() // at the end of the input: always done
				lastEnd = s.lastEnd
			}
		}
		from = max(next, lastEnd)
	}
}

// Match returns the most recent match found by Scan.
func (s *Scanner) Match() Match { return s.m }

// Retained returns the offset of the first byte of text the Scanner still
// holds: no match found by a later Scan starts before it. A caller that maps
// offsets back to a source (a charset decoder's offset map) may forget the
// mapping of the text before it.
func (s *Scanner) Retained() int64 {
	if s.rf != nil {
		return s.rf.Map().Start(s.base)
	}
	return s.base
}

// Err returns the first error other than io.EOF met by the reader, with the
// offset where it happened; the error wraps the reader's.
func (s *Scanner) Err() error { return s.err }

// Scan advances to the next match, which is then available through Match.
// It returns false at the end of the input or on a read error.
func (s *Scanner) Scan() bool {
	c, ok := s.next()
	if !ok {
		return false
	}
	s.fill(&s.m, c)
	if s.rf != nil {
		s.asWritten(c)
	}
	return true
}

// next finds the next match and returns its candidate: the matches of the
// window are then looked for after it.
func (s *Scanner) next() (candidate, bool) {
	for {
		if s.skip {
			if !s.skipOverlong() {
				if s.eof {
					return candidate{}, false
				}
				s.refill()
			}
			continue
		}
		limit := s.n
		if !s.eof {
			limit = s.n - s.f.maxLen - lookAheadSlack
		}
		var t, size int
		if s.fused {
			t, size = s.nextIndexed(), 1
		} else {
			t, size = s.nextTrigger()
		}
		if t < 0 || t >= limit {
			if s.eof {
				s.pos = s.n
				return candidate{}, false
			}
			// No trigger before limit: let the window move past it.
			s.pos = max(s.pos, limit)
			s.refill()
			continue
		}
		s.pos = t + size
		if t < s.lastEnd {
			continue
		}
		c, res := s.f.at(s.buf[:s.n], t, s.lastEnd)
		switch res {
		case rMatch:
			s.lastEnd = c.end
			s.pos = max(s.pos, c.end)
			return c, true
		case rOverlong:
			s.skip = true
			s.resume = s.pos
			s.pos = c.start
		}
	}
}

// nextIndexed returns the position of the first trigger at or after s.pos
// in the window, or -1: the first of tidx not before s.pos, after finding
// the triggers of the next run of the window with indexTriggers when
// none is left.
func (s *Scanner) nextIndexed() int {
	for {
		for ; s.ti < s.tn; s.ti++ {
			if t := s.tidx[s.ti]; t >= s.pos {
				return t
			}
		}
		from := max(s.pos, s.tend)
		if from >= s.n {
			return -1
		}
		if s.tidx == nil {
			s.tidx = make([]int, triggerSlots)
		}
		s.tn, s.tend = indexTriggers(s.buf[:min(s.n, from+triggerRun)], from, s.tidx, s.prose)
		s.ti = 0
	}
}

// fill makes *m the match of candidate c of the window.
func (s *Scanner) fill(m *Match, c candidate) {
	text, iri := s.strings(c)
	*m = Match{Offset: s.base + int64(c.start), Length: int64(c.end - c.start), Kind: c.kind, Text: text, IRI: iri}
}

// strings returns the Text and IRI of the match of candidate c of the
// window.
func (s *Scanner) strings(c candidate) (text, iri string) {
	src := s.buf[c.start:c.end]
	text = s.arena.String(src)
	iri = text
	if c.mapped {
		src = s.f.mapped
		iri = s.arena.String(src)
	}
	if !c.clean {
		if enc := iriForm(src, c.kind); enc != nil {
			iri = s.arena.String(enc)
		}
	}
	return text, iri
}

// skipOverlong passes over the rest of an overlong candidate: up to the next
// character that ends every match. It reports whether it got there.
func (s *Scanner) skipOverlong() bool {
	i := s.pos
	for i < s.n {
		b := s.buf[i]
		if b < 0x80 {
			if asciiClass[b] == cHard {
				break
			}
			i++
			continue
		}
		if !s.eof && s.n-i < 4 {
			s.pos = i
			return false
		}
		r, size := utf8.DecodeRune(s.buf[i:s.n])
		if classOf(r, true) == cHard {
			break
		}
		i += size
	}
	s.pos = i
	if i == s.n && !s.eof {
		return false
	}
	s.skip = false
	s.lastEnd = i
	s.pos = max(i, s.resume)
	return true
}

// nextTrigger returns the position and length of the first trigger at or
// after s.pos in the window, or -1.
func (s *Scanner) nextTrigger() (best, size int) {
	best = -1
	for k := range s.trig {
		t := &s.trig[k]
		if t.next >= 0 && t.next < s.pos || t.next < 0 && t.searched < s.n {
			from := s.pos
			if t.next < 0 {
				from = max(from, t.searched)
			}
			var j int
			switch {
			case t.afterW:
				j = indexAfterW(s.buf[:s.n], from)
			case len(t.pat) == 1:
				j = bytes.IndexByte(s.buf[from:s.n], t.pat[0])
			default:
				j = bytes.Index(s.buf[from:s.n], []byte(t.pat))
			}
			if j < 0 {
				t.next = -1
				t.searched = max(from, s.n-len(t.pat)+1)
			} else {
				t.next = from + j
			}
		}
		if t.next >= 0 && (best < 0 || t.next < best) {
			best, size = t.next, len(t.pat)
		}
	}
	return best, size
}

// indexAfterW returns the offset from "from" of the first '.' at or after
// b[from] that follows a 'w' or 'W', or -1: one bytes.IndexByte per '.'.
// It serves the builds without indexTriggers' vector loops.
func indexAfterW(b []byte, from int) int {
	for i := from; ; {
		j := bytes.IndexByte(b[i:], '.')
		if j < 0 {
			return -1
		}
		i += j
		if i > 0 && b[i-1]|0x20 == 'w' {
			return i - from
		}
		i++
	}
}

// refill reads more input, first moving the window so that lookBehind bytes
// before s.pos stay.
func (s *Scanner) refill() {
	if s.r == nil {
		s.eof = true
		return
	}
	if len(s.buf)-s.n < minChunk/2 {
		d := max(0, s.pos-lookBehind)
		copy(s.buf, s.buf[d:s.n])
		s.n -= d
		s.base += int64(d)
		if s.rf != nil {
			s.rf.Map().Forget(s.base)
		}
		s.pos -= d
		s.resume -= d
		s.lastEnd = max(0, s.lastEnd-d)
		// The triggers found move with the text (those before s.pos,
		// passed over, may go below 0).
		for i := s.ti; i < s.tn; i++ {
			s.tidx[i] -= d
		}
		s.tend = max(0, s.tend-d)
		for k := range s.trig {
			t := &s.trig[k]
			if t.next >= 0 {
				t.next -= d
				if t.next < 0 {
					t.next, t.searched = -1, 0
				}
			}
			t.searched = max(0, t.searched-d)
		}
		if len(s.buf)-s.n < minChunk/2 && len(s.buf) < s.window {
			b := make([]byte, min(s.window, max(2*len(s.buf), s.n+minChunk)))
			copy(b, s.buf[:s.n])
			s.buf = b
		}
	}
	m, err := s.r.Read(s.buf[s.n:])
	s.n += m
	if err != nil {
		s.eof = true
		if err != io.EOF {
			s.err = fmt.Errorf("scanner: read error at byte %d: %w", s.sourceEnd(s.base+int64(s.n)), err)
		}
	}
}

// needsEscape: the ASCII characters a match may contain that no IRI allows
// there, percent-encoded in Match.IRI (rule 7): the space and '"' of a
// delimited or quoted form, \ ^ ` | { } and [ ] (outside an IP literal).
var needsEscape = byteSet(" \"\\^`|{}[]<>")

// escapeOrHash is needsEscape and '#'.
var escapeOrHash = byteSet(" \"\\^`|{}[]<>#")

// needsIRIForm reports whether iriForm may change b: whether it has a
// character of needsEscape (the brackets of an IP literal are one, which
// iriForm keeps), or a second '#'.
func needsIRIForm(b []byte) bool {
	hash := false
	for _, c := range b {
		if escapeOrHash[c] { // one look-up per byte for the common "no"
			if c != '#' || hash {
				return true
			}
			hash = true
		}
	}
	return false
}

// iriForm returns the IRI form of the match text b of kind k, or nil when it
// is b itself: the characters of needsEscape percent-encoded, except the
// brackets of an IP literal in the authority, and every '#' after the first
// as %23 (a fragment holds no '#').
func iriForm(b []byte, k Kind) []byte {
	if !needsIRIForm(b) {
		return nil
	}
	// The authority of "scheme://": its brackets are an IP literal.
	authLo, authHi := -1, -1
	if k == KindScheme {
		if i := bytes.IndexByte(b, ':'); i > 0 && bytes.HasPrefix(b[i+1:], []byte("//")) {
			authLo = i + 3
			authHi = len(b)
			if j := bytes.IndexAny(b[authLo:], "/?#"); j >= 0 {
				authHi = authLo + j
			}
		}
	}
	out := make([]byte, 0, len(b)+16)
	seenHash := false
	for i, c := range b {
		switch {
		case c == '#' && !seenHash:
			seenHash = true
		case (c == '[' || c == ']') && i >= authLo && i < authHi,
			!needsEscape[c] && c != '#':
		default:
			out = append(out, '%', "0123456789ABCDEF"[c>>4], "0123456789ABCDEF"[c&15])
			continue
		}
		out = append(out, c)
	}
	return out
}
