package cglink_test

import (
	"fmt"
	"log"
	"math/bits"
	"unsafe"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/cglink"
)

// Compiled code reads a coalesced group's lanes through the handle's
// layout: here the even lanes of a warp form a group, and lane 0 reads
// its mask as generated code would.
func ExampleCoalesced() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	var mask uint32
	var size int
	err = dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 32}}, func(t *gocuda.Thread) {
		if t.ThreadIdx.X%2 == 0 {
			g := cg.CoalescedThreads(t)
			l := *(*cglink.Coalesced)(unsafe.Pointer(&g))
			if t.ThreadIdx.X == 0 {
				mask, size = l.Mask, g.Size()
			}
		}
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%#08x %d %d\n", mask, bits.OnesCount32(mask), size)
	// Output:
	// 0x55555555 16 16
}
