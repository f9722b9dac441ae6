package main

import (
	"net/http"
	"testing"
	"time"
)

// TestLimiterBucket spends a minute's allowance at once, is refused with
// the seconds until the next request, and is allowed again once it has
// refilled that far; other addresses are untouched.
func TestLimiterBucket(t *testing.T) {
	l := newLimiter(6) // one every 10 s
	now := time.Unix(1000, 0)
	for i := range 6 {
		if ok, _ := l.allow("a", now); !ok {
			t.Fatalf("request %d of a burst of 6 refused", i+1)
		}
	}
	if ok, wait := l.allow("a", now); ok || wait != 10 {
		t.Errorf("the 7th: allowed %v, wait %d s, want refused and 10", ok, wait)
	}
	if ok, _ := l.allow("b", now); !ok {
		t.Error("another address was refused")
	}
	if ok, _ := l.allow("a", now.Add(10*time.Second)); !ok {
		t.Error("refused 10 s later")
	}
	// Swept once full again: the map does not keep idle addresses.
	l.allow("c", now.Add(5*time.Minute))
	if len(l.buckets) != 1 {
		t.Errorf("%d buckets after a sweep, want only the new one", len(l.buckets))
	}
	if ok, _ := (*limiter)(nil).allow("a", now); !ok {
		t.Error("no limit refused")
	}
}

// TestClientAddr counts an IPv6 client by its /64, reads the last entry
// of a trusted proxy's header, and ignores the header unless told.
func TestClientAddr(t *testing.T) {
	for _, c := range []struct {
		remote, header, value, want string
	}{
		{"192.0.2.7:5555", "", "", "192.0.2.7"},
		{"[2001:db8:1:2:3:4:5:6]:5555", "", "", "2001:db8:1:2::/64"},
		{"[::ffff:192.0.2.9]:80", "", "", "192.0.2.9"},
		{"10.0.0.1:80", "X-Forwarded-For", "198.51.100.1, 203.0.113.5", "203.0.113.5"},
		{"10.0.0.1:80", "", "", "10.0.0.1"},
	} {
		r, _ := http.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.remote
		r.Header.Set("X-Forwarded-For", c.value)
		if got := clientAddr(r, c.header); got != c.want {
			t.Errorf("%s %s %q: %s, want %s", c.remote, c.header, c.value, got, c.want)
		}
	}
}
