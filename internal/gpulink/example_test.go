package gpulink_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/gpulink"
)

// Until a back end is linked (package nvidia sets it), there is no Open.
func Example() {
	fmt.Println(gpulink.Open == nil)
	// Output: true
}
