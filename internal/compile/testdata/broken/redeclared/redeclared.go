// Package redeclared declares a kernel's function twice: gocuda compile
// reports it, with the type errors, and does not crash.
package redeclared

import "github.com/gocuda/gocuda/gocuda"

//gocuda:kernel TwiceKernel
func twice(t *gocuda.Thread, out []int32) { out[0] = 1 }

//gocuda:kernel TwiceAgainKernel
func twice(t *gocuda.Thread, out []int32) { out[0] = 2 }
