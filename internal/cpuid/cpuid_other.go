//go:build !amd64 || purego

package cpuid

func avx2() bool { return false }

// detects reports whether this build asks the CPU (it does not: AVX2 is
// false).
const detects = false
