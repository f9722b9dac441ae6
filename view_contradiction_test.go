package waterdeep

// A view whose decision or legal actions contradict its other facts is one
// no game shows: DecodeView refuses it, naming the field, and Determinize
// refuses it too, instead of sampling a state whose view differs from the
// view given (issue 10, defect 2).

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestContradictoryViewsAreRefused(t *testing.T) {
	s, err := New(Config{Players: 2, Seed: 41000000})
	if err != nil {
		t.Fatal(err)
	}
	base := s.View(0)
	data, err := json.Marshal(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		field string
		edit  func(doc map[string]any)
		view  func(v *View)
	}{
		{"legal", func(d map[string]any) { d["legal"] = []any{} }, func(v *View) { v.Legal = nil }},
		{"legal", func(d map[string]any) { d["legal"] = d["legal"].([]any)[1:] }, func(v *View) { v.Legal = v.Legal[1:] }},
		{"decision.optional", func(d map[string]any) { decision(d)["optional"] = true }, func(v *View) { v.Decision.Optional = true }},
		{"decision.purpose", func(d map[string]any) { decision(d)["purpose"] = "buy a building" }, func(v *View) { v.Decision.Purpose = "buy a building" }},
		{"decision.source", func(d map[string]any) { decision(d)["source"] = "Waterdeep Harbor" }, func(v *View) { v.Decision.Source = "Waterdeep Harbor" }},
		{"decision.count", func(d map[string]any) { decision(d)["count"] = 2 }, func(v *View) { v.Decision.Count = 2 }},
		{"decision.kinds", func(d map[string]any) { decision(d)["kinds"] = []any{"wizard"} }, func(v *View) { v.Decision.Kinds = 1 << Wizard }},
		{"decision.reassign", func(d map[string]any) { decision(d)["reassign"] = true }, func(v *View) { v.Decision.Reassign = true }},
		{"decision.ambassador", func(d map[string]any) { decision(d)["ambassador"] = true }, func(v *View) { v.Decision.Ambassador = true }},
	} {
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		c.edit(doc)
		edited, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		_, err = DecodeView(edited, nil)
		var de *DecodeError
		if !errors.As(err, &de) || de.Field != c.field {
			t.Errorf("DecodeView with %s edited: %v, want a *DecodeError for %s", c.field, err, c.field)
		}

		v := s.View(0)
		c.view(&v)
		_, err = Determinize(v, 1)
		var ce *ContradictionError
		if !errors.As(err, &ce) || ce.Field != c.field {
			t.Errorf("Determinize with %s changed: %v, want a *ContradictionError for %s", c.field, err, c.field)
		}
	}
	// The view as it was still decodes and samples.
	if _, err := DecodeView(data, nil); err != nil {
		t.Errorf("the unedited view: %v", err)
	}
	if _, err := Determinize(base, 1); err != nil {
		t.Errorf("the unedited view: %v", err)
	}
}

func decision(doc map[string]any) map[string]any { return doc["decision"].(map[string]any) }
