//go:build amd64 && !purego

package scanner

import "github.com/iriscan/iriscan/internal/cpuid"

// haveClassifyVec reports whether classifyVec has a vector loop on this
// CPU: AVX-512 (BW) or AVX2 (classes_amd64.s).
var haveClassifyVec = cpuid.AVX2 || cpuid.AVX512BW

// useAVX512Classify selects classifyAVX512 over classifyAVX2 (the tests
// try both where the CPU has both).
var useAVX512Classify = cpuid.AVX512BW

// classifyAVX2 sets *m to the class masks of the 64 bytes at p, which
// must all be readable.
//
//go:noescape
func classifyAVX2(p *byte, m *classMasks)

// classifyAVX512 is classifyAVX2 with 64-byte vectors and mask
// registers.
//
//go:noescape
func classifyAVX512(p *byte, m *classMasks)

// classifyVec is the vector loop this CPU has (haveClassifyVec): a jump
// to classifyAVX512 or classifyAVX2 (classes_amd64.s).
//
//go:noescape
func classifyVec(p *byte, m *classMasks)
