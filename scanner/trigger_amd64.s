//go:build amd64 && !purego

#include "textflag.h"

// PFDIST is how far ahead of the 64- and 128-byte rounds the AVX2 and
// AVX-512 loops ask for the text's cache lines (PREFETCHT0, one a line; a
// prefetch past the end of b does not fault, and past the end of a run of
// the scanner's it asks for the next run). The search stops for the
// scanner's work on the triggers found (once a trigger, about once a
// kilobyte of prose, when it was a search for the next trigger; now at
// the end of a run, 2 KiB in a text larger than the caches), and the
// hardware's stream prefetcher does not keep up across those stops: over
// 100 MB of prose held in memory scanner.Find took 21.8 ms without it,
// 17.5 ms at 1 KiB, 16.5 ms at 2 KiB and 16.9 ms at 4 and 8 KiB
// (Japanese 20.5, 16.0, 15.0, 15.3 and 15.8 ms), medians of 3 runs
// interleaved on this project's (Intel) machine, searching for one
// trigger at a time; with runs, the loads asked for at the end of one are
// on their way while the scanner tries its triggers (findFused's farRun).
// Without it, 100 MB of prose in runs of 16 KiB took 1.04x the time. A
// text already in the cache, such as the streaming Scanner's window, does
// not notice.
#define PFDIST 2048

// The trigger index (see indexTriggers in trigger_amd64.go): the
// positions of the bytes at or after b[from] that are ':' or '@', or a
// '.' right after two bytes 'w' or 'W', written to out in order until out
// is full or b ends; with prose set (AVX-512 and AVX2 loops), less the
// colons of prose that proseColon tells (see PROSE). Each loop returns n,
// the positions written, and next: len(b) when it got to the end, else
// (out full) the last position plus one. Three loops, by CPU: AVX-512
// (64-byte vectors, 128 bytes a round; any b, from and out), AVX2 (32-byte
// vectors, 64 bytes a round) or SSE2 (16 bytes a round).
//
// For the AVX2 and SSE2 loops the caller guarantees 2 <= from < len(b),
// len(b) >= 34 (AVX2) or len(b) >= 18 (SSE2) and len(out) >= 1, so that
// the vectors of the bytes one and two before, read at b[i-1] and
// b[i-2], and the last, overlapping vector at len(b)-32 (or -16) are in
// bounds. Each vector of bytes v and the vectors p, q of the bytes one
// and two before them give the mask (v == ':') | (v == '@') | ((v == '.')
// & ((p | 0x20) == 'w') & ((q | 0x20) == 'w')). The AVX-512 loop
// computes the same mask another way, with fewer instructions (see
// there).
//
// A round whose mask is not zero writes the position of each set bit (BSF,
// then x & (x-1) clears it; BMI1's TZCNT and BLSR are not checked for),
// less the colons of prose (PROSE), and stops when out is full. (One
// block of these for all the rounds of a loop, which the rounds jumped
// to and which jumped back to the search, cost 2-3 ns a trigger more on
// this project's Zen 4 machine.)

