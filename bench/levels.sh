#!/usr/bin/env bash
# Darknet's four GEMMs at the optimization levels users build with: -O2,
# -Os, -O3, -O3 -ffast-math and -O3 -fopenmp (Darknet's OPENMP=1; the
# threads as OMP_NUM_THREADS says), each compiled without and with the plugin
# (clang-22 -march=native), timed by bench/darknet_bench.c on the same seeded
# inputs. Prints a markdown table: GFLOP/s of both builds, their ratio,
# whether C is bit-identical, and whether raise spliced raised code into the
# variant (from its remarks; the run-time check then chooses the raised code
# for these inputs, which alias nothing).
#
#   bench/levels.sh [DARKNET_DIR] [repetitions]
#
# With DARKNET_DIR (a checkout of pjreddie/darknet, outside this repository)
# the kernels are its own src/gemm.c; without it, examples/gemm.c (the same
# four functions as written there).
#   SIZES="1024 1024 1024" bench/levels.sh   (other shapes, M N K ...)
#   LEVELS="-O3;-O3 -fopenmp" bench/levels.sh (some levels, `;` between)
#   BAZEL_OUTPUT_BASE=/path bench/levels.sh
set -euo pipefail
cd "$(dirname "$0")/.."

darknet=${1:-}
reps=${2:-3}
read -r -a sizes <<<"${SIZES:-512 512 512 1000 700 300}"

# shellcheck source=bench/darknet.sh
source bench/darknet.sh
darknet_gemm "$darknet"

# shellcheck source=bench/plugin.sh
source bench/plugin.sh
build_plugin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

IFS=';' read -r -a levels <<<"${LEVELS:--O2;-Os;-O3;-O3 -ffast-math;-O3 -fopenmp}"
echo "| level | kernel | M x N x K | without | with raise | ratio | bit-identical | raised |"
echo "|---|---|---|---|---|---|---|---|"
for level in "${levels[@]}"; do
  for build in plain raise; do
    plugin_flags=()
    [[ $build == raise ]] &&
      plugin_flags=(-fpass-plugin="$plugin" -Rpass=raise)
    # shellcheck disable=SC2086
    clang-22 $level -march=native "${includes[@]}" "${plugin_flags[@]}" \
      -c "$source" -o "$out/$build.o" 2>"$out/$build.remarks"
    openmp=()
    [[ $level == *-fopenmp* ]] && openmp=(-fopenmp)
    clang-22 -O2 -march=native "${openmp[@]}" bench/darknet_bench.c \
      "$out/$build.o" -o "$out/$build.exe"
    "$out/$build.exe" "$reps" "${sizes[@]}" >"$out/$build.out"
  done
  # One line per kernel and size in each: name M N K GFLOP/s checksum.
  paste -d' ' "$out/plain.out" "$out/raise.out" |
    while read -r name m n k plain hash _ _ _ _ raised rhash; do
      spliced=no
      # With -fopenmp the nest is in the function clang outlines.
      grep -Eq "SCoP in $name(\.omp_outlined)? spliced" "$out/raise.remarks" &&
        spliced=yes
      same=no
      [[ $hash == "$rhash" ]] && same=yes
      ratio=$(awk -v a="$raised" -v b="$plain" 'BEGIN { printf "%.1f", a / b }')
      echo "| $level | $name | ${m}x${n}x${k} | $plain | $raised | $ratio | $same | $spliced |"
    done
done
