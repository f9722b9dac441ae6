package contentyaml

import (
	"errors"
	"fmt"
	"io/fs"
	"path"

	"github.com/waterdeep-go/waterdeep/content"
)

// A content file system holds each kind's file (quests.yaml,
// intrigue.yaml, buildings.yaml, lords.yaml) at its root: the base game's
// entries, then any module's entries, each tagged with its module. It may
// also hold a folder per module, named as the module is in YAML
// (undermountain/, skullport/), with files of the same names whose entries
// are that module's: their tag may be left out, and if given must be that
// module. A kind's entries are read from the file at the root, then from
// each module's folder in the order of the Modules bits (undermountain,
// then skullport), and numbered in that order. The embedded content (Full)
// keeps each module's entries in its folder.

// Origin is where a content entry was read: the file's path in the content
// file system, the module its folder gives (none at the root) and the
// entry's place in its list, from 1.
type Origin struct {
	File   string
	Module content.Modules
	N      int
}

// Tag checks an entry's module tag, as ModuleTag does, for an entry read
// from o: in a module's folder the tag may be empty or that module, and the
// entry is that module's.
func (o Origin) Tag(tag string, prev content.Modules) (content.Modules, error) {
	if o.Module == 0 {
		return ModuleTag(tag, prev)
	}
	if tag == "" {
		return o.Module, nil
	}
	m, err := ModuleTag(tag, prev)
	if err == nil && m != o.Module {
		err = fmt.Errorf("a %s entry in the %s folder", m, o.Module)
	}
	return m, err
}

// DecodeFiles decodes name from the root of fsys and then from each
// module's folder where the folder holds one (see Origin), strictly, as
// DecodeFile does, each into a new T that it passes to add with the path
// it came from and the module of its folder. The file at the root must
// exist.
func DecodeFiles[T any](fsys fs.FS, name string, add func(v *T, file string, module content.Modules) error) error {
	var root T
	if err := DecodeFile(fsys, name, &root); err != nil {
		return err
	}
	if err := add(&root, name, 0); err != nil {
		return err
	}
	for m := content.Modules(1); m&content.AllModules != 0; m <<= 1 {
		file := path.Join(m.String(), name)
		var v T
		if err := DecodeFile(fsys, file, &v); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return err
		}
		if err := add(&v, file, m); err != nil {
			return err
		}
	}
	return nil
}

// AppendOrigins appends to from the origins of n entries read from file,
// in the folder of module m (none at the root), numbered from 1.
func AppendOrigins(from []Origin, file string, m content.Modules, n int) []Origin {
	for i := range n {
		from = append(from, Origin{File: file, Module: m, N: i + 1})
	}
	return from
}

// ModuleTag checks the module tag of a content entry: empty for the base
// game, or one module's name. prev is the tag of the entry before it in the
// same list: a base entry may not follow a module's, so that the base
// game's instance numbers never depend on the modules' content (saved games
// name cards by instance).
func ModuleTag(tag string, prev content.Modules) (content.Modules, error) {
	if tag == "" {
		if prev != 0 {
			return 0, fmt.Errorf("a base game entry follows a %s entry; module entries come after the base game's", prev)
		}
		return 0, nil
	}
	m, ok := content.ParseModule(tag)
	if !ok {
		return 0, fmt.Errorf("unknown module %q (want undermountain or skullport)", tag)
	}
	return m, nil
}
