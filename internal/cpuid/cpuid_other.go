//go:build !amd64 || purego

package cpuid

func avx2() bool { return false }
