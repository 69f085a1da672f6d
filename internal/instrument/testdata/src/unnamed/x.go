// Package unnamed has thread parameters without a name.
package unnamed

import "github.com/gocuda/gocuda/gocuda"

var out = make([]int, 4)

func blank(_ *gocuda.Thread) {
	out[0] = 1
}

func noNames(*gocuda.Thread, int, ...string) {
	out[1] = 2
}

func unused(_ *gocuda.Thread, n int) {
	_ = n
}

var launch = func(*gocuda.Thread) { out[2] = 3 }
