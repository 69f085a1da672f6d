// Package devlink lets package mem reach what package gocuda keeps to
// itself: a device's global-memory account and a stream's queue. Package
// gocuda fills in AccountOf and Enqueue when it is initialized; mem, which
// imports gocuda, calls them. Users never see this package.
package devlink
