package srchash

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

func TestLines(t *testing.T) {
	src := []byte("one\ntwo\nthree\nfour")
	sum := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	for _, tc := range []struct {
		first, end int
		want       string
	}{
		{1, 1, "one\n"},
		{2, 3, "two\nthree\n"},
		{3, 4, "three\nfour"},
		{4, 9, "four"},
		{5, 6, ""},
	} {
		if got := Lines(src, tc.first, tc.end); got != sum(tc.want) {
			t.Errorf("Lines(%d, %d) = %s, want the hash of %q", tc.first, tc.end, got, tc.want)
		}
	}
}
