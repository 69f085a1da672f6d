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
	var host *hostRunner // runs the host functions of this drain
	defer func() { host.stop() }()
	for {
		o, skip := s.next()
		if o == nil {
			return
		}
		for _, dep := range o.deps {
			<-dep.done
		}
		s.execute(o, skip, &host)
	}
}

// next takes the next operation off the queue, reporting whether an earlier
// failure means it must be skipped, or ends the drain if there is none.
func (s *Stream) next() (o *op, skip bool) {
	set := &s.dev.streams
	set.mu.Lock()
	defer set.mu.Unlock()
	if len(s.queue) == 0 {
		s.draining = false
		return nil, false
	}
	o = s.queue[0]
	s.queue[0] = nil
	s.queue = s.queue[1:]
	return o, s.err != nil && !o.always
}

// execute runs o, unless skip is set, and completes it; host functions run
// on *host. An operation that panics or calls runtime.Goexit (a Printf
// writer calling t.FailNow, say) fails the stream like any failing
// operation; after a Goexit, which ends this goroutine whatever execute
// does, a new drainer takes over.
func (s *Stream) execute(o *op, skip bool, host **hostRunner) {
	returned := false
	defer func() {
		if returned {
			return
		}
		if v := recover(); v != nil {
			s.complete(o, fmt.Errorf("%w: %w", ErrLaunchFailure, panicError("stream operation", v)))
			return
		}
		s.complete(o, fmt.Errorf("%w: a stream operation called runtime.Goexit", ErrLaunchFailure))
		go s.drain()
	}()
	var err error
	switch {
	case skip:
	case o.host != nil:
		err = callHost(host, o.host)
	case o.run != nil:
		err = o.run()
	}
	returned = true
	s.complete(o, err)
}

// complete records o's error, if it is the stream's first, and marks o
// done.
func (s *Stream) complete(o *op, err error) {
	set := &s.dev.streams
	set.mu.Lock()
	if err != nil && s.err == nil {
		s.err = err
	}
	set.mu.Unlock()
	close(o.done)
}

// Synchronize waits until every operation queued on s so far has finished
// (cudaStreamSynchronize) and returns the first error of its operations not
// yet reported, clearing it. A nil s is the default device's default stream
// (see Default), as stream 0 is the current device's in CUDA. Called from a
// host function, it returns an error wrapping ErrNotPermitted instead of
// waiting (see LaunchHostFunc), and so it does from inside a kernel, where
// it could wait for the kernel itself. See SynchronizeContext for a wait
// that a context can cut short.
func (s *Stream) Synchronize() error {
	s = s.orDefault()
	if err := hostOnly("Stream.Synchronize"); err != nil {
		return err
	}
	return s.synchronize(context.Background(), "Stream.Synchronize")
}

// Query returns ErrNotReady while operations queued on s are pending
// (cudaStreamQuery); then the first error not yet reported, without
// clearing it, or nil. A nil s is the default device's default stream.
func (s *Stream) Query() error {
	s = s.orDefault()
	set := &s.dev.streams
	set.mu.Lock()
	defer set.mu.Unlock()
	if s.tail != nil && !s.tail.finished() {
		return ErrNotReady
	}
	return s.err
}

// orDefault returns s, or for a nil s the default device's default stream:
// CUDA's stream 0 is the current device's default stream.
func (s *Stream) orDefault() *Stream {
	if s == nil {
		return Default().DefaultStream()
	}
	return s
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
