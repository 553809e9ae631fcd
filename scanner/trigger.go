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
// (those of indexTriggerBytes), in order, until out is full or b ends, and
// returns their number n and where the search stopped: len(b) when it
// got there (or max(from, 0) when that is past it), else, out being full,
// the byte after the last position written. So out[:n] are the triggers
// in [from, next), and the search goes on from next.
func indexTriggersBytes(b []byte, from int, out []int) (n, next int) {
	next = max(from, 0)
	for n < len(out) {
		t := indexTriggerBytes(b, next)
		if t < 0 {
			return n, max(next, len(b))
		}
		out[n], n, next = t, n+1, t+1
	}
	return n, next
}
