package plain_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/plain"
)

func ExampleOf() {
	type particle struct {
		Pos, Vel [3]float32
		ID       uint32
	}
	type flagged struct {
		N     int
		Valid bool // a byte 2 would be neither true nor false
	}
	fmt.Println(plain.Of[particle](), plain.Of[flagged](), plain.Of[*int]())
	// Output: true false false
}
