package fuzz

import "testing"

// TestNamedReads: a variable counts as named after its declaration only
// where the text reads it; assigning it, with = or a compound operator,
// or incrementing it is no use (Go refuses such a variable: seed
// 32037321's r4).
func TestNamedReads(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"r4 = f()\n", false},
		{"r4 += 1\nr4 ^= 2\nr4 <<= 1\nr4 &^= 3\nr4++\n", false},
		{"r4 = f()\nx := r4\n", true},
		{"if r4 == 0 {\n}\n", true},
		{"r4 = r4 + 1\n", true},
		{"r40 := 1\nr40 = 2\n", false},
		{"y := x\n", false},
	} {
		g := &gen{}
		g.buf.WriteString(c.text)
		if got := g.named(&variable{name: "r4", at: 0}); got != c.want {
			t.Errorf("named(r4) in %q = %v, want %v", c.text, got, c.want)
		}
	}
}
