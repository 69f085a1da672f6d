package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// quotient is the pass that finds, in thread loops, the integer divisions
// of the thread's x index plus a row's offset by a divisor the same for
// the whole row: the flattened indexes of CUDA code that launches one
// thread per element of a matrix or a tensor (llm.c's b := idx / T,
// t := idx % T; the multi-block scan's offsets[i/perBlock]). Along a row
// of x the quotient changes only every d threads, so the emitter runs the
// row in segments over which it is the same: one division per segment,
// the quotient a value of the segment and the remainder the thread's x
// plus one, which rebase (in the rows pass) then takes as a row's offset or index.
// Where a row's divisor is small, or its dividends may be negative or
// overflow, the row runs as before, a division per thread.
func quotient(f *Func) {
	if f.Exits || f.Transposed {
		return
	}
	Walk(f.Body, func(n Node) {
		l, ok := n.(*ThreadLoop)
		if !ok || l.Reduce != nil || l.Outside || l.stepped() || f.lockstep(l) != nil {
			return
		}
		l.Quot = f.quotients(l)
	})
}

// Quotients are the divisions of a thread loop's code that its rows run
// in segments (quotient.go): each of the Segs a dividend's offset and a
// divisor, and the names the segment gives its quotient and remainder.
type Quotients struct {
	Segs []Segment
	At   map[*ast.BinaryExpr]int // each division or remainder, its segment
	// Locals are the variables of the loop's code whose definitions the
	// dividends took in (rebaser.local): their uses may all go.
	Locals map[*types.Var]bool
}

// A Segment is a division of x+Off by D, both the same for a row of x:
// over a segment of the row, x+Off = Q*D + x + R with Q and R the same
// for every thread of it.
type Segment struct {
	Off, D ast.Expr // Off nil for 0
	Q, R   string
}

// maxSegments bounds the divisions of one loop that segment its rows:
// each takes a division per segment, and makes segments shorter.
const maxSegments = 3

// quotients returns l's divisions by a row's value, or nil.
func (f *Func) quotients(l *ThreadLoop) *Quotients {
	r := &rebaser{rowScope: rowScope{f: f, assigned: map[*types.Var]bool{}}, at: map[ast.Expr]int{},
		locals: map[*types.Var]bool{}}
	stmts := r.loopStmts(l)
	for _, s := range stmts {
		r.noteAssigned(s)
	}
	r.defs = f.bodyDefs(&ast.BlockStmt{List: stmts})
	q := &Quotients{At: map[*ast.BinaryExpr]int{}}
	keys := map[[2]string]int{}
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false // run when called, with the values of then
			}
			b, ok := n.(*ast.BinaryExpr)
			if !ok || b.Op != token.QUO && b.Op != token.REM {
				return true
			}
			off, d, ok := r.division(b)
			if !ok {
				return true
			}
			key := [2]string{offKey(off), offKey(d)}
			k, seen := keys[key]
			if !seen {
				if len(q.Segs) == maxSegments {
					return true
				}
				k = len(q.Segs)
				keys[key] = k
				q.Segs = append(q.Segs, Segment{Off: off, D: d, Q: f.Names.Fresh("q"), R: f.Names.Fresh("r")})
			}
			q.At[b] = k
			return true
		})
	}
	if len(q.Segs) == 0 {
		return nil
	}
	q.Locals = r.locals
	return q
}

// division returns the dividend's offset and the divisor of b, an int
// division or remainder of the thread's x plus a row's offset by a row's
// value that is not a constant (Go divides by a constant with a
// multiplication already).
func (r *rebaser) division(b *ast.BinaryExpr) (off, d ast.Expr, ok bool) {
	info := r.f.Src.Info
	if !types.Identical(info.TypeOf(b), types.Typ[types.Int]) || info.Types[b.Y].Value != nil {
		return nil, nil, false
	}
	if off, ok = r.affine(b.X); !ok {
		return nil, nil, false
	}
	if d, ok = r.rowUniform(b.Y); !ok {
		return nil, nil, false
	}
	return off, d, true
}

// quotOf returns the replacement of division x in a segment of a row
// (quotient.go): the segment's quotient, or the thread's x plus its
// remainder's offset (R, with affine ok); or nil where x is not one of l's.
func (q *Quotients) quotOf(x ast.Expr) (seg *Segment, op token.Token) {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	if q == nil || !ok {
		return nil, token.ILLEGAL
	}
	k, ok := q.At[b]
	if !ok {
		return nil, token.ILLEGAL
	}
	return &q.Segs[k], b.Op
}

// String describes s as a dump shows it, its expressions written by text.
func (s Segment) String(text func(ast.Node) string) string {
	off := "x"
	if s.Off != nil {
		off = text(s.Off) + "+x"
	}
	return "[segments " + s.Q + ", " + s.R + " of (" + off + ")/" + text(s.D) + "]"
}
