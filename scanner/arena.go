package scanner

import "unsafe"

// A stringArena makes strings of byte slices, copied into a block shared by
// many: one allocation per block of strings instead of one per string (a
// string per match was 5% of Find's time, and most of the HTMLScanner's
// allocations). The bytes of a string made are never written again: a
// block only grows by append within its capacity, and a full one is left to
// the strings that point into it, so the strings are as immutable as any.
// A string kept keeps its block alive; one longer than a quarter of a block
// gets its own allocation. The zero value uses blocks of 4 KiB.
type stringArena struct {
	block []byte
	size  int // bytes per block; 0 for 4 KiB
}

// String returns b as a string.
func (a *stringArena) String(b []byte) string {
	size := a.size
	if size == 0 {
		size = 4 << 10
	}
	if len(b) == 0 || len(b) > size/4 {
		return string(b)
	}
	if cap(a.block)-len(a.block) < len(b) {
		a.block = make([]byte, 0, size)
	}
	n := len(a.block)
	a.block = append(a.block, b...)
	return unsafe.String(&a.block[n], len(b))
}
