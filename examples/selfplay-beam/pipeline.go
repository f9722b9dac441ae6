package main

import (
	"bufio"
	"compress/gzip"
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/waterdeep-go/waterdeep/bots"
	"github.com/waterdeep-go/waterdeep/observe"

	// The filesystems the outputs may be written to: local paths and
	// Google Cloud Storage (gs://).
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*Shard)(nil)).Elem())
	beam.RegisterCoder(reflect.TypeOf((*GameStats)(nil)).Elem(), encodeStats, decodeStats)
	beam.RegisterCoder(reflect.TypeOf((*Tally)(nil)).Elem(), encodeTally, decodeTally)
	register.DoFn3x1[context.Context, Shard, func(GameStats), error](&playFn{})
	register.Emitter1[GameStats]()
	register.Combiner2[Tally, GameStats](&tallyFn{})
	register.DoFn2x1[context.Context, Tally, error](&summaryFn{})
}

// The Beam coders of the pipeline's own element types are JSON, which
// carries their maps and slices as they are. (Beam names a coder by its
// functions, so each type has functions of its own, not one generic.)
func encodeStats(v GameStats) ([]byte, error) { return json.Marshal(v) }
func encodeTally(v Tally) ([]byte, error)     { return json.Marshal(v) }

func decodeStats(b []byte) (GameStats, error) {
	var v GameStats
	err := json.Unmarshal(b, &v)
	return v, err
}

func decodeTally(b []byte) (Tally, error) {
	var v Tally
	err := json.Unmarshal(b, &v)
	return v, err
}

// Shard is a range of games a worker plays: Count games from First, in
// order. Index numbers its output files.
type Shard struct {
	Index, First, Count int
}

// build adds the self-play pipeline of o to scope s: the shards are
// spread over the workers, each plays its games with the library's game
// runner (bots.Tournament.Game) and writes its records and training rows,
// and the games' stats are combined into the summary.
func build(s beam.Scope, o Options) error {
	if _, err := o.tournament(); err != nil {
		return err
	}
	var shards []Shard
	for i := range o.shards() {
		first := i * o.ShardGames
		shards = append(shards, Shard{Index: i, First: first, Count: min(o.ShardGames, o.Games-first)})
	}
	col := beam.CreateList(s, shards)
	// Without the reshuffle a runner may fuse the list with the games and
	// play every shard on the one worker that made the list.
	col = beam.Reshuffle(s, col)
	stats := beam.ParDo(s, &playFn{Opts: o}, col)
	if o.Summary != "" {
		tally := beam.Combine(s, &tallyFn{}, stats)
		beam.ParDo0(s, &summaryFn{Opts: o}, tally)
	}
	return nil
}

// playFn plays a shard's games and emits each game's stats, writing the
// shard's records and rows files when asked. A game's result depends only
// on the options and its number, so a shard retried by the runner writes
// the same files again.
type playFn struct {
	Opts Options

	t   bots.Tournament
	enc *observe.Encoder
}

// Setup makes the tournament and the encoder once per worker.
func (f *playFn) Setup() error {
	t, err := f.Opts.tournament()
	if err != nil {
		return err
	}
	f.t = t
	f.enc, err = observe.New(t.Config.Content, t.Config.Players, t.Config.Modules)
	return err
}

