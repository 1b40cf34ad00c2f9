#!/usr/bin/env bash
# Run from the repository root on the GPU machine (bin/tilecheck built with
# CGO_ENABLED=0, .gpu/ holding the v4.7.0 and v3.0.0 include tarballs; $OUT
# receives the reports). The iterator probe on the GPU machine with no --cuda-include (nvcc's own
# include directories), on v4.7.0 and on v3.0.0 against cutlass-pre3.1.
set -u
log=$OUT/iter-gpu-log.txt
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -2; nproc; } > $log
mkdir -p /tmp/t && for v in v4.7.0 v3.0.0; do tar xzf .gpu/cutlass-$v-include.tar.gz -C /tmp/t; done
run() {
  name=$1; shift
  s=$(date +%s)
  ./bin/tilecheck "$@" --format json --out $OUT/$name.json 2>$OUT/$name.err
  rc=$?
  echo "tilecheck $* : exit $rc, $(( $(date +%s) - s )) s" >> $log
  ./bin/tilecheck "$@" --format text > $OUT/$name.txt 2>>$OUT/$name.err
  echo "  (text, warm): exit $?" >> $log
}
run probe-gpu-v4.7.0 probe --backend gpu --include /tmp/t/cutlass-v4.7.0/include --namespace cutlass --class all --iterator cutlass --verbose
run probe-gpu-v3.0.0 probe --backend gpu --include /tmp/t/cutlass-v3.0.0/include --namespace cutlass --class all --iterator cutlass-pre3.1
date -u >> $log
