package golden_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// The per-pass tests, in the manner of TinyGo's transform/testdata: each
// pass of the table has a directory testdata/passes/PASS, a package of
// small kernels that exercise it, and for each kernel K a golden file
// K.golden with the IR just before the pass (after the pipeline up to
// it) and just after, so that a golden shows that pass's effect alone.
//
// Each kernel's doc comment says what the pass should do to it, in a
// paragraph that starts with the pass's name ("stride marks the loop
// ..."): the pass must change it. A negative case, a kernel the pass
// must leave alone (a guard that blocks it), says why in a paragraph
// that starts with "Unchanged:" instead: the pass must not change it.

// unchangedNote starts the paragraph of a negative case's doc comment.
const unchangedNote = "Unchanged:"

// noNegative are the passes with no condition under which they leave a
// kernel alone, so no negative case, with why.
var noNegative = map[string]string{
	"build":    "every kernel is built into the IR from its source",
	"classify": "every kernel's parameters are uniform, which a variable is not before classify",
	"fission":  "every kernel's code is put in thread loops or block code",
}

// TestPassDirs: the directories of testdata/passes are the passes of the
// table, each with a positive case and, but for noNegative, a negative
// one.
func TestPassDirs(t *testing.T) {
	entries, err := os.ReadDir("testdata/passes")
	require.NoError(t, err)
	var dirs []string
	for _, e := range entries {
		dirs = append(dirs, e.Name())
	}
	passes := kir.PassNames()
	for _, d := range dirs {
		assert.Contains(t, passes, d, "testdata/passes/%s names no pass", d)
	}
	for _, pass := range passes {
		if !assert.Contains(t, dirs, pass, "pass %s has no directory testdata/passes/%s", pass, pass) {
			continue
		}
		pos, neg := 0, 0
		_, srcs := sources(t, "passes/"+pass)
		for _, src := range srcs {
			if negative(src) {
				neg++
			} else {
				pos++
			}
		}
		assert.NotZero(t, pos, "testdata/passes/%s: no kernel the pass changes", pass)
		if why, ok := noNegative[pass]; ok {
			assert.Zero(t, neg, "testdata/passes/%s: a negative case, but noNegative says %s", pass, why)
		} else {
			assert.NotZero(t, neg, "testdata/passes/%s: no negative case (%q), and the pass is not in noNegative", pass, unchangedNote)
		}
	}
	for pass := range noNegative {
		assert.Contains(t, passes, pass, "noNegative names no pass")
	}
}

// TestPass: for each kernel of testdata/passes/PASS, the IR before and
// after PASS is the golden file's (go test -update writes them; review
// the diff), the pass changes it unless it is a negative case, and its doc
// comment says so. Invariants are checked between the passes.
func TestPass(t *testing.T) {
	for _, pass := range kir.PassNames() {
		if _, err := os.Stat(filepath.Join("testdata", "passes", pass)); err != nil {
			continue // TestPassDirs reports it
		}
		names, srcs := sources(t, "passes/"+pass)
		for _, name := range names {
			t.Run(pass+"/"+name, func(t *testing.T) {
				src := srcs[name]
				got, changed := passTrace(t, src, pass)
				doc := src.Decl.Doc.Text()
				if negative(src) {
					assert.False(t, changed, "a negative case (%s), but %s changed it", unchangedNote, pass)
				} else {
					assert.True(t, changed, "%s left it unchanged: change the input, or make it a negative case saying why (%s)", pass, unchangedNote)
					assert.True(t, hasParagraph(doc, pass+" "), "its doc comment has no paragraph starting %q that says what the pass does to it", pass+" ")
				}
				compareGolden(t, filepath.Join("testdata", "passes", pass, name+".golden"), got)
			})
		}
	}
}

// negative reports whether src is a negative case: its doc comment has a
// paragraph that starts with unchangedNote.
func negative(src *kir.Source) bool { return hasParagraph(src.Decl.Doc.Text(), unchangedNote) }

// hasParagraph reports whether a paragraph of doc starts with prefix.
func hasParagraph(doc, prefix string) bool {
	for p := range strings.SplitSeq(doc, "\n\n") {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// passTrace runs the pipeline on src up to pass, and returns the IR just
// before it and just after it (or the refusal), and whether the pass
// changed the IR or refused. It fails the test if an earlier pass refuses
// src: the input does not reach the pass.
func passTrace(t *testing.T, src *kir.Source, pass string) (string, bool) {
	var ran []string
	before, after := "", ""
	_, r := kir.Run(src, pass, func(p string, f *kir.Func) {
		require.NoError(t, kir.Verify(f, p), "after %s", p)
		ran = append(ran, p)
		if p == pass {
			after = dump(f)
		} else {
			before = dump(f)
		}
	})
	all := kir.PassNames()
	if r != nil && len(ran) < len(all) && all[len(ran)] != pass {
		t.Fatalf("refused by %s, before %s: %s", all[len(ran)], pass, refusal(r))
	}
	var b strings.Builder
	prev := slices.DeleteFunc(ran, func(p string) bool { return p == pass })
	if len(prev) == 0 {
		fmt.Fprintf(&b, "== before %s: the kernel's source, no IR yet\n", pass)
	} else {
		fmt.Fprintf(&b, "== before %s, after %s\n%s", pass, prev[len(prev)-1], before)
	}
	switch {
	case r != nil:
		fmt.Fprintf(&b, "== %s: %s\n", pass, refusal(r))
		return b.String(), true
	case len(prev) > 0 && after != before:
		fmt.Fprintf(&b, "== after %s\n%s", pass, after)
		return b.String(), true
	}
	fmt.Fprintf(&b, "== %s: unchanged\n", pass)
	return b.String(), false
}
