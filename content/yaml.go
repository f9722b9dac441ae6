package content

import "errors"

// LoadError reports content that does not load: the file, the entry (an id,
// or empty for the whole file) and the field at fault.
type LoadError struct {
	File  string
	Entry string
	Field string
	Err   error
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