// ProcessElement plays one shard.
func (f *playFn) ProcessElement(ctx context.Context, sh Shard, emit func(GameStats)) error {
	var records *recordWriter
	if f.Opts.Records != "" {
		w, err := newRecordWriter(ctx, f.Opts.shardPath(f.Opts.Records, sh.Index, ".jsonl.gz"))
		if err != nil {
			return err
		}
		defer w.abort(ctx)
		records = w
	}
	var rows func(Row) error
	var pw *rowWriter
	if f.Opts.Rows != "" {
		w, err := newRowWriter(ctx, f.Opts.shardPath(f.Opts.Rows, sh.Index, ".parquet"))
		if err != nil {
			return err
		}
		defer w.abort(ctx)
		pw, rows = w, w.write
	}
	for g := sh.First; g < sh.First+sh.Count; g++ {
		res, err := f.t.Game(ctx, g)
		if err != nil {
			return err
		}
		st, err := analyse(res, f.enc, RunInfo{Run: f.Opts.RunID(), Seed: f.Opts.Seed}, rows)
		if err != nil {
			return err
		}
		if records != nil {
			if err := records.write(res); err != nil {
				return err
			}
		}
		emit(st)
	}
	if records != nil {
		if err := records.close(ctx); err != nil {
			return err
		}
	}
	if pw != nil {
		return pw.close(ctx)
	}
	return nil
}

// shardFile matches the names of the shard files of an output prefix,
// final or temporary (PREFIX-SSSSS-of-NNNNN.EXT, .tmp-RANDOM after it).
var shardFile = regexp.MustCompile(`-[0-9]{5}-of-[0-9]{5}\.(parquet|jsonl\.gz)(\.tmp-[0-9a-f]+)?$`)

// Clean prepares the outputs of o before the pipeline is launched: a
// rerun into the same prefixes must not leave an earlier run's shards
// beside its own (with another shard count they would not even share
// names). It returns an error naming the shard files found under the
// Records and Rows prefixes, or with overwrite removes them.
func Clean(ctx context.Context, o Options, overwrite bool) error {
	for _, prefix := range []string{o.Records, o.Rows} {
		if prefix == "" {
			continue
		}
		fs, err := filesystem.New(ctx, prefix)
		if err != nil {
			return err
		}
		files, err := fs.List(ctx, prefix+"-*")
		if err != nil {
			fs.Close()
			return err
		}
		var old []string
		for _, f := range files {
			if strings.HasPrefix(f, prefix+"-") && shardFile.MatchString(f[len(prefix):]) {
				old = append(old, f)
			}
		}
		if len(old) > 0 && !overwrite {
			fs.Close()
			return fmt.Errorf("%d shard files of an earlier run under %s (%s, ...): remove them, pick another prefix or pass -overwrite", len(old), prefix, old[0])
		}
		for _, f := range old {
			rm, ok := fs.(filesystem.Remover)
			if !ok {
				fs.Close()
				return fmt.Errorf("%s: the filesystem cannot remove files", f)
			}
			if err := rm.Remove(ctx, f); err != nil {
				fs.Close()
				return err
			}
		}
		fs.Close()
	}
	return nil
}

// tallyFn combines the games' stats into one Tally; its sums are exact, so
// the order the runner combines in does not matter.
type tallyFn struct{}

// CreateAccumulator returns an empty tally.
func (tallyFn) CreateAccumulator() Tally { return Tally{} }

// AddInput counts one game.
func (tallyFn) AddInput(t Tally, g GameStats) Tally {
	t.add(g)
	return t
}

// MergeAccumulators adds two tallies.
func (tallyFn) MergeAccumulators(a, b Tally) Tally {
	a.merge(b)
	return a
}

// summaryFn writes the summary of the final tally as JSON.
type summaryFn struct {
	Opts Options
}

// ProcessElement writes the summary file.
func (f *summaryFn) ProcessElement(ctx context.Context, t Tally) error {
	b, err := json.MarshalIndent(f.Opts.summary(t), "", "  ")
	if err != nil {
		return err
	}
	return writeFile(ctx, f.Opts.Summary, append(b, '\n'))
}

// writeFile writes data to path on its Beam filesystem, through a
// temporary name.
func writeFile(ctx context.Context, path string, data []byte) error {
	f, err := createTemp(ctx, path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.abort(ctx)
		return err
	}
	return f.commit(ctx)
}

// tempFile is an output file being written under a temporary name
// (PATH.tmp-RANDOM) on its Beam filesystem, and renamed to its final name
// by commit once complete, so that a shard that fails or is retried never
// leaves a truncated file under a name that looks final.
type tempFile struct {
	fs        filesystem.Interface
	path, tmp string
	w         io.WriteCloser
	closed    bool
	closeErr  error
}

