package waterdeep

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Every decoder says what is wrong with its input in words and where: a
// byte offset for JSON that does not parse, a field path for a value of
// the wrong kind. encoding/json's own errors name Go types
// ("cannot unmarshal array into Go value of type map[string]json.RawMessage");
// jsonProblem rewrites them, so that no message shows the package's
// insides.

// jsonProblem returns the field path (if any) and the words for an error
// of encoding/json met while decoding data.
func jsonProblem(err error, data []byte) (field, detail string) {
	var se *json.SyntaxError
	var ue *json.UnmarshalTypeError
	switch {
	case err == io.EOF || len(bytes.TrimSpace(data)) == 0:
		return "", "no data"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "", jsonCutOff(len(data))
	case errors.As(err, &se):
		if se.Error() == "unexpected end of JSON input" {
			return "", jsonCutOff(len(data))
		}
		return "", fmt.Sprintf("not JSON at byte %d: %s", max(se.Offset-1, 0), se.Error())
	case errors.As(err, &ue):
		return ue.Field, fmt.Sprintf("want %s, not %s (at byte %d)", jsonKindOf(ue.Type.Kind().String()), jsonValueWords(ue.Value), ue.Offset)
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return strings.Trim(name, `"`), "unknown field"
	}
	return "", msg
}

// jsonSyntax returns the words for data that is not one JSON value (a
// byte offset, or where it ends early), or "" if it is one.
func jsonSyntax(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		_, d := jsonProblem(err, data)
		return d
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Sprintf("data after the JSON value, at byte %d", dec.InputOffset())
	}
	return ""
}

// jsonCutOff is the words for JSON that ends in the middle of a value.
func jsonCutOff(n int) string {
	return fmt.Sprintf("the JSON ends at byte %d in the middle of a value (cut off?)", n)
}

// jsonKindOf names the JSON kind a Go kind decodes from.
func jsonKindOf(goKind string) string {
	switch goKind {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "a whole number in range"
	case "float32", "float64":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice", "array":
		return "an array"
	case "struct", "ptr", "map":
		return "an object"
	}
	return "another kind of value"
}

// jsonValueWords names the kind of value encoding/json met ("array",
// "number 1.5", "string").
func jsonValueWords(v string) string {
	kind, rest, _ := strings.Cut(v, " ")
	switch kind {
	case "array", "object":
		return "an " + kind
	case "number", "string":
		if rest != "" {
			return "a " + kind + " (" + rest + ")"
		}
		return "a " + kind
	case "bool":
		return "true or false"
	}
	return v
}

// jsonWantObject is the words for data that did not decode as an object
// (err, or nil for null): what was wanted and what came, or where the
// JSON is broken.
func jsonWantObject(err error, data []byte, want string) string {
	var ue *json.UnmarshalTypeError
	switch {
	case err == nil:
		return "want " + want + ", not null"
	case errors.As(err, &ue):
		return "want " + want + ", not " + jsonValueWords(ue.Value)
	}
	_, d := jsonProblem(err, data)
	return d
}

// jsonWords is the words of an error of encoding/json met inside a
// document's part (data unknown): the field path, if any, and what is
// wrong, without Go's names.
func jsonWords(err error) string {
	var ue *json.UnmarshalTypeError
	if errors.As(err, &ue) {
		w := "want " + jsonKindOf(ue.Type.Kind().String()) + ", not " + jsonValueWords(ue.Value)
		if ue.Field != "" {
			w = ue.Field + ": " + w
		}
		return w
	}
	field, detail := jsonProblem(err, []byte("x"))
	if field != "" {
		return field + ": " + detail
	}
	return detail
}
