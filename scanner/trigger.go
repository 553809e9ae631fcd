package scanner

// indexTriggerBytes is the definition of indexTriggerFused, one byte at a
// time: the index of the first byte at or after b[from] that is ':' or
// '@', or a '.' right after 'w' or 'W', or -1. The vector searches fall
// back on it for short buffers, and the differential tests and
// FuzzIndexTrigger hold them to it.
func indexTriggerBytes(b []byte, from int) int {
	for i := max(from, 0); i < len(b); i++ {
		switch b[i] {
		case ':', '@':
			return i
		case '.':
			if i > 0 && b[i-1]|0x20 == 'w' {
				return i
			}
		}
	}
	return -1
}