// PROSE, in the block that writes positions, decides whether the trigger
// at b[CX], its position just stored at (R11), is a colon of prose
// (proseColon): with prose set, a ':' followed by an ASCII blank, with
// the 16 bytes before it in b (proseWindow), whose last byte that is no
// scheme character (letters, digits, "+-.") is neither ':', '<' nor 0xA8.
// It leaves in d what to take back from the slot's advance: 8 for such a
// colon, else 0 (also when it jumps to keep), without a branch on what
// decides it (after a colon of prose, "Note: it", or of an IRI, "http://",
// alike). The scheme characters are a VPSHUFB look-up: by low nibble, the
// set of high nibbles in the class, tested against 1 << the byte's high
// nibble (none for the bytes from 0x80); the bytes around the run are
// looked up in the table of flags. SI is b, DX len(b); it uses r1, r2 and
// X11-X14 (VEX-encoded, so that the AVX-512 loop, which keeps to Z16-Z31,
// leaves no dirty upper halves either).
//
// Its steps depend on one another, and the next slot on d: about 40 cycles
// a trigger. The AVX-512 loop's rounds of 128 bytes therefore first mark
// the colons followed by a byte of at most ' ' (two vector compares and
// a shift a round with triggers) and call PROSE for those only: in one
// test binary, the loop over 4 MiB of Japanese prose (no colon of prose,
// a ':' in every other IRI) took 1.25 times its time without PROSE when
// PROSE looked at every trigger, 1.03 with the marks; over English prose
// (1,840 colons of prose) 1.31 and 1.21.
#define PROSE(keep, d, r1, r2) \
	XORL      d, d; \
	CMPB      prose+56(FP), $0; \
	JEQ       keep; \
	CMPB      (SI)(CX*1), $0x3a; \
	JNE       keep; \
	CMPQ      CX, $16; \
	JB        keep; \
	LEAQ      1(CX), r1; \
	CMPQ      r1, DX; \
	JAE       keep; \
	VMOVDQU   -16(SI)(CX*1), X11; \
	VPSRLW    $4, X11, X12; \
	VPAND     prosetab<>+0(SB), X12, X12; \
	VMOVDQU   prosetab<>+16(SB), X13; \
	VPSHUFB   X12, X13, X12; \
	VMOVDQU   prosetab<>+32(SB), X13; \
	VPSHUFB   X11, X13, X13; \
	VPAND     X12, X13, X13; \
	VPXOR     X14, X14, X14; \
	VPCMPEQB  X14, X13, X13; \
	VPMOVMSKB X13, r1; \
	BSRL      r1, r1; \
	JZ        keep; \
	ADDQ      CX, r1; \
	MOVBLZX   -16(SI)(r1*1), r1; \
	LEAQ      prosetab<>+48(SB), r2; \
	MOVBLZX   (r2)(r1*1), r1; \
	MOVBLZX   1(SI)(CX*1), d; \
	MOVBLZX   (r2)(d*1), d; \
	SHRL      $1, r1; \
	ANDL      r1, d; \
	SHLL      $3, d

// PROSE's constants: 0x0f in each byte; 1 << h by high nibble h (0 from
// 8: no byte from 0x80 is a scheme character); by low nibble, the set of
// high nibbles of the scheme characters with it; and the flags of each
// byte value: 2 unless ':', '<' or 0xA8, plus 1 for an ASCII blank
// (9 to 13 and ' ').
DATA prosetab<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA prosetab<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA prosetab<>+16(SB)/8, $0x8040201008040201
DATA prosetab<>+24(SB)/8, $0x0000000000000000
DATA prosetab<>+32(SB)/8, $0xf8f8f8f8f8f8f8a8
DATA prosetab<>+40(SB)/8, $0x5054545054f0f8f8
DATA prosetab<>+48(SB)/8, $0x0202020202020202
DATA prosetab<>+56(SB)/8, $0x0202030303030302
DATA prosetab<>+64(SB)/8, $0x0202020202020202
DATA prosetab<>+72(SB)/8, $0x0202020202020202
DATA prosetab<>+80(SB)/8, $0x0202020202020203
DATA prosetab<>+88(SB)/8, $0x0202020202020202
DATA prosetab<>+96(SB)/8, $0x0202020202020202
DATA prosetab<>+104(SB)/8, $0x0202020002000202
DATA prosetab<>+112(SB)/8, $0x0202020202020202
DATA prosetab<>+120(SB)/8, $0x0202020202020202
DATA prosetab<>+128(SB)/8, $0x0202020202020202
DATA prosetab<>+136(SB)/8, $0x0202020202020202
DATA prosetab<>+144(SB)/8, $0x0202020202020202
DATA prosetab<>+152(SB)/8, $0x0202020202020202
DATA prosetab<>+160(SB)/8, $0x0202020202020202
DATA prosetab<>+168(SB)/8, $0x0202020202020202
DATA prosetab<>+176(SB)/8, $0x0202020202020202
DATA prosetab<>+184(SB)/8, $0x0202020202020202
DATA prosetab<>+192(SB)/8, $0x0202020202020202
DATA prosetab<>+200(SB)/8, $0x0202020202020202
DATA prosetab<>+208(SB)/8, $0x0202020202020202
DATA prosetab<>+216(SB)/8, $0x0202020202020200
DATA prosetab<>+224(SB)/8, $0x0202020202020202
DATA prosetab<>+232(SB)/8, $0x0202020202020202
DATA prosetab<>+240(SB)/8, $0x0202020202020202
DATA prosetab<>+248(SB)/8, $0x0202020202020202
DATA prosetab<>+256(SB)/8, $0x0202020202020202
DATA prosetab<>+264(SB)/8, $0x0202020202020202
DATA prosetab<>+272(SB)/8, $0x0202020202020202
DATA prosetab<>+280(SB)/8, $0x0202020202020202
DATA prosetab<>+288(SB)/8, $0x0202020202020202
DATA prosetab<>+296(SB)/8, $0x0202020202020202
GLOBL prosetab<>(SB), RODATA|NOPTR, $304

