package main

import (
	"context"
	"fmt"

	"github.com/apache/arrow/go/v15/arrow"
	"github.com/apache/arrow/go/v15/arrow/array"
	"github.com/apache/arrow/go/v15/arrow/memory"
	"github.com/apache/arrow/go/v15/parquet"
	"github.com/apache/arrow/go/v15/parquet/compress"
	"github.com/apache/arrow/go/v15/parquet/pqarrow"
)

// rowSchema is the Arrow schema of the training rows' Parquet files (the
// fields of Row, in order; lists are Parquet's standard LIST).
var rowSchema = arrow.NewSchema([]arrow.Field{
	{Name: "run", Type: arrow.BinaryTypes.String},
	{Name: "seed", Type: arrow.PrimitiveTypes.Uint64},
	{Name: "game", Type: arrow.PrimitiveTypes.Int64},
	{Name: "game_seed", Type: arrow.PrimitiveTypes.Uint64},
	{Name: "step", Type: arrow.PrimitiveTypes.Int32},
	{Name: "seat", Type: arrow.PrimitiveTypes.Int32},
	{Name: "bot", Type: arrow.BinaryTypes.String},
	{Name: "observation_size", Type: arrow.PrimitiveTypes.Int32},
	{Name: "observation_index", Type: arrow.ListOf(arrow.PrimitiveTypes.Int32)},
	{Name: "observation_value", Type: arrow.ListOf(arrow.PrimitiveTypes.Float32)},
	{Name: "legal", Type: arrow.ListOf(arrow.PrimitiveTypes.Int32)},
	{Name: "move", Type: arrow.PrimitiveTypes.Int32},
	{Name: "scores", Type: arrow.ListOf(arrow.PrimitiveTypes.Int32)},
	{Name: "shares", Type: arrow.ListOf(arrow.PrimitiveTypes.Float64)},
}, nil)

// batchRows is the number of rows written as one row group (about 1 MB of
// observations in a 4-player base game, before compression).
const batchRows = 1024

// rowWriter writes a shard's training rows as one Parquet file, with the
// Apache Arrow Go library (which the Beam SDK already requires), in row
// groups of batchRows rows compressed with Snappy.
type rowWriter struct {
	f    *tempFile
	pw   *pqarrow.FileWriter
	b    *array.RecordBuilder
	n    int
	done bool
}

func newRowWriter(ctx context.Context, path string) (*rowWriter, error) {
	f, err := createTemp(ctx, path)
	if err != nil {
		return nil, err
	}
	// Version 2 data pages: with version 1 pages, arrow-go v15's level
	// encoder grows its buffer by 4 bytes (the levels' length prefix) at
	// every run it flushes, copying it each time, and the short lists
	// (legal, scores) made writing 8 times slower than playing the game.
	// pyarrow reads both versions.
	// No dictionary encoding: the observation's values, stored sparsely,
	// and its indexes are mostly distinct in a page, and the dictionary's
	// hashing was a third of a row's cost when the observation was dense.
	props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Snappy),
		parquet.WithDataPageVersion(parquet.DataPageV2), parquet.WithDictionaryDefault(false))
	pw, err := pqarrow.NewFileWriter(rowSchema, f, props, pqarrow.DefaultWriterProps())
	if err != nil {
		f.abort(ctx)
		return nil, err
	}
	return &rowWriter{f: f, pw: pw, b: array.NewRecordBuilder(memory.DefaultAllocator, rowSchema)}, nil
}

// write adds one row, and writes a row group when batchRows are waiting.
func (w *rowWriter) write(r Row) error {
	b := w.b
	b.Field(0).(*array.StringBuilder).Append(r.Run)
	b.Field(1).(*array.Uint64Builder).Append(r.Seed)
	b.Field(2).(*array.Int64Builder).Append(r.Game)
	b.Field(3).(*array.Uint64Builder).Append(r.GameSeed)
	b.Field(4).(*array.Int32Builder).Append(r.Step)
	b.Field(5).(*array.Int32Builder).Append(r.Seat)
	b.Field(6).(*array.StringBuilder).Append(r.Bot)
	b.Field(7).(*array.Int32Builder).Append(r.ObservationSize)
	appendList(b.Field(8).(*array.ListBuilder), r.ObservationIndex)
	appendList(b.Field(9).(*array.ListBuilder), r.ObservationValue)
	appendList(b.Field(10).(*array.ListBuilder), r.Legal)
	b.Field(11).(*array.Int32Builder).Append(r.Move)
	appendList(b.Field(12).(*array.ListBuilder), r.Scores)
	appendList(b.Field(13).(*array.ListBuilder), r.Shares)
	if w.n++; w.n == batchRows {
		return w.flush()
	}
	return nil
}

// appendList appends one list of values to a list column.
func appendList[T float32 | float64 | int32](lb *array.ListBuilder, xs []T) {
	lb.Append(true)
	switch vb := lb.ValueBuilder().(type) {
	case *array.Float32Builder:
		vb.AppendValues(any(xs).([]float32), nil)
	case *array.Float64Builder:
		vb.AppendValues(any(xs).([]float64), nil)
	case *array.Int32Builder:
		vb.AppendValues(any(xs).([]int32), nil)
	}
}

// flush writes the waiting rows as a row group.
func (w *rowWriter) flush() error {
	if w.n == 0 {
		return nil
	}
	rec := w.b.NewRecord()
	defer rec.Release()
	w.n = 0
	return w.pw.Write(rec)
}

// close completes the file under its final name.
func (w *rowWriter) close(ctx context.Context) error {
	w.done = true
	defer w.b.Release()
	err := w.flush()
	// The Parquet writer closes the file it writes to.
	if e := w.pw.Close(); err == nil {
		err = e
	}
	if err != nil {
		w.f.abort(ctx)
		return fmt.Errorf("rows: %w", err)
	}
	return w.f.commit(ctx)
}

// abort removes the file of a shard that failed.
func (w *rowWriter) abort(ctx context.Context) {
	if !w.done {
		w.done = true
		w.b.Release()
		w.f.abort(ctx)
	}
}
