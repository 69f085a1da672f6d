package grid

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSpinGaveUpSeesLateJob: a job submitted after an idle worker's spin
// has last looked, but before the worker blocks, is not lost: submit
// signals only workers already blocked, so the worker must see the job
// when it takes the lock again. The only worker of the pool gives up its
// spin; the job is submitted then; it must run.
func TestSpinGaveUpSeesLateJob(t *testing.T) {
	var once sync.Once
	ran := make(chan struct{})
	errs := make(chan error, 1)
	defer func() { spinGaveUp = nil }() // after Close, once the worker is gone
	spinGaveUp = func(p *Pool) {
		once.Do(func() {
			seen := p.news.Load()
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				errs <- p.Run(ctx, &Job{Blocks: 1, Run: func(int, int64, int64) error { close(ran); return nil }})
			}()
			for p.news.Load() == seen { // the job is queued
				time.Sleep(time.Microsecond)
			}
		})
	}
	p := NewPool(1) // after the hook is set: its worker starts after
	defer p.Close()
	require.NoError(t, <-errs)
	<-ran
}