// The AVX2 loop is VEX-encoded throughout: with a legacy-SSE MOVQ into X0
// before it, the one-trigger search it comes from ran 5× slower on this
// project's (Zen 3) machine.

// func indexTriggersAVX2(b []byte, from int, out []int, prose bool) (n, next int)
//
// 64 bytes a round while they last, then at most one whole 32-byte
// vector, then the last 32 bytes of b less the bits of the bytes already
// looked at.
TEXT ·indexTriggersAVX2(SB), NOSPLIT, $0-80
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), DX
	MOVQ from+24(FP), DI
	MOVQ out_base+32(FP), R11
	MOVQ out_len+40(FP), R12
	LEAQ (R11)(R12*8), R12
	MOVQ $0x3a3a3a3a3a3a3a3a, AX // ':'
	VMOVQ AX, X0
	VPBROADCASTQ X0, Y0
	MOVQ $0x4040404040404040, AX // '@'
	VMOVQ AX, X1
	VPBROADCASTQ X1, Y1
	MOVQ $0x2e2e2e2e2e2e2e2e, AX // '.'
	VMOVQ AX, X2
	VPBROADCASTQ X2, Y2
	MOVQ $0x7777777777777777, AX // 'w'
	VMOVQ AX, X3
	VPBROADCASTQ X3, Y3
	MOVQ $0x2020202020202020, AX // case bit
	VMOVQ AX, X4
	VPBROADCASTQ X4, Y4

	PCALIGN $64

aloop64:
	LEAQ 64(DI), AX
	CMPQ AX, DX
	JA   aloop32
	PREFETCHT0 PFDIST(SI)(DI*1)
	VMOVDQU (SI)(DI*1), Y5
	VMOVDQU -1(SI)(DI*1), Y6
	VMOVDQU -2(SI)(DI*1), Y13
	VMOVDQU 32(SI)(DI*1), Y9
	VMOVDQU 31(SI)(DI*1), Y10
	VMOVDQU 30(SI)(DI*1), Y14
	VPCMPEQB Y5, Y0, Y7
	VPCMPEQB Y5, Y1, Y8
	VPOR     Y7, Y8, Y7
	VPCMPEQB Y5, Y2, Y8
	VPOR     Y6, Y4, Y6
	VPCMPEQB Y6, Y3, Y6
	VPOR     Y13, Y4, Y13
	VPCMPEQB Y13, Y3, Y13
	VPAND    Y13, Y6, Y6
	VPAND    Y6, Y8, Y8
	VPOR     Y7, Y8, Y7
	VPCMPEQB Y9, Y0, Y11
	VPCMPEQB Y9, Y1, Y12
	VPOR     Y11, Y12, Y11
	VPCMPEQB Y9, Y2, Y12
	VPOR     Y10, Y4, Y10
	VPCMPEQB Y10, Y3, Y10
	VPOR     Y14, Y4, Y14
	VPCMPEQB Y14, Y3, Y14
	VPAND    Y14, Y10, Y10
	VPAND    Y10, Y12, Y12
	VPOR     Y11, Y12, Y11
	VPOR     Y7, Y11, Y12
	VPTEST   Y12, Y12
	JNZ      afound64

anext64:
	ADDQ $64, DI
	JMP  aloop64

	// The round's 64 bits in AX, their positions from DI; R8 is scratch.
	// With prose, R13 marks the colons followed by a byte of at most ' '
	// (x <= ' ' where min(x, ' ') == x; the byte after the round read
	// only where b has it): only those go through PROSE (see the AVX-512
	// loop).
