package intrinsic

// The named rounding variants, one per CUDA intrinsic. Each is its R
// function with the mode fixed.

// FaddRN is __fadd_rn: x + y, rounded to nearest even.
func FaddRN(x, y float32) float32 { return FaddR(x, y, RN) }

// FaddRZ is __fadd_rz: x + y, rounded toward zero.
func FaddRZ(x, y float32) float32 { return FaddR(x, y, RZ) }

// FaddRU is __fadd_ru: x + y, rounded toward +Inf.
func FaddRU(x, y float32) float32 { return FaddR(x, y, RU) }

// FaddRD is __fadd_rd: x + y, rounded toward -Inf.
func FaddRD(x, y float32) float32 { return FaddR(x, y, RD) }

// FsubRN is __fsub_rn: x - y, rounded to nearest even.
func FsubRN(x, y float32) float32 { return FsubR(x, y, RN) }

// FsubRZ is __fsub_rz: x - y, rounded toward zero.
func FsubRZ(x, y float32) float32 { return FsubR(x, y, RZ) }

// FsubRU is __fsub_ru: x - y, rounded toward +Inf.
func FsubRU(x, y float32) float32 { return FsubR(x, y, RU) }

// FsubRD is __fsub_rd: x - y, rounded toward -Inf.
func FsubRD(x, y float32) float32 { return FsubR(x, y, RD) }

// FmulRN is __fmul_rn: x × y, rounded to nearest even.
func FmulRN(x, y float32) float32 { return FmulR(x, y, RN) }

// FmulRZ is __fmul_rz: x × y, rounded toward zero.
func FmulRZ(x, y float32) float32 { return FmulR(x, y, RZ) }

// FmulRU is __fmul_ru: x × y, rounded toward +Inf.
func FmulRU(x, y float32) float32 { return FmulR(x, y, RU) }

// FmulRD is __fmul_rd: x × y, rounded toward -Inf.
func FmulRD(x, y float32) float32 { return FmulR(x, y, RD) }

// FmaRN is __fmaf_rn: x × y + z, fused, rounded to nearest even.
func FmaRN(x, y, z float32) float32 { return FmaR(x, y, z, RN) }

// FmaRZ is __fmaf_rz: x × y + z, fused, rounded toward zero.
func FmaRZ(x, y, z float32) float32 { return FmaR(x, y, z, RZ) }

// FmaRU is __fmaf_ru: x × y + z, fused, rounded toward +Inf.
func FmaRU(x, y, z float32) float32 { return FmaR(x, y, z, RU) }

// FmaRD is __fmaf_rd: x × y + z, fused, rounded toward -Inf.
func FmaRD(x, y, z float32) float32 { return FmaR(x, y, z, RD) }

// FdivRN is __fdiv_rn: x / y, rounded to nearest even.
func FdivRN(x, y float32) float32 { return FdivR(x, y, RN) }

// FdivRZ is __fdiv_rz: x / y, rounded toward zero.
func FdivRZ(x, y float32) float32 { return FdivR(x, y, RZ) }

// FdivRU is __fdiv_ru: x / y, rounded toward +Inf.
func FdivRU(x, y float32) float32 { return FdivR(x, y, RU) }

// FdivRD is __fdiv_rd: x / y, rounded toward -Inf.
func FdivRD(x, y float32) float32 { return FdivR(x, y, RD) }

// FrcpRN is __frcp_rn: 1/x, rounded to nearest even.
func FrcpRN(x float32) float32 { return FrcpR(x, RN) }

// FrcpRZ is __frcp_rz: 1/x, rounded toward zero.
func FrcpRZ(x float32) float32 { return FrcpR(x, RZ) }

// FrcpRU is __frcp_ru: 1/x, rounded toward +Inf.
func FrcpRU(x float32) float32 { return FrcpR(x, RU) }

// FrcpRD is __frcp_rd: 1/x, rounded toward -Inf.
func FrcpRD(x float32) float32 { return FrcpR(x, RD) }

// FsqrtRN is __fsqrt_rn: √x, rounded to nearest even.
func FsqrtRN(x float32) float32 { return FsqrtR(x, RN) }

// FsqrtRZ is __fsqrt_rz: √x, rounded toward zero.
func FsqrtRZ(x float32) float32 { return FsqrtR(x, RZ) }

// FsqrtRU is __fsqrt_ru: √x, rounded toward +Inf.
func FsqrtRU(x float32) float32 { return FsqrtR(x, RU) }

// FsqrtRD is __fsqrt_rd: √x, rounded toward -Inf.
func FsqrtRD(x float32) float32 { return FsqrtR(x, RD) }
