package gen

import (
	"slices"

	"github.com/tilecheck/tilecheck/iterator"
)

// allThreadsUpTo is the largest thread map whose every thread a sweep's
// grid cases judge: below it judging each thread is cheap.
const allThreadsUpTo = 8

// JudgedThreads picks the threads a grid case of configuration cfg (thread
// map m) judges per thread: every thread of a map of up to eight, else the
// threads whose place in the map differs: the first and last thread of
// each warp, of the first, second and last contiguous row of threads, of
// the last strided step and of the rows of threads whose accesses hold
// the rows either side of the extent's edge, and, in those rows, every
// thread with an access next to the pitch gap (a tile row's last vector,
// where L > Sc) or either side of the extent's edge along the contiguous
// rank. The extent's edge, modulo the tile, is where a residue tile ends
// too. The list is sorted and the same for a configuration whatever the
// seed.
func JudgedThreads(cfg iterator.Config, m iterator.ThreadMap) []int {
	n := cfg.Threads
	if n <= allThreadsUpTo || m.Threads != n || m.V == 0 {
		if n > allThreadsUpTo {
			return SampleThreads(n) // no thread map to read the structure from
		}
		all := make([]int, n)
		for t := range all {
			all[t] = t
		}
		return all
	}
	pick := []int{0, n - 1}
	for w := 0; w < n; w += 32 {
		pick = append(pick, w, min(w+31, n-1))
	}
	// The rows of threads: runs of threads starting on the same row.
	var rows [][2]int // first and last thread of each run
	for t := 0; t < n; t++ {
		if t == 0 || m.Init(t).S != m.Init(t-1).S {
			rows = append(rows, [2]int{t, t})
		}
		rows[len(rows)-1][1] = t
	}
	judged := []int{0, min(1, len(rows)-1), len(rows) - 1}
	// The last strided step's rows of threads: those starting on the
	// tile's last rows (a warp map steps its rows by the warp's height).
	last := m.Init(n - 1).S
	for i, r := range rows {
		if m.Init(r[0]).S == last {
			judged = append(judged, i)
		}
	}
	// The rows of threads at the extent's edge along the strided rank
	// (where a residue of rows ends).
	if erows := edgeRows(cfg); len(erows) > 0 {
		for i, r := range rows {
			if holdsRow(m, r[0], erows) {
				judged = append(judged, i)
			}
		}
	}
	edge := edgeColumns(cfg, m)
	for _, i := range judged {
		r := rows[i]
		pick = append(pick, r[0], r[1])
		for t := r[0]; t <= r[1]; t++ {
			if touches(m, t, edge) {
				pick = append(pick, t)
			}
		}
	}
	slices.Sort(pick)
	return slices.Compact(pick)
}

// edgeColumns are the tile-relative columns whose vectors a judged thread
// must hold: the tile row's last element where the pitch runs past it
// (the gap of a padded pitch, or the next tile's row), and, on the predicated classes, the last element before the
// extent's edge and the first past it, (extent − tb) modulo the tile (the
// residue's end along a contiguous advance rank, a partial extent across
// it).
func edgeColumns(cfg iterator.Config, m iterator.ThreadMap) []int64 {
	sh := cfg.PitchShape()
	var cols []int64
	if cfg.Pitch() > sh.C {
		cols = append(cols, sh.C-1)
	}
	if cfg.Class.Predicated() {
		ext := cfg.PitchExtent()
		if e := layoutMod(ext.C-cfg.TB[0], sh.C); e != 0 {
			cols = append(cols, e-1, e)
		}
	}
	return cols
}

// edgeRows are, on the predicated classes, the tile-relative rows either
// side of the extent's edge along the strided rank, (extent − tb) modulo
// the tile's rows.
func edgeRows(cfg iterator.Config) []int64 {
	if !cfg.Class.Predicated() {
		return nil
	}
	sh, ext := cfg.PitchShape(), cfg.PitchExtent()
	if e := layoutMod(ext.S-cfg.TB[1], sh.S); e != 0 {
		return []int64{e - 1, e}
	}
	return nil
}

// holdsRow says whether thread t makes an access in one of the rows.
func holdsRow(m iterator.ThreadMap, t int, rows []int64) bool {
	for is := int64(0); is < m.Iter.S; is++ {
		if slices.Contains(rows, m.Element(t, 0, is).S) {
			return true
		}
	}
	return false
}

// touches says whether one of thread t's vectors of V elements holds one
// of the columns cols.
func touches(m iterator.ThreadMap, t int, cols []int64) bool {
	for ic := int64(0); ic < m.Iter.C; ic++ {
		c := m.Element(t, ic, 0).C
		for _, col := range cols {
			if col >= c && col < c+int64(m.V) {
				return true
			}
		}
	}
	return false
}

func layoutMod(a, b int64) int64 {
	if b <= 0 {
		return 0
	}
	return ((a % b) + b) % b
}
