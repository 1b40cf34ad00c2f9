package layout

import "fmt"

// Kind is a tensor layout.
type Kind int

const (
	PitchLinear Kind = iota
	RowMajor
	ColumnMajor
)

func (k Kind) String() string {
	switch k {
	case PitchLinear:
		return "pitchlinear"
	case RowMajor:
		return "rowmajor"
	case ColumnMajor:
		return "columnmajor"
	}
	return fmt.Sprintf("layout(%d)", int(k))
}

// KindByName parses a layout name.
func KindByName(s string) (Kind, error) {
	switch s {
	case "pitchlinear", "pitch-linear":
		return PitchLinear, nil
	case "rowmajor", "row-major":
		return RowMajor, nil
	case "columnmajor", "column-major", "colmajor":
		return ColumnMajor, nil
	}
	return 0, fmt.Errorf("unknown layout %q (want pitchlinear, rowmajor or columnmajor)", s)
}

// Coord is a pitch-linear coordinate: C along the contiguous dimension (elements),
// S along the strided dimension (rows).
type Coord struct {
	C, S int64
}

func (c Coord) String() string { return fmt.Sprintf("(%d,%d)", c.C, c.S) }

// ToPitch maps a coordinate given in the layout's own order — (c, s) for
// pitch-linear, (row, col) for the matrix layouts — to pitch-linear (c, s).
// Row-major (row, col) is (c, s) = (col, row); column-major (row, col) is (row, col).
func (k Kind) ToPitch(a, b int64) Coord {
	if k == RowMajor {
		return Coord{C: b, S: a}
	}
	return Coord{C: a, S: b}
}

// FromPitch is the inverse of ToPitch: it returns the coordinate in the
// layout's own order.
func (k Kind) FromPitch(c Coord) (int64, int64) {
	if k == RowMajor {
		return c.S, c.C
	}
	return c.C, c.S
}

// PitchRank maps an advance rank given for this layout to the pitch-linear
// advance rank: the RowMajor wrapper advances along rank 1−r.
func (k Kind) PitchRank(r int) int {
	if k == RowMajor {
		return 1 - r
	}
	return r
}
