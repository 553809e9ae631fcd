package scanner

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// The fused match path: the common candidates (a scheme followed by "//",
// or "www.", then a host, an optional port and a path, query and fragment
// of the characters the class masks tell; an e-mail address with an ASCII
// local part) are parsed forward in one function each (fused, fusedEmail)
// that gives exactly what try gives. Where a rule of the general code has
// more to say (a delimited or quoted form but a plain <…>, '%', '\\',
// quotes, the characters iriForm escapes, an overlong candidate), it gives
// up (ok false) and the general code runs from the start of the
// candidate. TestFastPaths, TestFusedPaths, FuzzFused and FuzzScan hold it
// to the general code (finder.slow turns it off).

// Byte classes of the fused body scan (fusedClass).
const (
	fPlain = iota // a body character with no role but the bracket depth
	fSlash        // '/': a new path segment
	fSoft         // . , ; ! * : trailing punctuation, kept only when body follows
	fQuery        // '?': soft, starts the query
	fColon        // ':': soft, a separator in the query and fragment
	fHash         // '#': starts the fragment
	fSep          // '=' '&': separators in the query and fragment
	fOpen         // '('
	fClose        // ')'
	fHard         // ends every match: white space, controls, '<', '>'
	fHigh         // the first byte of a non-ASCII character
	fBail         // anything the general code treats specially
)

// fusedClass classifies the bytes for fusedBody, from asciiClass and the
// rules of body: what is not listed keeps fBail.
var fusedClass = func() (t [256]uint8) {
	for c := range t {
		t[c] = fBail
	}
	for c := 0; c < 0x80; c++ {
		switch {
		case asciiClass[c] == cHard:
			t[c] = fHard
		case plainBody[c] && !escapeOrHash[c] && c != '\\':
			t[c] = fPlain
		}
	}
	t['/'] = fSlash
	for _, c := range ".,;!*" {
		t[c] = fSoft
	}
	t['?'] = fQuery
	t[':'] = fColon
	t['#'] = fHash
	t['='] = fSep
	t['&'] = fSep
	t['('] = fOpen
	t[')'] = fClose
	for c := 0x80; c < 0x100; c++ {
		t[c] = fHigh
	}
	return t
}()

