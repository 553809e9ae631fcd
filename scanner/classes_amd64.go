//go:build amd64 && !purego

package scanner

import "github.com/iriscan/iriscan/internal/cpuid"

// haveClassifyVec reports whether classifyVec has a vector loop on this
// CPU: AVX2 (classes_amd64.s).
var haveClassifyVec = cpuid.AVX2

// classifyAVX2 sets *m to the class masks of the 64 bytes at p, which
// must all be readable.
//
//go:noescape
func classifyAVX2(p *byte, m *classMasks)

// classifyVec is the vector loop this CPU has (haveClassifyVec).
func classifyVec(p *byte, m *classMasks) { classifyAVX2(p, m) }
