package compile

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestScaffolding: the generator's bookkeeping holds no source line; the
// kernel's work, what may fail, and a declaration's own line do.
func TestScaffolding(t *testing.T) {
	for line, want := range map[string]bool{
		"\tgc_pos := gc_b.Pos()\n":                                    true,
		"\t\tfor gc_tx := gc_from; gc_tx < gc_to; gc_tx++ {\n":        true,
		"\t\t\ttid := gc_tx2\n":                                       true, // a thread's index, in each copy of a loop
		"\t\t\tvar tid int = gc_tx\n":                                 true,
		"\t\t\ti := gc_bx*gc_bdx + gc_tx\n":                           true,
		"\t\t\t_ = i\n":                                               true,
		"\t\t\tv := gc_s_v[gc_rank]\n":                                true, // a spill's load
		"\t\t\tgc_s_v[gc_rank2] = v\n":                                true, // and store
		"\t\t\tif gc_exited[gc_rank] {\n":                             true,
		"\t\t\tarchsimd.ClearAVXUpperBits()\n":                        true,
		"\t\t\tgc_at[gc_tx] = gc_at2[gc_tx]\n":                        false, // the kernel's copy, rebased
		"\t\t\tv := gc_xs[gc_k]\n":                                    false, // an element of the kernel's slice
		"\t\t\tgc_s_v[gc_rank] = v + 1\n":                             false,
		"\t\t\ts[tid] = in[i]\n":                                      false,
		"\t\t\tn := len(in)\n":                                        false,
		"\t\tif gc_off >= 0 && gc_to <= len(y)-gc_off {\n":            true, // a window's check
		"\t\t\tgc_at := y[gc_off:][:gc_to]\n":                         true, // and the window
		"\t\t\tgc_at := y[i:][:gc_to]\n":                              false,
		"\tvar gc_c1r [32]uint32\n":                                   true,
		"\t\tif n <= len(y) {\n":                                      false,
		"\t\tpanic(compiled.ErrGuardWraps)\n":                         false,
		"\t\tgc_jam_sum_flush(&gc_jam)\n":                             false, // runs the kernel's code
		"func gc_body_k(gc_b *compiled.Block) {\n":                    false,
		"\t\t\tsum := r // a comment\n":                               false,
		"\t\t\tgc_if := gc_iota.Less(archsimd.BroadcastInt32x8(n))\n": false,
		"\n":    false,
		"\t}\n": true, // a brace, which relines holds to nothing anyway
	} {
		if got := scaffolding(line); got != want {
			t.Errorf("scaffolding(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestInlineDirectives: a directive within a body moves onto the line it
// positions, which keeps its position; one before a declaration, a case,
// a closing brace or after a continued statement stays on its own line.
func TestInlineDirectives(t *testing.T) {
	src := "package p\n\n//line k.go:3\nfunc f(a, b int) int {\n\tx := a +\n\t\tb\n//line k.go:9\n\tswitch x {\n//line k.go:10\n\tcase 1:\n//line k.go:11\n\t\tx++\n\t}\n//line k.go:20\n\treturn x\n}\n"
	want := "package p\n\n//line k.go:3\nfunc f(a, b int) int {\n\tx := a +\n\t\tb\n//line k.go:9\n\tswitch x {\n//line k.go:10\n\tcase 1:\n\t\t/*line k.go:11*/ x++\n\t}\n\t/*line k.go:20*/ return x\n}\n"
	assert.Equal(t, want, string(inlineDirectives([]byte(src))))
}