// fused is at for the trigger at w[t] of a candidate of kind k, in one
// function: for KindScheme a ':' followed by "//" after a byte that ends a
// known scheme (the scheme must not be "file"), for KindWWW the
// dot of a "www." where a domain may start (domainBoundary). The host is
// plainHost's (and after a scheme, where it is not plain, a userinfo and
// any host scanHost takes, as authority reads them); then come
// afterHost's checks, the port and the body. ok is false when the general
// code must decide: start is then the start of the candidate for try, or
// -1 when there is none (no known scheme before the ':'). Otherwise res is
// rMatch for a match w[start:end] or rNone. (A candidate is returned by
// its fields: a struct of five is passed through memory.)
func (f *finder) fused(w []byte, t, lastEnd int, k Kind) (start, end int, res result, ok bool) {
	s, i := t-3, t-3 // "www." and its host
	if k == KindScheme {
		// The common case first: "http" or "https" (in any case: the
		// bytes fold to it with their case bit set only if they are it)
		// starting the run of scheme characters before the ':' after a
		// byte that is none (so no letter or digit: rule 2), as
		// schemeStart finds it; schemeStart takes any other.
		s, i = -1, t+3
		if t >= 4 && !f.slow {
			switch binary.LittleEndian.Uint32(w[t-4:]) | 0x20202020 {
			case 'h' | 't'<<8 | 't'<<16 | 'p'<<24:
				if f.http {
					s = t - 4
				}
			case 't' | 't'<<8 | 'p'<<16 | 's'<<24:
				if f.https && t >= 5 && w[t-5]|0x20 == 'h' {
					s = t - 5
				}
			}
			if lo := max(lastEnd, t-f.maxScheme); s < lo || s > 0 && (s == lo || schemeChars[w[s-1]]) {
				s = -1
			} else {
				// (What schemeStart records for parse.)
				f.schemeOK, f.schemeW, f.schemeS, f.schemeT, f.schemeHier = true, &w[0], s, t, true
			}
		}
		if s < 0 {
			s = f.schemeStart(w, t, lastEnd)
			if s < 0 || isFile(w[s:t]) {
				return s, 0, rNone, false
			}
		}
	}
	if f.slow {
		return s, 0, rNone, false
	}
	// The start of try: no delimited form but <…> (not <URL:…> nor ⟨…⟩)
	// and no ASCII quote before the candidate; the closing quote of a
	// non-ASCII one. In <…> (tryAngle) the match is the whole content up
	// to the first '>' (gt) when the parse of its IRI form (blanks
	// removed) takes it whole, and what the parse without it finds
	// otherwise. Here it is known only where the host and the body of the
	// masks alone end at gt or a new IRI starts in that body (no blanks
	// then: the IRI form is the content); every other answer with a gt
	// goes to the general code (ok false).
	var closer rune
	gt := -1
	if s > 0 {
		if b := w[s-1]; b >= utf8.RuneSelf {
			if closer, ok = fusedCloserHigh(w, s, lastEnd); !ok {
				return s, 0, rNone, false
			}
		} else if b == '<' && s-1 >= lastEnd {
			if gt = bytes.IndexByte(w[s:min(len(w), s+f.maxLen)], '>'); gt <= 0 {
				return s, 0, rNone, false
			}
			gt += s
		} else if opensForm[b] {
			return s, 0, rNone, false
		}
	}
	hk := hostScheme
	if k == KindWWW {
		hk = hostICANN
	}
	var m classMasks // of w[i:i+64]: plainHost's, then the body's
	var labels int
	var st hostState
	if haveClassifyVec && len(w)-i >= 64 {
		classifyVec(&w[i], &m) // plainHost, a call less
		end, labels, st = f.plainHostMasks(w, i, hk, &m)
	} else {
		end, labels, st = f.plainHost(w, i, hk, &m)
	}
	prefix := prefixASCII // what is known of w[s:end], for proseAfterPath
	switch st {
	case hostBad:
		return s, 0, rNone, gt < 0
	case hostSlow:
		if k == KindScheme && mayHaveUserinfoMasks(w, i, &m) {
			if u := userinfoEnd(w, i); u > i {
				i = u + 1
				if haveClassifyVec {
					classify(w, i, &m) // the masks start at the host
				}
			}
		}
		var ok bool
		if end, _, labels, ok = f.scanHost(w, i, hk, false); !ok {
			return s, 0, rNone, gt < 0
		}
		prefix = prefixUnknown
		if n := end - i; haveClassifyVec && n < 64 && m.high&(uint64(1)<<n-1) != 0 {
			prefix = prefixHigh
		}
	}
	// afterHost
	if labels == 1 {
		// A placeholder (see afterHost).
		if n := end - i; haveClassifyVec && n < 64 && m.under&(uint64(1)<<n-1) != 0 || (!haveClassifyVec || n >= 64) && bytes.IndexByte(w[i:end], '_') >= 0 {
			return s, 0, rNone, gt < 0
		}
	}
	if end+1 < len(w) && (w[end] == ':' && isPlaceholderStart(w[end+1]) || w[end] == '\\' && regexEscaped[w[end+1]]) {
		return s, 0, rNone, gt < 0
	}
	mb := i // the masks' first byte
	// rest: the port.
	i = end
	if i < len(w) && w[i] == ':' {
		j := i + 1
		for j < len(w) && isDigit(w[j]) {
			j++
		}
		if j > i+1 {
			if j-i-1 > 5 || atoi(w[i+1:j]) > 65535 {
				return s, 0, rNone, gt < 0
			}
			i = j
		}
	}
	if i-s > f.maxLen {
		return s, 0, rNone, false // overlong: the general code skips it
	}
	if i < len(w) && (w[i] == '/' || w[i] == '?' || w[i] == '#') {
		// The body. The common path, query and fragment, from the masks
		// alone: plain characters, the separators = & and at most one
		// '#', soft punctuation (. , ; ! * ? :) and non-ASCII body
		// characters (highRuns), ended within the masks by a hard
		// character or the end of the text, and shorter than the maximum
		// length. There the loop's answer is the end of the last
		// character that is not soft, unless a letter after soft
		// punctuation starts a new IRI (startsNew), or CJK prose follows
		// the ASCII IRI (highRuns), which ends the match before it. The
		// loop takes any other body.
		off := i - mb
		n := 64 // the run of such characters from w[i]
		if haveClassifyVec && off < 64 {
			n = bits.TrailingZeros64(^((m.body | m.punct | m.ksep | m.high) >> off))
		}
		stop := i + n
		plain := off+n < 64 && stop-s < f.maxLen && (stop == len(w) || fusedClass[w[stop]] == fHard)
		region := (uint64(1)<<n - 1) << off
		if sep := m.ksep & region; plain && sep&(sep-1) != 0 {
			// More than one separator: no second '#' (the loop gives
			// up there, since iriForm escapes it).
			hashes := 0
			for ; sep != 0; sep &= sep - 1 {
				if w[mb+bits.TrailingZeros64(sep)] == '#' {
					hashes++
				}
			}
			plain = hashes <= 1
		}
		var keep uint64 // the characters that are not soft
		whole := false  // a delimited form's content, soft punctuation and all
		if plain {
			keep = (m.body | m.ksep | m.high) & region
			whole = stop == gt
			// Letters right after soft punctuation may start a new IRI
			// (in a delimited form too: its parse ends there, and the
			// parse without it decides).
			for cand := m.punct & region << 1 & m.alnum & region; cand != 0; cand &= cand - 1 {
				p := bits.TrailingZeros64(cand)
				if isLetter(w[mb+p]) && f.startsNewMasks(w, mb+p, &m, mb) {
					keep &= uint64(1)<<p - 1
					whole, gt = false, -1
					break
				}
			}
			if hi := keep & m.high; hi != 0 {
				if plain = gt < 0; plain {
					keep, plain = f.highRuns(w, s, mb, keep, hi, (m.punct|m.ksep)&region, closer, prefix)
				}
			}
		}
		if plain && whole {
			i = gt
		} else if plain {
			if keep != 0 {
				i = mb + 64 - bits.LeadingZeros64(keep)
			}
		} else if gt >= 0 {
			return s, 0, rNone, false // whether the delimited parse takes the content whole: the general code
		} else {
			e, r, ok := f.fusedBodyLoop(w, i, s, closer, &m, mb, prefix)
			if !ok || r != rMatch {
				return s, 0, r, ok // (no gt here)
			}
			i = e
		}
	}
	if i-s > f.maxLen || gt >= 0 && i != gt {
		return s, 0, rNone, false
	}
	return s, i, rMatch, true
}

