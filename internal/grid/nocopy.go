package grid

// noCopy marks a type that must not be copied after first use: go vet's
// copylocks check reports copies of any struct holding one, as it does for
// sync.Mutex.
type noCopy struct{}

// Lock is a no-op used by go vet's copylocks check.
func (*noCopy) Lock() {}

// Unlock is a no-op used by go vet's copylocks check.
func (*noCopy) Unlock() {}
