package gocuda

import (
	"sync"
	"sync/atomic"
)

// defaultDevice is the device Default returns: started by the first
// Default after the program starts or after CloseDefault. mu serializes
// starting and closing it; Default's fast path only loads the pointer.
var defaultDevice struct {
	mu  sync.Mutex
	dev atomic.Pointer[Device]
}

// Default returns the default device, started on first use with one worker
// per GOMAXPROCS, as CUDA's primary context starts on a program's first
// runtime call. Package-level functions (Launch, LaunchContext,
// LaunchCooperative) and a nil *Stream use it. It lives until
// CloseDefault, or for the rest of the program. With GOCUDA_DEVICE=gpu it
// is a GPU device (see WithGPU), and Default panics, with an error wrapping
// ErrNoDevice, where none can be opened.
//
// Its workers are goroutines, so a test that checks for leaked goroutines
// (go.uber.org/goleak) after using the default device finds them. Close it
// first with CloseDefault, or ignore its goroutines with
// gocudatest.IgnoreDefaultDevice.
func Default() *Device {
	if d := defaultDevice.dev.Load(); d != nil {
		return d
	}
	defaultDevice.mu.Lock()
	defer defaultDevice.mu.Unlock()
	if d := defaultDevice.dev.Load(); d != nil {
		return d
	}
	d, err := newDevice(true, nil)
	if err != nil {
		panic(err) // GOCUDA_DEVICE asks for a GPU there is none of
	}
	defaultDevice.dev.Store(d)
	return d
}

// CloseDefault closes the default device, if it has been started, as
// Device.Close does, and returns Close's error; the next Default starts a
// new one, as the next CUDA call after cudaDeviceReset creates a new
// primary context. It is for the end of a program or a test binary
// (TestMain), so that no worker goroutine outlives the tests:
//
//	func TestMain(m *testing.M) {
//		code := m.Run()
//		if err := gocuda.CloseDefault(); err != nil && code == 0 {
//			code = 1
//		}
//		os.Exit(code)
//	}
//
// As with cudaDeviceReset, no other goroutine may be using the default
// device: a launch racing with CloseDefault may fail with
// ErrContextIsDestroyed, and buffers allocated on it are freed. Called
// from inside a kernel or a host function (Stream.LaunchHostFunc), which
// the close could have to wait for, it returns an error wrapping
// ErrNotPermitted and closes nothing.
func CloseDefault() error {
	if err := hostOnly("CloseDefault"); err != nil {
		return err
	}
	if err := mayWait("CloseDefault"); err != nil {
		return err
	}
	defaultDevice.mu.Lock()
	defer defaultDevice.mu.Unlock()
	d := defaultDevice.dev.Load()
	if d == nil {
		return nil
	}
	err := d.Close()
	if d.mem.Closed() {
		defaultDevice.dev.Store(nil)
	}
	return err
}