// tempSuffix marks the temporary files (removed by -overwrite).
const tempSuffix = ".tmp-"

func createTemp(ctx context.Context, path string) (*tempFile, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	if _, ok := fs.(filesystem.Renamer); !ok {
		fs.Close()
		return nil, fmt.Errorf("%s: the filesystem cannot rename files", path)
	}
	var rnd [6]byte
	crand.Read(rnd[:])
	tmp := path + tempSuffix + hex.EncodeToString(rnd[:])
	w, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		fs.Close()
		return nil, err
	}
	return &tempFile{fs: fs, path: path, tmp: tmp, w: w}, nil
}

func (f *tempFile) Write(p []byte) (int, error) { return f.w.Write(p) }

// Close closes the temporary file (once: the Parquet writer closes its
// sink itself); commit or abort must follow.
func (f *tempFile) Close() error {
	if !f.closed {
		f.closed = true
		f.closeErr = f.w.Close()
	}
	return f.closeErr
}

// commit closes the file and renames it to its final name.
func (f *tempFile) commit(ctx context.Context) error {
	defer f.fs.Close()
	if err := f.Close(); err != nil {
		f.remove(ctx)
		return err
	}
	if err := f.fs.(filesystem.Renamer).Rename(ctx, f.tmp, f.path); err != nil {
		f.remove(ctx)
		return fmt.Errorf("%s: %w", f.path, err)
	}
	return nil
}

// abort closes and removes the temporary file.
func (f *tempFile) abort(ctx context.Context) {
	defer f.fs.Close()
	f.Close()
	f.remove(ctx)
}

func (f *tempFile) remove(ctx context.Context) {
	if r, ok := f.fs.(filesystem.Remover); ok {
		r.Remove(ctx, f.tmp)
	}
}

// recordWriter writes a shard's games as gzip-compressed JSON lines.
type recordWriter struct {
	f    *tempFile
	z    *gzip.Writer
	b    *bufio.Writer
	done bool
}

// recordLine is one game's line: the fields of examples/tournament's
// records, with the game's seed and entrants.
type recordLine struct {
	Game      int             `json:"game"`
	Seed      uint64          `json:"seed"`
	Bots      []string        `json:"bots"`
	Entrants  []int           `json:"entrants"`
	Scores    []int           `json:"scores"`
	Winners   []int           `json:"winners"`
	Decisions int             `json:"decisions"`
	Record    json.RawMessage `json:"record"`
}

func newRecordWriter(ctx context.Context, path string) (*recordWriter, error) {
	f, err := createTemp(ctx, path)
	if err != nil {
		return nil, err
	}
	z := gzip.NewWriter(f)
	return &recordWriter{f: f, z: z, b: bufio.NewWriter(z)}, nil
}

func (w *recordWriter) write(r bots.GameResult) error {
	rec, err := json.Marshal(r.Record)
	if err != nil {
		return err
	}
	line := recordLine{Game: r.Game, Seed: r.Seed, Bots: r.Bots, Entrants: r.Entrants, Scores: r.Scores, Decisions: r.Decisions, Record: rec}
	for _, p := range r.Winners {
		line.Winners = append(line.Winners, int(p))
	}
	b, err := json.Marshal(line)
	if err != nil {
		return err
	}
	w.b.Write(b)
	return w.b.WriteByte('\n')
}

// close completes the file under its final name.
func (w *recordWriter) close(ctx context.Context) error {
	w.done = true
	err := w.b.Flush()
	if e := w.z.Close(); err == nil {
		err = e
	}
	if err != nil {
		w.f.abort(ctx)
		return err
	}
	return w.f.commit(ctx)
}

// abort removes the file of a shard that failed.
func (w *recordWriter) abort(ctx context.Context) {
	if !w.done {
		w.done = true
		w.f.abort(ctx)
	}
}
