#!/usr/bin/env bash
# tilecheck diff on the GPU: v4.4.3 against v4.7.0, every class (PredicatedTileIterator included).
set -u
mkdir -p /tmp/t && for v in v4.4.3 v4.7.0; do tar xzf .gpu/cutlass-$v-include.tar.gz -C /tmp/t; done
s=$(date +%s)
./bin/tilecheck diff --backend gpu --include /tmp/t/cutlass-v4.4.3/include --include /tmp/t/cutlass-v4.7.0/include --class all --format md --out $OUT/diff-gpu-cutlass-v4.4.3-v4.7.0-representative.md 2>$OUT/diff-gpu.err
echo "tilecheck diff --backend gpu --include v4.4.3 --include v4.7.0 --class all: exit $?, $(( $(date +%s) - s )) s" | tee $OUT/diff-gpu-log.txt
tail -5 $OUT/diff-gpu.err
