//go:build !(linux && (amd64 || arm64))

package cudrv

import (
	"fmt"
	"runtime"
)

// loadDriver always fails here: the binding covers linux/amd64 and
// linux/arm64 only, where the driver and purego's calling convention meet.
func loadDriver(path string) (*driver, error) {
	return nil, fmt.Errorf("%w: no CUDA driver binding on %s/%s (library %s)",
		ErrNoDevice, runtime.GOOS, runtime.GOARCH, path)
}
