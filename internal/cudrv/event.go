package cudrv

import (
	"errors"
	"fmt"
	"time"
)

// An Event marks a point in the null stream, for waiting and timing.
// Destroy must not run concurrently with other uses of the event.
type Event struct {
	c *Context
	h uintptr // CUevent; 0 once destroyed
}

// NewEvent creates an event with timing enabled (cuEventCreate with
// CU_EVENT_DEFAULT).
func (c *Context) NewEvent() (*Event, error) {
	e := &Event{c: c}
	err := c.do(func(d *driver) error {
		return d.check("cuEventCreate", d.cuEventCreate(&e.h, 0))
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// live runs fn for an undestroyed event inside its context's do.
func (e *Event) live(fn func(d *driver) error) error {
	if e.h == 0 {
		return fmt.Errorf("cudrv: event is destroyed")
	}
	return e.c.do(fn)
}

// Record marks the current end of the null stream's work (cuEventRecord).
func (e *Event) Record() error {
	return e.live(func(d *driver) error {
		return d.check("cuEventRecord", d.cuEventRecord(e.h, 0))
	})
}

// Synchronize waits until the work before the last Record has finished
// (cuEventSynchronize).
func (e *Event) Synchronize() error {
	return e.live(func(d *driver) error {
		return d.check("cuEventSynchronize", d.cuEventSynchronize(e.h))
	})
}

// Destroy destroys the event (cuEventDestroy_v2). It is idempotent.
func (e *Event) Destroy() error {
	if e.h == 0 {
		return nil
	}
	err := e.c.do(func(d *driver) error {
		return d.check("cuEventDestroy_v2", d.cuEventDestroy(e.h))
	})
	if errors.Is(err, ErrClosed) {
		err = nil // a closed context's events are gone with it
	}
	if err == nil {
		e.h = 0
	}
	return err
}

// Elapsed returns the time between two recorded, completed events of c
// (cuEventElapsedTime), with the driver's resolution of about half a
// microsecond.
func (c *Context) Elapsed(start, end *Event) (time.Duration, error) {
	if start.c != c || end.c != c {
		return 0, fmt.Errorf("cudrv: Elapsed of events from another context")
	}
	if start.h == 0 || end.h == 0 {
		return 0, fmt.Errorf("cudrv: event is destroyed")
	}
	var ms float32
	err := c.do(func(d *driver) error {
		return d.check("cuEventElapsedTime", d.cuEventElapsedTime(&ms, start.h, end.h))
	})
	return time.Duration(float64(ms) * float64(time.Millisecond)), err
}
