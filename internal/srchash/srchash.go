package srchash

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
)

// Span returns lines first to end (1-based, inclusive) of src, each with
// its newline.
func Span(src []byte, first, end int) []byte {
	var out []byte
	for line := 1; len(src) > 0 && line <= end; line++ {
		text := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			text, src = src[:i+1], src[i+1:]
		} else {
			src = nil
		}
		if line >= first {
			out = append(out, text...)
		}
	}
	return out
}

// Sum returns the hex SHA-256 of parts, in order.
func Sum(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Lines returns the hex SHA-256 of lines first to end of src.
func Lines(src []byte, first, end int) string { return Sum(Span(src, first, end)) }
