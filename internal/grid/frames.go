package grid

import (
	"reflect"
	"runtime"
	"slices"
	"sync"
)

// A FrameSet recognises return addresses that lie in a fixed set of
// functions, the engine's frames on a thread's stack, caching the answer
// per address: a stack walk then costs a map lookup per frame instead of a
// symbol-table search. It is safe for concurrent use.
type FrameSet struct {
	names []string
	known sync.Map // return address → bool
}

// NewFrameSet returns the set of the given functions (func values such as
// method expressions), matched by name, so that a function inlined into
// another is still recognised.
func NewFrameSet(funcs ...any) *FrameSet {
	s := &FrameSet{}
	for _, f := range funcs {
		s.names = append(s.names, runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name())
	}
	return s
}

// Contains reports whether the return address pc, as runtime.Callers gives
// it, lies in one of the set's functions.
func (s *FrameSet) Contains(pc uintptr) bool {
	if v, ok := s.known.Load(pc); ok {
		return v.(bool)
	}
	f := runtime.FuncForPC(pc - 1) // the call is before the return address
	in := f != nil && slices.Contains(s.names, f.Name())
	s.known.Store(pc, in)
	return in
}
