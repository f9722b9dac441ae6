package observe

import (
	"fmt"

	"github.com/waterdeep-go/waterdeep"
)

// ConfigError reports an encoder asked for a game that cannot be played:
// a player count out of range or an unknown module.
type ConfigError struct {
	Players int
	Modules waterdeep.Modules
	Detail  string
}

// Error implements error.
func (e *ConfigError) Error() string {
	return fmt.Sprintf("waterdeep: observe: %s (%d players, modules %q)", e.Detail, e.Players, e.Modules.String())
}

// MismatchError reports a view that is not of the encoder's games: another
// content, player count or set of modules.
type MismatchError struct {
	// Field names what differs: "content", "players" or "modules".
	Field string
}

// Error implements error.
func (e *MismatchError) Error() string {
	return "waterdeep: observe: the view's " + e.Field + " is not the encoder's"
}