// fusedEmail is at for the '@' at w[t] in one function, for the common
// address: a local part of plainLocal bytes (an ASCII dot-atom that does
// not start with '.', '+', '-' or '%', nor end with '.', without "..") after a
// byte that is no atext, ':' or '<' and none that makes wrappedStart see
// a wrapped address, and a domain plainHost takes. There emailStart
// returns the start of the run, localEnd finds the '@' again, nothing is
// escaped, and what is left to decide is loginTarget, the domain and what
// follows it. ok is false for any other candidate, which at gives to the
// general code; otherwise res is rMatch for a match w[start:end] or rNone.
func (f *finder) fusedEmail(w []byte, t, lastEnd int) (start, end int, res result, ok bool) {
	if f.slow {
		return 0, 0, rNone, false
	}
	lo := max(lastEnd, t-maxLocalPart)
	b := w[lo : t+1] // b[n] is the byte after b[n-1], the '@' last
	n := len(b) - 1
	for n > 0 && plainLocal[b[n-1]] && (b[n-1] != '.' || b[n] != '.') {
		n-- // (the run stops at "..", where the general code decides)
	}
	s := lo + n
	if s == t || !startsLocal(w[s]) || w[t-1] == '.' || s == lo && s > 0 {
		return 0, 0, rNone, false
	}
	if s > 0 {
		// ASCII: where scanBackASCII stops. Not atext (a KEY= or an
		// opening quote stands there, or "..") ':' (a configuration
		// prefix, or <URL:) or '<': emailStart and try have more to say;
		// blanks after a line break: wrappedStart.
		if c := w[s-1]; c >= utf8.RuneSelf || atextASCII[c] || c == ':' || c == '<' ||
			(c == ' ' || c == '\t') && s >= 2 && w[s-2] <= ' ' && wrappedStart(w, s, lastEnd) >= 0 {
			return 0, 0, rNone, false
		}
		if loginTarget(w, s) {
			return s, 0, rNone, true
		}
	}
	if t+1 < len(w) && w[t+1] == '[' {
		return 0, 0, rNone, false // an address literal
	}
	var m classMasks
	end, _, st := f.plainHost(w, t+1, hostICANN, &m)
	switch {
	case st == hostSlow || end-s > f.maxLen:
		return 0, 0, rNone, false
	case st == hostBad || isDottedNumber(w[t+1:end]):
		return s, 0, rNone, true
	case end+1 < len(w) && w[end] == ':' && loginPath[w[end+1]]:
		return s, 0, rNone, true // user@host:path is a login target
	}
	return s, end, rMatch, true
}

