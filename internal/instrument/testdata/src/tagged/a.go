// Package tagged has a kernel only with the build tag gocudatag.
package tagged
