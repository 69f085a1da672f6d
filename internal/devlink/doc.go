// Package devlink lets package mem reach what package gocuda keeps to
// itself: a device's global-memory account and a stream's queue. Package
// gocuda stores typed Hooks with Set when it is initialized; mem, which
// imports gocuda, gets them with Get. Users never see this package.
package devlink
