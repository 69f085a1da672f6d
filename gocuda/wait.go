package gocuda

import (
	"context"
	"errors"
	"fmt"
)

// This file holds the waits that a context can cut short. None of them
// starts a goroutine: each selects on the channel the awaited work closes
// when it completes, so a wait abandoned by its context leaves nothing
// behind, and the work, which no context can stop once queued (as in
// CUDA, where nothing cancels queued work), goes on.

// SynchronizeContext is Synchronize that stops waiting once ctx is done.
// It then returns an error wrapping ctx.Err() (and context.Cause(ctx), if
// that differs), leaving the stream's work running and its errors
// unreported: a later Synchronize waits for the same work and reports
// them. If the work has finished by the time the end of ctx is noticed,
// SynchronizeContext reports the work, as Synchronize does. The effects of
// the work happen before a SynchronizeContext that reports it returns; one
// that returns a context error promises nothing about them.
func (s *Stream) SynchronizeContext(ctx context.Context) error {
	s = s.orDefault()
	if err := hostOnly("Stream.SynchronizeContext"); err != nil {
		return err
	}
	return s.synchronize(ctx, "Stream.SynchronizeContext")
}

// synchronize is SynchronizeContext for a caller that has checked it may
// wait from where it runs (hostOnly); what names the call for errors.
func (s *Stream) synchronize(ctx context.Context, what string) error {
	if err := s.wait(ctx, what); err != nil {
		return err
	}
	return s.takeErr()
}

// wait waits for the operations queued on s so far, or until ctx is done.
func (s *Stream) wait(ctx context.Context, what string) error {
	set := &s.dev.streams
	set.mu.Lock()
	tail := s.tail
	set.mu.Unlock()
	if tail == nil || tail.finished() {
		return nil
	}
	if err := mayWait(what); err != nil {
		return err
	}
	return waitDone(ctx, tail.done, what)
}

// takeErr returns the stream's first unreported error and clears it.
func (s *Stream) takeErr() error {
	set := &s.dev.streams
	set.mu.Lock()
	defer set.mu.Unlock()
	err := s.err
	s.err = nil
	return err
}

// SynchronizeContext is Device.Synchronize that stops waiting once ctx is
// done, returning an error wrapping ctx.Err() (and context.Cause(ctx)).
// The device's work goes on. Errors of streams it had already finished
// waiting for, which it has cleared, are joined to that error, so none is
// lost; the other streams keep theirs for a later Synchronize.
func (d *Device) SynchronizeContext(ctx context.Context) error {
	return d.synchronize(ctx, "Device.SynchronizeContext")
}

func (d *Device) synchronize(ctx context.Context, what string) error {
	if err := hostOnly(what); err != nil {
		return err
	}
	if len(d.streams.pending(false)) > 0 {
		if err := mayWait(what); err != nil {
			return err
		}
	}
	var first error
	for _, s := range d.streams.snapshot() {
		if err := s.wait(ctx, what); err != nil {
			return errors.Join(err, first)
		}
		if err := s.takeErr(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// SynchronizeContext is Synchronize that stops waiting once ctx is done,
// returning an error wrapping ctx.Err() (and context.Cause(ctx)); the
// record stays queued and completes when its stream reaches it. If the
// record has completed by the time the end of ctx is noticed,
// SynchronizeContext returns nil.
func (e *Event) SynchronizeContext(ctx context.Context) error {
	const what = "Event.SynchronizeContext"
	if err := hostOnly(what); err != nil {
		return err
	}
	return e.synchronize(ctx, what)
}

func (e *Event) synchronize(ctx context.Context, what string) error {
	rec, err := e.latest()
	if err != nil || rec == nil || rec.op.finished() {
		return err
	}
	if err := mayWait(what); err != nil {
		return err
	}
	return waitDone(ctx, rec.op.done, what)
}

// waitDone waits until done is closed or ctx is done. When both are, done
// wins, so that finished work is reported as finished.
func waitDone(ctx context.Context, done <-chan struct{}, what string) error {
	select {
	case <-done:
		return nil
	case <-ctx.Done():
	}
	select {
	case <-done:
		return nil
	default:
		return contextError(ctx, fmt.Sprintf("%s stopped waiting (the work goes on)", what))
	}
}

// contextError is the error of a call that ctx cut short: it wraps
// ctx.Err(), and context.Cause(ctx) if that is a cause of its own.
func contextError(ctx context.Context, what string) error {
	err, cause := ctx.Err(), context.Cause(ctx)
	if cause == nil || cause == err {
		return fmt.Errorf("gocuda: %s: %w", what, err)
	}
	return fmt.Errorf("gocuda: %s: %w: %w", what, err, cause)
}
