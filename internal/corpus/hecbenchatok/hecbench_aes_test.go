package hecbenchatok

import (
	"crypto/aes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// aesSBox returns AES's S-box and its inverse, computed from the field.
func aesSBox() (sbox, inv []uint8) {
	sbox, inv = make([]uint8, 256), make([]uint8, 256)
	rotl := func(b uint8, n int) uint8 { return b<<n | b>>(8-n) }
	for x := range 256 {
		b := uint8(0) // x^254, the inverse, 0 for 0
		if x != 0 {
			b = 1
			for range 254 {
				b = galoisMultiplication(b, uint8(x))
			}
		}
		s := b ^ rotl(b, 1) ^ rotl(b, 2) ^ rotl(b, 3) ^ rotl(b, 4) ^ 0x63
		sbox[x], inv[s] = s, uint8(x)
	}
	return sbox, inv
}

// aesRoundKeys expands a 128-bit key into the kernels' layout: round r's
// key as four rows, row i the bytes i of its four words.
func aesRoundKeys(key []byte, sbox []uint8) []Uchar4 {
	var w [44][4]uint8
	for i := range 4 {
		copy(w[i][:], key[4*i:])
	}
	rcon := uint8(1)
	for i := 4; i < 44; i++ {
		tmp := w[i-1]
		if i%4 == 0 {
			tmp = [4]uint8{sbox[tmp[1]] ^ rcon, sbox[tmp[2]], sbox[tmp[3]], sbox[tmp[0]]}
			rcon = galoisMultiplication(rcon, 2)
		}
		for j := range 4 {
			w[i][j] = w[i-4][j] ^ tmp[j]
		}
	}
	rk := make([]Uchar4, 44)
	for r := range 11 {
		for i := range 4 {
			rk[r*4+i] = Uchar4{w[4*r][i], w[4*r+1][i], w[4*r+2][i], w[4*r+3][i]}
		}
	}
	return rk
}

// TestAES encrypts 12 blocks (a 6×2 grid of blocks of 1×4 threads) with
// AES-128, against crypto/aes, and decrypts them back.
func TestAES(t *testing.T) {
	const gx, gy, rounds = 6, 2, 10
	r := rng(gx, gy)
	key := make([]byte, 16)
	plain := make([]byte, 16*gx*gy)
	for i := range key {
		key[i] = byte(r.IntN(256))
	}
	for i := range plain {
		plain[i] = byte(r.IntN(256))
	}
	c, err := aes.NewCipher(key)
	require.NoError(t, err)
	want := make([]byte, len(plain))
	for b := 0; b < len(plain); b += 16 {
		c.Encrypt(want[b:], plain[b:])
	}
	// rows of the state: row i of block b is bytes i, i+4, i+8, i+12.
	toRows := func(p []byte) []Uchar4 {
		s := make([]Uchar4, len(p)/4)
		for b := 0; b < len(p); b += 16 {
			for i := range 4 {
				s[b/4+i] = Uchar4{p[b+i], p[b+i+4], p[b+i+8], p[b+i+12]}
			}
		}
		return s
	}
	sbox, inv := aesSBox()
	rk := aesRoundKeys(key, sbox)
	in := toRows(plain)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: gx, Y: gy}, Block: gocuda.Dim3{X: 1, Y: 4}}
	type result struct{ enc, dec []Uchar4 }
	got := agree(t, func(f form) (result, error) {
		enc := make([]Uchar4, len(in))
		dec := make([]Uchar4, len(in))
		if err := f.launch(cfg, AESEncryptKernel(enc, in, rk, sbox, 4*gx, rounds)); err != nil {
			return result{}, err
		}
		return result{enc, dec}, f.launch(cfg, AESDecryptKernel(dec, enc, rk, inv, 4*gx, rounds))
	})
	require.Equal(t, toRows(want), got.enc, "AESEncrypt")
	require.Equal(t, in, got.dec, "AESDecrypt")
}
