package gocuda

import (
	"context"
	"fmt"
)

// enqueue adds o to the stream, with the cross-stream dependencies of the
// legacy default stream, and starts a drainer if none is running. All of it
// happens under the device's stream lock, so dependencies always point to
// operations queued earlier and can never form a cycle.
func (s *Stream) enqueue(o *op) error {
	set := &s.dev.streams
	o.done = make(chan struct{})
	set.mu.Lock()
	defer set.mu.Unlock()
	switch {
	case set.closed:
		return ErrContextIsDestroyed
	case s.closed:
		return fmt.Errorf("%w: stream closed", ErrInvalidResourceHandle)
	}
	switch {
	case s.legacy:
		for t := range set.all {
			if t.blocking && t.tail != nil && !t.tail.finished() {
				o.deps = append(o.deps, t.tail)
			}
		}
		set.lastLegacy = o
	case s.blocking && set.lastLegacy != nil && !set.lastLegacy.finished():
		o.deps = append(o.deps, set.lastLegacy)
	}
	s.queue = append(s.queue, o)
	s.tail = o
	if !s.draining {
		s.draining = true
		go s.drain()
	}
	return nil
}

// drain runs the stream's operations in order until the queue is empty, then
// exits: an idle stream holds no goroutine.
func (s *Stream) drain() {
	set := &s.dev.streams
	for {
		set.mu.Lock()
		if len(s.queue) == 0 {
			s.draining = false
			set.mu.Unlock()
			return
		}
		o := s.queue[0]
		s.queue[0] = nil
		s.queue = s.queue[1:]
		skip := s.err != nil && !o.always
		set.mu.Unlock()

		for _, dep := range o.deps {
			<-dep.done
		}
		var err error
		if o.run != nil && !skip {
			err = o.run()
		}
		set.mu.Lock()
		if err != nil && s.err == nil {
			s.err = err
		}
		set.mu.Unlock()
		close(o.done)
	}
}

// Synchronize waits until every operation queued on s so far has finished
// (cudaStreamSynchronize) and returns the first error of its operations not
// yet reported, clearing it. From inside a kernel, where it could wait for
// the kernel itself, it returns an error wrapping ErrNotPermitted.
func (s *Stream) Synchronize() error {
	if err := s.dev.hostOnly("Stream.Synchronize"); err != nil {
		return err
	}
	return s.synchronize()
}

func (s *Stream) synchronize() error {
	set := &s.dev.streams
	set.mu.Lock()
	tail := s.tail
	set.mu.Unlock()
	if tail != nil {
		<-tail.done
	}
	set.mu.Lock()
	defer set.mu.Unlock()
	err := s.err
	s.err = nil
	return err
}

// Query returns ErrNotReady while operations queued on s are pending
// (cudaStreamQuery); then the first error not yet reported, without
// clearing it, or nil.
func (s *Stream) Query() error {
	set := &s.dev.streams
	set.mu.Lock()
	defer set.mu.Unlock()
	if s.tail != nil && !s.tail.finished() {
		return ErrNotReady
	}
	return s.err
}

// Close waits for the work queued on s, then releases it
// (cudaStreamDestroy), returning the first error not yet reported. Queuing on
// a closed stream returns ErrInvalidResourceHandle. The default stream cannot
// be closed but by Device.Close. From inside a kernel Close returns an error
// wrapping ErrNotPermitted, as Synchronize does.
func (s *Stream) Close() error {
	if s.legacy {
		return fmt.Errorf("%w: the default stream is closed with its device", ErrInvalidResourceHandle)
	}
	if err := s.dev.hostOnly("Stream.Close"); err != nil {
		return err
	}
	return s.close()
}

// usable returns the error of queuing on s if s is closed.
func (s *Stream) usable() error {
	set := &s.dev.streams
	set.mu.Lock()
	defer set.mu.Unlock()
	if set.closed {
		return ErrContextIsDestroyed
	}
	if s.closed {
		return fmt.Errorf("%w: stream closed", ErrInvalidResourceHandle)
	}
	return nil
}

func (s *Stream) close() error {
	set := &s.dev.streams
	set.mu.Lock()
	if s.closed {
		set.mu.Unlock()
		return fmt.Errorf("%w: stream closed", ErrInvalidResourceHandle)
	}
	s.closed = true
	set.mu.Unlock()
	err := s.synchronize()
	set.mu.Lock()
	delete(set.all, s)
	set.mu.Unlock()
	return err
}

// Synchronize waits for the work queued on every stream of the device
// (cudaDeviceSynchronize) and returns the first error any of them had not
// reported, clearing them all. From inside a kernel it returns an error
// wrapping ErrNotPermitted: the kernel may be part of that work, and CUDA 12
// removed device-side cudaDeviceSynchronize (a nested launch is synchronous
// anyway).
func (d *Device) Synchronize() error {
	if err := d.hostOnly("Device.Synchronize"); err != nil {
		return err
	}
	var first error
	for _, s := range d.streams.snapshot() {
		if err := s.synchronize(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// snapshot returns the open streams.
func (set *streamSet) snapshot() []*Stream {
	set.mu.Lock()
	defer set.mu.Unlock()
	out := make([]*Stream, 0, len(set.all))
	for s := range set.all {
		out = append(out, s)
	}
	return out
}

// closeAll stops the device's streams once their work is done and returns
// the first error they had not reported.
func (set *streamSet) closeAll() error {
	set.mu.Lock()
	set.closed = true
	set.mu.Unlock()
	var first error
	for _, s := range set.snapshot() {
		if err := s.close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// awaitStreams waits for the operations already queued on the default
// stream and on every blocking stream, as CUDA's synchronous calls (a
// launch on the legacy default stream, cudaMemcpy) do. It does not queue
// anything, so concurrent synchronous calls do not wait for each other.
func (d *Device) awaitStreams(ctx context.Context) error {
	set := &d.streams
	set.mu.Lock()
	var pending []*op
	for s := range set.all {
		if (s.legacy || s.blocking) && s.tail != nil && !s.tail.finished() {
			pending = append(pending, s.tail)
		}
	}
	set.mu.Unlock()
	for _, o := range pending {
		select {
		case <-o.done:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}
