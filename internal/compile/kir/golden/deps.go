package golden

// The testdata packages import these, and go mod tidy does not look in
// testdata: importing them here keeps their requirements in go.mod.
import (
	_ "github.com/gocuda/gocuda/atomic"
	_ "github.com/gocuda/gocuda/cg"
	_ "github.com/gocuda/gocuda/gocuda"
)
