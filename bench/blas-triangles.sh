#!/usr/bin/env bash
# The reference BLAS's SYRK, SYR2K, SYMM (from either side) and TRMM in
# their own fixed-form style (bench/blas-triangles.f): built with flang-22
# -O3 -march=native without and with the plugin (the routines kept as
# calls), run alternately, timed at each size given. Prints a markdown table: seconds of both builds,
# their ratio and whether the output's bits are identical.
#
#   bench/blas-triangles.sh [repetitions] [N...]
#   BAZEL_OUTPUT_BASE=/path bench/blas-triangles.sh
set -euo pipefail
cd "$(dirname "$0")/.."

reps=${1:-3}
shift || true
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(300 1000)

# shellcheck source=bench/plugin.sh
source bench/plugin.sh
build_plugin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# flang inlines a routine whose flag argument is a constant: keep calls.
flags=(-O3 -march=native -ffixed-form -I tests/e2e -mllvm -inline-threshold=0
  -mllvm -locally-hot-callsite-threshold=0)
flang-22 "${flags[@]}" bench/blas-triangles.f -o "$out/plain"
flang-22 "${flags[@]}" -fpass-plugin="$plugin" bench/blas-triangles.f \
  -o "$out/raise"

echo "| routine | N | without s | with raise s | speedup | bit-identical |"
echo "|---|---|---|---|---|---|"
for n in "${sizes[@]}"; do
  taskset -c 0 "$out/plain" "$n" "$reps" >"$out/plain.out"
  taskset -c 0 "$out/raise" "$n" "$reps" >"$out/raise.out"
  paste -d';' "$out/plain.out" "$out/raise.out" |
    while IFS=';' read -r name plain hash _ raised rhash; do
      identical=yes
      [[ $hash == "$rhash" ]] || identical=NO
      ratio=$(awk -v a="$plain" -v b="$raised" 'BEGIN {printf "%.2fx", a / b}')
      echo "| $name | $n | $plain | $raised | $ratio | $identical |"
    done
done
