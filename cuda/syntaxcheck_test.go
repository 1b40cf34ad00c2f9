package cuda

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// syntaxCheck passes what parses and instantiates, without generating code
// (an unknown assembler instruction is left to Build), fails what does not
// with the compiler's diagnostic, caches both outcomes, and sees a header
// edited in place.
func TestSyntaxCheckCachesAndSeesEdits(t *testing.T) {
	tc, header, compiles := depToolchain(t)
	ctx := context.Background()
	asm := []byte("int main() { asm(\"tilecheck_no_such_instruction\"); return 0; }\n")
	require.NoError(t, tc.syntaxCheck(ctx, asm), "a syntax check generates no code")
	_, _, err := tc.Build(ctx, asm)
	require.Error(t, err, "the assembler rejects the instruction")

	writeHeader(t, header, "#define VALUE 1\n")
	before := compiles()
	require.NoError(t, tc.syntaxCheck(ctx, []byte(valueProgram)))
	require.NoError(t, tc.syntaxCheck(ctx, []byte(valueProgram)))
	assert.Equal(t, before+1, compiles(), "the second check of the same source and headers is cached")

	writeHeader(t, header, "#define VALUE not_declared\n")
	err = tc.syntaxCheck(ctx, []byte(valueProgram))
	var ce *CompileError
	require.ErrorAs(t, err, &ce, "an edited header is checked again")
	assert.Contains(t, ce.Output, "not_declared")
	assert.Contains(t, ce.Command, "-fsyntax-only")
	require.ErrorAs(t, tc.syntaxCheck(ctx, []byte(valueProgram)), &ce, "a failure is cached as a failure")
	assert.Equal(t, before+2, compiles())
}