afound64:
	XORL      R13, R13
	CMPB      prose+56(FP), $0
	JEQ       aprose64
	VPMINUB   Y5, Y4, Y6
	VPCMPEQB  Y6, Y5, Y6
	VPMINUB   Y9, Y4, Y10
	VPCMPEQB  Y10, Y9, Y10
	VPMOVMSKB Y6, R13
	VPMOVMSKB Y10, R10
	SHLQ      $32, R10
	ORQ       R10, R13
	SHRQ      $1, R13
	LEAQ      64(DI), R10
	CMPQ      R10, DX
	JAE       aafter64
	CMPB      (SI)(R10*1), $0x20
	JA        aafter64
	BTSQ      $63, R13

aafter64:
	VPCMPEQB  Y5, Y0, Y6
	VPCMPEQB  Y9, Y0, Y10
	VPMOVMSKB Y6, R10
	VPMOVMSKB Y10, R14
	SHLQ      $32, R14
	ORQ       R14, R10
	ANDQ      R10, R13

aprose64:
	VPMOVMSKB Y7, AX
	VPMOVMSKB Y11, CX
	SHLQ      $32, CX
	ORQ       CX, AX
	MOVQ      DI, BX

abits64:
	BSFQ AX, CX
	ADDQ BX, CX
	MOVQ CX, (R11)
	XORL  R9, R9
	MOVQ  AX, R10
	NEGQ  R10
	ANDQ  AX, R10
	TESTQ R10, R13
	JZ    akeep64
	PROSE(akeep64, R9, R10, R14)

akeep64:
	ADDQ $8, R11
	SUBQ R9, R11
	CMPQ R11, R12
	JEQ  afull
	LEAQ -1(AX), R8
	ANDQ R8, AX
	JNZ  abits64
	JMP  anext64

	// At most one more whole vector.
aloop32:
	LEAQ 32(DI), AX
	CMPQ AX, DX
	JA   atail
	VMOVDQU (SI)(DI*1), Y5
	VMOVDQU -1(SI)(DI*1), Y6
	VMOVDQU -2(SI)(DI*1), Y9
	VPCMPEQB Y5, Y0, Y7
	VPCMPEQB Y5, Y1, Y8
	VPOR     Y7, Y8, Y7
	VPCMPEQB Y5, Y2, Y8
	VPOR     Y6, Y4, Y6
	VPCMPEQB Y6, Y3, Y6
	VPOR     Y9, Y4, Y9
	VPCMPEQB Y9, Y3, Y9
	VPAND    Y9, Y6, Y6
	VPAND    Y6, Y8, Y8
	VPOR     Y7, Y8, Y7
	VPMOVMSKB Y7, AX
	MOVQ     DI, BX
	ADDQ     $32, DI
	TESTL    AX, AX
	JZ       aloop32

abits32:
	BSFQ AX, CX
	ADDQ BX, CX
	MOVQ CX, (R11)
	PROSE(akeep32, R9, R10, R14)

akeep32:
	ADDQ $8, R11
	SUBQ R9, R11
	CMPQ R11, R12
	JEQ  afull
	LEAQ -1(AX), R8
	ANDQ R8, AX
	JNZ  abits32
	JMP  aloop32

	// Fewer than 32 bytes left: the last 32 bytes of b, less the bits of
	// the bytes before b[DI].
atail:
	CMPQ DI, DX
	JAE  adone
	LEAQ -32(DX), BX
	VMOVDQU (SI)(BX*1), Y5
	VMOVDQU -1(SI)(BX*1), Y6
	VMOVDQU -2(SI)(BX*1), Y9
	VPCMPEQB Y5, Y0, Y7
	VPCMPEQB Y5, Y1, Y8
	VPOR     Y7, Y8, Y7
	VPCMPEQB Y5, Y2, Y8
	VPOR     Y6, Y4, Y6
	VPCMPEQB Y6, Y3, Y6
	VPOR     Y9, Y4, Y9
	VPCMPEQB Y9, Y3, Y9
	VPAND    Y9, Y6, Y6
	VPAND    Y6, Y8, Y8
	VPOR     Y7, Y8, Y7
	VPMOVMSKB Y7, AX
	MOVQ     DI, CX
	SUBQ     BX, CX
	SHRL     CX, AX
	MOVQ     DI, BX
	TESTL    AX, AX
	JZ       adone

