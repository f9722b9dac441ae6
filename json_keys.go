package waterdeep

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// Every decoder of the package reads JSON strictly, and by one rule for
// keys: an object may not give a key twice (encoding/json would keep the
// last one silently, so that two programs could read one document
// differently). jsonKeys is the check the decoders share.

// duplicateKeyError is jsonKeys' error for a key given twice; the
// decoders report it in their own error types.
type duplicateKeyError struct{ path string }

func (e *duplicateKeyError) Error() string { return fmt.Sprintf("%s: field given twice", e.path) }

// malformedError is jsonKeys' error for text that is not JSON.
type malformedError struct{}

func (malformedError) Error() string { return "malformed JSON" }

// jsonKeys walks a JSON document (which json.Decoder has accepted, or
// which it checks only for balance) and returns the sorted keys of each
// object by its path ("seats[1].tavern"). A key given twice in one object
// is a *duplicateKeyError naming its path.
func jsonKeys(data []byte) (map[string][]string, error) {
	type level struct {
		path    string
		object  bool
		wantKey bool
		index   int
		key     string
		keys    []string
		seen    map[string]bool
	}
	out := map[string][]string{}
	var stack []*level
	// value starts a value in the innermost container and returns its
	// path when it is itself a container.
	value := func(container bool) string {
		if len(stack) == 0 {
			return ""
		}
		top := stack[len(stack)-1]
		if top.object {
			if !container {
				return ""
			}
			return joinPath(top.path, top.key)
		}
		top.index++
		if !container {
			return ""
		}
		return top.path + "[" + strconv.Itoa(top.index-1) + "]"
	}
	for i := 0; i < len(data); {
		switch ch := data[i]; ch {
		case '{', '[':
			stack = append(stack, &level{path: value(true), object: ch == '{', wantKey: ch == '{'})
			i++
		case '}', ']':
			if len(stack) == 0 {
				return nil, malformedError{}
			}
			top := stack[len(stack)-1]
			if top.object {
				slices.Sort(top.keys)
				out[top.path] = top.keys
			}
			stack = stack[:len(stack)-1]
			i++
			if len(stack) == 0 {
				return out, nil
			}
		case ',':
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].wantKey = true
			}
			i++
		case '"':
			j := i + 1
			escaped := false
			for j < len(data) && data[j] != '"' {
				if data[j] == '\\' {
					escaped = true
					j++
				}
				j++
			}
			if j >= len(data) {
				return nil, malformedError{}
			}
			if len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantKey {
				top := stack[len(stack)-1]
				k := string(data[i+1 : j])
				if escaped {
					if err := json.Unmarshal(data[i:j+1], &k); err != nil {
						return nil, malformedError{}
					}
				}
				if top.seen == nil {
					top.seen = map[string]bool{}
				}
				if top.seen[k] {
					return nil, &duplicateKeyError{path: joinPath(top.path, k)}
				}
				top.seen[k] = true
				top.keys = append(top.keys, k)
				top.key, top.wantKey = k, false
			} else {
				value(false)
			}
			i = j + 1
		case ' ', '\t', '\n', '\r', ':':
			i++
		default: // a number, true, false or null
			value(false)
			for i < len(data) && !slices.Contains([]byte(" \t\n\r,}]"), data[i]) {
				i++
			}
		}
	}
	return out, nil
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
