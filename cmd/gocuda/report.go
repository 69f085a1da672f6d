package main

import "time"

// formatDuration rounds d for the table: three significant digits or so.
func formatDuration(d time.Duration) string {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond).String()
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	case d >= time.Microsecond:
		return d.Round(10 * time.Nanosecond).String()
	}
	return d.String()
}

func yesNo(v bool) string {
	if v {
		return "yes"
	}
	return "no"
}
