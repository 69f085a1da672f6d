package compile

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// genPrefix starts every identifier the generator declares at file level
// (gc_src_k, gc_body_k): kernels may not use it.
const genPrefix = "gc_"

// A Refusal is why a kernel stays on the runtime path: the generator writes
// its constructor without a compiled form.
type Refusal struct {
	Pos    token.Position
	Kernel string
	Reason string
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("%s:%d: kernel %s left on the runtime path: %s", r.Pos.Filename, r.Pos.Line, r.Kernel, r.Reason)
}

func newRefusal(k *Kernel, n ast.Node, format string, args ...any) *Refusal {
	return &Refusal{Pos: k.Pos(n.Pos()), Kernel: k.Name(), Reason: fmt.Sprintf(format, args...)}
}

// checkNames refuses a kernel that uses the names reserved for generated
// code.
func checkNames(k *Kernel) *Refusal {
	var r *Refusal
	ast.Inspect(k.Decl, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && r == nil && strings.HasPrefix(id.Name, genPrefix) {
			r = newRefusal(k, id, "the name %s is reserved for generated code", id.Name)
		}
		return r == nil
	})
	return r
}

// checkParams refuses parameters the generated constructor cannot pass on.
func checkParams(k *Kernel) *Refusal {
	params := k.Decl.Type.Params.List
	if len(params[0].Names) != 1 {
		return newRefusal(k, params[0], "the *gocuda.Thread must be the only parameter of its type group")
	}
	for _, f := range params[1:] {
		if len(f.Names) == 0 {
			return newRefusal(k, f, "name every parameter: the constructor takes them")
		}
		for _, n := range f.Names {
			if n.Name == "_" {
				return newRefusal(k, n, "name every parameter: the constructor takes them")
			}
		}
	}
	return nil
}
