// Package callsite identifies the place in a kernel that called an engine
// function, cheaply enough to ask on every call.
//
// CUDA's __shared__ declaration is one allocation per block however often
// the code that declares it runs; gocuda.Shared models it by keying
// allocations on the address its caller returns to. runtime.Callers answers
// that by unwinding the stack, which costs as much as a block barrier;
// reading the frame pointer answers it in a few instructions.
package callsite
