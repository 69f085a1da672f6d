package hostmem

import "encoding/binary"

// sysctlInt decodes a sysctl's integer value of 4 or 8 bytes in the
// machine's byte order. syscall.Sysctl drops one trailing zero byte of the
// value, which is put back before decoding.
func sysctlInt(s string) int64 {
	var b [8]byte
	switch n := copy(b[:], s); {
	case len(s) > 8 || n == 0:
		return 0
	case n > 4:
		return int64(binary.NativeEndian.Uint64(b[:]))
	default:
		return int64(binary.NativeEndian.Uint32(b[:4]))
	}
}
