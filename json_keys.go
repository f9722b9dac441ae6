package waterdeep

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Every decoder of the package reads JSON strictly, and by one rule for
// keys: an object may not give a key twice (encoding/json would keep the
// last one silently, so that two programs could read one document
// differently). jsonKeys is the check the decoders share.
//
// Its cost is linear in its input: it keeps, for each open container, a
// few words and the key being read (never a whole path, which would make
// deep documents cost the square of their depth), and it builds a path
// only for an error or, when asked for the keys of every object, once per
// container through a table that holds each path's last step only.

// duplicateKeyError is jsonKeys' error for a key given twice; the
// decoders report it in their own error types.
type duplicateKeyError struct{ path string }

func (e *duplicateKeyError) Error() string { return fmt.Sprintf("%s: field given twice", e.path) }

// malformedError is jsonKeys' error for text that is not JSON: detail
// says what is wrong and where (jsonSyntax).
type malformedError struct{ detail string }

func (e malformedError) Error() string { return e.detail }

// malformed returns jsonKeys' error for data, which is not JSON.
func malformed(data []byte) error {
	d := jsonSyntax(data)
	if d == "" {
		d = "not JSON"
	}
	return malformedError{d}
}

// jsonDepth returns how deeply data nests arrays and objects, counting
// brackets outside strings, in one pass that allocates nothing. Decoders
// call it (through checkInput) before any other work.
func jsonDepth(data []byte) int {
	depth, deepest := 0, 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '[', '{':
			depth++
			deepest = max(deepest, depth)
		case ']', '}':
			depth--
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		}
	}
	return deepest
}

// checkInput refuses data longer than limit bytes or nested deeper than
// MaxDepth with a *SizeError, before any other work.
func checkInput(what string, data []byte, limit int) error {
	if err := tooLarge(what, len(data), limit); err != nil {
		return err
	}
	if d := jsonDepth(data); d > MaxDepth {
		return &SizeError{What: what, Size: d, Limit: MaxDepth, Depth: true}
	}
	return nil
}

// jsonSeg is one step of a path: a key, or (key "" and index >= 0) an
// array element, under the container numbered parent (-1: the document).
type jsonSeg struct {
	parent int32
	index  int32
	key    string
}

// jsonPaths numbers the paths of containers, so that two documents' keys
// can be compared path by path without building each path's string.
type jsonPaths struct {
	ids  map[jsonSeg]int32
	segs []jsonSeg
}

func (t *jsonPaths) id(s jsonSeg) int32 {
	if id, ok := t.ids[s]; ok {
		return id
	}
	if t.ids == nil {
		t.ids = map[jsonSeg]int32{}
	}
	id := int32(len(t.segs))
	t.ids[s] = id
	t.segs = append(t.segs, s)
	return id
}

// path returns the path numbered id, such as "seats[1].tavern".
func (t *jsonPaths) path(id int32) string {
	var steps []jsonSeg
	for ; id >= 0; id = t.segs[id].parent {
		steps = append(steps, t.segs[id])
	}
	var b strings.Builder
	for i := len(steps) - 1; i >= 0; i-- {
		s := steps[i]
		switch {
		case s.parent < 0: // the document itself
		case s.index >= 0:
			b.WriteString("[" + strconv.Itoa(int(s.index)) + "]")
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.key)
		}
	}
	return b.String()
}

// jsonFrame is an open container of jsonKeys' walk.
type jsonFrame struct {
	object, wantKey bool
	index           int32               // elements read so far (arrays)
	key             string              // the key being read (objects)
	seg             jsonSeg             // where the container sits in its parent
	id              int32               // its path's number, -1 until needed
	keys            int                 // where its keys start in the walk's key stack
	seen            map[string]struct{} // its keys, once it has many
}

// jsonKeyScan is how many keys an object holds before jsonKeys looks them
// up in a map rather than by scanning them.
const jsonKeyScan = 16

