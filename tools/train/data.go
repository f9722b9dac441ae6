package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/apache/arrow/go/v15/arrow"
	"github.com/apache/arrow/go/v15/arrow/array"
	"github.com/apache/arrow/go/v15/arrow/memory"
	"github.com/apache/arrow/go/v15/parquet/file"
	"github.com/apache/arrow/go/v15/parquet/pqarrow"

	"github.com/waterdeep-go/waterdeep"
	"github.com/waterdeep-go/waterdeep/bots"
)

// position is one training row reduced to what the model reads: every
// seat slot's non-zero inputs and win share, with the round and where it
// came from.
type position struct {
	game  int64
	step  int32
	round int8
	// start[k]..start[k+1] are slot k's inputs in the set's arrays.
	start  [waterdeep.MaxPlayers + 1]int
	shares [waterdeep.MaxPlayers]float32
	// margins: every seat's final score less the seats' mean, in
	// marginUnit VP (cut-off positions only).
	margins [waterdeep.MaxPlayers]float32
}

// marginUnit is the VP a margin model's outputs count in: ISMCTS squashes
// a margin of one unit to most of its reward (bots.evalScale).
const marginUnit = 10

// set holds positions and their inputs in flat arrays (a few bytes an
// input, so that hundreds of thousands of positions fit in memory).
type set struct {
	players int
	margins bool // train on the margins, not the shares
	pos     []position
	idx     []uint16
	val     []float32
}

func (s *set) inputs(i, k int) ([]uint16, []float32) {
	p := &s.pos[i]
	return s.idx[p.start[k]:p.start[k+1]], s.val[p.start[k]:p.start[k+1]]
}

// keep reports whether row (game, step) is in the sample: a hash of the
// seed, game and step below rate.
func keep(seed uint64, game int64, step int32, rate float64) bool {
	if rate >= 1 {
		return true
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d/%d", seed, game, step)
	return float64(mix64(h.Sum64())>>11)/float64(1<<53) < rate
}

// mix64 is SplitMix64's finaliser. FNV-1a alone barely moves its top bits
// for strings that differ in their last characters, so that the steps of
// one game were kept or dropped together: a fifth of a game's rows, or
// three quarters, at the rate 0.25.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// readRows reads the rows of the Parquet files, splitting them by game
// into the training set and the held-out set (game % holdout == 0), each
// row kept with probability rate (train) or evalRate (held out).
func readRows(files []string, f *bots.ValueFeatures, seed uint64, holdout int64, rate, evalRate float64) (train, valid, held *set, games map[int64]bool, err error) {
	train, valid, held = &set{players: f.Players()}, &set{players: f.Players()}, &set{players: f.Players()}
	games = map[int64]bool{}
	var obs []float32
	var in []bots.ValueInput
	cols := []string{"game", "step", "observation_size", "observation_index", "observation_value", "shares"}
	for _, path := range files {
		if err := readFile(path, cols, func(rec arrow.Record) error {
			game := rec.Column(0).(*array.Int64)
			step := rec.Column(1).(*array.Int32)
			size := rec.Column(2).(*array.Int32)
			oi, ov, sh := rec.Column(3).(*array.List), rec.Column(4).(*array.List), rec.Column(5).(*array.List)
			oiv := oi.ListValues().(*array.Int32).Int32Values()
			ovv := ov.ListValues().(*array.Float32).Float32Values()
			shv := sh.ListValues().(*array.Float64).Float64Values()
			for r := range int(rec.NumRows()) {
				g, st := game.Value(r), step.Value(r)
				games[g] = true
				dst, rt := train, rate
				switch g % holdout {
				case 0:
					dst, rt = held, evalRate
				case holdout / 2:
					dst = valid
				}
				if !keep(seed, g, st, rt) {
					continue
				}
				n := int(size.Value(r))
				if cap(obs) < n {
					obs = make([]float32, n)
				}
				obs = obs[:n]
				clear(obs)
				a, b := oi.ValueOffsets(r)
				for j := a; j < b; j++ {
					obs[oiv[j]] = ovv[j]
				}
				p := position{game: g, step: st}
				p.round = int8(obs[0]) // game.round is the observation's first float
				a, b = sh.ValueOffsets(r)
				if int(b-a) != f.Players() {
					return fmt.Errorf("%s: game %d step %d: %d shares for %d players", path, g, st, b-a, f.Players())
				}
				for k := range f.Players() {
					p.shares[k] = float32(shv[int(a)+k])
					p.start[k] = len(dst.idx)
					in = f.FromObservation(in[:0], obs, k)
					for _, x := range in {
						dst.idx = append(dst.idx, uint16(x.Index))
						dst.val = append(dst.val, x.Value)
					}
				}
				p.start[f.Players()] = len(dst.idx)
				dst.pos = append(dst.pos, p)
			}
			return nil
		}); err != nil {
			return nil, nil, nil, nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return train, valid, held, games, nil
}

// readFile calls fn with every record batch of the named columns of a
// Parquet file.
func readFile(path string, cols []string, fn func(arrow.Record) error) error {
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		return err
	}
	defer pf.Close()
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: 4096}, memory.DefaultAllocator)
	if err != nil {
		return err
	}
	schema, err := fr.Schema()
	if err != nil {
		return err
	}
	var idx []int
	for _, c := range cols {
		is := schema.FieldIndices(c)
		if len(is) != 1 {
			return fmt.Errorf("no column %s (rows of an older selfplay-beam?)", c)
		}
		idx = append(idx, is[0])
	}
	rr, err := fr.GetRecordReader(context.Background(), idx, nil)
	if err != nil {
		return err
	}
	defer rr.Release()
	for rr.Next() {
		if err := fn(rr.Record()); err != nil {
			return err
		}
	}
	if err := rr.Err(); err != nil && err != io.EOF {
		return err
	}
	return nil
}