abitstail:
	BSFQ AX, CX
	ADDQ BX, CX
	MOVQ CX, (R11)
	PROSE(akeeptail, R9, R10, R14)

akeeptail:
	ADDQ $8, R11
	SUBQ R9, R11
	CMPQ R11, R12
	JEQ  afull
	LEAQ -1(AX), R8
	ANDQ R8, AX
	JNZ  abitstail

adone:
	MOVQ out_base+32(FP), R13
	SUBQ R13, R11
	SHRQ $3, R11
	MOVQ R11, n+64(FP)
	MOVQ DX, next+72(FP)
	VZEROUPPER
	RET

afull:
	INCQ CX
	MOVQ out_base+32(FP), R13
	SUBQ R13, R11
	SHRQ $3, R11
	MOVQ R11, n+64(FP)
	MOVQ CX, next+72(FP)
	VZEROUPPER
	RET

// func indexTriggersSSE2(b []byte, from int, out []int) (n, next int)
//
// 16 bytes a round, then the last 16 bytes of b less the bits of the
// bytes already looked at.
TEXT ·indexTriggersSSE2(SB), NOSPLIT, $0-72
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), DX
	MOVQ from+24(FP), DI
	MOVQ out_base+32(FP), R11
	MOVQ out_len+40(FP), R12
	MOVQ R11, R13
	LEAQ (R11)(R12*8), R12
	MOVQ $0x3a3a3a3a3a3a3a3a, AX
	MOVQ AX, X0
	PUNPCKLQDQ X0, X0
	MOVQ $0x4040404040404040, AX
	MOVQ AX, X1
	PUNPCKLQDQ X1, X1
	MOVQ $0x2e2e2e2e2e2e2e2e, AX
	MOVQ AX, X2
	PUNPCKLQDQ X2, X2
	MOVQ $0x7777777777777777, AX
	MOVQ AX, X3
	PUNPCKLQDQ X3, X3
	MOVQ $0x2020202020202020, AX
	MOVQ AX, X4
	PUNPCKLQDQ X4, X4

xloop:
	LEAQ 16(DI), AX
	CMPQ AX, DX
	JA   xtail
	MOVOU (SI)(DI*1), X5
	MOVOU -1(SI)(DI*1), X6
	MOVOU -2(SI)(DI*1), X9
	MOVOA X5, X7
	PCMPEQB X0, X7
	MOVOA X5, X8
	PCMPEQB X1, X8
	POR   X8, X7
	PCMPEQB X2, X5
	POR   X4, X6
	PCMPEQB X3, X6
	POR   X4, X9
	PCMPEQB X3, X9
	PAND  X9, X6
	PAND  X6, X5
	POR   X5, X7
	PMOVMSKB X7, AX
	MOVQ  DI, BX
	ADDQ  $16, DI
	TESTL AX, AX
	JZ    xloop

xbits:
	BSFQ AX, CX
	ADDQ BX, CX
	MOVQ CX, (R11)
	ADDQ $8, R11
	CMPQ R11, R12
	JEQ  xfull
	LEAQ -1(AX), R8
	ANDQ R8, AX
	JNZ  xbits
	JMP  xloop

xtail:
	CMPQ DI, DX
	JAE  xdone
	LEAQ -16(DX), BX
	MOVOU (SI)(BX*1), X5
	MOVOU -1(SI)(BX*1), X6
	MOVOU -2(SI)(BX*1), X9
	MOVOA X5, X7
	PCMPEQB X0, X7
	MOVOA X5, X8
	PCMPEQB X1, X8
	POR   X8, X7
	PCMPEQB X2, X5
	POR   X4, X6
	PCMPEQB X3, X6
	POR   X4, X9
	PCMPEQB X3, X9
	PAND  X9, X6
	PAND  X6, X5
	POR   X5, X7
	PMOVMSKB X7, AX
	MOVQ  DI, CX
	SUBQ  BX, CX
	SHRL  CX, AX
	MOVQ  DI, BX
	TESTL AX, AX
	JZ    xdone