// plainLocal: the atext bytes (atextASCII) of a local part that leave
// nothing to decide: not '=' (KEY=jane@…), the quotes and emphasis marks
// of localOpeners, '/' (a path), nor what iriForm escapes.
var plainLocal = func() (t [256]bool) {
	for c := range t {
		t[c] = atextASCII[c] && !localOpeners[c] && !escapeOrHash[c] && c != '=' && c != '/'
	}
	return t
}()

// opensForm: the ASCII bytes before a candidate that make fused give up
// (but see <…> there): '<' and "<URL:" (which ends in ':') open a
// delimited form; '"' '`' '|' are quotes that close themselves.
var opensForm = byteSet("<:\"`|")

// fusedCloserHigh is the start of try for a candidate at w[s] after a
// non-ASCII byte: ok is false for groff's ⟨, and closer is the closing
// quote of a non-ASCII opening quote before the candidate.
func fusedCloserHigh(w []byte, s, lastEnd int) (closer rune, ok bool) {
	switch w[s-1] {
	case 0xA8:
		if s-3 >= lastEnd && string(w[s-3:s]) == "\u27E8" {
			return 0, false // ⟨
		}
		return 0, true
	case 0x9C, 0x9E, 0xAB, 0xB9, 0x8C, 0x8E: // the last bytes of the non-ASCII openers of quoteClosers
	default:
		return 0, true
	}
	r := lastRune(w[:s])
	for _, q := range quoteClosers {
		if q.open == r {
			closer = q.close
		}
	}
	return closer, true
}

// What the fused path knows of a candidate up to its body, for
// proseAfterPath: that it is ASCII (a plain host, and the scheme and "//"
// or "www." before it), that it is not (a non-ASCII byte in the host), or
// neither.
const (
	prefixUnknown int8 = iota
	prefixASCII
	prefixHigh
)

// The fused body is body(w, i, s, false, closer, false) for a path,
// query and fragment of the characters fusedClass knows, in one pass: the
// loop (fusedBodyLoop) gives up (ok false) where it would need the general
// rules, and returns rNone for a regular expression group, as body does.
// The class masks m of w[mb:mb+64] (mb <= i) give the runs of plain
// characters, and move on as the runs do; fused tries the common case
// from the masks alone first, where they come from vector loops.

// highRuns checks, for fused, the non-ASCII bytes hi (bits of the masks
// of w[mb:mb+64]) among the characters keep, that are not soft, of a body
// that is otherwise of the masks alone, whose separators and soft
// punctuation are the bits seps, for a candidate at w[s] with the prefix
// and closer fusedBodyLoop takes. ok is false unless each run of them is
// body characters other than the closer (bodyRunHigh; in the query where
// a '?' and no '#' comes before it). Where the first of them stands in the
// path and is CJK prose glued to an ASCII IRI (proseAfterPath), the loop
// ends the match before it, whatever follows: keep is returned without
// the characters from there.
func (f *finder) highRuns(w []byte, s, mb int, keep, hi, seps uint64, closer rune, prefix int8) (uint64, bool) {
	q, h := 64, 64 // the first '?' before any '#', and the first '#'
	for ; seps != 0; seps &= seps - 1 {
		p := bits.TrailingZeros64(seps)
		if c := w[mb+p]; c == '#' {
			h = p
			break
		} else if c == '?' && q == 64 {
			q = p
		}
	}
	if a := bits.TrailingZeros64(hi); a < q && a < h && prefix != prefixHigh {
		if r, _ := decodeRune(w, mb+a); r >= 0x1100 && isCJKLetter(r) && (prefix == prefixASCII || asciiPrefix(w, s, mb+a)) && f.proseRun(w, s, mb+a, r, closer) {
			return keep & (uint64(1)<<a - 1), true
		}
	}
	for hi != 0 {
		a := bits.TrailingZeros64(hi)
		b := a + bits.TrailingZeros64(^(hi >> a))
		if bodyRunHigh(w, mb+a, mb+b, closer, q < a && a < h) != mb+b {
			return 0, false
		}
		hi &^= (uint64(1)<<(b-a) - 1) << a
	}
	return keep, true
}

