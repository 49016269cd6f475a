#!/usr/bin/env bash
# Exactness on all 30 PolyBench/C 4.2.1 kernels: each kernel is copied with
# its print format widened to every bit (%.17g for double, %.9g for float),
# built with clang-22 -O3 -march=native without the plugin and with it on
# 1 and 2 threads (-raise-threads, -fopenmp), and run at the SMALL and
# MEDIUM data sets; the dumps must be byte-identical. Prints one line per
# kernel and a summary; exits non-zero on any difference.
#
#   bench/polybench-exact.sh POLYBENCH_DIR
#   FLAGS="-O2" bench/polybench-exact.sh POLYBENCH_DIR   (another build)
#   DATASETS="SMALL" bench/polybench-exact.sh POLYBENCH_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
pb=${1:?usage: bench/polybench-exact.sh POLYBENCH_DIR}
pb=$(cd "$pb" && pwd)
read -r -a flags <<<"${FLAGS:--O3}"
read -r -a datasets <<<"${DATASETS:-SMALL MEDIUM}"

# shellcheck source=bench/plugin.sh
source bench/plugin.sh
build_plugin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

cc=(clang-22 "${flags[@]}" -march=native -I "$pb/utilities")
same=0
differ=0
while read -r src; do
  k=$(basename "$src" .c)
  # The kernel of each folder (medley/nussinov also holds Nussinov.orig.c).
  [[ $(basename "$(dirname "$src")") == "$k" ]] || continue
  mkdir -p "$out/$k"
  cp "$src" "${src%.c}.h" "$out/$k/"
  sed -i 's/%0\.2lf /%.17g /; s/%0\.2f /%.9g /' "$out/$k/$k.h"
  line="$k:"
  for d in "${datasets[@]}"; do
    base=(-D"${d}"_DATASET -DPOLYBENCH_DUMP_ARRAYS "$out/$k/$k.c"
      "$pb/utilities/polybench.c" -lm)
    "${cc[@]}" "${base[@]}" -o "$out/$k/plain"
    "${cc[@]}" -fpass-plugin="$plugin" "${base[@]}" -o "$out/$k/t1"
    "${cc[@]}" -fopenmp -fpass-plugin="$plugin" -mllvm -raise-threads=2 \
      "${base[@]}" -o "$out/$k/t2"
    "$out/$k/plain" 2>"$out/$k/plain.txt" >/dev/null
    for t in t1 t2; do
      "$out/$k/$t" 2>"$out/$k/$t.txt" >/dev/null
      if cmp -s "$out/$k/plain.txt" "$out/$k/$t.txt"; then
        line+=" $d/$t same"
        same=$((same + 1))
      else
        line+=" $d/$t DIFFERS"
        differ=$((differ + 1))
      fi
    done
  done
  echo "$line"
done < <(find "$pb/" -name '*.c' ! -path '*/utilities/*' | sort)
echo "$same identical, $differ different (${flags[*]})"
[[ $differ -eq 0 ]]
