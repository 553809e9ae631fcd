//go:build amd64 && !purego

package scanner

import (
	"testing"

	"github.com/iriscan/iriscan/internal/cpuid"
)

// fusedImpls are the vector searches this build and CPU can run, each
// held to indexTriggerBytes by the tests.
func fusedImpls() map[string]func(b []byte, from int) int {
	m := map[string]func([]byte, int) int{
		"sse2": func(b []byte, from int) int { return indexTriggerVec(b, from, false) },
	}
	if useAVX2 {
		m["avx2"] = func(b []byte, from int) int { return indexTriggerVec(b, from, true) }
	}
	if useAVX512 {
		m["avx512"] = indexTriggerAVX512
	}
	return m
}

// TestIndexTriggerFusedDispatch checks the assembly's jumps: to
// indexTriggerPre512 (the path of CPUs without AVX-512) with useAVX512
// off, and to indexTriggerAVX512 with it on where the CPU has AVX-512.
func TestIndexTriggerFusedDispatch(t *testing.T) {
	defer func(v bool) { useAVX512 = v }(useAVX512)
	b := []byte("x@ plain text, then www.example.org and http://example.org/ " +
		"and a longer run of prose without a trigger in it at all, to the end.")
	for _, on := range []bool{false, true} {
		if on && !cpuid.AVX512BW {
			continue
		}
		useAVX512 = on
		for from := 0; from <= len(b)+1; from++ {
			want := -1
			if from <= len(b) {
				want = indexTriggerBytes(b, from)
			}
			if got := indexTriggerFused(b, from); got != want {
				t.Fatalf("useAVX512 %v, from %d: got %d, want %d", on, from, got, want)
			}
		}
	}
}

// TestIndexTriggerAVX512NegativeFrom checks that the AVX-512 loop, which
// takes any from, takes one below 0 as 0, as indexTriggerBytes does (the
// scanner never passes one; indexTriggerVec needs from >= 0).
func TestIndexTriggerAVX512NegativeFrom(t *testing.T) {
	if !useAVX512 {
		t.Skip("no AVX-512")
	}
	for _, s := range []string{":x", "x@", "ab.", "ww.", "plain"} {
		for _, from := range []int{-1, -2, -1 << 62} {
			if got, want := indexTriggerAVX512([]byte(s), from), indexTriggerBytes([]byte(s), from); got != want {
				t.Errorf("%q from %d: got %d, want %d", s, from, got, want)
			}
		}
	}
}
