package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// wrap fills s into lines of at most width runes: the first starts with
// first, the others with rest (a hanging indent). A word longer than a line
// gets a line of its own. Width 0 or less means no wrapping.
func wrap(first, rest, s string, width int) string {
	words := strings.Fields(s)
	if width <= 0 || len(words) == 0 {
		return first + strings.Join(words, " ") + "\n"
	}
	var b strings.Builder
	b.WriteString(first)
	n, start := utf8.RuneCountInString(first), true
	for _, w := range words {
		wn := utf8.RuneCountInString(w)
		if !start && n+1+wn > width {
			b.WriteString("\n" + rest)
			n, start = utf8.RuneCountInString(rest), true
		}
		if !start {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += wn
		start = false
	}
	b.WriteByte('\n')
	return b.String()
}

// field returns a labelled, wrapped paragraph: "  Needs:   ..." with the
// text aligned after the label.
func field(label, s string, width int) string {
	const col = 13
	first := "  " + label
	if pad := col - utf8.RuneCountInString(first); pad > 0 {
		first += strings.Repeat(" ", pad)
	} else {
		first += " "
	}
	return wrap(first, strings.Repeat(" ", col), s, width)
}

// plural returns n followed by the singular or plural noun: plural(1,
// "line", "lines") is "1 line".
func plural(n int, one, many string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// joinAnd joins items as English does: "a", "a and b", "a, b and c".
func joinAnd(items []string) string { return joinWith(items, "and") }

// joinOr joins items with "or": "a, b or c".
func joinOr(items []string) string { return joinWith(items, "or") }

func joinWith(items []string, word string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + word + " " + items[len(items)-1]
}