xbitstail:
	BSFQ AX, CX
	ADDQ BX, CX
	MOVQ CX, (R11)
	ADDQ $8, R11
	CMPQ R11, R12
	JEQ  xfull
	LEAQ -1(AX), R8
	ANDQ R8, AX
	JNZ  xbitstail

xdone:
	SUBQ R13, R11
	SHRQ $3, R11
	MOVQ R11, n+56(FP)
	MOVQ DX, next+64(FP)
	RET

xfull:
	INCQ CX
	SUBQ R13, R11
	SHRQ $3, R11
	MOVQ R11, n+56(FP)
	MOVQ CX, next+64(FP)
	RET

// The AVX-512 loop's constants, each broadcast from memory (a load, no
// shuffle): '.', 'w', 0xdf (every bit but the case bit 0x20), and the
// 16-byte table of VPSHUFB, by low nibble: ':' at 0xa, '@' at 0x0, and at
// every other nibble n the byte n^1, which no byte of low nibble n equals.
DATA trig512<>+0(SB)/8, $0x2e2e2e2e2e2e2e2e
DATA trig512<>+8(SB)/8, $0x7777777777777777
DATA trig512<>+16(SB)/8, $0xdfdfdfdfdfdfdfdf
DATA trig512<>+24(SB)/8, $0x0607040502030040
DATA trig512<>+32(SB)/8, $0x0e0f0c0d0a3a0809
DATA trig512<>+40(SB)/8, $0x2020202020202020
DATA trig512<>+48(SB)/8, $0x3a3a3a3a3a3a3a3a
GLOBL trig512<>(SB), RODATA|NOPTR, $56

// func indexTriggersAVX512(b []byte, from int, out []int, prose bool) (n, next int)
//
// Any b, from (a from below 0 counts as 0) and out: b[0] and b[1] are
// looked at one by one and the last 1 to 63 bytes with masked loads, so
// it needs neither a minimum length nor a fallback.
//
// Per 64 bytes v, with p and q the 64 bytes one and two before them:
//
//	K3 = v != '.'                               VPCMPB (into a K register)
//	z  = ((p ^ 'w') | (q ^ 'w')) & 0xdf ^ '.'   two VPTERNLOGD
//	z  = table[v & 15] where K3, kept where not VPSHUFB, merge-masked
//	K1 = z == v                                 VPCMPEQB
//
// Where v is '.', z is '.' exactly when p and q are 'w' or 'W' (the case
// bit left out); elsewhere z is the table's byte for v's low nibble (0 if
// v has its top bit set), equal to v only for ':' and '@'. So K1 is the
// trigger mask in five vector instructions, three of them (the compares
// and the shuffle) on the one port of this CPU's 512-bit shuffles and
// compares: one instruction byte for byte less than the compares it
// replaces (':', '@', '.', the ww test, the ORs of their masks). v is
// loaded once into a register: with it as a memory operand of its three
// instructions, most loads split across cache lines, the loop ran at 41
// instead of 59 GB/s from L1.
//
// Its vectors are Z16-Z31 (and PROSE's X11-X14, VEX-encoded): their upper
// halves are not the state that makes legacy-SSE code slow after AVX code
// (glibc's EVEX string functions rely on the same), so it returns without
// VZEROUPPER.
TEXT ·indexTriggersAVX512(SB), NOSPLIT, $0-80
	MOVQ    b_base+0(FP), SI
	MOVQ    b_len+8(FP), DX
	MOVQ    from+24(FP), DI
	MOVQ    out_base+32(FP), R11 // the next position's slot
	MOVQ    out_len+40(FP), R12
	LEAQ    (R11)(R12*8), R12    // the end of out
	XORL    AX, AX
	TESTQ   DI, DI
	CMOVQLT AX, DI
	CMPQ    R11, R12
	JEQ     istop512
	CMPQ    DI, DX
	JGE     istop512
	CMPQ    DI, $2
	JB      ihead512

