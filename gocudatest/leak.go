package gocudatest

import (
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/internal/grid"
)

// IgnoreDefaultDevice returns a go.uber.org/goleak option that ignores the
// goroutines of the default device (gocuda.Default): its workers and the
// pooled coroutines of its blocks, which live as long as the device does,
// for the rest of the program unless gocuda.CloseDefault closes it. A test
// binary that launches on the default device then checks for leaks in one
// line:
//
//	func TestMain(m *testing.M) {
//		goleak.VerifyTestMain(m, gocudatest.IgnoreDefaultDevice())
//	}
//
// or, in one test, defer goleak.VerifyNone(t,
// gocudatest.IgnoreDefaultDevice()). The goroutines of devices made with
// gocuda.NewDevice are not ignored: a device a test forgets to Close is
// still reported, and so is a stream still running work when the check
// gives up. The alternative is gocuda.CloseDefault, called before the
// check.
func IgnoreDefaultDevice() goleak.Option {
	return goleak.IgnoreAnyFunction(grid.MarkFunc())
}