// fusedBodyLoop is the fused body one character or run at a time. prefix tells
// what is known of w[s:i] (prefixASCII, prefixHigh or prefixUnknown), which
// proseAfterPath checks.
func (f *finder) fusedBodyLoop(w []byte, i, s int, closer rune, m *classMasks, mb int, prefix int8) (int, result, bool) {
	var stack [maxDepth]rune // open brackets
	depth := 0
	keep := i
	inQuery, inFrag, hash := false, false, false
	prevSoft := false
	proseEnds := true // see proseAfterPath
	sawHigh := false  // a non-ASCII character since w[i]
	lim := min(len(w), s+f.maxLen)
	for i < len(w) {
		if i-s >= f.maxLen {
			return 0, rNone, false
		}
		b := w[i]
		switch fusedClass[b] {
		case fPlain, fSlash:
			if prevSoft {
				if isLetter(b) && f.startsNewMasks(w, i, m, mb) {
					return keep, rMatch, true
				}
				prevSoft = false
			}
			// The run of fPlain and fSlash bytes from w[i], a window of
			// masks at a time (or a byte at a time without vector loops);
			// a '/' in it resets the bracket depth. A run past lim is
			// overlong: the loop's first test gives up.
			for !haveClassifyVec && i < lim {
				c := fusedClass[w[i]]
				if c > fSlash {
					break
				}
				if c == fSlash {
					depth = 0
				}
				i++
			}
			for haveClassifyVec {
				off := i - mb
				if off >= 64 {
					mb = i
					classify(w, mb, m)
					off = 0
				}
				n := bits.TrailingZeros64(^(m.body >> off))
				if m.slash>>off&(uint64(1)<<n-1) != 0 {
					depth = 0
				}
				i += n
				if off+n < 64 {
					break
				}
			}
			i = min(i, lim)
			keep = i
		case fSoft:
			prevSoft = true
			i++
		case fQuery:
			if !inFrag {
				inQuery = true
			}
			depth = 0
			if i+1 < len(w) && w[i+1] == '(' {
				return 0, rNone, false // a filter (see body)
			}
			prevSoft = true
			i++
		case fColon:
			if inQuery || inFrag {
				depth = 0
			}
			prevSoft = true
			i++
		case fHash:
			if hash {
				return 0, rNone, false // a second '#' is escaped
			}
			hash, inFrag, inQuery = true, true, false
			depth = 0
			i++
			keep = i
			prevSoft = false
		case fSep:
			if inQuery || inFrag {
				depth = 0
			}
			i++
			keep = i
			prevSoft = false
		case fOpen:
			if regexGroup(w[i:]) {
				return 0, rNone, true
			}
			if depth == maxDepth {
				return keep, rMatch, true
			}
			stack[depth] = '('
			depth++
			i++
		case fClose:
			if depth == 0 || !matches(stack[depth-1], ')') {
				return keep, rMatch, true
			}
			depth--
			i++
			keep = i
			prevSoft = false
		case fHard:
			return keep, rMatch, true
		case fHigh:
			r, size := decodeRune(w, i)
			c := cBody
			if r < rune(len(smallClass)) {
				c = smallClass[r]
			} else {
				c = classOf(r, inQuery)
			}
			if proseEnds && c == cBody && !inQuery && !inFrag {
				proseEnds = false
				// proseAfterPath, with what is known of w[s:i] (no CJK
				// letter is below U+1100).
				if r >= 0x1100 && isCJKLetter(r) && (prefix == prefixASCII && !sawHigh || prefix == prefixUnknown && asciiPrefix(w, s, i)) && f.proseRun(w, s, i, r, closer) {
					return keep, rMatch, true
				}
			}
			sawHigh = true
			if r == closer && closer != 0 {
				return keep, rMatch, true
			}
			switch c {
			case cHard:
				return keep, rMatch, true
			case cSoft:
				prevSoft = true
				i += size
				continue
			case cOpen:
				if depth == maxDepth {
					return keep, rMatch, true
				}
				stack[depth] = r
				depth++
				i += size
				continue
			case cClose:
				if depth == 0 || !matches(stack[depth-1], r) {
					return keep, rMatch, true
				}
				depth--
			}
			i += size
			prevSoft = false
			if c == cBody {
				i = bodyRunHigh(w, i, lim, closer, inQuery) // a run of non-ASCII body characters
			}
			keep = i
		default:
			return 0, rNone, false
		}
	}
	return keep, rMatch, true
}

