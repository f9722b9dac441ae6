package observe

import (
	"github.com/waterdeep-go/waterdeep"
)

// Encoder writes views of games with one content, player count and set of
// modules as observations of one Size. It is immutable once made, and safe
// to share between goroutines.
type Encoder struct {
	c       *waterdeep.Content
	players int
	modules waterdeep.Modules

	quests   []waterdeep.QuestID
	intrigue []waterdeep.IntrigueID
	tiles    []waterdeep.BuildingID
	spaces   []waterdeep.SpaceID
	lords    []waterdeep.LordID
	sources  []string

	// The position of each content instance in the lists above, -1 for
	// one not in the game's modules.
	questAt, intrigueAt, tileAt, spaceAt, lordAt []int16
	sourceAt                                     map[string]int

	fields []Field
	size   int
	off    offsets
}

// New returns the Encoder of the games played with content c (nil: the
// library's content, as waterdeep.Config picks it), players players and the
// given modules, which waterdeep.New would accept (2 to 5 players, or 6
// with a module). The long game changes no size.
func New(c *waterdeep.Content, players int, modules waterdeep.Modules) (*Encoder, error) {
	if modules&^(waterdeep.Undermountain|waterdeep.Skullport) != 0 {
		return nil, &ConfigError{Players: players, Modules: modules, Detail: "unknown module"}
	}
	if c == nil {
		c = waterdeep.BaseContent()
		if modules != 0 {
			c = waterdeep.FullContent()
		}
	}
	if players < 2 || players > waterdeep.MaxPlayers || players > c.NumLords() || (players == 6 && modules == 0) {
		return nil, &ConfigError{Players: players, Modules: modules, Detail: "players out of range"}
	}
	e := &Encoder{c: c, players: players, modules: modules, sourceAt: map[string]int{}}
	in := func(m waterdeep.Modules) bool { return m&^modules == 0 }
	e.questAt = positions(c.NumQuests(), func(i int) bool { return in(c.Quest(waterdeep.QuestID(i)).Module) }, &e.quests)
	e.intrigueAt = positions(c.NumIntrigue(), func(i int) bool { return in(c.Intrigue(waterdeep.IntrigueID(i)).Module) }, &e.intrigue)
	e.tileAt = positions(c.NumBuildings(), func(i int) bool { return in(c.Building(waterdeep.BuildingID(i)).Module) }, &e.tiles)
	e.spaceAt = positions(c.NumSpaces(), func(i int) bool { return in(c.Space(waterdeep.SpaceID(i)).Module) }, &e.spaces)
	e.lordAt = positions(c.NumLords(), func(i int) bool { return in(c.Lord(waterdeep.LordID(i)).Module) }, &e.lords)
	// The names a decision's Source can take: the quests' and intrigue
	// cards' names, the buildings' of the game's spaces, and a tile's
	// owner benefit ("<tile> (owner)").
	addSource := func(name string) {
		if _, ok := e.sourceAt[name]; !ok && name != "" {
			e.sourceAt[name] = len(e.sources)
			e.sources = append(e.sources, name)
		}
	}
	for _, q := range e.quests {
		addSource(c.Quest(q).Name)
	}
	for _, i := range e.intrigue {
		addSource(c.Intrigue(i).Name)
	}
	for _, sp := range e.spaces {
		addSource(c.SpaceBuilding(sp))
	}
	for _, t := range e.tiles {
		addSource(c.Building(t).Name + " (owner)")
	}
	e.layout()
	return e, nil
}

// NewFor returns the Encoder of the game v is a view of.
func NewFor(v waterdeep.View) (*Encoder, error) {
	if v.Content() == nil {
		return nil, &ConfigError{Players: v.Players, Modules: v.Modules, Detail: "view of no game"}
	}
	return New(v.Content(), v.Players, v.Modules)
}

// positions lists the indices below n that keep holds into *list, and
// returns each index's position in it (-1 for the others).
func positions[T ~uint8](n int, keep func(int) bool, list *[]T) []int16 {
	at := make([]int16, n)
	for i := range n {
		at[i] = -1
		if keep(i) {
			at[i] = int16(len(*list))
			*list = append(*list, T(i))
		}
	}
	return at
}

// Size returns the number of floats of an observation.
func (e *Encoder) Size() int { return e.size }

// Players returns the player count the encoder is for.
func (e *Encoder) Players() int { return e.players }

// Modules returns the modules the encoder is for.
func (e *Encoder) Modules() waterdeep.Modules { return e.modules }

// Content returns the content the encoder is for.
func (e *Encoder) Content() *waterdeep.Content { return e.c }

// Layout returns the fields of the observation, in order: they cover every
// float from 0 to Size once.
func (e *Encoder) Layout() []Field { return append([]Field(nil), e.fields...) }

// Field returns the field named name, if there is one.
func (e *Encoder) Field(name string) (Field, bool) {
	for _, f := range e.fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

// Quests returns the quest instances that "quest" indexes, in order.
func (e *Encoder) Quests() []waterdeep.QuestID { return append([]waterdeep.QuestID(nil), e.quests...) }

// Intrigue returns the intrigue card instances that "intrigue" indexes.
func (e *Encoder) Intrigue() []waterdeep.IntrigueID {
	return append([]waterdeep.IntrigueID(nil), e.intrigue...)
}

// Buildings returns the tile instances that "tile" indexes.
func (e *Encoder) Buildings() []waterdeep.BuildingID {
	return append([]waterdeep.BuildingID(nil), e.tiles...)
}

// Spaces returns the action spaces that "space" indexes.
func (e *Encoder) Spaces() []waterdeep.SpaceID { return append([]waterdeep.SpaceID(nil), e.spaces...) }

// Lords returns the lords that "lord" indexes.
func (e *Encoder) Lords() []waterdeep.LordID { return append([]waterdeep.LordID(nil), e.lords...) }

// Sources returns the names decision.source indexes (its last element,
// beyond these, stands for any other name).
func (e *Encoder) Sources() []string { return append([]string(nil), e.sources...) }

// Layout returns the fields of the observation of games with the
// library's content (waterdeep.Config's default: BaseContent for the base
// game, FullContent with a module), players players and the modules.
func Layout(players int, modules waterdeep.Modules) ([]Field, error) {
	e, err := New(nil, players, modules)
	if err != nil {
		return nil, err
	}
	return e.Layout(), nil
}
