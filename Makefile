# tilecheck — see README.md. `make sweep` is the main job, `make test` the tests.
GO ?= go
BIN := bin/tilecheck
# bash with pipefail: `go test -json | testprogress` fails when either does.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
# -trimpath keeps the checkout's directory out of Go's build cache keys, so
# that a fresh clone anywhere reuses what any other checkout compiled and
# vetted (the go commands the tests start inherit it).
GOFLAGS := -trimpath $(GOFLAGS)
export GOFLAGS

.PHONY: all build test test-long lint vet staticcheck fmt-check sweep bench fuzz gpu-bin clean

# staticcheck, pinned, run through go run: a fresh machine needs nothing but
# Go and the module proxy (or a module cache that holds it).
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

all: build

build:
	CGO_ENABLED=0 $(GO) build -buildvcs=auto -o $(BIN) ./cmd/tilecheck

# The quick all-models sweep (the model × property matrix), then the CuTe
# layout algebra's and TiledCopy's quick sweeps of their Go models.
sweep: build
	./$(BIN) sweep --preset quick
	./$(BIN) cute sweep --preset quick
	./$(BIN) cute copy sweep --preset quick

fmt-check:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

staticcheck:
	$(GO) run $(STATICCHECK) ./...

# Test packages run one per CPU (-p), each test process on half the CPUs
# (GOMAXPROCS, at least one): the compiled-code tests keep g++ processes
# busy beside them, and a Go runtime given every CPU of a machine already
# full spends CPU looking for work.
CPUS := $(shell nproc 2>/dev/null || echo 2)
TEST_PROCS := $(shell echo $$(( ($(CPUS) + 1) / 2 )))

# -short: each test at the size its claim needs (the mutant catalogue on
# three seeds; the release and exhaustive sweeps wait for test-long).
# -vet=off: vet has just run with every analyzer. -timeout: the
# compiled-code packages take minutes on a loaded 2-core machine; the
# default 10 minutes per package is a guess, not a target. testprogress
# prints a line as each package starts and ends (plain go test holds a
# package's result back until every package listed before it has ended),
# the output of what failed, and the skipped tests.
test: fmt-check vet
	GOMAXPROCS=$(TEST_PROCS) $(GO) test -p $(CPUS) -short -vet=off -count=1 -timeout 30m -json ./... 2>&1 | $(GO) run ./internal/testprogress

# What -short leaves out of make test: the pure-Go engines' packages in
# full (the mutant catalogue on ten seeds, release and exhaustive sweeps,
# shards of whole sweeps), and the second real tree (v4.4.3) and further
# CuTe copy atoms of the real-CUTLASS tests. CI runs it after make test.
test-long:
	$(GO) test -vet=off -count=1 -timeout 30m -json ./sweep/ ./cute/tiledcopy/copysweep/ 2>&1 | $(GO) run ./internal/testprogress
	$(GO) test -vet=off -count=1 -timeout 30m -json -run 'TestCuteCopy(SweepJSON|ShardMerge)$$|TestRealCutlassProbe$$' ./cmd/tilecheck/ 2>&1 | $(GO) run ./internal/testprogress
	$(GO) test -vet=off -count=1 -timeout 30m -json -run 'TestRealCuteFindings$$|TestHostAgainstHandDerived$$' ./cute/cutesweep/ ./cute/tiledcopy/copycxx/ 2>&1 | $(GO) run ./internal/testprogress

# Static checks: gofmt, go vet and staticcheck (CI runs it; make test runs
# the first two).
lint: fmt-check vet staticcheck

bench:
	$(GO) test -run '^$$' -bench . -benchtime 3x ./...

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParseConfig -fuzztime 30s ./iterator
	$(GO) test -run '^$$' -fuzz FuzzParseProgram -fuzztime 30s ./iterator

# A static binary for the GPU machine (no Go there); bin/ is git-ignored.
gpu-bin:
	CGO_ENABLED=0 GOOS=linux GOARCH=amd64 $(GO) build -o bin/tilecheck-linux-amd64 ./cmd/tilecheck

clean:
	rm -rf bin