// jsonKeys walks a JSON document (which json.Decoder has accepted, or
// which it checks only for balance) and refuses a key given twice in one
// object with a *duplicateKeyError naming its path. With paths non-nil it
// also returns the sorted keys of each object by the number paths gives
// its path.
func jsonKeys(data []byte, paths *jsonPaths) (map[int32][]string, error) {
	var out map[int32][]string
	if paths != nil {
		out = map[int32][]string{}
	}
	var stack []jsonFrame
	var keys []string // the keys of the open objects, innermost last
	// resolve numbers the path of every open container.
	resolve := func(t *jsonPaths) {
		for i := range stack {
			if stack[i].id < 0 {
				s := stack[i].seg
				s.parent = -1
				if i > 0 {
					s.parent = stack[i-1].id
				}
				stack[i].id = t.id(s)
			}
		}
	}
	// value starts a value in the innermost container and returns where
	// it sits.
	value := func() jsonSeg {
		if len(stack) == 0 {
			return jsonSeg{index: -1}
		}
		top := &stack[len(stack)-1]
		if top.object {
			return jsonSeg{index: -1, key: top.key}
		}
		top.index++
		return jsonSeg{index: top.index - 1}
	}
	for i := 0; i < len(data); {
		switch ch := data[i]; ch {
		case '{', '[':
			stack = append(stack, jsonFrame{seg: value(), object: ch == '{', wantKey: ch == '{', id: -1, keys: len(keys)})
			i++
		case '}', ']':
			if len(stack) == 0 {
				return nil, malformed(data)
			}
			top := &stack[len(stack)-1]
			if top.object && paths != nil {
				resolve(paths)
				ks := slices.Clone(keys[top.keys:])
				slices.Sort(ks)
				out[top.id] = ks
			}
			keys = keys[:top.keys]
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
				return nil, malformed(data)
			}
			if len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantKey {
				top := &stack[len(stack)-1]
				k := string(data[i+1 : j])
				if escaped {
					var ok bool
					if k, ok = unquoteJSON(data[i : j+1]); !ok {
						return nil, malformed(data)
					}
				}
				mine := keys[top.keys:]
				dup := false
				if top.seen != nil {
					_, dup = top.seen[k]
				} else {
					dup = slices.Contains(mine, k)
				}
				if dup {
					t := paths
					if t == nil {
						t = &jsonPaths{}
					}
					resolve(t)
					p := t.path(top.id)
					if p != "" {
						p += "."
					}
					return nil, &duplicateKeyError{path: p + k}
				}
				if top.seen == nil && len(mine) >= jsonKeyScan {
					top.seen = make(map[string]struct{}, 2*len(mine))
					for _, m := range mine {
						top.seen[m] = struct{}{}
					}
				}
				if top.seen != nil {
					top.seen[k] = struct{}{}
				}
				keys = append(keys, k)
				top.key, top.wantKey = k, false
			} else {
				value()
			}
			i = j + 1
		case ' ', '\t', '\n', '\r', ':':
			i++
		default: // a number, true, false or null
			value()
			for i < len(data) && !isJSONDelim(data[i]) {
				i++
			}
		}
	}
	return out, nil
}

func isJSONDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', '}', ']':
		return true
	}
	return false
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// jsonEach calls fn with each element of the JSON array data (which
// encoding/json has accepted as JSON), without copying them: unlike
// decoding into a []json.RawMessage, it allocates nothing, so that a long
// array of tiny values costs no more than its first bad one. It returns
// false when data is not an array.
func jsonEach(data []byte, fn func(i int, elem []byte) error) (bool, error) {
	i := skipJSONSpace(data, 0)
	if i >= len(data) || data[i] != '[' {
		return false, nil
	}
	i = skipJSONSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		return true, nil
	}
	for n := 0; i < len(data); n++ {
		start, depth := i, 0
	elem:
		for ; i < len(data); i++ {
			switch data[i] {
			case '[', '{':
				depth++
			case ']', '}':
				if depth == 0 {
					break elem
				}
				depth--
			case ',':
				if depth == 0 {
					break elem
				}
			case '"':
				for i++; i < len(data) && data[i] != '"'; i++ {
					if data[i] == '\\' {
						i++
					}
				}
			}
		}
		end := i
		for end > start && isJSONSpace(data[end-1]) {
			end--
		}
		if err := fn(n, data[start:end]); err != nil {
			return true, err
		}
		if i >= len(data) || data[i] == ']' {
			break
		}
		i = skipJSONSpace(data, i+1)
	}
	return true, nil
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipJSONSpace(data []byte, i int) int {
	for i < len(data) && isJSONSpace(data[i]) {
		i++
	}
	return i
}

