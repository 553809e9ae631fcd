// Package cpuid tells which vector instructions the processor offers, for
// the loops written in assembly (the scanner's trigger search, the charset
// package's UTF-8 pass).
package cpuid

// AVX2 reports whether the processor has AVX2 and the operating system saves
// the YMM registers, so that 32-byte vector loops may run. It is false on
// other architectures than amd64 and with the purego build tag.
var AVX2 = avx2()
