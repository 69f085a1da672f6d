package grid

import (
	"reflect"
	"runtime"
)

// The workers of a marked Pool (NewMarkedPool) and the coroutines of a
// marked Block run under marked, a frame that a leak checker can find by
// name on their stacks (MarkFunc): it tells those goroutines, parked for
// the life of their pool or block, from everyone else's.

// MarkFunc returns the name of the function at the root of the goroutines
// of marked pools and blocks, as stack traces print it, package path
// included: for go.uber.org/goleak's IgnoreAnyFunction.
func MarkFunc() string { return markName }

var markName = runtime.FuncForPC(reflect.ValueOf(marked).Pointer()).Name()

// marked runs f. It is a frame for MarkFunc, so it must not be inlined.
//
//go:noinline
func marked(f func()) { f() }
