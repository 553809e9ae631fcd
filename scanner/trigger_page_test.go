//go:build linux

package scanner

import (
	"math/rand"
	"syscall"
	"testing"
)

// guarded returns a buffer of n bytes that ends at a page whose access
// faults, and one of n bytes that starts right after such a page: a
// loop that reads a byte past either end of its buffer crashes the test.
// atEnd's capacity runs 64 bytes into the page that faults, so that a
// read past its length crashes even where the capacity would allow it.
func guarded(t *testing.T, n int) (atEnd, atStart []byte) {
	t.Helper()
	page := syscall.Getpagesize()
	if n > page {
		t.Fatalf("%d bytes: more than a page", n)
	}
	mem, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[page:2*page], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	return mem[page-n : page : page+64], mem[2*page : 2*page+n : 2*page+n]
}

// TestIndexTriggersPageEnds runs each loop of indexTriggers on buffers
// of every length up to 300 that end right before, or start right after,
// a page that faults, from every start: the vector loops' last,
// overlapping or masked vectors and the loads of the bytes before a
// vector must stay in the buffer.
func TestIndexTriggersPageEnds(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	alphabet := []byte("wW.:@ x: ")
	out := make([]int, 300)
	for n := 0; n <= 300; n++ {
		atEnd, atStart := guarded(t, n)
		for _, b := range [][]byte{atEnd, atStart} {
			for i := range b {
				b[i] = 'x'
				if rng.Intn(8) == 0 {
					b[i] = alphabet[rng.Intn(len(alphabet))]
				}
			}
			for from := 0; from <= n; from++ {
				for name, find := range indexImpls() {
					checkIndex(t, name, find, b, from, len(out), false)
					checkIndex(t, name, find, b, from, len(out), true)
				}
			}
		}
	}
}
