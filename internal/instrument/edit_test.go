package instrument

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestApply: edits at one offset nest as the walk made them (outer
// wrappers outside inner ones), and overlapping replacements are refused.
func TestApply(t *testing.T) {
	ins := func(at int, text string, closer bool, seq int) edit {
		return edit{start: at, end: at, text: text, closer: closer, seq: seq}
	}
	tests := []struct {
		name  string
		edits []edit
		want  string // "" for an error
	}{
		{"none", nil, "ab"},
		{"openers outer first", []edit{ins(0, "B(", false, 1), ins(0, "A(", false, 0)}, "A(B(ab"},
		{"closers inner first", []edit{ins(2, ")A", true, 0), ins(2, ")B", true, 1)}, "ab)B)A"},
		{"closers before openers", []edit{ins(1, "<", false, 0), ins(1, ">", true, 1)}, "a><b"},
		{"insertions before a replacement", []edit{{start: 1, end: 2, text: "X", seq: 0}, ins(1, "+", false, 1), ins(2, "!", true, 2)}, "a+X!"},
		{"disjoint replacements", []edit{{start: 1, end: 2, text: ", "}, {start: 0, end: 1, text: "(*"}}, "(*, "},
		{"overlapping replacements", []edit{{start: 0, end: 2, text: "X"}, {start: 1, end: 2, text: "Y"}}, ""},
		{"insertion inside a replacement", []edit{{start: 0, end: 2, text: "X"}, ins(1, "+", false, 1)}, ""},
	}
	for _, tt := range tests {
		got, err := apply([]byte("ab"), tt.edits)
		if tt.want == "" {
			assert.Error(t, err, tt.name)
			continue
		}
		require.NoError(t, err, tt.name)
		assert.Equal(t, tt.want, string(got), tt.name)
	}
}
