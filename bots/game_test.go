package bots_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
)

// PlayGame with Players 0 seats one player per bot, as Tournament does.
func TestPlayGameZeroPlayersIsOnePerBot(t *testing.T) {
	seats := []bots.Bot{bots.NewRandom(1), bots.NewRandom(2), bots.NewRandom(3)}
	res, err := bots.PlayGame(context.Background(), waterdeep.Config{Seed: 5}, seats)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Scores) != 3 || len(res.Bots) != 3 {
		t.Errorf("%d scores, %d bots; want 3", len(res.Scores), len(res.Bots))
	}
}

// PlayGame's and Tournament's errors name the function called.
func TestSetupErrorsNameTheFunction(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		err  func() error
		want string
	}{
		{func() error {
			_, err := bots.PlayGame(ctx, waterdeep.Config{Players: 3}, []bots.Bot{bots.NewRandom(1)})
			return err
		}, "waterdeep: PlayGame: bots: 1 bot for 3 players; give one per seat"},
		{func() error {
			_, err := bots.PlayGame(ctx, waterdeep.Config{}, []bots.Bot{bots.NewRandom(1), nil})
			return err
		}, "waterdeep: PlayGame: bots: no bot in seat p2"},
		{func() error {
			_, err := bots.Tournament{Config: waterdeep.Config{Players: 3}, Bots: []bots.Factory{bots.RandomFactory, bots.RandomFactory}, Games: 1}.Run(ctx)
			return err
		}, "waterdeep: Tournament.Run: bots: 2 bots for 3 players; give one per seat"},
		{func() error {
			_, err := bots.Tournament{Bots: []bots.Factory{bots.RandomFactory, bots.RandomFactory}, Games: 1}.Game(ctx, -1)
			return err
		}, "waterdeep: Tournament.Game: game: -1: want 0 or more"},
	} {
		err := c.err()
		if _, ok := errors.AsType[*bots.SetupError](err); !ok || err.Error() != c.want {
			t.Errorf("error %v, want a *SetupError %q", err, c.want)
		}
	}
	// A game of one player is New's to refuse.
	_, err := bots.PlayGame(ctx, waterdeep.Config{}, []bots.Bot{bots.NewRandom(1)})
	if _, ok := errors.AsType[*waterdeep.ConfigError](err); !ok || !strings.Contains(err.Error(), "players") {
		t.Errorf("one bot: %v, want New's *ConfigError", err)
	}
}
