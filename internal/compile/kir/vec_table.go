package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"hash/fnv"
	"strconv"
	"strings"
)

// A vector step loads its constant vectors (a permutation's indexes, a
// mask's lanes, the lanes' own indexes) from Tables, variables of the
// generated package. Loaded from a composite literal's address instead,
// each is built on the stack at every run of the step's code, and the
// load waits for those stores to reach it, which the SIMD build's tree
// reductions and scans, whose steps are short and run once a level, feel
// most (BenchmarkReduce's stridedIndex, BenchmarkScan's blelloch).

// A Table is a constant array of a generated package that vector steps
// load. Its name says its type and hashes its values, so that equal
// tables of one package's kernels are one declaration.
type Table struct {
	Name string
	Elem string // the element type: int32, uint32, int64...
	Vals []int64
}

// tableLoad returns pkg.Load<vt>(&t), the vector of table vals of
// element type elem, and records the table as one the step declares
// (vecLoop.tables), which the body being written declares once the
// step is taken.
func (v *vectorizer) tableLoad(vt, elem string, vals []int64) ast.Expr {
	t := Table{Name: tableName(elem, vals), Elem: elem, Vals: vals}
	v.tables = append(v.tables, t)
	return v.pkgCall("Load"+vt, &ast.UnaryExpr{Op: token.AND, X: ast.NewIdent(t.Name)})
}

// tableName names a table of elem: gc_tab_<elem>x<lanes>_<hash>.
func tableName(elem string, vals []int64) string {
	h := fnv.New32a()
	for _, x := range vals {
		fmt.Fprintf(h, "%d,", x)
	}
	return fmt.Sprintf("gc_tab_%sx%d_%08x", elem, len(vals), h.Sum32())
}

// addTable records t among the tables f's body for the SIMD build (simd)
// or the default build declares, once.
func (f *Func) addTable(simd bool, t Table) {
	if f.tables == nil {
		f.tables = map[bool][]Table{}
	}
	for _, have := range f.tables[simd] {
		if have.Name == t.Name {
			return
		}
	}
	f.tables[simd] = append(f.tables[simd], t)
}

// Tables returns the tables f's body for the SIMD build (simd) or the
// default build loads, in the order it first does: the generated file
// declares each (EmitTable) unless another of the package's files does.
func (f *Func) Tables(simd bool) []Table { return f.tables[simd] }

// EmitTable writes the declaration of t.
func EmitTable(t Table) string {
	vals := make([]string, len(t.Vals))
	for i, x := range t.Vals {
		vals[i] = strconv.FormatInt(x, 10)
	}
	return fmt.Sprintf("var %s = [%d]%s{%s}\n", t.Name, len(t.Vals), t.Elem, strings.Join(vals, ", "))
}

// tableOf returns the n values at(0), at(1)... at(n-1).
func tableOf(n int, at func(k int) int) []int64 {
	vals := make([]int64, n)
	for k := range vals {
		vals[k] = int64(at(k))
	}
	return vals
}
