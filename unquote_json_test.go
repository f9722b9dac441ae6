package waterdeep

import (
	"encoding/json"
	"testing"
)

// unquoteJSON reads a string as encoding/json does.
func FuzzUnquoteJSON(f *testing.F) {
	for _, s := range []string{`"a"`, `"\u0041\n\t\"\\\/"`, `"\ud83d\ude00"`, `"\ud83d"`, `"\ud83dx"`, `"\udc00\ud83d"`,
		"\"\xff\"", `"é"`, `"\u00"`, `"\x"`, `"a`, `""`, "\"\x01\"", `"\ud83d\u0041"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, x []byte) {
		got, ok := unquoteJSON(x)
		var want string
		err := json.Unmarshal(x, &want)
		if valid := err == nil && len(x) > 1 && x[0] == '"' && x[len(x)-1] == '"'; ok != valid || ok && got != want {
			t.Fatalf("unquoteJSON(%q) = %q, %v; encoding/json reads %q, %v", x, got, ok, want, err)
		}
	})
}
