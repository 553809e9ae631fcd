// Package cpuid tells which vector instructions the processor offers, for
// the loops written in assembly (the scanner's trigger search and byte-class
// masks, the charset package's UTF-8 pass). Each flag is true only when the processor has the
// instructions and the operating system saves the registers they use
// (CPUID and XGETBV), and false on other architectures than amd64 and with
// the purego build tag.
package cpuid

// AVX2 reports whether the processor has AVX2 and the operating system saves
// the YMM registers, so that 32-byte vector loops may run. It is false on
// other architectures than amd64 and with the purego build tag.
var AVX2 = avx2()

// AVX512BW reports whether the processor has AVX-512 Foundation and Byte
// and Word instructions (byte compares of 64-byte ZMM registers into 64-bit
// opmask registers) and the operating system saves the opmask and ZMM
// registers, so that 64-byte vector loops may run. It is false on other
// architectures than amd64 and with the purego build tag.
var AVX512BW = avx512bw()