// jsonString decodes the JSON string x (see unquoteJSON).
func jsonString(x []byte) (string, bool) { return unquoteJSON(x) }

// unquoteJSON decodes the JSON string x, quotes included, as encoding/json
// does (an invalid surrogate or byte of UTF-8 becomes U+FFFD), allocating
// only the string: encoding/json would allocate a decoder for each.
func unquoteJSON(x []byte) (string, bool) {
	if len(x) < 2 || x[0] != '"' || x[len(x)-1] != '"' {
		return "", false
	}
	x = x[1 : len(x)-1]
	plain := true
	for _, c := range x {
		if c == '\\' || c == '"' || c < ' ' || c >= utf8.RuneSelf {
			plain = false
			break
		}
	}
	if plain {
		return string(x), true
	}
	b := make([]byte, 0, len(x))
	hex4 := func(h []byte) (rune, bool) {
		if len(h) < 4 {
			return 0, false
		}
		n, err := strconv.ParseUint(string(h[:4]), 16, 32)
		return rune(n), err == nil
	}
	for i := 0; i < len(x); {
		c := x[i]
		switch {
		case c == '"' || c < ' ':
			return "", false
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(x[i:])
			b = utf8.AppendRune(b, r) // RuneError for a bad byte, as encoding/json
			i += size
			continue
		case c != '\\':
			b = append(b, c)
			i++
			continue
		}
		if i+1 >= len(x) {
			return "", false
		}
		switch e := x[i+1]; e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := hex4(x[i+2:])
			if !ok {
				return "", false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				r2, ok := rune(0), false
				if i+1 < len(x) && x[i] == '\\' && x[i+1] == 'u' {
					r2, ok = hex4(x[i+2:])
				}
				if d := utf16.DecodeRune(r, r2); ok && d != utf8.RuneError {
					r = d
					i += 6
				} else {
					r = utf8.RuneError
				}
			}
			b = utf8.AppendRune(b, r)
			continue
		default:
			return "", false
		}
		i += 2
	}
	return string(b), true
}

// jsonWithin reports whether data nests at most depth levels and no array
// or object in it holds more than width members, in one pass that
// allocates nothing. A decoder whose documents are small and flat (an
// action, an event) checks it before decoding, so that no shape costs it
// more than a real document.
func jsonWithin(data []byte, depth, width int) bool {
	var members [MaxDepth + 1]int // members so far of each open level
	depth = min(depth, MaxDepth)
	level := 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '[', '{':
			if level++; level > depth {
				return false
			}
			members[level] = 1
		case ']', '}':
			level = max(level-1, 0) // unbalanced: the decoder refuses it

		case ',':
			if level > 0 {
				if members[level]++; members[level] > width {
					return false
				}
			}
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		}
	}
	return true
}

// docMaxFields bounds the fields of any object in a record or an events
// document (a record has 8, an event 12).
const docMaxFields = 16

// jsonObjectsWithin reports whether no object in data has more than width
// members (arrays may be of any length), in one pass that allocates
// nothing: a record's or an events document's objects have a few fields
// each, and an object of thousands of keys is refused before the keys are
// gathered.
func jsonObjectsWithin(data []byte, width int) bool {
	var members [MaxDepth + 1]int // members of each open object; -1 for an array
	level := 0
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '[', '{':
			if level++; level > MaxDepth {
				return true // checkInput refuses it
			}
			members[level] = -1
			if c == '{' {
				members[level] = 1
			}
		case ']', '}':
			level = max(level-1, 0)
		case ',':
			if level > 0 && members[level] >= 0 {
				if members[level]++; members[level] > width {
					return false
				}
			}
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		}
	}
	return true
}
