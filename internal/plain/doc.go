// Package plain tells which Go types are plain data: types of which every
// byte pattern is a valid value. Only such memory may be written byte by
// byte (cudaMemset) or seen through views of other types (an extern
// __shared__ array cast to several types), and the garbage collector never
// needs to scan it. PointerFree is the looser test of values that may be
// copied bit for bit between threads (warp shuffles): no pointers, bools
// allowed.
package plain
