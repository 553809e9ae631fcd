//go:build amd64 && !purego

#include "textflag.h"

// The signed bytes the comparisons need, 16 of each.
DATA splatC0<>+0(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA splatC0<>+8(SB)/8, $0xc0c0c0c0c0c0c0c0
GLOBL splatC0<>(SB), RODATA|NOPTR, $16
DATA splatDF<>+0(SB)/8, $0xdfdfdfdfdfdfdfdf
DATA splatDF<>+8(SB)/8, $0xdfdfdfdfdfdfdfdf
GLOBL splatDF<>(SB), RODATA|NOPTR, $16
DATA splatC2<>+0(SB)/8, $0xc2c2c2c2c2c2c2c2
DATA splatC2<>+8(SB)/8, $0xc2c2c2c2c2c2c2c2
GLOBL splatC2<>(SB), RODATA|NOPTR, $16
DATA splatE0<>+0(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA splatE0<>+8(SB)/8, $0xe0e0e0e0e0e0e0e0
GLOBL splatE0<>(SB), RODATA|NOPTR, $16
DATA splatED<>+0(SB)/8, $0xedededededededed
DATA splatED<>+8(SB)/8, $0xedededededededed
GLOBL splatED<>(SB), RODATA|NOPTR, $16
DATA splatEF<>+0(SB)/8, $0xefefefefefefefef
DATA splatEF<>+8(SB)/8, $0xefefefefefefefef
GLOBL splatEF<>(SB), RODATA|NOPTR, $16

// LANE computes the masks of the 16 bytes in register X, bit k of each
// for byte k, shifted left by SH and or-ed into the block's masks:
//   R10 H   bytes >= 0x80
//   R11 C   continuation bytes, 0x80 to 0xBF
//   R12 G   bytes >= 0xE0 (with H)
//   R13 T1  bytes 0x80 to 0xC1 (continuation, or C0/C1, never a lead)
//   R14 T2  bytes E0, ED, and >= F0 (with H)
#define LANE(X, SH) \
	PMOVMSKB X, AX; \
	SHLQ $SH, AX; \
	ORQ AX, R10; \
	MOVO X8, X5; \
	PCMPGTB X, X5; \
	PMOVMSKB X5, AX; \
	SHLQ $SH, AX; \
	ORQ AX, R11; \
	MOVO X, X5; \
	PCMPGTB X9, X5; \
	PMOVMSKB X5, AX; \
	SHLQ $SH, AX; \
	ORQ AX, R12; \
	MOVO X10, X5; \
	PCMPGTB X, X5; \
	PMOVMSKB X5, AX; \
	SHLQ $SH, AX; \
	ORQ AX, R13; \
	MOVO X, X5; \
	PCMPEQB X11, X5; \
	MOVO X, X6; \
	PCMPEQB X12, X6; \
	POR X6, X5; \
	MOVO X, X6; \
	PCMPGTB X13, X6; \
	POR X6, X5; \
	PMOVMSKB X5, AX; \
	SHLQ $SH, AX; \
	ORQ AX, R14

// func utf8BlocksSSE2(p []byte, out []uint64) (nb int, carry uint64)
TEXT ·utf8BlocksSSE2(SB), NOSPLIT, $0-64
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), CX
	MOVQ out_base+24(FP), DI
	MOVQ out_len+32(FP), DX
	SHRQ $6, CX
	CMPQ CX, DX
	JLE  haveblocks
	MOVQ DX, CX

haveblocks:
	// CX: blocks to do; BX: blocks done; R9: carry
	XORQ BX, BX
	XORQ R9, R9
	MOVOU splatC0<>(SB), X8
	MOVOU splatDF<>(SB), X9
	MOVOU splatC2<>(SB), X10
	MOVOU splatE0<>(SB), X11
	MOVOU splatED<>(SB), X12
	MOVOU splatEF<>(SB), X13

loop:
	CMPQ BX, CX
	JGE  done
	MOVOU 0(SI), X0
	MOVOU 16(SI), X1
	MOVOU 32(SI), X2
	MOVOU 48(SI), X3
	MOVO X0, X4
	POR  X1, X4
	POR  X2, X4
	POR  X3, X4
	PMOVMSKB X4, AX
	TESTL AX, AX
	JNZ  mixed

	// All ASCII: no sequence may be pending.
	TESTQ R9, R9
	JNZ  done
	MOVQ $0, (DI)(BX*8)
	ADDQ $64, SI
	INCQ BX
	JMP  loop

mixed:
	XORQ R10, R10
	XORQ R11, R11
	XORQ R12, R12
	XORQ R13, R13
	XORQ R14, R14
	LANE(X0, 0)
	LANE(X1, 16)
	LANE(X2, 32)
	LANE(X3, 48)

	// Anything but two-byte sequences and three-byte ones that need no
	// check of their second byte: left to the caller.
	MOVQ R11, AX
	NOTQ AX
	ANDQ AX, R13  // T1 &^ C: C0, C1
	ANDQ R10, R14 // T2 & H
	ORQ  R13, R14
	JNZ  done

	// L = H &^ C (leads), L3 = G & H (three-byte leads).
	MOVQ R10, R13
	ANDQ AX, R13
	ANDQ R10, R12

	// The continuation bytes expected: one after each lead, a second
	// after each three-byte lead, and those the last block carried over.
	MOVQ R13, AX
	SHLQ $1, AX
	MOVQ R12, DX
	SHLQ $2, DX
	ORQ  DX, AX
	ORQ  R9, AX
	CMPQ AX, R11
	JNE  done

	MOVQ R13, R9
	SHRQ $63, R9
	MOVQ R12, DX
	SHRQ $62, DX
	ORQ  DX, R9
	MOVQ R11, (DI)(BX*8)
	ADDQ $64, SI
	INCQ BX
	JMP  loop

done:
	MOVQ BX, nb+48(FP)
	MOVQ R9, carry+56(FP)
	RET

// YLANE is LANE for the 32 bytes in register Y, with AVX2.
#define YLANE(Y, SH) \
	VPMOVMSKB Y, AX; \
	SHLQ $SH, AX; \
	ORQ AX, R10; \
	VPCMPGTB Y, Y8, Y5; \
	VPMOVMSKB Y5, AX; \
	SHLQ $SH, AX; \
	ORQ AX, R11; \
	VPCMPGTB Y9, Y, Y5; \
	VPMOVMSKB Y5, AX; \
	SHLQ $SH, AX; \
	ORQ AX, R12; \
	VPCMPGTB Y, Y10, Y5; \
	VPMOVMSKB Y5, AX; \
	SHLQ $SH, AX; \
	ORQ AX, R13; \
	VPCMPEQB Y11, Y, Y5; \
	VPCMPEQB Y12, Y, Y6; \
	VPOR Y6, Y5, Y5; \
	VPCMPGTB Y13, Y, Y6; \
	VPOR Y6, Y5, Y5; \
	VPMOVMSKB Y5, AX; \
	SHLQ $SH, AX; \
	ORQ AX, R14

// func utf8BlocksAVX2(p []byte, out []uint64) (nb int, carry uint64)
TEXT ·utf8BlocksAVX2(SB), NOSPLIT, $0-64
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), CX
	MOVQ out_base+24(FP), DI
	MOVQ out_len+32(FP), DX
	SHRQ $6, CX
	CMPQ CX, DX
	JLE  yhaveblocks
	MOVQ DX, CX

