#!/usr/bin/env bash
# Refreshes the CuTe TiledCopy GPU evidence (gpu-copy-*.{json,md},
# copy-device-log.txt, copy-test-gpu.txt), in three steps:
#   here:   evidence/cute/copy-gpu.sh prepare [CHECKOUT]
#           builds cute/tiledcopy/copycxx's test binary (static, no Go
#           needed there) and copies it, the real CUTLASS v4.7.0 and v4.4.3
#           include tarballs and this script into CHECKOUT/.gpu/copycxx
#           (CHECKOUT: the checkout the device machine receives; default
#           this one; .gpu/ is git-ignored);
#   there:  bash .gpu/copycxx/copy-gpu.sh run   (carry .gpu/copycxx), on a
#           machine with nvcc, g++, compute-sanitizer and a GPU: runs
#           TestGPURoundTrip on both trees and writes everything into $OUT;
#   here:   evidence/cute/copy-gpu.sh collect DIR
#           copies what came back (DIR) into evidence/cute.
set -u
here=$(cd "$(dirname "$0")" && pwd)
case "${1:-}" in
prepare)
  root=$(git -C "$here" rev-parse --show-toplevel)
  dest=${2:-$root}/.gpu/copycxx
  tarballs=${TILECHECK_CUTLASS_TARBALLS:-$(dirname "$root")/shared/cutlass}
  mkdir -p "$dest"
  (cd "$root" && CGO_ENABLED=0 go test -c -o "$dest/copycxx.test" ./cute/tiledcopy/copycxx) || exit 1
  for v in v4.7.0 v4.4.3; do cp "$tarballs/cutlass-$v-include.tar.gz" "$dest/" || exit 1; done
  cp "$here/copy-gpu.sh" "$dest/"
  ;;
run)
  b=$PWD/.gpu/copycxx
  export TILECHECK_GPU=1 TILECHECK_CUTLASS_TARBALLS=$b TILECHECK_EVIDENCE_DIR=$OUT
  export TILECHECK_CUDA_INCLUDE=/usr/local/cuda/include:/usr/local/cuda/include/cccl
  export PATH=/usr/local/cuda/bin:$PATH
  # The tests skip where CUDA's host headers are not in /usr/include.
  [ -e /usr/include/cuda_runtime.h ] || ln -s /usr/local/cuda/include/cuda_runtime.h /usr/include/cuda_runtime.h
  log=$OUT/copy-device-log.txt
  { date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -2
    g++ --version | head -1; compute-sanitizer --version | tail -1; nproc; } > "$log" 2>&1
  s=$(date +%s)
  timeout 540 "$b/copycxx.test" -test.run TestGPURoundTrip -test.v -test.timeout 580s > "$OUT/copy-test-gpu.txt" 2>&1
  echo "copycxx.test -test.run TestGPURoundTrip: exit $?, $(( $(date +%s) - s )) s" >> "$log"
  date -u >> "$log"
  cat "$log"
  grep -E "^(---|ok|FAIL|PASS)|NOT MET|errors over|answered in" "$OUT/copy-test-gpu.txt" | tail -40
  ;;
collect)
  for f in "$2"/gpu-copy-*.json "$2"/gpu-copy-*.md "$2"/copy-device-log.txt "$2"/copy-test-gpu.txt; do cp "$f" "$here/"; done
  ;;
*)
  echo "usage: $0 prepare [CHECKOUT] | run | collect DIR" >&2
  exit 2
  ;;
esac
