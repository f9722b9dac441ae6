package content_test

import (
	"testing"

	"github.com/waterdeep-go/waterdeep/content"
)

func TestSpecialNames(t *testing.T) {
	for sp := content.ResetQuests; sp <= content.SpecialAssignment; sp++ {
		got, ok := content.ParseSpecial(sp.String())
		if !ok || got != sp {
			t.Errorf("ParseSpecial(%q) = %v, %v", sp.String(), got, ok)
		}
	}
	if _, ok := content.ParseSpecial(""); ok {
		t.Error(`ParseSpecial("") succeeded`)
	}
}

// TestBundleIsZero: IsZero, which ORs the fields, is b == content.Bundle{} for
// bundles with any one field set (negative ones too) and for none.
func TestBundleIsZero(t *testing.T) {
	if !(content.Bundle{}).IsZero() {
		t.Fatal("the zero Bundle is not IsZero")
	}
	for field := range 8 {
		for _, v := range []int{1, -1, 7, -1 << 40} {
			var b content.Bundle
			*[]*int{&b.Cleric, &b.Fighter, &b.Rogue, &b.Wizard, &b.Gold, &b.VP, &b.Intrigue, &b.Any}[field] = v
			if b.IsZero() != (b == content.Bundle{}) {
				t.Fatalf("%+v: IsZero %v", b, b.IsZero())
			}
		}
	}
	// Two fields that cancel in a sum do not in an OR.
	if (content.Bundle{Gold: 1, VP: -1}).IsZero() {
		t.Fatal("Gold 1, VP -1 is IsZero")
	}
}