yhaveblocks:
	XORQ BX, BX
	XORQ R9, R9
	VPBROADCASTB splatC0<>(SB), Y8
	VPBROADCASTB splatDF<>(SB), Y9
	VPBROADCASTB splatC2<>(SB), Y10
	VPBROADCASTB splatE0<>(SB), Y11
	VPBROADCASTB splatED<>(SB), Y12
	VPBROADCASTB splatEF<>(SB), Y13

yloop:
	CMPQ BX, CX
	JGE  ydone
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VPOR Y0, Y1, Y4
	VPMOVMSKB Y4, AX
	TESTL AX, AX
	JNZ  ymixed
	TESTQ R9, R9
	JNZ  ydone
	MOVQ $0, (DI)(BX*8)
	ADDQ $64, SI
	INCQ BX
	JMP  yloop

ymixed:
	XORQ R10, R10
	XORQ R11, R11
	XORQ R12, R12
	XORQ R13, R13
	XORQ R14, R14
	YLANE(Y0, 0)
	YLANE(Y1, 32)
	MOVQ R11, AX
	NOTQ AX
	ANDQ AX, R13
	ANDQ R10, R14
	ORQ  R13, R14
	JNZ  ydone
	MOVQ R10, R13
	ANDQ AX, R13
	ANDQ R10, R12
	MOVQ R13, AX
	SHLQ $1, AX
	MOVQ R12, DX
	SHLQ $2, DX
	ORQ  DX, AX
	ORQ  R9, AX
	CMPQ AX, R11
	JNE  ydone
	MOVQ R13, R9
	SHRQ $63, R9
	MOVQ R12, DX
	SHRQ $62, DX
	ORQ  DX, R9
	MOVQ R11, (DI)(BX*8)
	ADDQ $64, SI
	INCQ BX
	JMP  yloop