ibody512:
	VPBROADCASTQ    trig512<>+0(SB), Z18  // '.'
	VPBROADCASTQ    trig512<>+8(SB), Z19  // 'w'
	VPBROADCASTQ    trig512<>+16(SB), Z20 // 0xdf
	VBROADCASTI32X4 trig512<>+24(SB), Z25 // the table, in each 16-byte lane
	VPBROADCASTQ    trig512<>+40(SB), Z26 // ' '
	VPBROADCASTQ    trig512<>+48(SB), Z27 // ':'
	LEAQ            (SI)(DI*1), R8        // the next byte to look at
	LEAQ            (SI)(DX*1), R9        // the end of b
	LEAQ            -128(R9), R10         // the last start of a whole round
	CMPQ            R8, R10
	JA              ilast64

	// The loop starts on a cache line, wherever the code before it ends:
	// without this its place moved with every change to the function
	// (PROSE moved it to the last byte of a line).
	PCALIGN $64

iloop128:
	PREFETCHT0 PFDIST(R8)
	PREFETCHT0 PFDIST+64(R8)
	VMOVDQU64  (R8), Z21
	VPCMPB     $4, Z21, Z18, K3
	VMOVDQU64  -1(R8), Z23
	VPTERNLOGD $0x7e, -2(R8), Z19, Z23
	VPTERNLOGD $0x6a, Z18, Z20, Z23
	VPSHUFB    Z21, Z25, K3, Z23
	VPCMPEQB   Z21, Z23, K1
	VMOVDQU64  64(R8), Z22
	VPCMPB     $4, Z22, Z18, K6
	VMOVDQU64  63(R8), Z24
	VPTERNLOGD $0x7e, 62(R8), Z19, Z24
	VPTERNLOGD $0x6a, Z18, Z20, Z24
	VPSHUFB    Z22, Z25, K6, Z24
	VPCMPEQB   Z22, Z24, K4
	KORTESTQ   K1, K4
	JNZ        ifound128

inext128:
	ADDQ $128, R8
	CMPQ R8, R10
	JBE  iloop128
	JMP  ilast64

	// The positions of the round's bits: those of K1 from R8, of K4 from
	// R8+64; DI is scratch (x & (x-1) clears the lowest bit).
ifound128:
	// With prose, the colons of the round that a byte of at most ' '
	// follows, in K2 (the first half) and K5 (the second): only those
	// are looked at by PROSE (a colon of prose is among them). The byte
	// after the round, read only where b has it, gives the last bit.
	KXORQ    K2, K2, K2
	KXORQ    K5, K5, K5
	CMPB     prose+56(FP), $0
	JEQ      iprose128
	VPCMPUB  $2, Z26, Z22, K5
	KSHIFTLQ $63, K5, K6
	VPCMPUB  $2, Z26, Z21, K2
	KSHIFTRQ $1, K2, K2
	KORQ     K6, K2, K2
	VPCMPEQB Z27, Z21, K2, K2
	KSHIFTRQ $1, K5, K5
	XORL     R14, R14
	LEAQ     128(R8), R13
	CMPQ     R13, R9
	JAE      iafter128
	CMPB     (R13), $0x20
	JA       iafter128
	MOVQ     $0x8000000000000000, R14

iafter128:
	KMOVQ    R14, K6
	KORQ     K6, K5, K5
	VPCMPEQB Z27, Z22, K5, K5

iprose128:
	KMOVQ K1, AX
	MOVQ  R8, BX
	SUBQ  SI, BX
	TESTQ AX, AX
	JZ    ifound128b

ibits128a:
	BSFQ AX, CX
	ADDQ BX, CX
	MOVQ CX, (R11)
	XORL  DI, DI
	KMOVQ K2, R14
	MOVQ  AX, R13
	NEGQ  R13
	ANDQ  AX, R13
	TESTQ R13, R14
	JZ    ikeep128a
	PROSE(ikeep128a, DI, R14, R13)

ikeep128a:
	ADDQ $8, R11
	SUBQ DI, R11
	CMPQ R11, R12
	JEQ  ifull512
	LEAQ -1(AX), DI
	ANDQ DI, AX
	JNZ  ibits128a

ifound128b:
	KMOVQ K4, AX
	ADDQ  $64, BX
	TESTQ AX, AX
	JZ    inext128

ibits128b:
	BSFQ AX, CX
	ADDQ BX, CX
	MOVQ CX, (R11)
	XORL  DI, DI
	KMOVQ K5, R14
	MOVQ  AX, R13
	NEGQ  R13
	ANDQ  AX, R13
	TESTQ R13, R14
	JZ    ikeep128b
	PROSE(ikeep128b, DI, R14, R13)

