package scanner

// indexTriggerBytes is the definition of indexTriggerFused, one byte at a
// time: the index of the first byte at or after b[from] that is ':' or
// '@', or a '.' right after two bytes 'w' or 'W' (in "www."; a '.' after
// one 'w' is no trigger: the scanner's default mode looks at a '.' only
// for "www.", and 1,682 of the 5,372 triggers of 4 MiB of English prose
// were words such as "new." and "how."), or -1. The vector searches fall
// back on it for short buffers, and the differential tests and
// FuzzIndexTrigger hold them to it.
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
