// Package srchash fingerprints a kernel's source lines, so that a compiled
// form generated from them can tell when they have changed: the generator
// records the hash, and the engine checks it when the kernel first runs.
package srchash

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
)

// Lines returns the hex SHA-256 of lines first to end (1-based, inclusive)
// of src, each with its newline.
func Lines(src []byte, first, end int) string {
	h := sha256.New()
	for line := 1; len(src) > 0 && line <= end; line++ {
		text := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			text, src = src[:i+1], src[i+1:]
		} else {
			src = nil
		}
		if line >= first {
			h.Write(text)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
