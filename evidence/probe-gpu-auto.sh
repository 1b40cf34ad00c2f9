#!/usr/bin/env bash
# Run from the repository root on the GPU machine (bin/tilecheck built with
# CGO_ENABLED=0; .gpu/ holding the v3.0.0, v4.4.3 and v4.7.0 include
# tarballs; $OUT receives the reports). The iterator probe with no
# --iterator, so each class is compared with the model it matches: every
# class (PredicatedTileIterator included, which only the GPU runs) on each
# tree, the representative preset, then PredicatedTileIterator alone with
# the quick preset. $OUT receives the text reports and the log; the stderr
# of each run goes into one tarball.
set -u
errs=$(mktemp -d)
log=$OUT/probe-gpu-auto-log.txt
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -2; nproc; } > $log
mkdir -p /tmp/t && for v in v3.0.0 v4.4.3 v4.7.0; do tar xzf .gpu/cutlass-$v-include.tar.gz -C /tmp/t; done
run() {
  name=$1; shift
  s=$(date +%s)
  timeout 280 ./bin/tilecheck "$@" --format text --out $OUT/$name.txt 2>$errs/$name.err
  echo "tilecheck $* : exit $?, $(( $(date +%s) - s )) s" >> $log
}
for v in v3.0.0 v4.4.3 v4.7.0; do
  run probe-gpu-auto-$v-representative probe --backend gpu --include /tmp/t/cutlass-$v/include --namespace cutlass --class all &
done
wait
for v in v3.0.0 v4.4.3 v4.7.0; do
  run probe-gpu-auto-$v-quick-PredicatedTileIterator probe --backend gpu --include /tmp/t/cutlass-$v/include --namespace cutlass \
    --class PredicatedTileIterator --preset quick &
done
wait
date -u >> $log
tar czf $OUT/probe-gpu-auto-stderr.tgz -C $errs .
cat $log
