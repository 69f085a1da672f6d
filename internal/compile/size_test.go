package compile

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGeneratedSize reports, with -v, the lines generated per line of
// kernel source for the exercises in docs/exercises (the measure of
// issue 83's generated code a reader can follow), and what kinds of line
// make up the generated files.
func TestGeneratedSize(t *testing.T) {
	gens, err := filepath.Glob("../../docs/exercises/*/*_gocuda*.go")
	require.NoError(t, err)
	bySource := map[string][]string{}
	for _, g := range gens {
		src := regexp.MustCompile(`_gocuda(_simd|_nosimd)?\.go$`).ReplaceAllString(g, ".go")
		bySource[src] = append(bySource[src], g)
	}
	kinds := map[string]int{}
	for _, src := range slices.Sorted(func(yield func(string) bool) {
		for s := range bySource {
			if !yield(s) {
				return
			}
		}
	}) {
		text, err := os.ReadFile(src)
		require.NoError(t, err)
		kernel := kernelLines(t, src)
		var sizes []string
		total := 0
		for _, g := range bySource[src] {
			out, err := os.ReadFile(g)
			require.NoError(t, err)
			n := strings.Count(string(out), "\n")
			total += n
			sizes = append(sizes, fmt.Sprintf("%s %d", filepath.Base(g), n))
			lineKinds(string(out), kinds)
		}
		t.Logf("%s: %d kernel lines (%d in file), %s: %.1f× the kernel",
			filepath.Base(src), kernel, strings.Count(string(text), "\n"), strings.Join(sizes, ", "), float64(total)/float64(kernel))
	}
	t.Logf("kinds of line: %v", kinds)
}

// kernelLines returns the lines of the kernels of the source file at path.
func kernelLines(t *testing.T, path string) int {
	n := 0
	for _, k := range sourceKernels(t, path) {
		n += k.to - k.from + 1
	}
	return n
}

// lineKinds counts the lines of src by kind into kinds.
func lineKinds(src string, kinds map[string]int) {
	for l := range strings.Lines(src) {
		s := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(s, "//line "):
			kinds["line directive"]++
		case s == "":
			kinds["blank"]++
		case s == "{" || s == "}" || s == "} else {":
			kinds["brace"]++
		case strings.HasPrefix(s, "_ = "):
			kinds["_ = x"]++
		case strings.HasPrefix(s, "//"):
			kinds["comment"]++
		default:
			kinds["code"]++
		}
	}
}
