package scanner

// indexTriggerBytes defines the triggers of the scanner's default mode,
// one byte at a time: it returns the index of the first byte at or after
// b[from] that is ':' or '@', or a '.' right after two bytes 'w' or 'W'
// (in "www."; a '.' after one 'w' is no trigger: the scanner's default
// mode looks at a '.' only for "www.", and 1,682 of the 5,372 triggers
// of 4 MiB of English prose were words such as "new." and "how."), or -1.
// indexTriggersBytes, the definition of indexTriggers, is made of it.
func indexTriggerBytes(b []byte, from int) int {
	for i := max(from, 0); i < len(b); i++ {
		switch b[i] {
		case ':', '@':
			return i
		case '.':
			if i > 1 && b[i-1]|0x20 == 'w' && b[i-2]|0x20 == 'w' {
				return i
			}
		}
	}
	return -1
}

// indexTriggersBytes is the definition of indexTriggers, one trigger at a
// time: it writes to out the positions of the triggers at or after b[from]
// (those of indexTriggerBytes, less the colons proseColon tells when prose
// is set), in order, until out is full or b ends, and returns their number
// n and where the search stopped: len(b) when it got there (or max(from,
// 0) when that is past it), else, out being full, the byte after the last
// position written. So out[:n] are the triggers in [from, next), and the
// search goes on from next.
func indexTriggersBytes(b []byte, from int, out []int, prose bool) (n, next int) {
	next = max(from, 0)
	for n < len(out) {
		t := indexTriggerBytes(b, next)
		if t < 0 {
			return n, max(next, len(b))
		}
		if !prose || !proseColon(b, t) {
			out[n], n = t, n+1
		}
		next = t + 1
	}
	return n, next
}

// proseWindow is how far back from a ':' proseColon looks: the vector
// loops load these bytes at once.
const proseWindow = 16

// proseColon reports whether the trigger at b[t] is a colon of prose that
// no match can start at ("Note: it"), as schemeStart's fast path rejects
// it: a ':' followed by an ASCII blank, whose run of scheme characters
// before it starts within the proseWindow bytes before it, after a byte
// other than ':', '<' and 0xA8 (the last byte of '⟨'). After a blank only
// a delimited form (<…>, <URL:…>, ⟨…⟩) can match, and only with the scheme
// starting right after one of those three bytes; any other start of the
// scheme (lastEnd, or the longest scheme back from t) is a scheme character
// or lastEnd itself, which schemeStart rejects too, provided the run and the
// blank, at most proseWindow bytes, are shorter than the maximum length
// (see Scanner.prose). A colon whose run reaches b[t-proseWindow], or that
// is too near either end of b to look at these bytes, is kept.
func proseColon(b []byte, t int) bool {
	if b[t] != ':' || t < proseWindow || t+1 >= len(b) || !isASCIISpace(b[t+1]) {
		return false
	}
	for k := t - 1; k >= t-proseWindow; k-- {
		if c := b[k]; !schemeChars[c] {
			return c != ':' && c != '<' && c != 0xA8
		}
	}
	return false
}
