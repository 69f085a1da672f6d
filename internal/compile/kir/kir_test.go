package kir_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// TestPassNames: the table lists the passes in pipeline order.
func TestPassNames(t *testing.T) {
	assert.Equal(t, []string{"check", "build", "classify", "lockstep", "fission", "fuse", "streams", "warp", "spill", "mode", "shared", "order", "narrow", "flatten", "unroll", "reverse", "rows", "demand", "tile", "stops", "trees", "memo", "vector", "jam", "outline"}, kir.PassNames())
}

// TestPassDocs: every pass's description is one line of at most 120
// characters.
func TestPassDocs(t *testing.T) {
	for _, name := range kir.PassNames() {
		doc := kir.PassDoc(name)
		assert.NotEmpty(t, doc, "pass %s has no description", name)
		assert.NotContains(t, doc, "\n", "pass %s's description is more than one line", name)
		assert.LessOrEqual(t, utf8.RuneCountInString(doc), 120, "pass %s's description is longer than 120 characters", name)
	}
}

// TestPassDocsCopies: docs/architecture.md holds a copy of the pass
// table, one numbered line per pass saying whether it is required, equal
// to the table; the package doc
// holds none (it points to gocuda compile -passes).
func TestPassDocsCopies(t *testing.T) {
	var want []string
	for i, name := range kir.PassNames() {
		kind := "optional"
		if kir.PassRequired(name) != "" {
			kind = "required"
		}
		want = append(want, fmt.Sprintf("%d. %s (%s): %s", i+1, name, kind, kir.PassDoc(name)))
	}
	src, err := os.ReadFile("../../../docs/architecture.md")
	require.NoError(t, err)
	lines := strings.Split(string(src), "\n")
	start := slices.Index(lines, want[0])
	require.True(t, start >= 0, "docs/architecture.md does not list the passes from the table: want the line %q", want[0])
	var got []string
	for _, l := range lines[start:] {
		if l == "" {
			break
		}
		got = append(got, l)
	}
	assert.Equal(t, want, got, "docs/architecture.md's list of passes differs from the table in passes.go: copy it from gocuda compile -passes")
	doc, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	for _, name := range kir.PassNames() {
		assert.NotContains(t, string(doc), kir.PassDoc(name), "doc.go repeats pass %s's description: point to gocuda compile -passes", name)
	}
}
