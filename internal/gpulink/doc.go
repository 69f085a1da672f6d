// Package gpulink joins package gocuda to a GPU back end without either
// importing the other: package nvidia, imported for its side effect, sets
// Open, and a gocuda.Device made with gocuda.WithGPU launches through the
// Device it returns. gocuda itself never links a driver.
package gpulink
