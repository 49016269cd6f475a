#!/usr/bin/env bash
# Kernels from real programs nobody wrote for raise, one per coding style
# (the README's "Real code" table names the repositories and commits), each
# compiled with clang-22 -O3 -march=native without and with the plugin
# (-raise-report-versions) and timed on the same seeded inputs. The kernels
# are the fetched sources themselves: each driver in bench/real/ is built
# twice, with -DREAL_KERNELS (it includes the fetched file: the part compiled
# without and with the plugin) and without (the timing driver, always
# compiled without the plugin). Prints a markdown table: GFLOP/s of both
# builds, their ratio, whether the outputs are bit-identical, and which
# version ran in the raised build: the raised code, the original loops (a
# run-time check failed), or none (nothing was spliced); "unknown" where the
# build with -raise-report-versions crashed (then built without it).
#
#   bench/real.sh REAL_DIR [repetitions]
#
# REAL_DIR holds the fetched repositories (git archive of each, outside this
# repository): llm.c, llama2.c, PolyBenchC-4.2.1, SEED, cache-experiments,
# cpp-matrix-library, csi, retrolm, uw-hpc-cpp, Awesim, rodinia (the
# openmp/backprop folder of yuhc/gpu-rodinia).
#   FLAGS="-O3 -fopenmp" bench/real.sh REAL_DIR   (another build)
#   PROGRAMS="seed llmc" bench/real.sh REAL_DIR   (only these drivers)
#   BAZEL_OUTPUT_BASE=/path bench/real.sh REAL_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/versions.sh
source bench/versions.sh

real=${1:?usage: bench/real.sh REAL_DIR [repetitions]}
real=$(cd "$real" && pwd)
reps=${2:-3}
read -r -a flags <<<"${FLAGS:--O3}"

# shellcheck source=bench/plugin.sh
source bench/plugin.sh
build_plugin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# driver | fetched directory (-I) | extra flags for the kernels | M N K |
# extra flags for the link (optional)
programs=(
  "llmc.c|llm.c||256 768 768"
  "llama2.c|llama2.c||768 1 2048"
  "polybench.c|PolyBenchC-4.2.1|-I $real/PolyBenchC-4.2.1/utilities -DPOLYBENCH_USE_C99_PROTO -DDATA_TYPE_IS_FLOAT|400 500 300"
  "seed.c|SEED||400 500 300"
  "cache_experiments.c|cache-experiments||400 400 400"
  "cpp_matrix.cpp|cpp-matrix-library||400 500 300"
  "csi.c|csi/computer-systems/optimization/vec||1000 1 4000"
  "retrolm.c|retrolm||400 500 300"
  "amath583.cpp|uw-hpc-cpp/HW3/hw3_parismoe/q1-2||400 500 300"
  "awesim.c|Awesim|-I $real/Awesim/include|400 500 300"
  "rodinia_backprop.c|rodinia/openmp/backprop|-std=gnu89 -fopenmp|2048 1 2048|-fopenmp"
)

# The function each style's report line names where it is not the style's
# own name (C++ names are demangled).
declare -A function=(
  [matrix_product]='operator*<float>'
  [gemm]='polybench_gemm'
  [mm_jki]='mm_jki<float>'
  [mm_ikj]='mm_ikj<float>')

echo "| program | kernel | M x N x K | without | with raise | ratio | bit-identical | version that ran |"
echo "|---|---|---|---|---|---|---|---|"
for entry in "${programs[@]}"; do
  IFS='|' read -r driver dir extra size link <<<"$entry"
  read -r -a sizes <<<"$size"
  read -r -a extra <<<"$extra"
  read -r -a link <<<"$link"
  source=bench/real/$driver
  cc=clang-22
  [[ $driver == *.cpp ]] && cc=clang++-22
  name=${driver%.*}
  [[ -z ${PROGRAMS:-} || " $PROGRAMS " == *" $name "* ]] || continue
  includes=(-I "$real/$dir")
  "$cc" "${flags[@]}" -march=native "${includes[@]}" -c "$source" \
    -o "$out/$name.driver.o"
  "$cc" "${flags[@]}" -march=native -DREAL_KERNELS "${includes[@]}" \
    "${extra[@]}" -w -c "$source" -o "$out/$name.plain.o"
  # A compiler crash under -raise-report-versions is a finding, not the end
  # of the run: the row then says so and the raised build is timed without
  # the report.
  reported=yes
  if ! "$cc" "${flags[@]}" -march=native -DREAL_KERNELS "${includes[@]}" \
    "${extra[@]}" -w -fpass-plugin="$plugin" -mllvm -raise-report-versions \
    -c "$source" -o "$out/$name.raise.o" 2>"$out/$name.crash"; then
    echo "bench/real.sh: $name: -raise-report-versions build failed:" >&2
    grep -m1 'on function' "$out/$name.crash" >&2 || true
    reported=no
    "$cc" "${flags[@]}" -march=native -DREAL_KERNELS "${includes[@]}" \
      "${extra[@]}" -w -fpass-plugin="$plugin" -c "$source" \
      -o "$out/$name.raise.o"
  fi
  for build in plain raise; do
    "$cc" "${flags[@]}" "${link[@]}" "$out/$name.driver.o" \
      "$out/$name.$build.o" -lm \
      -o "$out/$name.$build"
  done
  "$out/$name.plain" "$reps" "${sizes[@]}" >"$out/plain.out"
  "$out/$name.raise" "$reps" "${sizes[@]}" >"$out/raise.out" \
    2>"$out/versions"
  paste -d' ' "$out/plain.out" "$out/raise.out" |
    while read -r style plain hash _ raised rhash; do
      fn=${function[$style]:-$style}
      # Every region of the function (with -fopenmp, of the microtask clang
      # outlines from it), over all repetitions.
      version=$(version_that_ran "$out/versions" "raise: $fn:" "raise: $fn (" \
        "raise: $fn(" "raise: $fn.omp_outlined")
      [[ $reported == yes ]] ||
        version="unknown (-raise-report-versions crashes the compiler)"
      identical=yes
      [[ $hash == "$rhash" ]] || identical=NO
      ratio=$(awk -v a="$plain" -v b="$raised" 'BEGIN {printf "%.2fx", b / a}')
      echo "| $name | $style | ${sizes[0]} x ${sizes[1]} x ${sizes[2]} | $plain | $raised | $ratio | $identical | $version |"
    done
done
