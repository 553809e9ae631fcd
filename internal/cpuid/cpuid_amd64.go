//go:build amd64 && !purego

package cpuid

// avx2 asks CPUID and XGETBV (cpuid_amd64.s).
func avx2() bool

// avx512bw asks CPUID and XGETBV (cpuid_amd64.s).
func avx512bw() bool

// detects reports whether this build asks the CPU (it does).
const detects = true
