#!/usr/bin/env bash
# Kernels in the coding styles users write (bench/styles/: linearized as
# Darknet does, VLA parameters, size_t sizes, tables of row pointers,
# memset/memcpy initialization, dot products of rows, a matvec, split sums,
# products subtracted from C (`C -= A * B`), every other row of A and C,
# tiling by hand, int32, int16 and quantized int8 products; in C++ a class
# template over std::vector, a vector of rows, lambdas, a rank-k update's
# lower triangle, a batch in std::vectors of matrices), each compiled with
# clang-22 -O3 -march=native without and with the plugin
# (-raise-report-versions) and timed on the same seeded
# inputs. Prints a markdown table: GFLOP/s of both builds, their ratio,
# whether the outputs are bit-identical, and which version ran in the raised
# build: the raised code, the original loops (a run-time check failed; why,
# where the check of an IR preparation failed), or none (nothing was
# spliced).
#
#   bench/styles.sh [repetitions] [M N K]
#   FLAGS="-O3 -ffast-math" bench/styles.sh   (another build)
#   BAZEL_OUTPUT_BASE=/path bench/styles.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/versions.sh
source bench/versions.sh

reps=${1:-3}
shift || true
sizes=("$@")
[[ ${#sizes[@]} -eq 3 ]] || sizes=(400 500 300)
read -r -a flags <<<"${FLAGS:--O3}"

# shellcheck source=bench/plugin.sh
source bench/plugin.sh
build_plugin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# The function each style's report line names (C++ names are demangled).
declare -A function=(
  [class_template]='multiply<float>(' [vector_of_vectors]='vector_of_vectors('
  [lambdas]='lambdas(' [class_syrk]='syrk_lower<float>('
  [class_batched]='batched<float>(')

echo "| style | M x N x K | without | with raise | ratio | bit-identical | version that ran |"
echo "|---|---|---|---|---|---|---|"
for source in bench/styles/styles.c bench/styles/styles.cpp; do
  cc=clang-22
  [[ $source == *.cpp ]] && cc=clang++-22
  name=$(basename "$source")
  "$cc" "${flags[@]}" -march=native "$source" -o "$out/$name.plain"
  "$cc" "${flags[@]}" -march=native -fpass-plugin="$plugin" \
    -mllvm -raise-report-versions "$source" -o "$out/$name.raise"
  "$out/$name.plain" "$reps" "${sizes[@]}" >"$out/plain.out"
  "$out/$name.raise" "$reps" "${sizes[@]}" >"$out/raise.out" \
    2>"$out/versions"
  paste -d' ' "$out/plain.out" "$out/raise.out" |
    while read -r style plain hash _ raised rhash; do
      fn=${function[$style]:-$style}
      # Every region of the function, over all repetitions.
      version=$(version_that_ran "$out/versions" "raise: $fn")
      identical=yes
      [[ $hash == "$rhash" ]] || identical=NO
      ratio=$(awk -v a="$plain" -v b="$raised" 'BEGIN {printf "%.2fx", b / a}')
      echo "| $style | ${sizes[0]} x ${sizes[1]} x ${sizes[2]} | $plain | $raised | $ratio | $identical | $version |"
    done
done
