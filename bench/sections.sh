#!/usr/bin/env bash
# GEMM on Fortran sections (bench/sections.f90): built with flang-22 -O3
# -march=native (or FLAGS instead of -O3) without and with the plugin,
# timed at each size given.
# Prints a markdown table: GFLOP/s of both builds, their ratio and whether
# C's bits are identical.
#
#   bench/sections.sh [repetitions] [N...]
#   FLAGS=-O2 bench/sections.sh   (another build)
#   BAZEL_OUTPUT_BASE=/path bench/sections.sh
set -euo pipefail
cd "$(dirname "$0")/.."

reps=${1:-3}
shift || true
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(500 1000)

# shellcheck source=bench/plugin.sh
source bench/plugin.sh
build_plugin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

read -r -a flags <<<"${FLAGS:--O3}"
flags+=(-march=native)
flang-22 "${flags[@]}" bench/sections.f90 -o "$out/plain" -module-dir "$out"
flang-22 "${flags[@]}" -fpass-plugin="$plugin" bench/sections.f90 \
  -o "$out/raise" -module-dir "$out"

echo "| case | N | without | with raise | ratio | bit-identical |"
echo "|---|---|---|---|---|---|"
for n in "${sizes[@]}"; do
  "$out/plain" "$n" "$reps" >"$out/plain.out"
  "$out/raise" "$n" "$reps" >"$out/raise.out"
  paste -d';' "$out/plain.out" "$out/raise.out" |
    while IFS=';' read -r name plain hash _ raised rhash; do
      identical=yes
      [[ $hash == "$rhash" ]] || identical=NO
      ratio=$(awk -v a="$plain" -v b="$raised" 'BEGIN {printf "%.2fx", b / a}')
      echo "| $name | $n | $plain | $raised | $ratio | $identical |"
    done
done
