package gocuda

import (
	"context"
	"fmt"
)

// Close waits for the work queued on s, then releases it
// (cudaStreamDestroy), returning the first error of its operations not yet
// reported. Queuing on a closed stream returns ErrInvalidResourceHandle.
//
// A second Close returns an error wrapping ErrInvalidResourceHandle, or
// ErrContextIsDestroyed once the device has been closed. Close may race
// with Device.Close: both wait for the stream's queued work to finish, and
// whichever closed the stream first reports its errors; the other returns
// ErrContextIsDestroyed (a Stream.Close that lost the race) or does not
// report them (a Device.Close). The default stream, and a nil s, cannot be
// closed but by Device.Close. Called from a host function while s has work
// pending, Close returns an error wrapping ErrNotPermitted and leaves s
// open (see LaunchHostFunc), and so it does from inside a kernel, as
// Synchronize does.
func (s *Stream) Close() error {
	if s == nil || s.legacy {
		return fmt.Errorf("%w: the default stream is closed with its device", ErrInvalidResourceHandle)
	}
	if err := hostOnly("Stream.Close"); err != nil {
		return err
	}
	_, err := s.close()
	return err
}

// close claims the stream, waits for its work and forgets it, returning
// the stream's unreported error. If another Close claimed the stream first,
// close waits for the work all the same and reports claimed false, with the
// error a second Close returns; so it does, claiming nothing, if a host
// function calls it while the stream has work pending.
func (s *Stream) close() (claimed bool, err error) {
	set := &s.dev.streams
	set.mu.Lock()
	if s.tail != nil && !s.tail.finished() {
		set.mu.Unlock()
		if err := mayWait("Stream.Close"); err != nil {
			return false, err
		}
		set.mu.Lock()
	}
	tail, already, devClosed := s.tail, s.closed, set.closed
	s.closed = true // nothing more can be queued: tail is the last operation
	set.mu.Unlock()
	if tail != nil {
		<-tail.done
	}
	switch {
	case already && devClosed:
		return false, ErrContextIsDestroyed
	case already:
		return false, fmt.Errorf("%w: stream already closed", ErrInvalidResourceHandle)
	}
	set.mu.Lock()
	defer set.mu.Unlock()
	delete(set.all, s)
	err, s.err = s.err, nil
	return true, err
}

// Synchronize waits for the work queued on every stream of the device
// (cudaDeviceSynchronize) and returns the first error any of them had not
// reported, clearing them all. Called from a host function while work is
// pending, it returns an error wrapping ErrNotPermitted instead of waiting.
// So it does from inside a kernel: the kernel may be part of that work, and
// CUDA 12 removed device-side cudaDeviceSynchronize (a nested launch is
// synchronous anyway). See SynchronizeContext for a wait that a context
// can cut short.
func (d *Device) Synchronize() error {
	return d.synchronize(context.Background(), "Device.Synchronize")
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

// pending returns the last operation of each stream that has work pending:
// of every stream, or only of the default stream and the blocking streams.
func (set *streamSet) pending(blockingOnly bool) []*op {
	set.mu.Lock()
	defer set.mu.Unlock()
	var out []*op
	for s := range set.all {
		if (!blockingOnly || s.legacy || s.blocking) && s.tail != nil && !s.tail.finished() {
			out = append(out, s.tail)
		}
	}
	return out
}

// closeAll stops the device's streams once their work is done, those a
// concurrent Stream.Close is closing included, and returns the first error
// left unreported on the streams it closed.
func (set *streamSet) closeAll() error {
	set.mu.Lock()
	set.closed = true
	set.mu.Unlock()
	var first error
	for _, s := range set.snapshot() {
		// A stream another Close claimed is that Close's to report.
		if claimed, err := s.close(); claimed && err != nil && first == nil {
			first = err
		}
	}
	return first
}

// awaitStreams waits for the operations already queued on the default
// stream and on every blocking stream, as CUDA's synchronous calls (a
// launch on the legacy default stream, cudaMemcpy) do. It does not queue
// anything, so concurrent synchronous calls do not wait for each other.
// Called from a host function while such work is pending, it returns an
// error wrapping ErrNotPermitted, naming the call what; once ctx is done
// it returns ctx.Err().
func (d *Device) awaitStreams(ctx context.Context, what string) error {
	pending := d.streams.pending(true)
	if len(pending) == 0 {
		return nil
	}
	if err := mayWait(what); err != nil {
		return err
	}
	for _, o := range pending {
		select {
		case <-o.done:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}
