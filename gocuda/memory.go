package gocuda

import (
	"context"
	"fmt"

	"github.com/gocuda/gocuda/internal/devlink"
	"github.com/gocuda/gocuda/internal/grid"
)

func init() {
	devlink.Set(devlink.Hooks[*Device, *Stream]{
		AccountOf: func(d *Device) *devlink.Account { return d.mem },
		Enqueue:   func(s *Stream, run func() error) error { return s.enqueue(&op{run: run}) },
		AwaitStreams: func(d *Device, what string) error {
			if grid.InKernel() { // device-side calls are not ordered with host streams
				return nil
			}
			return d.awaitStreams(context.Background(), what)
		},
	})
}

// WithGlobalMem sets the device's global memory size in bytes, its
// totalGlobalMem: allocations in package mem beyond it fail with
// ErrMemoryAllocation. The default is the machine's physical memory. It may
// be set larger, to report a bigger device, but the memory is the host's: an
// allocation larger than the machine's physical memory fails with
// ErrMemoryAllocation all the same.
func WithGlobalMem(bytes int64) Option {
	return func(o *options) error {
		if bytes < 1 {
			return fmt.Errorf("%w: global memory of %d bytes", ErrInvalidValue, bytes)
		}
		o.globalMem = bytes
		return nil
	}
}

// MemGetInfo returns the device's free and total global memory in bytes, as
// cudaMemGetInfo does. Allocations of package mem count against it.
func (d *Device) MemGetInfo() (free, total int64) { return d.mem.Info() }
