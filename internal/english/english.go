// Package english writes the small pieces of English that the module's
// descriptions and text forms share: counted nouns, lists joined with "and"
// or "or", a capital letter. It is internal: the texts it helps write are
// the API (Content.HumanAction, Program.Describe, ...), not these helpers.
package english

import (
	"fmt"
	"strings"
)

// Count returns n followed by the singular or plural noun:
// Count(1, "wizard", "wizards") is "1 wizard".
func Count(n int, one, many string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// JoinAnd joins items as English does: "a", "a and b", "a, b and c".
func JoinAnd(items []string) string {
	return join(items, "and")
}

// JoinOr joins items with "or": "a, b or c".
func JoinOr(items []string) string {
	return join(items, "or")
}

func join(items []string, word string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + word + " " + items[len(items)-1]
}

// Capitalize returns s with its first letter in upper case.
func Capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
