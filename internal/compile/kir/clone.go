package kir

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"reflect"
)

// A cloner copies syntax for emission: the type-checked tree is never
// changed. Each original node is first offered to subst, which may return
// its replacement; positions move to a file set whose files have the base
// names of the sources, so that the printer's //line directives name the
// kernel's file relative to the generated one.
type cloner struct {
	subst func(n ast.Node) (ast.Node, bool)
	pos   *posMap // nil: positions stay
	bare  bool    // positions dropped (pos unused)
	// copied, if set, is told of each node copied and its copy.
	copied func(orig, copy ast.Node)
}

// A posMap maps positions of the source file set to the output one.
type posMap struct {
	from  *token.FileSet
	to    *token.FileSet
	files map[*token.File]*token.File
}

func newPosMap(from *token.FileSet) *posMap {
	return &posMap{from: from, to: token.NewFileSet(), files: map[*token.File]*token.File{}}
}

// at returns p in the output file set.
func (m *posMap) at(p token.Pos) token.Pos {
	if !p.IsValid() {
		return p
	}
	src := m.from.File(p)
	if src == nil {
		return token.NoPos
	}
	dst := m.files[src]
	if dst == nil {
		dst = m.to.AddFile(filepath.Base(src.Name()), -1, src.Size())
		lines := make([]int, src.LineCount())
		for i := range lines {
			lines[i] = src.Offset(src.LineStart(i + 1))
		}
		dst.SetLines(lines)
		m.files[src] = dst
	}
	return dst.Pos(src.Offset(p))
}

var (
	posType    = reflect.TypeFor[token.Pos]()
	nodeType   = reflect.TypeFor[ast.Node]()
	objectType = reflect.TypeFor[*ast.Object]()
	groupType  = reflect.TypeFor[*ast.CommentGroup]()
)

// node returns a copy of n.
func (c *cloner) node(n ast.Node) ast.Node {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return n
	}
	if r, ok := c.subst(n); ok {
		return r
	}
	return c.copyNode(n)
}

// copyNode copies n, its children through node.
func (c *cloner) copyNode(n ast.Node) ast.Node {
	v := reflect.ValueOf(n).Elem()
	out := reflect.New(v.Type())
	c.fields(out.Elem(), v)
	copy := out.Interface().(ast.Node)
	if c.copied != nil {
		c.copied(n, copy)
	}
	return copy
}

// stmts returns copies of list.
func (c *cloner) stmts(list []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, len(list))
	for i, s := range list {
		out[i] = c.stmt(s)
	}
	return out
}

// exprs returns copies of list.
func (c *cloner) exprs(list []ast.Expr) []ast.Expr {
	out := make([]ast.Expr, len(list))
	for i, x := range list {
		out[i] = c.expr(x)
	}
	return out
}

// expr and stmt are node for expressions and statements.
func (c *cloner) expr(e ast.Expr) ast.Expr {
	if e == nil {
		return nil
	}
	return c.node(e).(ast.Expr)
}

func (c *cloner) stmt(s ast.Stmt) ast.Stmt {
	if s == nil {
		return nil
	}
	return c.node(s).(ast.Stmt)
}

func (c *cloner) fields(dst, src reflect.Value) {
	for i := range src.NumField() {
		c.value(dst.Field(i), src.Field(i))
	}
}

func (c *cloner) value(dst, src reflect.Value) {
	switch {
	case src.Type() == posType && c.bare:
		// dropped: the copy prints where its context puts it
	case src.Type() == posType && c.pos == nil:
		dst.Set(src)
	case src.Type() == posType:
		dst.Set(reflect.ValueOf(c.pos.at(src.Interface().(token.Pos))))
	case src.Type() == objectType || src.Type() == groupType:
		// dropped: resolution objects and comments are not printed
	case src.Kind() == reflect.Interface || src.Kind() == reflect.Pointer && src.Type().Implements(nodeType):
		if src.IsNil() {
			return
		}
		n, ok := src.Interface().(ast.Node)
		if !ok {
			dst.Set(src)
			return
		}
		dst.Set(reflect.ValueOf(c.node(n)))
	case src.Kind() == reflect.Slice:
		if src.IsNil() {
			return
		}
		out := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := range src.Len() {
			c.value(out.Index(i), src.Index(i))
		}
		dst.Set(out)
	default:
		dst.Set(src)
	}
}
