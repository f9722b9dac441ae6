// Command schemacheck validates the corpus of JSON documents
// (testdata/documents) against the library's JSON Schemas (schemas/), with
// a real JSON Schema validator (draft 2020-12).
//
// Each document is checked against the schema of its kind and version:
// schemas/<kind>.v<version>.schema.json, the version read from the
// document's "version" field (actions carry none: action.v2). Run it from
// the repository's root:
//
//	go -C tools/schemacheck run .
//	go -C tools/schemacheck run . path/to/document.json ...  # documents of your own
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func main() {
	root := flag.String("root", "../..", "the repository's root, relative to this tool's directory")
	flag.Parse()
	schemas, err := loadSchemas(filepath.Join(*root, "schemas"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "schemacheck:", err)
		os.Exit(1)
	}
	files := flag.Args()
	if len(files) == 0 {
		if files, err = corpusFiles(filepath.Join(*root, "testdata", "documents")); err != nil {
			fmt.Fprintln(os.Stderr, "schemacheck:", err)
			os.Exit(1)
		}
	}
	counts := map[string]int{}
	failed := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err == nil {
			err = schemas.validateFile(f, data, counts)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "schemacheck: %s: %v\n", f, err)
			failed++
		}
	}
	var kinds []string
	for k, n := range counts {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	fmt.Printf("schemacheck: %d files, documents by schema: %s\n", len(files), strings.Join(kinds, ", "))
	if failed > 0 {
		fmt.Fprintf(os.Stderr, "schemacheck: %d files do not validate\n", failed)
		os.Exit(1)
	}
}

// schemaSet holds the compiled schemas by file name
// ("state.v4.schema.json").
type schemaSet map[string]*jsonschema.Schema

// loadSchemas compiles every *.schema.json of dir, each under its $id so
// that their references to each other resolve.
func loadSchemas(dir string) (schemaSet, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.schema.json"))
	if err != nil || len(names) == 0 {
		return nil, fmt.Errorf("no schemas in %s (%v)", dir, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	ids := map[string]string{}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		m, _ := doc.(map[string]any)
		id, _ := m["$id"].(string)
		if want := schemaBase + filepath.Base(name); id != want {
			return nil, fmt.Errorf("%s: $id %q, want %q", name, id, want)
		}
		if err := c.AddResource(id, doc); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		ids[filepath.Base(name)] = id
	}
	set := schemaSet{}
	for base, id := range ids {
		s, err := c.Compile(id)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", base, err)
		}
		set[base] = s
	}
	return set, nil
}

// schemaBase is the prefix of every schema's $id.
const schemaBase = "https://github.com/waterdeep-go/waterdeep/schemas/"

// corpusFiles lists the corpus's files.
func corpusFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, path)
		}
		return err
	})
	if err == nil && len(out) == 0 {
		err = fmt.Errorf("no documents in %s", dir)
	}
	return out, err
}

// kindOf names the kind of a corpus file by its name: state-*.json,
// view-*.json, events-*.json, record*.json, catalog-*.json, actions*.jsonl
// (one action a line).
func kindOf(path string) string {
	base := filepath.Base(path)
	for _, k := range []string{"state", "view", "events", "record", "catalog", "action"} {
		if strings.HasPrefix(base, k) {
			return k
		}
	}
	return ""
}

// validateFile validates the document, or each line of a .jsonl file, and
// counts them by schema.
func (s schemaSet) validateFile(path string, data []byte, counts map[string]int) error {
	kind := kindOf(path)
	if kind == "" {
		return fmt.Errorf("no kind: a corpus file's name starts with state, view, events, record, catalog or action")
	}
	docs := [][]byte{data}
	if strings.HasSuffix(path, ".jsonl") {
		docs = bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	}
	for i, doc := range docs {
		name, err := s.validate(kind, doc)
		if err != nil {
			if len(docs) > 1 {
				return fmt.Errorf("line %d: %v", i+1, err)
			}
			return err
		}
		counts[name]++
	}
	return nil
}

// validate checks one document of a kind against its version's schema and
// returns the schema's file name.
func (s schemaSet) validate(kind string, doc []byte) (string, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return "", err
	}
	version := 2 // actions carry no version: their form is version 2's
	if kind != "action" {
		var head struct {
			Version *int `json:"version"`
		}
		if err := json.Unmarshal(doc, &head); err != nil || head.Version == nil {
			return "", fmt.Errorf("no version field (%v)", err)
		}
		version = *head.Version
	}
	name := fmt.Sprintf("%s.v%d.schema.json", kind, version)
	sch := s[name]
	if sch == nil {
		var have []string
		for n := range s {
			if strings.HasPrefix(n, kind+".") {
				have = append(have, n)
			}
		}
		slices.Sort(have)
		return "", fmt.Errorf("a %s document of version %d, and no schema %s (there are %s)", kind, version, name, strings.Join(have, ", "))
	}
	if err := sch.Validate(v); err != nil {
		return "", fmt.Errorf("does not validate against %s: %v", name, err)
	}
	return name, nil
}