// decodeRune is utf8.DecodeRune(w[i:]) with the two- and three-byte
// sequences (Latin, Cyrillic, Arabic …, CJK) decoded inline.
func decodeRune(w []byte, i int) (rune, int) {
	if b := w[i]; b < utf8.RuneSelf {
		return rune(b), 1
	} else if b < 0xE0 {
		if r, ok := decode2(w, i); ok {
			return r, 2
		}
	} else if b < 0xF0 {
		if r, ok := decode3(w, i); ok {
			return r, 3
		}
	}
	return utf8.DecodeRune(w[i:])
}

// decode2 decodes the two-byte sequence at w[i] (whose first byte is
// below 0xE0); ok is false for anything else. It inlines.
func decode2(w []byte, i int) (r rune, ok bool) {
	if b := w[i]; b >= 0xC2 && i+1 < len(w) && w[i+1]&0xC0 == 0x80 {
		return rune(b&0x1F)<<6 | rune(w[i+1]&0x3F), true
	}
	return 0, false
}

// decode3 decodes the three-byte sequence at w[i] (whose first byte is
// 0xE0 to 0xEF); ok is false for anything else, an overlong form or a
// surrogate among them. It inlines.
func decode3(w []byte, i int) (r rune, ok bool) {
	if i+2 < len(w) {
		if b1, b2 := w[i+1], w[i+2]; b1&0xC0 == 0x80 && b2&0xC0 == 0x80 {
			r = rune(w[i]&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F)
			if r >= 0x800 && (r < 0xD800 || r > 0xDFFF) {
				return r, true
			}
		}
	}
	return 0, false
}

// bodyRunHigh returns the end of the run of non-ASCII body characters
// (classOf cBody, not closer) at w[i:lim]: the two- and three-byte
// sequences decoded and looked up in the loop, the rest by decodeRune and
// classOf.
func bodyRunHigh(w []byte, i, lim int, closer rune, inQuery bool) int {
	for i < lim {
		b := w[i]
		if b-0xC2 < 0xE0-0xC2 && i+1 < len(w) && closer < 0x80 {
			// Two bytes, and no closer of two bytes to look for: the
			// class looked up by the bytes.
			if c := w[i+1]; c&0xC0 == 0x80 && bodyRune2[int(b&0x1F)<<6|int(c&0x3F)] {
				i += 2
				continue
			}
			break
		}
		if b < utf8.RuneSelf {
			break
		}
		if b-0xE0 < 0x10 && i+2 < len(w) {
			// Three bytes (Kana, Han, Hangul, Indic …): the answer of
			// the rune's block looked up by its bytes, where it is one.
			if c1, c2 := w[i+1], w[i+2]; c1&0xC0 == 0x80 && c2&0xC0 == 0x80 && run3[int(b&0x0F)<<6|int(c1&0x3F)]&run3Body != 0 {
				i += 3
				continue
			}
		}
		var r rune
		var ok bool
		size := 2
		if b < 0xE0 {
			r, ok = decode2(w, i)
		} else if b < 0xF0 {
			r, ok = decode3(w, i)
			size = 3
		}
		if !ok {
			r, size = utf8.DecodeRune(w[i:])
		}
		if r == closer {
			break
		}
		if r < rune(len(smallClass)) {
			if smallClass[r] != cBody {
				break
			}
		} else if !isCJKLetterBlock(r) && classOfSlow(r, inQuery) != cBody {
			break
		}
		i += size
	}
	return i
}

// bodyRune2 tells the two-byte runes U+0080 to U+07FF of class cBody,
// indexed as hostRune2.
var bodyRune2 = func() (t [0x800]bool) {
	for r := rune(0x80); r < 0x800; r++ {
		t[r] = smallClass[r] == cBody
	}
	return t
}()

// mayHaveUserinfoMasks is mayHaveUserinfo(w, i) with the class masks m of
// w[i:i+64]: the first ASCII byte that is not a host byte or a dot.
func mayHaveUserinfoMasks(w []byte, i int, m *classMasks) bool {
	if n := bits.TrailingZeros64(^(m.host() | m.dot | m.high)); haveClassifyVec && n < 64 {
		j := i + n
		return j < len(w) && (w[j] == '@' || userinfoASCII[w[j]])
	}
	return mayHaveUserinfo(w, i)
}
