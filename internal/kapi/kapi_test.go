package kapi_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"

	"github.com/gocuda/gocuda/internal/kapi"
)

// api loads packages gocuda and cg and returns their functions and
// methods by full name, and the type *gocuda.Thread.
func api(t *testing.T) (funcs map[string]*types.Func, thread types.Type, gocuda *types.Package) {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, kapi.GocudaPath, kapi.CGPath)
	require.NoError(t, err)
	require.Len(t, pkgs, 2)
	funcs = map[string]*types.Func{}
	for _, p := range pkgs {
		require.Empty(t, p.Errors, "loading %s", p.PkgPath)
		if p.PkgPath == kapi.GocudaPath {
			gocuda = p.Types
		}
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				funcs[obj.FullName()] = obj
			case *types.TypeName:
				named, ok := obj.Type().(*types.Named)
				if !ok {
					continue
				}
				for m := range named.Methods() {
					funcs[m.FullName()] = m
				}
			}
		}
	}
	require.NotNil(t, gocuda)
	thread = types.NewPointer(gocuda.Scope().Lookup("Thread").Type())
	return funcs, thread, gocuda
}

// TestTableNamesTheAPI: every entry names a function or method of gocuda
// or cg, by its name, with operands in range and of the right types.
func TestTableNamesTheAPI(t *testing.T) {
	funcs, thread, _ := api(t)
	for _, e := range kapi.Entries() {
		if strings.Contains(e.Name, kapi.AtomicPath+".") {
			continue // package atomic's entries: TestTableMatchesAPI
		}
		fn, ok := funcs[e.Name]
		if !assert.True(t, ok, "%s: no such function or method", e.Name) {
			continue
		}
		assert.Equal(t, fn.Name(), e.Short, "%s: Short", e.Name)
		got, ok := kapi.Lookup(fn)
		assert.True(t, ok && got.Name == e.Name, "%s: Lookup", e.Name)

		params := fn.Signature().Params()
		operand := func(what string, i int, want types.Type) {
			if i == -1 {
				return
			}
			if !assert.True(t, i >= 0 && i < params.Len(), "%s: %s operand %d of %d arguments", e.Name, what, i, params.Len()) {
				return
			}
			if want != nil {
				assert.True(t, types.Identical(params.At(i).Type(), want), "%s: %s operand %d is %v, not %v", e.Name, what, i, params.At(i).Type(), want)
			}
		}
		operand("Thread", e.Thread, thread)
		operand("Mask", e.Mask, types.Typ[types.Uint32])
		operand("Value", e.Value, nil)
		operand("Arg", e.Arg, types.Typ[types.Int])
		operand("Width", e.Width, types.Typ[types.Int])

		// Every *gocuda.Thread argument is the Thread operand.
		for i := range params.Len() {
			if types.Identical(params.At(i).Type(), thread) {
				assert.Equal(t, i, e.Thread, "%s: argument %d is the thread", e.Name, i)
			}
		}
		if e.Kind == kapi.BarrierPred {
			assert.NotEqual(t, kapi.NoReduce, e.Reduce, "%s: a predicate barrier reduces", e.Name)
			assert.NotEqual(t, -1, e.Value, "%s: a predicate barrier's predicate", e.Name)
		}
		if e.Engine {
			assert.Equal(t, kapi.Collective, e.Kind, "%s: the engine completes collectives", e.Name)
			assert.Equal(t, e.Short, e.Warp.String(), "%s: the engine's kind", e.Name)
			got, ok := kapi.CollectiveNamed(e.Short)
			assert.True(t, ok && got.Name == e.Name, "%s: CollectiveNamed(%q)", e.Name, e.Short)
		}
	}
}

// TestTableIsComplete: every exported method of *gocuda.Thread, and every
// exported function of package gocuda that takes a *gocuda.Thread, has an
// entry.
func TestTableIsComplete(t *testing.T) {
	funcs, thread, gocuda := api(t)
	var missing []string
	for name, fn := range funcs {
		if !fn.Exported() || fn.Pkg() != gocuda {
			continue
		}
		sig := fn.Signature()
		takesThread := sig.Recv() != nil && types.Identical(sig.Recv().Type(), thread)
		for i := range sig.Params().Len() {
			takesThread = takesThread || sig.Recv() == nil && types.Identical(sig.Params().At(i).Type(), thread)
		}
		if !takesThread {
			continue
		}
		if _, ok := kapi.ByName(name); !ok {
			missing = append(missing, name)
		}
	}
	assert.Empty(t, missing, "kernel API without an entry in the table")
	_, ok := kapi.ByName("(*" + kapi.GocudaPath + ".Thread).SyncThreads")
	assert.True(t, ok, "the table uses types.Func.FullName")
}

// TestCollectiveNamed: compiled code's names of the engine's collectives.
func TestCollectiveNamed(t *testing.T) {
	for _, name := range []string{"SyncWarp", "ActiveMask", "BallotSync", "ShflDownSync", "ReduceMinSync", "MatchAllSync"} {
		e, ok := kapi.CollectiveNamed(name)
		if assert.True(t, ok, name) {
			assert.Equal(t, name, e.Warp.String())
			assert.True(t, strings.HasSuffix(e.Name, "."+name), e.Name)
		}
	}
	for _, name := range []string{"UniSync", "Sync", "SyncThreads", ""} {
		_, ok := kapi.CollectiveNamed(name)
		assert.False(t, ok, "%q is no collective of the engine", name)
	}
}

// TestSame: the collectives whose result every lane taking part shares
// are the reductions and the votes, and only they: not the scans, the
// shuffles (whose argument decides) or the matches.
func TestSame(t *testing.T) {
	var got []string
	for _, e := range kapi.Entries() {
		if e.Same {
			assert.Equal(t, kapi.Collective, e.Kind, e.Name)
			got = append(got, e.Short)
		}
	}
	assert.ElementsMatch(t, []string{"AllSync", "AnySync", "BallotSync",
		"ReduceAddSync", "ReduceMinSync", "ReduceMaxSync", "ReduceAndSync", "ReduceOrSync", "ReduceXorSync",
		"All", "Any", "Ballot", "All", "Any", "Ballot", "Reduce"}, got)
}
