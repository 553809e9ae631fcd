//go:build amd64 && !purego

package scanner

// fusedImpls are the vector searches this build and CPU can run, each
// held to indexTriggerBytes by the tests.
func fusedImpls() map[string]func(b []byte, from int) int {
	m := map[string]func([]byte, int) int{
		"sse2": func(b []byte, from int) int { return indexTriggerVec(b, from, false) },
	}
	if useAVX2 {
		m["avx2"] = func(b []byte, from int) int { return indexTriggerVec(b, from, true) }
	}
	return m
}