ydone:
	VZEROUPPER
	MOVQ BX, nb+48(FP)
	MOVQ R9, carry+56(FP)
	RET

// func utf8BlocksAVX512(p []byte, out []uint64) (nb int, carry uint64)
//
// utf8BlocksAVX2 with AVX-512BW: a block is one Z register, and each
// comparison writes its 64 bits straight into an opmask register, masked
// by another where it needs an AND. An ASCII block costs a load, VPMOVB2M
// and a test; the others six comparisons:
//   K1 AX  H   bytes >= 0x80 (VPMOVB2M: their sign bits)
//   K2 DX  C   continuation bytes, 0x80 to 0xBF (signed: below 0xC0)
//   K3 R10 G   bytes >= 0xC2: the leads but C0 and C1
//   K4 R11 L3  bytes >= 0xE0
//   K5 R12     the bytes of K4 below 0xF0 other than E0 and ED: the
//              three-byte leads it takes
// The block is taken when H = C | G (no C0, C1), K5 = L3 (no E0, ED,
// F0 to FF) and C = G<<1 | L3<<2 | the carry, as in utf8BlocksAVX2. The
// masks are tested in general registers: the opmask instructions (KORQ,
// KXORQ) run on the port that also moves the masks out, which made the
// loop 20% slower on blocks of quotation marks.
// BX counts the blocks up to zero from -CX, DI pointing past the last
// word of out; R9 is the carry.
TEXT ·utf8BlocksAVX512(SB), NOSPLIT, $0-64
	MOVQ p_base+0(FP), SI
	MOVQ p_len+8(FP), CX
	MOVQ out_base+24(FP), DI
	MOVQ out_len+32(FP), DX
	SHRQ $6, CX
	CMPQ CX, DX
	JLE  zhaveblocks
	MOVQ DX, CX

zhaveblocks:
	XORQ R9, R9
	XORQ BX, BX
	TESTQ CX, CX
	JZ   zreturn
	LEAQ (DI)(CX*8), DI
	SUBQ CX, BX
	MOVL $0xc0, AX
	VPBROADCASTB AX, Z8
	MOVL $0xc2, AX
	VPBROADCASTB AX, Z9
	MOVL $0xe0, AX
	VPBROADCASTB AX, Z10
	MOVL $0xf0, AX
	VPBROADCASTB AX, Z11
	MOVL $0xed, AX
	VPBROADCASTB AX, Z12

zloop:
	VMOVDQU64 (SI), Z0
	VPMOVB2M  Z0, K1
	KMOVQ K1, AX
	TESTQ AX, AX
	JNZ  zmixed
	// All ASCII, and no sequence pending (a block after one left open
	// goes to zmixed).
	MOVQ $0, (DI)(BX*8)
	ADDQ $64, SI
	INCQ BX
	JNZ  zloop
	JMP  zdone

zmixed:
	VPCMPB  $1, Z8, Z0, K2
	VPCMPUB $5, Z9, Z0, K3
	VPCMPUB $5, Z10, Z0, K4
	VPCMPUB $1, Z11, Z0, K4, K5
	VPCMPUB $4, Z10, Z0, K5, K5
	VPCMPUB $4, Z12, Z0, K5, K5
	KMOVQ K2, DX  // C
	KMOVQ K3, R10 // G
	KMOVQ K4, R11 // L3
	KMOVQ K5, R12
	MOVQ DX, R13
	ORQ  R10, R13
	XORQ AX, R13  // C0, C1
	XORQ R11, R12 // E0, ED, F0 to FF
	ORQ  R12, R13
	// The continuation bytes expected: one after each lead, a second
	// after each three-byte lead, and those the last block carried over.
	LEAQ (R10)(R10*1), R8
	LEAQ (R11*4), R14
	ORQ  R14, R8
	ORQ  R9, R8
	XORQ DX, R8
	ORQ  R13, R8
	JNZ  zdone

	MOVQ R10, R9
	SHRQ $63, R9
	SHRQ $62, R11
	ORQ  R11, R9
	MOVQ DX, (DI)(BX*8)
	ADDQ $64, SI
	INCQ BX
	JZ   zdone
	TESTQ R9, R9
	JZ   zloop
	// A sequence goes on into the next block, which cannot be ASCII.
	VMOVDQU64 (SI), Z0
	VPMOVB2M  Z0, K1
	KMOVQ K1, AX
	JMP  zmixed

zdone:
	VZEROUPPER
	ADDQ CX, BX

zreturn:
	MOVQ BX, nb+48(FP)
	MOVQ R9, carry+56(FP)
	RET
