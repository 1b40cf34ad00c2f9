package cute

// LogicalDivide is logical_divide(A, B) = A o (B, B*), with B* =
// complement(B, size(A)): a rank-2 layout whose mode 0 is the tile B
// selects from A and whose mode 1 iterates over the tiles. It has the
// preconditions of Complement (on B) and Composition.
func LogicalDivide(a, b Layout) (Layout, error) {
	const op = OpLogicalDivide
	if err := check(op, "A", a); err != nil {
		return Layout{}, err
	}
	if err := check(op, "B", b); err != nil {
		return Layout{}, err
	}
	n, err := a.Size()
	if err != nil {
		return Layout{}, within(op, err)
	}
	rest, err := Complement(b, n)
	if err != nil {
		return Layout{}, within(op, err)
	}
	r, err := Composition(a, Concat(b, rest))
	return r, within(op, err)
}

// LogicalDivideTiler is logical_divide(A, <T0, T1, ...>): mode i of A
// divided by tiler[i], giving ((Tile0,Rest0), (Tile1,Rest1), ..., A's
// modes past the tiler).
func LogicalDivideTiler(a Layout, tiler []Layout) (Layout, error) {
	return byMode(OpLogicalDivideTile, a, tiler, LogicalDivide)
}

// unzipDivide divides A by mode and gathers the tiles and the rests:
// tiles = (Tile0, Tile1, ...), rests = [Rest0, Rest1, ..., A's modes past
// the tiler].
func unzipDivide(op Op, a Layout, tiler []Layout) (tiles Layout, rests []Layout, err error) {
	ld, err := byMode(op, a, tiler, LogicalDivide)
	if err != nil {
		return Layout{}, nil, err
	}
	ts := make([]Layout, len(tiler))
	for i := range tiler {
		m := ld.Mode(i)
		ts[i] = m.Mode(0)
		rests = append(rests, m.Mode(1))
	}
	for i := len(tiler); i < ld.Rank(); i++ {
		rests = append(rests, ld.Mode(i))
	}
	return Concat(ts...), rests, nil
}

// ZippedDivide is zipped_divide(A, <T0, T1, ...>):
// ((Tile0, Tile1, ...), (Rest0, Rest1, ..., A's modes past the tiler)).
// Its mode 0 is CompositionTiler(A, tiler) restricted to the tiled modes.
func ZippedDivide(a Layout, tiler []Layout) (Layout, error) {
	tiles, rests, err := unzipDivide(OpZippedDivide, a, tiler)
	if err != nil {
		return Layout{}, err
	}
	return Concat(tiles, Concat(rests...)), nil
}

// TiledDivide is tiled_divide(A, <T0, T1, ...>): zipped_divide with its
// rest mode unpacked, ((Tile0, Tile1, ...), Rest0, Rest1, ...).
func TiledDivide(a Layout, tiler []Layout) (Layout, error) {
	tiles, rests, err := unzipDivide(OpTiledDivide, a, tiler)
	if err != nil {
		return Layout{}, err
	}
	return Concat(append([]Layout{tiles}, rests...)...), nil
}
