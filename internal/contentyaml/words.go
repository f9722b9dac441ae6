package contentyaml

import (
	"errors"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// yamlError is a YAML decoding error said in words: the line and what is
// wrong, without the Go types the decoder names ("field idd not found in
// type quests.questYAML"). Unwrap gives yaml.v3's error.
type yamlError struct {
	msg string
	err error
}

func (e *yamlError) Error() string { return e.msg }
func (e *yamlError) Unwrap() error { return e.err }

var (
	yamlUnknownField = regexp.MustCompile(`^(line \d+): field (\S+) not found in type \S+$`)
	yamlWrongKind    = regexp.MustCompile("^(line \\d+): cannot unmarshal !!(\\w+) `(.*)` into (\\S+)$")
)

// yamlWords rewrites an error of yaml.v3 in words.
func yamlWords(err error) error {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if msg == err.Error() {
			return err
		}
		return &yamlError{msg: msg, err: err}
	}
	lines := make([]string, len(te.Errors))
	for i, e := range te.Errors {
		switch {
		case yamlUnknownField.MatchString(e):
			m := yamlUnknownField.FindStringSubmatch(e)
			lines[i] = m[1] + ": unknown field " + m[2]
		case yamlWrongKind.MatchString(e):
			m := yamlWrongKind.FindStringSubmatch(e)
			lines[i] = m[1] + ": want " + yamlKindOf(m[4]) + ", not " + yamlTagWords(m[2]) + " " + m[3]
		default:
			lines[i] = e
		}
	}
	return &yamlError{msg: strings.Join(lines, "; "), err: err}
}

// yamlKindOf names the YAML kind that a Go type decodes from.
func yamlKindOf(goType string) string {
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case strings.HasPrefix(goType, "map["):
		return "a mapping"
	case goType == "string":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "int") || strings.HasPrefix(goType, "uint"):
		return "a whole number"
	case strings.HasPrefix(goType, "float"):
		return "a number"
	}
	return "a mapping" // a struct: an entry, a bundle, a step
}

// yamlTagWords names a YAML tag ("int" for !!int).
func yamlTagWords(tag string) string {
	switch tag {
	case "int", "float":
		return "the number"
	case "str":
		return "the string"
	case "bool":
		return "the boolean"
	case "map":
		return "a mapping"
	case "seq":
		return "a list"
	case "null":
		return "nothing"
	}
	return tag
}
