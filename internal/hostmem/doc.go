// Package hostmem reports the machine's physical memory, the default global
// memory size of a gocuda device.
package hostmem
