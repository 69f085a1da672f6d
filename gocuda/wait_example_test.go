package gocuda_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gocuda/gocuda/gocuda"
)

// SynchronizeContext stops waiting when its context ends; the stream's
// work goes on, and a later Synchronize waits for it.
func ExampleStream_SynchronizeContext() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	s, _ := dev.NewStream()
	defer s.Close()

	release := make(chan struct{})
	_ = s.LaunchHostFunc(func() { <-release }) // work that takes a while
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	err := s.SynchronizeContext(ctx)
	fmt.Println(errors.Is(err, context.DeadlineExceeded), s.Query())

	close(release)
	fmt.Println(s.Synchronize())
	// Output:
	// true gocuda: device not ready
	// <nil>
}

// Since times the work between two records as a time.Duration.
func ExampleEvent_Since() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	s, _ := dev.NewStream()
	defer s.Close()
	start, _ := dev.NewEvent()
	end, _ := dev.NewEvent()

	_ = start.Record(s)
	_ = s.Launch(gocuda.Config{}, func(*gocuda.Thread) { time.Sleep(5 * time.Millisecond) })
	_ = end.Record(s)
	_ = end.Synchronize()
	d, err := end.Since(start)
	fmt.Println(err, d >= 5*time.Millisecond)
	// Output: <nil> true
}
