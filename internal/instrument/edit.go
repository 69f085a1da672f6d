package instrument

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// An edit replaces the bytes [start, end) of a file with text; start ==
// end inserts. Rewriting is a set of edits on the original bytes, so that
// nothing but the inserted text moves and every line keeps its number.
type edit struct {
	start, end int
	text       string
	// closer marks an insertion that ends a wrapper (a closing
	// parenthesis). seq is the order in which edits were made: the walk
	// makes an outer wrapper's edits before an inner one's.
	closer bool
	seq    int
}

// compare orders edits for applying: by offset; at one offset insertions
// before replacements, the closers of the wrappers ending there (inner
// first) before the openers of those starting there (outer first).
func (a edit) compare(b edit) int {
	if c := cmp.Compare(a.start, b.start); c != 0 {
		return c
	}
	ains, bins := a.start == a.end, b.start == b.end
	switch {
	case ains != bins:
		if ains {
			return -1
		}
		return 1
	case a.closer != b.closer:
		if a.closer {
			return -1
		}
		return 1
	case a.closer:
		return cmp.Compare(b.seq, a.seq)
	}
	return cmp.Compare(a.seq, b.seq)
}

// apply returns src with edits made. Replacements must not overlap one
// another nor contain an insertion.
func apply(src []byte, edits []edit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, edit.compare)
	var b strings.Builder
	b.Grow(len(src) + len(src)/2)
	at := 0
	for _, e := range edits {
		if e.start < at || e.end < e.start || e.end > len(src) {
			return nil, fmt.Errorf("overlapping edits at offset %d", e.start)
		}
		b.Write(src[at:e.start])
		b.WriteString(e.text)
		at = e.end
	}
	b.Write(src[at:])
	return []byte(b.String()), nil
}

// insert inserts text at pos; closer marks the end of a wrapper.
func (r *fileRewriter) insert(pos token.Pos, text string, closer bool) {
	off := r.tf.Offset(pos)
	r.edits = append(r.edits, edit{start: off, end: off, text: text, closer: closer, seq: len(r.edits)})
}

// replace replaces the source from pos to end with text.
func (r *fileRewriter) replace(pos, end token.Pos, text string) {
	r.edits = append(r.edits, edit{start: r.tf.Offset(pos), end: r.tf.Offset(end), text: text, seq: len(r.edits)})
}

// wrap puts open before n and close after it.
func (r *fileRewriter) wrap(n ast.Node, open, close string) {
	r.insert(n.Pos(), open, false)
	r.insert(n.End(), close, true)
}

// text returns the source of the range from pos to end.
func (r *fileRewriter) text(pos, end token.Pos) string {
	return string(r.src[r.tf.Offset(pos):r.tf.Offset(end)])
}
