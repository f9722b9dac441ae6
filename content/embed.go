package content

import (
	"embed"
	"io/fs"
	"path"
	"strings"
)

// The embedded content, a folder per module: base/ holds the base game's
// entries, undermountain/ and skullport/ each module's.
//
//go:embed base/*.yaml undermountain/*.yaml skullport/*.yaml
var files embed.FS

// Base returns the base game's content files: buildings.yaml, quests.yaml,
// intrigue.yaml and lords.yaml, with none of the modules' entries.
func Base() fs.FS {
	sub, err := fs.Sub(files, "base")
	if err != nil {
		panic(err) // the embedded directory always exists
	}
	return sub
}

// Full returns all the embedded content in the layout that loaders read
// (see the package documentation): the base game's files at the root, and each module's
// files in a folder of its name (undermountain/quests.yaml,
// skullport/quests.yaml, ...).
func Full() fs.FS { return fullFS{} }

// fullFS serves Full: a path in a module's folder is that module's
// embedded file, any other path the base game's.
type fullFS struct{}

// Open implements fs.FS.
func (fullFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	for _, dir := range moduleNames {
		if name == dir || strings.HasPrefix(name, dir+"/") {
			return files.Open(name)
		}
	}
	f, err := files.Open(path.Join("base", name))
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return f, nil
}
