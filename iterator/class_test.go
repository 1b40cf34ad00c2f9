package iterator

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// classExamples are a valid configuration of each class, as written.
var classExamples = map[string]string{
	"RegularTileIterator":          "elem=f32 shape=64x8 threads=32 access=4 adv=1",
	"RegularTileAccessIterator":    "class=RegularTileAccessIterator elem=f32 shape=64x8 threads=32 access=4 adv=0 stride=66",
	"PredicatedTileAccessIterator": "class=PredicatedTileAccessIterator elem=f16 shape=64x8 threads=32 access=8 adv=0 stride=200 extent=192x8",
	"PredicatedTileIterator":       "class=PredicatedTileIterator elem=f16 shape=64x8 threads=32 access=8 adv=1 stride=136 extent=128x20 tb=0x3 access_elems=4",
}

// TestEveryClassAnswersEveryQuestion holds every registered class's
// descriptor to an answer for each question (a yes/no field is one
// either way) and to what its models do: each of its drawn ops runs on
// the reference, its smallest program records once, it has guards exactly
// when it is predicated and a load exactly when it has fragments.
func TestEveryClassAnswersEveryQuestion(t *testing.T) {
	require.NotEmpty(t, Classes())
	for _, c := range Classes() {
		info := c.Info()
		v := reflect.ValueOf(info)
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if f.Type.Kind() == reflect.Bool {
				continue
			}
			assert.False(t, v.Field(i).IsZero(), "%s: ClassInfo.%s has no answer", c, f.Name)
		}
		text, ok := classExamples[info.Name]
		require.True(t, ok, "%s: no example configuration in classExamples", c)
		cfg, err := ParseConfig(text)
		require.NoError(t, err)
		require.Equal(t, c, cfg.Class)
		ref, err := ModelByName("reference")
		require.NoError(t, err)
		for _, k := range info.Ops {
			prog := Program{{Kind: k, A: 1}, {Kind: info.RecordOps[0]}}
			_, err := TraceThreads(ref, cfg, prog, []int{0})
			assert.NoError(t, err, "%s: drawn op %s is unavailable", c, k.Name())
		}
		trs, err := TraceThreads(ref, cfg, Program{{Kind: info.RecordOps[0]}}, []int{0})
		require.NoError(t, err)
		require.Len(t, trs[0].Records, 1, "%s: the smallest program records once", c)
		assert.Equal(t, info.Predicated, trs[0].Records[0].Valid != nil, "%s: guards exactly when predicated", c)
		_, err = TraceThreads(ref, cfg, Program{{Kind: Load}}, []int{0})
		var unavailable *UnavailableError
		assert.Equal(t, !info.Fragments, errors.As(err, &unavailable), "%s: load() unavailable exactly without fragments (%v)", c, err)
		assert.Equal(t, info.Family, slices.Contains(mustParseClasses(t, "family"), c), "%s: --class family", c)
	}
}

func mustParseClasses(t *testing.T, s string) []Class {
	cs, err := ParseClasses(s)
	require.NoError(t, err)
	return cs
}

// TestRegisteredClassIsPickedUp registers a class in this file alone, a
// copy of PredicatedTileIterator's descriptor under a new name, and finds
// it everywhere a class is read: Classes, ClassByName, ParseClasses, its
// text form, and the tracer, which traces it as the class it copies.
func TestRegisteredClassIsPickedUp(t *testing.T) {
	fake := Class(len(classInfos))
	info := PredicatedTile.Info()
	info.Name = "FakeTileIterator"
	registerClass(fake, info)
	t.Cleanup(func() { unregisterClass(fake) })

	assert.Equal(t, fake, Classes()[len(Classes())-1])
	got, err := ClassByName("faketileiterator")
	require.NoError(t, err)
	assert.Equal(t, fake, got)
	assert.Contains(t, mustParseClasses(t, "family"), fake)
	assert.Contains(t, mustParseClasses(t, "all"), fake)
	assert.Equal(t, []Class{fake, RegularTile}, mustParseClasses(t, "FakeTileIterator,RegularTileIterator"))
	b, err := json.Marshal(fake)
	require.NoError(t, err)
	assert.Equal(t, `"FakeTileIterator"`, string(b))
	assert.True(t, fake.Family() && fake.Predicated())
	assert.True(t, DefectApplies(C3487Cross, fake))

	real, err := ParseConfig(classExamples["PredicatedTileIterator"])
	require.NoError(t, err)
	cfg := real
	cfg.Class = fake
	cfg2, err := ParseConfig(cfg.String())
	require.NoError(t, err, "a configuration of the new class reads back")
	assert.Equal(t, cfg, cfg2)
	prog, err := ParseProgram("load();inc;add_tile_offset(1,0);load();store()")
	require.NoError(t, err)
	for _, m := range append(Builtins(), Control(C3487Cross)) {
		want, err := TraceThreads(m, real, prog, AllThreads(real))
		require.NoError(t, err)
		got, err := TraceThreads(m, cfg, prog, AllThreads(cfg))
		require.NoError(t, err, "%s traces the new class", m.Name())
		assert.Equal(t, want, got, "%s: the new class traces as the class it copies", m.Name())
	}
}

// renamedReference is the reference model under another name: a model a
// test file adds through the registration alone.
type renamedReference struct{ referenceModel }

func (renamedReference) Name() string { return "reference-copy" }

// TestRegisteredModelIsPickedUp registers a model in this file alone and
// finds it where models are read: ModelByName, and Builtins or Older in
// its order, tracing as the model it copies.
func TestRegisteredModelIsPickedUp(t *testing.T) {
	before := Builtins()
	registerModel(renamedReference{}, 100, false)
	t.Cleanup(func() { unregisterModel("reference-copy") })

	m, err := ModelByName("reference-copy")
	require.NoError(t, err)
	assert.Equal(t, renamedReference{}, m)
	assert.Equal(t, append(before, m), Builtins(), "a built-in, last by its order")
	assert.NotContains(t, Older(), m)
	cfg := f32Example(t)
	prog := Program{{Kind: Load}, {Kind: AddTileOffset, A: 1}, {Kind: Store}}
	want, err := TraceThreads(referenceModel{}, cfg, prog, AllThreads(cfg))
	require.NoError(t, err)
	got, err := TraceThreads(m, cfg, prog, AllThreads(cfg))
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.NotNil(t, ShiftIn(&Arena{}, m, &cfg, prog, AllThreads(cfg)), "the copy keeps the reference's compact form")

	unregisterModel("reference-copy")
	registerModel(renamedReference{}, -1, true)
	assert.Equal(t, m, Older()[0], "an older release's model, first by its order")
	assert.Equal(t, before, Builtins())
}

// TestModelOrder pins the documented order of the registered models.
func TestModelOrder(t *testing.T) {
	var names []string
	for _, m := range append(Builtins(), Older()...) {
		names = append(names, m.Name())
	}
	assert.Equal(t, []string{"reference", "cutlass", "cutlass-pre3049", "cutlass-pre3.1"}, names)
}