// recordLine is the part of selfplay-beam's record lines read here.
type recordLine struct {
	Game   int64           `json:"game"`
	Record json.RawMessage `json:"record"`
}

// runGames numbers the games of several runs given to -records at once:
// run k's game g is game k·runGames+g. A multiple of 10, so that the
// default -holdout holds out the same games of each run as alone.
const runGames = 1_000_000_000

// readRecords returns the records of the wanted games of the runs (each
// a list of files, as globRuns gives them), by game number: run k's game
// g is game k·runGames+g (want sees the renumbered game). A game number
// out of [0, runGames) or met twice in one run is an error naming the
// files: a run's game would otherwise silently replace another's.
func readRecords(runs [][]string, want func(int64) bool) (map[int64]waterdeep.Record, error) {
	out := map[int64]waterdeep.Record{}
	from := map[int64]string{} // the file of each game read
	for k, files := range runs {
		if err := readRun(files, int64(k)*runGames, want, out, from); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// readRun adds the wanted games of one run's files to out, numbered from
// base.
func readRun(files []string, base int64, want func(int64) bool, out map[int64]waterdeep.Record, from map[int64]string) error {
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		z, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			return fmt.Errorf("%s: %w", path, err)
		}
		sc := bufio.NewScanner(z)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var l recordLine
			if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
				f.Close()
				return fmt.Errorf("%s: %w", path, err)
			}
			if l.Game < 0 || l.Game >= runGames {
				f.Close()
				return fmt.Errorf("%s: game number %d; want 0 to %d", path, l.Game, runGames-1)
			}
			g := base + l.Game
			if other, ok := from[g]; ok {
				f.Close()
				return fmt.Errorf("%s: game %d is in %s too; give each run of selfplay-beam its own pattern, separated by commas", path, l.Game, other)
			}
			from[g] = path
			if !want(g) {
				continue
			}
			rec, err := waterdeep.DecodeRecord(l.Record)
			if err != nil {
				f.Close()
				return fmt.Errorf("%s: game %d: %w", path, l.Game, err)
			}
			out[g] = rec
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	return nil
}

// globRuns expands patterns, one run of selfplay-beam per pattern,
// separated by commas: each run's files, sorted. A pattern that matches
// nothing, or a file in two runs, is an error.
func globRuns(patterns string) ([][]string, error) {
	var runs [][]string
	seen := map[string]bool{}
	for _, p := range strings.Split(patterns, ",") {
		files, err := glob(p)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if seen[f] {
				return nil, fmt.Errorf("%s is in two of the runs %s", f, patterns)
			}
			seen[f] = true
		}
		runs = append(runs, files)
	}
	return runs, nil
}

// glob expands a pattern, sorted, and fails on no match.
func glob(pattern string) ([]string, error) {
	files, err := filepath.Glob(pattern)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no file matches %s", pattern)
	}
	sort.Strings(files)
	return files, nil
}
