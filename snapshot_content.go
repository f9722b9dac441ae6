package waterdeep

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"strings"
	"sync"

	"github.com/waterdeep-go/waterdeep/content"
)

// A snapshot is bound to the content it was made with by a fingerprint:
// the counts of each kind and a hash of every id, space and effect in
// instance order. DecodeState refuses a snapshot of other content, and,
// given no content, picks BaseContent or FullContent by it.

// snapFP caches a content's fingerprints: fp for version 3, v2 for
// version 2 (ok2 false where the content cannot be written in version 2's
// formula: its effects use what version 2 did not know).
type snapFP struct {
	fp, v2 snapContent
	ok2    bool
}

var snapFPCache sync.Map // *Content -> snapFP

// snapFPs returns c's fingerprints, computed once per content.
func snapFPs(c *Content) snapFP {
	if fp, ok := snapFPCache.Load(c); ok {
		return fp.(snapFP)
	}
	fp := snapFP{fp: snapHash(c, snapProgramText)}
	fp.v2, fp.ok2 = snapLegacyFingerprint(c)
	snapFPCache.Store(c, fp)
	return fp
}

// snapFingerprint is the fingerprint a version 3 snapshot carries.
func snapFingerprint(c *Content) snapContent { return snapFPs(c).fp }

// snapHash hashes c's ids and spaces, and its programs with text.
func snapHash(c *Content, text func(h hash.Hash, p content.Program)) snapContent {
	h := sha256.New()
	list := func(tag string, ids []string) {
		fmt.Fprintf(h, "%s %d\n", tag, len(ids))
		for _, id := range ids {
			fmt.Fprintf(h, "%q\n", id)
		}
	}
	var ids []string
	for _, q := range c.quests {
		ids = append(ids, q.ID)
	}
	list("quests", ids)
	ids = ids[:0]
	for _, card := range c.intrigue {
		ids = append(ids, card.ID)
	}
	list("intrigue", ids)
	ids = ids[:0]
	for _, t := range c.tiles {
		ids = append(ids, t.ID)
	}
	list("tiles", ids)
	ids = ids[:0]
	for _, l := range c.lords {
		ids = append(ids, l.ID)
	}
	list("lords", ids)
	list("spaces", c.spaceNames)
	fmt.Fprintf(h, "programs %d\n", len(c.programs))
	for i, p := range c.programs {
		fmt.Fprintf(h, "%q ", c.programSource[i])
		text(h, p)
		fmt.Fprintln(h)
	}
	return snapContent{
		Quests: len(c.quests), Intrigue: len(c.intrigue), Buildings: len(c.tiles), Lords: len(c.lords),
		Spaces: len(c.spaces), Programs: len(c.programs), Hash: hex.EncodeToString(h.Sum(nil)[:16]),
	}
}

// snapProgramText writes a program for the version 3 hash: each step's
// fields by name, only those that are not zero, so that a field added to
// the effect vocabulary (zero in every older program) leaves the
// fingerprints of existing content, and with them every saved snapshot,
// unchanged. snapStepFields lists the fields it writes; a test checks it
// against content.Step.
func snapProgramText(h hash.Hash, p content.Program) {
	var b strings.Builder
	bundle := func(name string, x content.Bundle) {
		if x == (content.Bundle{}) {
			return
		}
		fmt.Fprintf(&b, " %s{", name)
		for _, f := range []struct {
			n string
			v int
		}{{"cleric", x.Cleric}, {"fighter", x.Fighter}, {"rogue", x.Rogue}, {"wizard", x.Wizard},
			{"gold", x.Gold}, {"vp", x.VP}, {"intrigue", x.Intrigue}, {"any", x.Any}} {
			if f.v != 0 {
				fmt.Fprintf(&b, "%s:%d ", f.n, f.v)
			}
		}
		b.WriteString("}")
	}
	b.WriteString("[")
	for _, st := range p {
		fmt.Fprintf(&b, "{kind:%d", st.Kind)
		bundle("bundle", st.Bundle)
		bundle("else", st.Else)
		if st.Count != 0 {
			fmt.Fprintf(&b, " count:%d", st.Count)
		}
		if st.From != 0 {
			fmt.Fprintf(&b, " from:%d", st.From)
		}
		if len(st.Options) > 0 {
			b.WriteString(" options[")
			for _, o := range st.Options {
				bundle("", o)
			}
			b.WriteString("]")
		}
		if st.Source != "" {
			fmt.Fprintf(&b, " source:%q", st.Source)
		}
		if st.Special != 0 {
			fmt.Fprintf(&b, " special:%d", st.Special)
		}
		if st.Corruption != 0 {
			fmt.Fprintf(&b, " corruption:%d", st.Corruption)
		}
		b.WriteString("}")
	}
	b.WriteString("]")
	h.Write([]byte(b.String()))
}

// snapStepFields and snapBundleFields are the fields of content.Step and
// content.Bundle that snapProgramText writes.
var (
	snapStepFields   = []string{"Kind", "Bundle", "Else", "Count", "From", "Options", "Source", "Special", "Corruption"}
	snapBundleFields = []string{"Cleric", "Fighter", "Rogue", "Wizard", "Gold", "VP", "Intrigue", "Any"}
)

// snapLegacyStep is content.Step as version 2 knew it: version 2's hash
// printed each program with %+v, so its fingerprint of the base game is
// reproduced by printing this struct, whose fields (names and order) are
// the old Step's.
type snapLegacyStep struct {
	Kind    content.StepKind
	Bundle  content.Bundle
	Else    content.Bundle
	Count   int
	From    content.AdventurerSet
	Options []content.Bundle
	Source  string
	Special content.Special
}

// snapLegacyFingerprint is the fingerprint version 2 wrote for c, if c's
// effects use nothing version 2 did not know (corruption, adventurers of
// any kind): a version 2 snapshot of the base game decodes as before.
func snapLegacyFingerprint(c *Content) (snapContent, bool) {
	ok := true
	fp := snapHash(c, func(h hash.Hash, p content.Program) {
		old := make([]snapLegacyStep, len(p))
		for i, st := range p {
			if st.Corruption != 0 || st.Bundle.Any != 0 || st.Else.Any != 0 {
				ok = false
			}
			for _, o := range st.Options {
				if o.Any != 0 {
					ok = false
				}
			}
			old[i] = snapLegacyStep{st.Kind, st.Bundle, st.Else, st.Count, st.From, st.Options, st.Source, st.Special}
		}
		fmt.Fprintf(h, "%+v", old)
	})
	return fp, ok
}
