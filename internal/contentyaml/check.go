package contentyaml

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/waterdeep-go/waterdeep/content"
)

// CheckEntries checks the length of a list of entries (see MaxEntries).
func CheckEntries(n int) error {
	if n > content.MaxEntries {
		return fmt.Errorf("%d entries; at most %d", n, content.MaxEntries)
	}
	return nil
}

// CheckID checks an entry's id: 1 to MaxIDLen bytes of valid UTF-8 with no
// white space, control character or "#", and not a number, so that the
// text form of an action names it unambiguously ("p2 play crime-wave#2",
// "p1 complete quest 17").
func CheckID(id string) error {
	switch {
	case id == "":
		return errors.New("missing id")
	case len(id) > content.MaxIDLen:
		return fmt.Errorf("id of %d bytes; at most %d", len(id), content.MaxIDLen)
	case !utf8.ValidString(id):
		return errors.New("id is not valid UTF-8")
	case strings.IndexFunc(id, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) || r == '#' }) >= 0:
		return fmt.Errorf("id %q holds white space, a control character or #", id)
	case strings.Trim(id, "0123456789") == "":
		return fmt.Errorf("id %q is a number", id)
	}
	return nil
}

// CheckText checks that a name or text (what) is valid UTF-8 of at most max
// bytes (MaxNameLen, MaxTextLen).
func CheckText(s, what string, max int) error {
	switch {
	case len(s) > max:
		return fmt.Errorf("%s of %d bytes; at most %d", what, len(s), max)
	case !utf8.ValidString(s):
		return fmt.Errorf("%s is not valid UTF-8", what)
	}
	return nil
}

// CheckBundle checks every amount of bundle b, which content names what
// ("gain", "requires"): none negative, at most MaxCubes adventurers of each
// kind, MaxGold gold, MaxVP VP and MaxDraw intrigue cards.
func CheckBundle(b content.Bundle, what string) error { return checkBundle(b, what, false) }

func checkBundle(b content.Bundle, what string, anyAllowed bool) error {
	for _, f := range [...]struct {
		name   string
		n, max int
	}{
		{"cleric", b.Cleric, content.MaxCubes}, {"fighter", b.Fighter, content.MaxCubes}, {"rogue", b.Rogue, content.MaxCubes},
		{"wizard", b.Wizard, content.MaxCubes}, {"gold", b.Gold, content.MaxGold}, {"vp", b.VP, content.MaxVP}, {"intrigue", b.Intrigue, content.MaxDraw},
		{"any", b.Any, content.MaxCubes},
	} {
		switch {
		case f.n < 0:
			return fmt.Errorf("%s.%s is negative (%d)", what, f.name, f.n)
		case f.n > f.max:
			return fmt.Errorf("%s.%s is %d; at most %d", what, f.name, f.n, f.max)
		}
	}
	if b.Any != 0 && !anyAllowed {
		return fmt.Errorf("%s.any: adventurers of any kind may be asked only in gain, pay and choose_one", what)
	}
	return nil
}

// CheckBundleAny is CheckBundle for the places that take adventurers of
// any kind (Bundle.Any): gain, pay and the options of choose_one. Any is
// at most MaxCount there, so that a choice stays small.
func CheckBundleAny(b content.Bundle, what string) error {
	if err := checkBundle(b, what, true); err != nil {
		return err
	}
	if b.Any > content.MaxCount {
		return fmt.Errorf("%s.any is %d; at most %d", what, b.Any, content.MaxCount)
	}
	return nil
}
