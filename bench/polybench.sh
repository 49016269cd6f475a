#!/usr/bin/env bash
# PolyBench/C 4.2.1 as its authors ship it, three builds of each kernel in the
# same run: clang-22 -O3 -march=native, the same with Polly (-mllvm -polly)
# and with the plugin. Each binary runs pinned to one core (CPU, default 1),
# the three builds interleaved, best of `repetitions` (PolyBench's own
# -DPOLYBENCH_TIME timer). Prints a markdown table: seconds of each build,
# raise and Polly against -O3, whether raise spliced a product ("raised":
# yes, or "interchanged"/"interleaved" where it moved a sum's loop outward
# or ran a substitution's rows side by side instead),
# whether its output is bit-identical to the -O3 build's (a copy of the
# kernel whose print format is widened to %.17g / %.9g, run at the SMALL
# data set), and raise's own remark where it missed the kernel's product.
# Geo-means over the kernels at the end.
#
#   bench/polybench.sh POLYBENCH_DIR [repetitions]
#   KERNELS="syrk gemm" bench/polybench.sh POLYBENCH_DIR   (some kernels)
#   DATASET=MEDIUM bench/polybench.sh POLYBENCH_DIR        (another size)
#   SOLVERS=1 bench/polybench.sh POLYBENCH_DIR             (the six solvers,
#                                                           MEDIUM by default)
#   FLAGS="-O3 -ffast-math" bench/polybench.sh POLYBENCH_DIR (another build:
#                                                           all three get it)
#
# POLYBENCH_DIR is MatthiasJReisinger/PolyBenchC-4.2.1, fetched outside this
# repository (see the README's "Real code").
set -euo pipefail
cd "$(dirname "$0")/.."
pb=${1:?usage: bench/polybench.sh POLYBENCH_DIR [repetitions]}
pb=$(cd "$pb" && pwd)
reps=${2:-2}
cpu=${CPU:-1}

# The 15 linear-algebra and data-mining kernels (issue 18), or the solvers.
declare -A dir=(
  [gemm]=linear-algebra/blas [gemver]=linear-algebra/blas
  [gesummv]=linear-algebra/blas [symm]=linear-algebra/blas
  [syr2k]=linear-algebra/blas [syrk]=linear-algebra/blas
  [trmm]=linear-algebra/blas [2mm]=linear-algebra/kernels
  [3mm]=linear-algebra/kernels [atax]=linear-algebra/kernels
  [bicg]=linear-algebra/kernels [doitgen]=linear-algebra/kernels
  [mvt]=linear-algebra/kernels [covariance]=datamining
  [correlation]=datamining [cholesky]=linear-algebra/solvers
  [durbin]=linear-algebra/solvers [gramschmidt]=linear-algebra/solvers
  [lu]=linear-algebra/solvers [ludcmp]=linear-algebra/solvers
  [trisolv]=linear-algebra/solvers
)
if [[ -n ${SOLVERS:-} ]]; then
  default="cholesky durbin gramschmidt lu ludcmp trisolv"
  dataset=${DATASET:-MEDIUM}
else
  default="gemm 2mm 3mm atax bicg mvt gemver gesummv covariance correlation
    doitgen syrk syr2k symm trmm"
  dataset=${DATASET:-LARGE}
fi
read -r -a kernels <<<"$(echo ${KERNELS:-$default})"

# shellcheck source=bench/plugin.sh
source bench/plugin.sh
build_plugin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

read -r -a flags <<<"${FLAGS:--O3}"
cc=(clang-22 "${flags[@]}" -march=native -I "$pb/utilities")
geo() { awk '{ s += log($1); n++ } END { if (n) printf "%.2f", exp(s / n) }'; }

echo "PolyBench/C 4.2.1, ${flags[*]}, ${dataset}_DATASET, best of $reps, pinned to CPU $cpu;" \
  "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo
