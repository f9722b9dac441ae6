package english

import "testing"

func TestEnglish(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Count(1, "wizard", "wizards"), "1 wizard"},
		{Count(-1, "VP", "VP"), "-1 VP"},
		{Count(0, "wizard", "wizards"), "0 wizards"},
		{JoinAnd(nil), ""},
		{JoinAnd([]string{"a"}), "a"},
		{JoinAnd([]string{"a", "b"}), "a and b"},
		{JoinOr([]string{"a", "b", "c"}), "a, b or c"},
		{Capitalize("take"), "Take"},
		{Capitalize("The"), "The"},
		{Capitalize(""), ""},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