ikeep128b:
	ADDQ $8, R11
	SUBQ DI, R11
	CMPQ R11, R12
	JEQ  ifull512
	LEAQ -1(AX), DI
	ANDQ DI, AX
	JNZ  ibits128b
	JMP  inext128

	// At most one more whole vector.
ilast64:
	LEAQ       -64(R9), R10
	CMPQ       R8, R10
	JA         itail512
	VMOVDQU64  (R8), Z21
	VPCMPB     $4, Z21, Z18, K3
	VMOVDQU64  -1(R8), Z23
	VPTERNLOGD $0x7e, -2(R8), Z19, Z23
	VPTERNLOGD $0x6a, Z18, Z20, Z23
	VPSHUFB    Z21, Z25, K3, Z23
	VPCMPEQB   Z21, Z23, K1
	KMOVQ      K1, AX
	MOVQ       R8, BX
	SUBQ       SI, BX
	ADDQ       $64, R8
	TESTQ      AX, AX
	JZ         itail512

ibits64:
	BSFQ AX, CX
	ADDQ BX, CX
	MOVQ CX, (R11)
	PROSE(ikeep64, DI, R14, R13)

ikeep64:
	ADDQ $8, R11
	SUBQ DI, R11
	CMPQ R11, R12
	JEQ  ifull512
	LEAQ -1(AX), DI
	ANDQ DI, AX
	JNZ  ibits64

	// The last 0 to 63 bytes, loaded and compared under K7 (the bytes past
	// the end read as 0 and do not fault).
itail512:
	MOVQ       R9, CX
	SUBQ       R8, CX
	JZ         idone512
	MOVQ       $-1, AX
	SHLQ       CX, AX
	NOTQ       AX
	KMOVQ      AX, K7
	VMOVDQU8.Z (R8), K7, Z21
	VMOVDQU8.Z -1(R8), K7, Z23
	VMOVDQU8.Z -2(R8), K7, Z24
	VPCMPB     $4, Z21, Z18, K3
	VPTERNLOGD $0x7e, Z24, Z19, Z23
	VPTERNLOGD $0x6a, Z18, Z20, Z23
	VPSHUFB    Z21, Z25, K3, Z23
	VPCMPEQB   Z21, Z23, K7, K1
	KMOVQ      K1, AX
	MOVQ       R8, BX
	SUBQ       SI, BX
	TESTQ      AX, AX
	JZ         idone512

ibitstail:
	BSFQ AX, CX
	ADDQ BX, CX
	MOVQ CX, (R11)
	PROSE(ikeeptail, DI, R14, R13)

ikeeptail:
	ADDQ $8, R11
	SUBQ DI, R11
	CMPQ R11, R12
	JEQ  ifull512
	LEAQ -1(AX), DI
	ANDQ DI, AX
	JNZ  ibitstail

	// The whole of b searched.
idone512:
	MOVQ out_base+32(FP), R13
	SUBQ R13, R11
	SHRQ $3, R11
	MOVQ R11, n+64(FP)
	MOVQ DX, next+72(FP)
	RET

	// out is full, its last position in CX: go on after it.
ifull512:
	INCQ CX
	MOVQ out_base+32(FP), R13
	SUBQ R13, R11
	SHRQ $3, R11
	MOVQ R11, n+64(FP)
	MOVQ CX, next+72(FP)
	RET

	// Nothing to search (from >= len(b)) or no room: nothing written.
istop512:
	MOVQ $0, n+64(FP)
	MOVQ DI, next+72(FP)
	RET

	// b[0] and b[1]: a ':' or '@' is a trigger (no colon of prose so near
	// the start), a '.' is not (two bytes do not stand before it).
ihead512:
	MOVBLZX (SI)(DI*1), AX
	CMPB    AL, $0x3a
	JEQ     iheadhit
	CMPB    AL, $0x40
	JNE     iheadnext

iheadhit:
	MOVQ DI, (R11)
	ADDQ $8, R11
	MOVQ DI, CX
	CMPQ R11, R12
	JEQ  ifull512

iheadnext:
	INCQ DI
	CMPQ DI, DX
	JGE  idone512
	CMPQ DI, $2
	JB   ihead512
	JMP  ibody512