echo "| kernel | -O3 s | Polly s | raise s | raise / -O3 | Polly / -O3 | raised | exact | raise's remark where it missed |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
: >"$out/ratios"
for k in "${kernels[@]}"; do
  src="$pb/${dir[$k]:?unknown kernel $k}/$k/$k.c"
  base=(-D"${dataset}"_DATASET -DPOLYBENCH_TIME "$src" "$pb/utilities/polybench.c" -lm)
  "${cc[@]}" "${base[@]}" -o "$out/plain"
  "${cc[@]}" -mllvm -polly "${base[@]}" -o "$out/polly"
  "${cc[@]}" -fpass-plugin="$plugin" -Rpass=raise -Rpass-missed=raise \
    "${base[@]}" -o "$out/raise" 2>"$out/remarks"

  # Exactness: a copy whose dump prints every bit, SMALL data set.
  mkdir -p "$out/wide"
  cp "$src" "${src%.c}.h" "$out/wide/"
  sed -i 's/%0\.2lf /%.17g /; s/%0\.2f /%.9g /' "$out/wide/$k.h"
  wide=(-DSMALL_DATASET -DPOLYBENCH_DUMP_ARRAYS "$out/wide/$k.c"
    "$pb/utilities/polybench.c" -lm)
  "${cc[@]}" "${wide[@]}" -o "$out/wide/plain"
  "${cc[@]}" -fpass-plugin="$plugin" "${wide[@]}" -o "$out/wide/raise"
  "$out/wide/plain" 2>"$out/wide/plain.txt" >/dev/null
  "$out/wide/raise" 2>"$out/wide/raise.txt" >/dev/null
  exact=no
  cmp -s "$out/wide/plain.txt" "$out/wide/raise.txt" && exact=yes

  declare -A best=()
  for ((r = 0; r < reps; r++)); do
    for b in plain polly raise; do
      t=$(taskset -c "$cpu" "$out/$b" | tail -1)
      if [[ -z ${best[$b]:-} ]] || awk "BEGIN { exit !($t < ${best[$b]}) }"; then
        best[$b]=$t
      fi
    done
  done
  # The remarks on the kernel function's lines (main inlines it, and the
  # initialization and print loops too).
  read -r first last < <(awk '/^void kernel_/ { f = NR } f && /^}/ { print f, NR; exit }' "$src")
  kernel_remarks=$(awk -F: -v f="$first" -v l="$last" -v s="$src" \
    '$1 == s && $2 >= f && $2 <= l' "$out/remarks")
  raised=no
  if grep -q 'spliced' <<<"$kernel_remarks" &&
    grep -Eq 'raised to .*(GEMM|MATVEC|VECMAT|BATCH|CONV|TTGT|SYR2K)' \
      <<<"$kernel_remarks"; then
    raised=yes
  elif grep -q 'spliced' <<<"$kernel_remarks" &&
    grep -q "moved outside a loop of independent" <<<"$kernel_remarks"; then
    # A sum's loop moved out so that LLVM vectorizes the loop it was in.
    raised=interchanged
  elif grep -q 'spliced' <<<"$kernel_remarks" &&
    grep -q "rows summed in blocks" <<<"$kernel_remarks"; then
    # A substitution's rows summed side by side.
    raised=interleaved
  fi
  why=$(grep -o 'not raised: [^[]*\|not a static control part: [^[]*\|not translated: [^[]*' \
    <<<"$kernel_remarks" | head -1 | sed 's/ *$//; s/|/\\|/g' || true)
  # Where the product is raised, what stays loops beside it, in parentheses.
  [[ $raised != no && -n $why ]] && why="($why)"
  rr=$(awk "BEGIN { printf \"%.2f\", ${best[plain]} / ${best[raise]} }")
  pr=$(awk "BEGIN { printf \"%.2f\", ${best[plain]} / ${best[polly]} }")
  echo "$rr $pr" >>"$out/ratios"
  echo "| $k | ${best[plain]} | ${best[polly]} | ${best[raise]} | ${rr}x | ${pr}x | $raised | $exact | $why |"
  unset best
done
echo
echo "Geo-mean: raise / -O3 $(cut -d' ' -f1 "$out/ratios" | geo)x," \
  "Polly / -O3 $(cut -d' ' -f2 "$out/ratios" | geo)x," \
  "raise / Polly $(awk '{ print $1 / $2 }' "$out/ratios" | geo)x."
