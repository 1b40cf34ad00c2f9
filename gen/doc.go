// Package gen generates the cases tilecheck judges: the presets (a typed
// Preset with one size table), the axes of RegularTileIterator
// configurations and their enumeration, the pairwise and wide cases, the
// family classes' generator, the rapid-drawn random cases with
// rapid's shrinking behind Shrink, the probe's case lists, and the targets
// the generators aim at (Targets: the coverage floors a sweep measures and
// reports). It judges nothing: the sweep engine asks it for cases and hands
// back a predicate.
package gen
