//go:build amd64 && !purego

package scanner

import "github.com/iriscan/iriscan/internal/cpuid"

// classifyImpls are the vector loops of this CPU, for the tests to hold
// each to classifyBytes.
func classifyImpls() map[string]func(p *byte, m *classMasks) {
	impls := map[string]func(p *byte, m *classMasks){}
	if cpuid.AVX2 {
		impls["avx2"] = classifyAVX2
	}
	if cpuid.AVX512BW {
		impls["avx512"] = classifyAVX512
	}
	return impls
}
