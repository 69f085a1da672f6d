package kir

import (
	"go/ast"

	"github.com/gocuda/gocuda/internal/kapi"
)

// transpose is the order pass's second step: in a grid body whose
// blocks blockorder takes y fastest, it runs the rows of each block along
// y: the thread loops' rows are then
// columns of the source's threads, their lanes the threads of one x, and
// everything downstream of this pass that reads "the thread's x index"
// (narrow's guards, rebase's offsets, the vector pass's lanes) reads the
// source's y. Rodinia's gaussian gives x to a matrix's rows and y to its
// columns: in x rows, a thread's neighbour is a row of the matrix away;
// in y rows, the next element.
//
// The body qualifies when it names the thread only through the
// components of its coordinates (t.ThreadIdx.X, t.BlockDim.Y...), which
// the emitter maps, and has no code but block code and thread loops
// without reductions: a method of the thread, its whole index or the
// thread passed on would see the axes the emitter swapped. Blocks are
// then counted with y fastest as the emitter's x, and each failure is
// still reported at the source's block and thread.
func transpose(f *Func) {
	if !f.BlocksYFirst || f.GridStride != nil || f.Exits {
		return
	}
	for _, n := range f.Body {
		switch n := n.(type) {
		case *Code:
		case *ThreadLoop:
			if n.Reduce != nil || n.Outside {
				return
			}
			for _, c := range n.Body {
				if _, ok := c.(*Code); !ok {
					return
				}
			}
		default:
			return
		}
	}
	if !f.onlyCoords() {
		return
	}
	f.Transposed, f.BlocksYFirst = true, false
}

// onlyCoords reports whether every use of the thread in the body is a
// component of one of its coordinates: t.ThreadIdx.X, t.BlockIdx.Y...
func (f *Func) onlyCoords() bool {
	uses, coords := 0, 0
	f.inspectAll(func(n ast.Node) {
		switch n := n.(type) {
		case *ast.Ident:
			if f.Src.Info.Uses[n] == f.Src.Thread {
				uses++
			}
		case *ast.SelectorExpr:
			if field, ok := f.threadFieldSel(n); ok && axisOf(n.Sel.Name) >= 0 && kapi.Field(field) != kapi.NotField {
				coords++
			}
		}
	})
	return uses == coords
}

// axisOf returns 0, 1 or 2 for component X, Y or Z, or -1.
func axisOf(c string) int {
	switch c {
	case "X":
		return 0
	case "Y":
		return 1
	case "Z":
		return 2
	}
	return -1
}

// laneAxis is the component of the source's coordinates that the thread
// loops run along: X, or Y where the body is transposed.
func (f *Func) laneAxis() string {
	if f.Transposed {
		return "Y"
	}
	return "X"
}

// emitAxis returns the component of the emitter's coordinates (its tx,
// bdx...) that holds the source's component c: the same, but for X and Y
// of a transposed body, which trade places.
func (f *Func) emitAxis(c string) string {
	if f.Transposed {
		switch c {
		case "X":
			return "Y"
		case "Y":
			return "X"
		}
	}
	return c
}
