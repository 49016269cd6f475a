#!/bin/sh
# run-pair.sh OUT TOL SIZE...: runs OUT.plain and OUT.raise (see
# build-pair.sh) with each SIZE and compares what they print: byte for byte
# if TOL is `exact`, otherwise every number within TOL (Inputs/close.py).
set -e
out=$1
tol=$2
shift 2
for size in "$@"; do
  "$out.plain" "$size" > "$out.plain.$size.out"
  "$out.raise" "$size" > "$out.raise.$size.out"
  if [ "$tol" = exact ]; then
    if ! cmp -s "$out.plain.$size.out" "$out.raise.$size.out"; then
      echo "size $size: the raise build prints something else:"
      diff "$out.plain.$size.out" "$out.raise.$size.out" | head -20
      exit 1
    fi
  else
    python3 "$(dirname "$0")/close.py" "$tol" "$out.plain.$size.out" \
      "$out.raise.$size.out"
  fi
done
