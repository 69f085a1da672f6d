//go:build linux && (amd64 || arm64)

package cudrv

import (
	"fmt"
	"strings"

	"github.com/ebitengine/purego"
)

// loadDriver opens the library at path and binds every entry point. A
// missing library or symbol is an error wrapping ErrNoDevice, never a panic,
// which is why it uses Dlsym and RegisterFunc rather than RegisterLibFunc.
func loadDriver(path string) (*driver, error) {
	h, err := purego.Dlopen(path, purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		return nil, fmt.Errorf("%w: cannot load %s: %v", ErrNoDevice, path, err)
	}
	d := new(driver)
	for _, s := range d.symbols() {
		addr := lookup(h, s.names)
		if addr == 0 {
			// Nothing was bound from h, so it may go.
			_ = purego.Dlclose(h)
			return nil, fmt.Errorf("%w: %s lacks symbol %s",
				ErrNoDevice, path, strings.Join(s.names, " or "))
		}
		purego.RegisterFunc(s.fptr, addr)
	}
	// The library stays open for the life of the process: driver state
	// outlives any one Context, and libcuda does not support unloading.
	return d, nil
}

// lookup returns the address of the first of names that h exports, or 0.
func lookup(h uintptr, names []string) uintptr {
	for _, n := range names {
		if addr, err := purego.Dlsym(h, n); err == nil && addr != 0 {
			return addr
		}
	}
	return 0
}
