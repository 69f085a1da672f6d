//go:build gocudatag

package tagged

import "github.com/gocuda/gocuda/gocuda"

func zero(t *gocuda.Thread, s []int) {
	s[t.ThreadIdx.X] = 0
}
