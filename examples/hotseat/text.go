package main

import (
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
