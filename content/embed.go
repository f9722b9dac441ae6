package content

import (
	"embed"
	"io/fs"
)

//go:embed base/*.yaml
var baseFiles embed.FS

// Base returns the base game's content files: buildings.yaml, quests.yaml,
// intrigue.yaml and lords.yaml.
func Base() fs.FS {
	sub, err := fs.Sub(baseFiles, "base")
	if err != nil {
		panic(err) // the embedded directory always exists
	}
	return sub
}
