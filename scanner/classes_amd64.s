//go:build amd64 && !purego

#include "textflag.h"

// classifyAVX2 sets the class masks of the 64 bytes at p (see classes.go).
// Each class k has a table T of 16 bytes: T[lo] holds bit h when the byte
// h<<4|lo is in the class. VPSHUFB looks up T by each byte's low nibble
// (and gives 0 for a byte with its top bit set), a second VPSHUFB maps each
// byte's high nibble h to P = 1<<h (0xFF for h >= 8), and a byte is in
// the class when T[lo] & P == P. Each half of 32 bytes gives the low or
// high 32 bits of every mask.

#define CLASS(tbl, off) \
	VPSHUFB  Y0, tbl, Y2 \
	VPAND    Y1, Y2, Y2 \
	VPCMPEQB Y1, Y2, Y2 \
	VPMOVMSKB Y2, AX \
	MOVL     AX, off(DI)

#define HALF(src, o) \
	VMOVDQU  src, Y0 \
	VPSRLW   $4, Y0, Y1 \
	VPAND    Y15, Y1, Y1 \
	VPSHUFB  Y1, Y14, Y1 \
	CLASS(Y8, 0+o) \
	CLASS(Y9, 8+o) \
	CLASS(Y10, 16+o) \
	CLASS(Y11, 24+o) \
	CLASS(Y12, 32+o) \
	CLASS(Y13, 40+o) \
	CLASS(Y6, 48+o) \
	CLASS(Y7, 56+o) \
	VPMOVMSKB Y0, AX \
	MOVL     AX, 64+o(DI)

// func classifyAVX2(p *byte, m *classMasks)
TEXT ·classifyAVX2(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVQ m+8(FP), DI
	MOVQ $0x0f0f0f0f0f0f0f0f, AX
	VMOVQ AX, X15
	VPBROADCASTQ X15, Y15
	VBROADCASTI128 ·classPow2(SB), Y14
	VBROADCASTI128 ·classNibbles+0(SB), Y8
	VBROADCASTI128 ·classNibbles+16(SB), Y9
	VBROADCASTI128 ·classNibbles+32(SB), Y10
	VBROADCASTI128 ·classNibbles+48(SB), Y11
	VBROADCASTI128 ·classNibbles+64(SB), Y12
	VBROADCASTI128 ·classNibbles+80(SB), Y13
	VBROADCASTI128 ·classNibbles+96(SB), Y6
	VBROADCASTI128 ·classNibbles+112(SB), Y7
	HALF((SI), 0)
	HALF(32(SI), 4)
	VZEROUPPER
	RET

// classifyAVX512 is classifyAVX2 on the 64 bytes in one vector: each
// class's mask comes from VPTESTMB (T[lo] & P != 0: P has one bit for an
// ASCII byte and T[lo] is 0 for a non-ASCII one) straight into a mask
// register, and the non-ASCII bytes' from VPMOVB2M.

#define CLASS512(off) \
	VBROADCASTI32X4 ·classNibbles+off(SB), Z2 \
	VPSHUFB  Z0, Z2, Z2 \
	VPTESTMB Z1, Z2, K1 \
	KMOVQ    K1, off/2(DI)

// func classifyAVX512(p *byte, m *classMasks)
TEXT ·classifyAVX512(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVQ m+8(FP), DI
	VMOVDQU64 (SI), Z0
	MOVQ $0x0f0f0f0f0f0f0f0f, AX
	VPBROADCASTQ AX, Z15
	VBROADCASTI32X4 ·classPow2(SB), Z14
	VPSRLW $4, Z0, Z1
	VPANDQ Z15, Z1, Z1
	VPSHUFB Z1, Z14, Z1
	CLASS512(0)
	CLASS512(16)
	CLASS512(32)
	CLASS512(48)
	CLASS512(64)
	CLASS512(80)
	CLASS512(96)
	CLASS512(112)
	VPMOVB2M Z0, K1
	KMOVQ    K1, 64(DI)
	VZEROUPPER
	RET

// func classifyVec(p *byte, m *classMasks)
//
// The dispatch by tail jump (the arguments left where the caller put
// them) to the loop the CPU has: AVX-512 or AVX2.
TEXT ·classifyVec(SB), NOSPLIT, $0-16
	CMPB ·useAVX512Classify(SB), $0
	JEQ  avx2
	JMP  ·classifyAVX512(SB)
avx2:
	JMP  ·classifyAVX2(SB)
