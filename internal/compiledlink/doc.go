// Package compiledlink connects package compiled, the runtime interface of
// the code gocuda compile generates, to the engine in package gocuda. The
// engine keeps the state of the block a compiled body runs in a Block,
// which package compiled's Block wraps, and stores typed Engine hooks with
// Set when it is initialized; compiled, which imports gocuda, gets them
// with Get. Users never see this package.
package compiledlink
