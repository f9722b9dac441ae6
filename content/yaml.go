package content

import "errors"

// LoadError reports content that does not load: the file, the entry (an id,
// or empty for the whole file) and the field at fault.
type LoadError struct {
	// File is the file's path in the content file system; Entry the
	// entry (its id, or "quest 3" before its id is known; empty for the
	// whole file); Field the field at fault, if any.
	File  string
	Entry string
	Field string
	// Err says what is wrong (errors.Is finds ErrFileTooLarge in it).
	Err error
}

// Error implements error.
func (e *LoadError) Error() string {
	where := e.File
	if e.Entry != "" {
		where += ": " + e.Entry
	}
	if e.Field != "" {
		where += ": " + e.Field
	}
	return "waterdeep: content " + where + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *LoadError) Unwrap() error { return e.Err }

// ErrFileTooLarge is the error inside the *LoadError for a content file of
// more than MaxFileSize bytes; errors.Is finds it.
var ErrFileTooLarge = errors.New("file too large")
