package cudrv_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/gocuda/gocuda/internal/cudrv"
)

// Open reports a missing driver as an error wrapping ErrNoDevice, here by
// pointing GOCUDA_LIBCUDA at a library that does not exist.
func ExampleOpen() {
	old, had := os.LookupEnv("GOCUDA_LIBCUDA")
	os.Setenv("GOCUDA_LIBCUDA", "/nonexistent/libcuda.so.1")
	defer func() {
		if had {
			os.Setenv("GOCUDA_LIBCUDA", old)
		} else {
			os.Unsetenv("GOCUDA_LIBCUDA")
		}
	}()

	c, err := cudrv.Open(0)
	if err == nil {
		defer c.Close()
	}
	fmt.Println(errors.Is(err, cudrv.ErrNoDevice))
	// Output: true
}
