package compiled

import (
	"encoding/binary"
	"unsafe"
)

// The Bools functions move the bool variables a generated vector step
// keeps per thread (a flag that lives across a barrier, in its scratch
// slice) between the scratch and the step's mask: Bools4, Bools8 and
// Bools16 return the bits of s[0] to s[n-1] (bit k set where s[k] is
// true), and the SetBools functions store them. Go stores a bool as one
// byte, 0 or 1, so eight of them are read or written as one 64-bit word.
// Each panics as indexing s would where s is shorter than n.

// Bools8 returns the bits of s[0] to s[7].
func Bools8(s []bool) uint8 {
	// Byte k's bit 0 lands alone on bit 56+k of the product, with no
	// carry from the other products' bits, which are all distinct.
	return uint8(boolWord(s) * 0x0102040810204080 >> 56)
}

// Bools4 returns the bits of s[0] to s[3].
func Bools4(s []bool) uint8 {
	b := (*[4]bool)(s)
	w := binary.LittleEndian.Uint32((*[4]byte)(unsafe.Pointer(b))[:])
	return uint8(w * 0x01020408 >> 24)
}

// Bools16 returns the bits of s[0] to s[15].
func Bools16(s []bool) uint16 {
	return uint16(Bools8(s)) | uint16(Bools8(s[8:]))<<8
}

// SetBools8 sets s[k] to bit k of bits, for k from 0 to 7.
func SetBools8(s []bool, bits uint8) {
	b := (*[8]bool)(s)
	binary.LittleEndian.PutUint64((*[8]byte)(unsafe.Pointer(b))[:], spreadBits(bits))
}

// SetBools4 sets s[k] to bit k of bits, for k from 0 to 3.
func SetBools4(s []bool, bits uint8) {
	b := (*[4]bool)(s)
	binary.LittleEndian.PutUint32((*[4]byte)(unsafe.Pointer(b))[:], uint32(spreadBits(bits&15)))
}

// SetBools16 sets s[k] to bit k of bits, for k from 0 to 15.
func SetBools16(s []bool, bits uint16) {
	SetBools8(s, uint8(bits))
	SetBools8(s[8:], uint8(bits>>8))
}

// boolWord returns s[0] to s[7] as the bytes of a little-endian word.
func boolWord(s []bool) uint64 {
	b := (*[8]bool)(s)
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Pointer(b))[:])
}

// spreadBits returns the word whose byte k is bit k of bits.
func spreadBits(bits uint8) uint64 {
	x := uint64(bits)
	x = (x | x<<28) & 0x0000000F0000000F
	x = (x | x<<14) & 0x0003000300030003
	return (x | x<<7) & 0x0101010101010101
}
