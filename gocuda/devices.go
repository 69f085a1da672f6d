package gocuda

import (
	"fmt"
	"sync"
)

// registry is the table of open devices, indexed by ordinal: the analog of
// the devices a CUDA program can see, except that a gocuda program makes
// its devices itself (NewDevice, Default) and may have any number.
//
// Ordinals are handed out as Unix hands out file descriptors: a new device
// gets the lowest ordinal no open device holds. So the devices of a program
// that opens them one after another are numbered 0, 1, 2, ... as CUDA
// numbers a machine's GPUs; after a Close, a gap remains until the next
// NewDevice fills it.
var registry struct {
	mu    sync.Mutex
	slots []*Device // slots[i] is the open device with ordinal i, or nil
	open  int       // non-nil slots
}

// register records an open device and gives it the lowest ordinal free.
// NewDevice calls it once the device is ready to run work. The ordinal is
// stored before the device becomes visible through the registry.
func register(d *Device) {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	registry.open++
	for i, s := range registry.slots {
		if s == nil {
			d.ordinal = i
			registry.slots[i] = d
			return
		}
	}
	d.ordinal = len(registry.slots)
	registry.slots = append(registry.slots, d)
}

// unregister forgets a closed device, freeing its ordinal. Close calls it
// once.
func unregister(d *Device) {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	i := indexOf(d)
	if i < 0 {
		return
	}
	registry.slots[i] = nil
	registry.open--
	n := len(registry.slots)
	for n > 0 && registry.slots[n-1] == nil {
		n--
	}
	clear(registry.slots[n:])
	registry.slots = registry.slots[:n]
}

// indexOf returns d's slot, or -1 if d is not open. registry.mu must be
// held.
func indexOf(d *Device) int {
	for i, s := range registry.slots {
		if s == d {
			return i
		}
	}
	return -1
}

// Ordinal returns the device's ordinal, its number among the open devices
// (as the device argument of cudaSetDevice numbers a machine's GPUs): the
// lowest ordinal free when NewDevice made it. A closed device keeps its
// ordinal, which a later NewDevice may reuse.
func (d *Device) Ordinal() int { return d.ordinal }

// DeviceCount returns the number of open devices, as cudaGetDeviceCount
// returns the number of GPUs: every device made by NewDevice, or by the
// first call of Default, and not yet closed. It does not start the default
// device.
func DeviceCount() int {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	return registry.open
}

// Devices returns the open devices in order of ordinal. Ordinals need not
// be consecutive: a device closed while later ones stay open leaves a gap.
func Devices() []*Device {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	devs := make([]*Device, 0, registry.open)
	for _, s := range registry.slots {
		if s != nil {
			devs = append(devs, s)
		}
	}
	return devs
}

// DeviceByOrdinal returns the open device with the given ordinal, the
// selection cudaSetDevice makes. If no open device has it, the error wraps
// ErrInvalidDevice.
func DeviceByOrdinal(ordinal int) (*Device, error) {
	registry.mu.Lock()
	defer registry.mu.Unlock()
	if ordinal >= 0 && ordinal < len(registry.slots) && registry.slots[ordinal] != nil {
		return registry.slots[ordinal], nil
	}
	return nil, fmt.Errorf("%w: no open device has ordinal %d (%d open)", ErrInvalidDevice, ordinal, registry.open)
}
