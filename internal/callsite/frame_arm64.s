#include "textflag.h"

// func Return(a *Anchor) uintptr
//
// R29 is the frame pointer of the function that called Return (a leaf
// without a frame of its own; a, a local of the caller, guarantees the
// caller has one): 0(R29) holds the caller's caller's frame
// pointer and 8(R29) the caller's saved link register, its return address.
TEXT ·Return(SB), NOSPLIT|NOFRAME, $0-16
	MOVD 8(R29), R0
	MOVD R0, ret+8(FP)
	RET
