package kapi

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
)

// apiFuncs returns every exported function and method of the packages the
// table describes, by types.Func.FullName.
func apiFuncs(t *testing.T) map[string]*types.Func {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedTypes | packages.NeedName}, GocudaPath, CGPath, AtomicPath)
	require.NoError(t, err)
	funcs := map[string]*types.Func{}
	for _, p := range pkgs {
		require.Empty(t, p.Errors)
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			if !token.IsExported(name) {
				continue
			}
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				funcs[obj.FullName()] = obj
			case *types.TypeName:
				named, ok := obj.Type().(*types.Named)
				if !ok {
					continue
				}
				for m := range named.Methods() {
					if m.Exported() {
						funcs[m.FullName()] = m
					}
				}
			}
		}
	}
	return funcs
}

// TestTableMatchesAPI: every entry names a function or method that exists,
// and its operand indices point at operands of the right types: the thread
// at a *gocuda.Thread, the mask at a uint32, the width at an int.
func TestTableMatchesAPI(t *testing.T) {
	funcs := apiFuncs(t)
	for _, e := range Entries() {
		fn := funcs[e.Name]
		if !assert.NotNil(t, fn, "%s is not in the API", e.Name) {
			continue
		}
		params := fn.Signature().Params()
		operand := func(what string, i int, want string) {
			if i < 0 {
				return
			}
			if assert.Less(t, i, params.Len(), "%s: %s %d", e.Name, what, i) {
				assert.Equal(t, want, types.TypeString(params.At(i).Type(), nil), "%s: %s", e.Name, what)
			}
		}
		operand("thread", e.Thread, "*"+GocudaPath+".Thread")
		operand("mask", e.Mask, "uint32")
		operand("width", e.Width, "int")
		for _, i := range []int{e.Value, e.Arg} {
			assert.Less(t, i, params.Len(), "%s: operand %d", e.Name, i)
		}
		assert.Equal(t, fn.Name(), e.Short, e.Name)
		if e.Kind == Atomic {
			_, ptr := params.At(0).Type().(*types.Pointer)
			assert.True(t, ptr, "%s: an atomic's first operand is its pointer", e.Name)
		}
	}
}

// TestTableCoversAPI: every exported function of package atomic and every
// barrier-like method is in the table, so that the instrumenter and the
// compiler see them.
func TestTableCoversAPI(t *testing.T) {
	for name, fn := range apiFuncs(t) {
		if fn.Pkg().Path() == AtomicPath {
			_, ok := ByName(name)
			assert.True(t, ok, "%s is not in the table", name)
		}
		if sig := fn.Signature(); sig.Recv() != nil && fn.Name() == "Sync" {
			_, ok := ByName(name)
			assert.True(t, ok, "%s is not in the table", name)
		}
	}
	for _, name := range []string{"SyncThreads", "SyncThreadsCount", "SyncThreadsAnd", "SyncThreadsOr", "SyncGrid",
		"SyncWarp", "ShflSync"} {
		found := false
		for _, e := range Entries() {
			found = found || e.Short == name
		}
		assert.True(t, found, name)
	}
}

func TestLookup(t *testing.T) {
	e, ok := ByName("(*" + GocudaPath + ".Thread).SyncThreads")
	require.True(t, ok)
	assert.Equal(t, Barrier, e.Kind)
	_, ok = Lookup(nil)
	assert.False(t, ok)
	e, ok = CollectiveNamed("ShflDownSync")
	require.True(t, ok)
	assert.Equal(t, 1, e.Mask)
	assert.True(t, Collective.Sync() && !Atomic.Sync() && !Fence.Sync())
}
