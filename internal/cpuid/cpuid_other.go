//go:build !amd64 || purego

package cpuid

func avx2() bool { return false }

func avx512bw() bool { return false }

// detects reports whether this build asks the CPU (it does not: AVX2 and
// AVX512BW are false).
const detects = false
