package contentyaml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/waterdeep-go/waterdeep/content"
	"gopkg.in/yaml.v3"
)

// Errorf returns a *LoadError for file, entry and field.
func Errorf(file, entry, field, format string, args ...any) error {
	return &content.LoadError{File: file, Entry: entry, Field: field, Err: fmt.Errorf(format, args...)}
}

// readFile reads name from fsys, refusing a file of more than MaxFileSize
// bytes before reading it (if the file system knows its size) or as soon
// as more has been read.
func readFile(fsys fs.FS, name string) ([]byte, error) {
	tooLarge := fmt.Errorf("%w: more than %d bytes", content.ErrFileTooLarge, content.MaxFileSize)
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Size() > content.MaxFileSize {
		return nil, tooLarge
	}
	data, err := io.ReadAll(io.LimitReader(f, content.MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > content.MaxFileSize {
		return nil, tooLarge
	}
	return data, nil
}

// DecodeFile reads name from fsys and decodes it strictly into v: unknown
// fields, duplicate keys and trailing documents are errors, and so is a file
// of more than MaxFileSize bytes (ErrFileTooLarge).
func DecodeFile(fsys fs.FS, name string, v any) error {
	data, err := readFile(fsys, name)
	if err != nil {
		return &content.LoadError{File: name, Err: err}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return &content.LoadError{File: name, Err: yamlWords(err)}
	}
	// Only the end of the input means that nothing follows: a second
	// document is an error, and so is anything the decoder cannot read
	// there (a syntax error, an undefined alias). It is decoded as a node,
	// which does not expand aliases, so an alias bomb costs nothing.
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == io.EOF:
		return nil
	case err != nil:
		return &content.LoadError{File: name, Err: fmt.Errorf("after the first YAML document: %w", yamlWords(err))}
	}
	return &content.LoadError{File: name, Err: errors.New("more than one YAML document")}
}
