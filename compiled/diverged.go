package compiled

// Diverged fails the launch where the threads of a block disagree on the
// condition of a loop holding a barrier, which the compiler could not
// prove the same for all of them (a grid-stride loop over a length that
// should be a multiple of the block's size): thread rank in would go on
// to barrier, the loop's first, and wait there for thread rank out, which
// left the loop. CUDA leaves such a kernel undefined (on a GPU it may
// hang); the launch fails with the *gocuda.DeadlockError (errors.Is
// ErrLaunchTimeout) the runtime path reports for a barrier that cannot
// complete.
func Diverged(b *Block, barrier string, in, out int) { engine.Diverged(&b.b, barrier, in, out) }

// DivergedIf fails the launch where the threads of a block disagree on the
// condition of an if holding a barrier, or a break or continue of a loop
// holding one, which the compiler could not prove the same for all of them
// (a value every thread read from shared memory after a barrier): thread
// rank in takes the if's branch, toward barrier, and thread rank out does
// not, so that one of them would wait at a barrier the other never
// reaches. As for Diverged, the launch fails with a *gocuda.DeadlockError
// (errors.Is ErrLaunchTimeout).
func DivergedIf(b *Block, barrier string, in, out int) { engine.DivergedIf(&b.b, barrier, in, out) }
