//go:build amd64 && !purego

package scanner

import (
	"testing"

	"github.com/iriscan/iriscan/internal/cpuid"
)

// indexImpls are the loops of indexTriggers this build and CPU can run,
// each held to indexTriggersBytes by the tests.
func indexImpls() map[string]indexFunc {
	m := map[string]indexFunc{
		// (With prose set, the SSE2 loop leaves the search to Go.)
		"sse2": func(b []byte, from int, out []int, prose bool) (int, int) {
			return indexTriggersVec(b, from, out, false, prose)
		},
	}
	if useAVX2 {
		m["avx2"] = func(b []byte, from int, out []int, prose bool) (int, int) {
			return indexTriggersVec(b, from, out, true, prose)
		}
	}
	if useAVX512 {
		m["avx512"] = indexTriggersAVX512
	}
	m["dispatch"] = indexTriggers // the scanner's entry, as the CPU has it
	return m
}

// TestIndexTriggersDispatch checks indexTriggers' choice of loop (AVX-512,
// AVX2, SSE2 or Go, by CPU, start and length) with each setting of
// useAVX512 and useAVX2 the CPU allows, on every length up to 80, from
// every start.
func TestIndexTriggersDispatch(t *testing.T) {
	defer func(v512, v2 bool) { useAVX512, useAVX2 = v512, v2 }(useAVX512, useAVX2)
	text := []byte(":@ plain, www.example.org http://example.org/ and prose. ww.x a@b " +
		"then: a run of prose without a trigger in it, to the end")
	for _, set := range []struct{ avx512, avx2 bool }{{false, false}, {false, true}, {true, false}, {true, true}} {
		if set.avx512 && !cpuid.AVX512BW || set.avx2 && !cpuid.AVX2 {
			continue
		}
		useAVX512, useAVX2 = set.avx512, set.avx2
		for n := 0; n <= 80; n++ {
			for _, b := range [][]byte{text[:n], text[len(text)-n:]} {
				for from := -1; from <= n+1; from++ {
					for _, slots := range []int{1, 2, 16} {
						checkIndex(t, "dispatch", indexTriggers, b, from, slots, false)
						checkIndex(t, "dispatch", indexTriggers, b, from, slots, true)
					}
				}
			}
		}
	}
}
