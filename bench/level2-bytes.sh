#!/usr/bin/env bash
# How many bytes each level-2 kernel moves from memory per call: PolyBench's
# atax, bicg, mvt, gesummv and gemver as bench/kernels.c writes them (4096 x
# 4096 f32 matrices, 64 MiB each), built with clang-22 -O3, with -mllvm
# -polly, with the plugin, and as OpenBLAS calls (bench/kernels_cblas.c).
# A kernel whose products share one pass over a matrix reads it once; one
# that streams each product on its own reads it once per product.
#
# The bytes are counted, not timed: each build runs under valgrind's cache
# simulation (callgrind, counting only inside the kernel's own function and
# what it calls), with a fixed 32 KiB 8-way L1 and an 8 MiB 16-way last
# level of 64-byte lines, the caches of raise's target description. The
# bytes read are the last level's misses (a line a store misses is fetched
# too) times 64, per call; the simulation counts no write-backs (gemver
# writes A back once in every build). The simulated
# cache has no prefetcher, no hashing of set indices and exact LRU, so a
# walk down a column of A 16 KiB apart thrashes it much as it thrashes a
# real L1 or L2: compare the builds, not the machine. Builds use
# -march=x86-64-v3 (the simulator knows no AVX-512), which changes what is
# moved no more than the vector width does.
#
#   bench/level2-bytes.sh               (all five kernels)
#   KERNELS="mvt gemver" bench/level2-bytes.sh
#   RAISE_PLUGIN=/path/libraise.so or BAZEL_OUTPUT_BASE=/path as for the others
set -euo pipefail
cd "$(dirname "$0")/.."

read -r -a kernels <<<"${KERNELS:-atax bicg mvt gesummv gemver}"
command -v valgrind >/dev/null || {
  echo "level2-bytes.sh: needs valgrind (apt-get install valgrind)" >&2
  exit 2
}

# shellcheck source=bench/plugin.sh
source bench/plugin.sh
build_plugin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

cc=(clang-22 -O3 -march=x86-64-v3)
declare -A flags=([plain]="" [polly]="-mllvm -polly"
  [raise]="-fpass-plugin=$plugin" [openblas]="-DUSE_CBLAS")
configs=(plain polly raise openblas)
for config in "${configs[@]}"; do
  source=bench/kernels.c libs=()
  [[ $config == openblas ]] && source=bench/kernels_cblas.c libs=(-lopenblas)
  # shellcheck disable=SC2086
  "${cc[@]}" ${flags[$config]} -c "$source" -o "$out/$config.o"
  "${cc[@]}" bench/suite_bench.c "$out/$config.o" "${libs[@]}" \
    -o "$out/$config.exe"
done

# The bytes of one matrix, 4096 x 4096 floats; gesummv has two.
matrix=$((4096 * 4096 * 4))
declare -A matrices=([gesummv]=2)
runs=2
# OpenBLAS's own choice of kernel by CPUID sees the simulated CPU; name one
# the simulator runs.
export OPENBLAS_NUM_THREADS=1 OPENBLAS_CORETYPE=Haswell
echo "| kernel | build | MiB read per call | reads of each matrix per call | raise's bytes / build's |"
echo "|---|---|---|---|---|"
for kernel in "${kernels[@]}"; do
  declare -A misses=()
  for config in "${configs[@]}"; do
    RAISE_BENCH_RUNS=$runs valgrind --tool=callgrind --cache-sim=yes \
      --D1=32768,8,64 --LL=8388608,16,64 --toggle-collect="$kernel" \
      --callgrind-out-file="$out/cg" "$out/$config.exe" 1 "$kernel" \
      >/dev/null 2>"$out/log" || { cat "$out/log" >&2; exit 1; }
    # The events line names the columns of the totals line.
    misses[$config]=$(awk '
      /^events:/ { for (i = 2; i <= NF; ++i) col[$i] = i - 1 }
      /^totals:/ { print $(col["DLmr"] + 1) + $(col["DLmw"] + 1) }' "$out/cg")
  done
  for config in "${configs[@]}"; do
    awk -v k="$kernel" -v c="$config" -v lines="${misses[$config]}" \
      -v raise="${misses[raise]}" -v runs="$runs" \
      -v m="$((matrix * ${matrices[$kernel]:-1}))" 'BEGIN {
        b = lines * 64 / runs
        printf "| %s | %s | %.1f | %.2f | %.2f |\n", k, c, b / 1048576,
          b / m, raise / lines }'
  done
done
