package nvidia_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/gocuda/gocuda/gocuda"
	_ "github.com/gocuda/gocuda/nvidia"
)

// A program asks for a GPU and falls back to the CPU where there is none:
// here the driver's library is made to be missing, as on a machine
// without NVIDIA's driver.
func Example() {
	old, had := os.LookupEnv("GOCUDA_LIBCUDA")
	os.Setenv("GOCUDA_LIBCUDA", "/nonexistent/libcuda.so.1")
	defer func() {
		if had {
			os.Setenv("GOCUDA_LIBCUDA", old)
		} else {
			os.Unsetenv("GOCUDA_LIBCUDA")
		}
	}()

	dev, err := gocuda.NewDevice(gocuda.WithGPU(0))
	if errors.Is(err, gocuda.ErrNoDevice) {
		fmt.Println("no GPU: running on the CPU")
		dev, err = gocuda.NewDevice()
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dev.Close()
	fmt.Println("workers:", dev.Workers() > 0)
	// Output:
	// no GPU: running on the CPU
	// workers: true
}
