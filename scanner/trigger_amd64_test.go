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
	m["dispatch"] = indexTriggerFused // the scanner's entry, as the CPU has it
	return m
}

// TestIndexTriggerFusedDispatch checks the assembly's jumps (to the
// AVX-512, AVX2 or SSE2 loop or to indexTriggerPre512, by CPU, start and
// length) with each setting of useAVX512 and useAVX2 the CPU allows, on
// every length up to 80 and every start.
func TestIndexTriggerFusedDispatch(t *testing.T) {
	defer func(v512, v2 bool) { useAVX512, useAVX2 = v512, v2 }(useAVX512, useAVX2)
	text := []byte(":@ plain, www.example.org http://example.org/ and prose. ww.x a@b " +
		"then a run of prose without a trigger in it, to the end")
	for _, set := range []struct{ avx512, avx2 bool }{{false, false}, {false, true}, {true, false}, {true, true}} {
		if set.avx512 && !cpuid.AVX512BW || set.avx2 && !cpuid.AVX2 {
			continue
		}
		useAVX512, useAVX2 = set.avx512, set.avx2
		for n := 0; n <= 80; n++ {
			for _, b := range [][]byte{text[:n], text[len(text)-n:]} {
				for from := 0; from <= n+1; from++ {
					want := -1
					if from <= n {
						want = indexTriggerBytes(b, from)
					}
					if got := indexTriggerFused(b, from); got != want {
						t.Fatalf("%+v: %q from %d: got %d, want %d", set, b, from, got, want)
					}
				}
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

// indexImpls are the loops of indexTriggers this build and CPU can run,
// each held to indexTriggersBytes by the tests.
func indexImpls() map[string]func(b []byte, from int, out []int) (int, int) {
	m := map[string]func([]byte, int, []int) (int, int){
		"sse2": func(b []byte, from int, out []int) (int, int) { return indexTriggersVec(b, from, out, false) },
	}
	if useAVX2 {
		m["avx2"] = func(b []byte, from int, out []int) (int, int) { return indexTriggersVec(b, from, out, true) }
	}
	if useAVX512 {
		m["avx512"] = indexTriggersAVX512
	}
	m["dispatch"] = indexTriggers
	return m
}
