package waterdeep

import (
	"os"
	"testing"
)

// The content files were split by module (content/base, content/skullport,
// content/undermountain) without changing what loads: the same cards,
// tiles, spaces and lords in the same instance order, so the same
// fingerprints, and saved games and records of before the split load and
// play on. These tests pin that.

// layoutFingerprints are BaseContent's and FullContent's version 3
// fingerprints as they were before the split. A change here changes every
// saved game's content: DecodeState would refuse the old ones.
var layoutFingerprints = map[string]snapContent{
	BaseContentName: {Quests: 60, Intrigue: 50, Buildings: 24, Lords: 11, Spaces: 37, Programs: 171,
		Hash: "42e25780dca43a1eccd053483b5f6cdc"},
	FullContentName: {Quests: 120, Intrigue: 97, Buildings: 48, Lords: 17, Spaces: 67, Programs: 333,
		Hash: "96a400c933d5a5c1a54edbdd00f73539"},
}

func TestContentFingerprintsPinned(t *testing.T) {
	for name, c := range map[string]*Content{BaseContentName: BaseContent(), FullContentName: FullContent()} {
		if got, want := snapFingerprint(c), layoutFingerprints[name]; got != want {
			t.Errorf("%s content's fingerprint is %+v, want %+v: saved games of it would no longer load", name, got, want)
		}
	}
}

// Saved games (version 3) and their records, written before the content
// was split by module, in testdata/snapshot: each decodes with the content
// its fingerprint names, equals the state its record replays to, and plays
// on.
func TestSnapshotsOfBeforeTheSplit(t *testing.T) {
	for _, tc := range []struct {
		file string
		want *Content
	}{
		{"v3-base-4p", BaseContent()},
		{"v3-modules-5p-long", FullContent()},
		{"v3-skullport-6p", FullContent()},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile("testdata/snapshot/" + tc.file + ".json")
			if err != nil {
				t.Fatal(err)
			}
			s, err := DecodeState(data, nil)
			if err != nil {
				t.Fatalf("DecodeState: %v", err)
			}
			if s.Content() != tc.want {
				t.Fatalf("decoded with the wrong content")
			}
			data, err = os.ReadFile("testdata/snapshot/" + tc.file + ".record.json")
			if err != nil {
				t.Fatal(err)
			}
			rec, err := DecodeRecord(data)
			if err != nil {
				t.Fatalf("DecodeRecord: %v", err)
			}
			replayed, _, err := Replay(rec)
			if err != nil {
				t.Fatalf("Replay: %v", err)
			}
			if replayed != s {
				t.Fatalf("the saved state and its record's replay differ")
			}
			for range 30 {
				legal := s.LegalActions()
				if len(legal) == 0 {
					break
				}
				if s, err = s.Apply(legal[len(legal)/2]); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
