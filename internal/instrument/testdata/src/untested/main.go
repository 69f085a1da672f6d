// Command untested is a main package without tests, for TestUntested.
package main

func main() {}
