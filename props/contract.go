package props

import "fmt"

// Contract is what add_pointer_offset's argument is documented to count
// (--ptr-contract). CUTLASS documents elements and implements bytes (CUTLASS
// issue #3017); a sweep can hold an iterator to either. The zero value is the
// default, PtrElements. It is parsed once, where the text arrives (a flag,
// a shard's JSON), so no later layer validates it again.
type Contract uint8

const (
	// PtrElements: the argument counts elements (the documented contract).
	PtrElements Contract = iota
	// PtrBytes: the argument counts bytes.
	PtrBytes
)

var contractNames = [...]string{PtrElements: "elements", PtrBytes: "bytes"}

// String is the contract's name: elements or bytes, as --ptr-contract
// spells it.
func (c Contract) String() string {
	if int(c) < len(contractNames) {
		return contractNames[c]
	}
	return fmt.Sprintf("Contract(%d)", uint8(c))
}

// ParseContract is the contract named s: elements or bytes.
func ParseContract(s string) (Contract, error) {
	for c, name := range contractNames {
		if name == s {
			return Contract(c), nil
		}
	}
	return PtrElements, fmt.Errorf("unknown pointer-offset contract %q (want elements or bytes)", s)
}

// MarshalText encodes the contract as its name (a shard's JSON state).
func (c Contract) MarshalText() ([]byte, error) {
	if int(c) >= len(contractNames) {
		return nil, fmt.Errorf("unknown pointer-offset contract %d", uint8(c))
	}
	return []byte(contractNames[c]), nil
}

// UnmarshalText decodes a contract's name, rejecting any other.
func (c *Contract) UnmarshalText(b []byte) error {
	p, err := ParseContract(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}
