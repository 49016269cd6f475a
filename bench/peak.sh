#!/usr/bin/env bash
# How close raise comes to the machine's ceilings, on one core:
#  - the f32 FMA peak and the read bandwidth of each memory level, measured
#    here (bench/peak.c);
#  - Darknet's four GEMM forms (gemm_nn, nt, tn, tt as its src/gemm.c writes
#    them) compiled with the plugin, against cblas_sgemm with the same
#    transposes (OpenBLAS, one thread), at square sizes and at the
#    convolutions of yolov3-tiny (M filters, N output pixels, K = size^2 x
#    channels), in GFLOP/s, their ratio and percent of the FMA peak;
#  - the exact row-major matvec (bench/matvec.c, y[i] = sum_j W[i][j] x[j]
#    in a local scalar) at the shapes of fully connected and transformer
#    layers: -O3 and -O3 -ffast-math, each without and with the plugin,
#    against the read bandwidth of W's size (2 flops per 4 bytes).
# Every build is clang-22 -march=native; all runs on the same seeded inputs,
# best of the repetitions. The machine may be shared: compare ratios within
# one run.
#
#   bench/peak.sh [DARKNET_DIR] [repetitions]
#
# With DARKNET_DIR (a checkout of pjreddie/darknet, outside this repository)
# the GEMMs are its own src/gemm.c; without it, examples/gemm.c (the same
# four functions as written there).
#   SHAPES="1024 1024 1024" bench/peak.sh   (GEMM shapes, M N K ...)
#   MATVEC="288 288 32000 288" bench/peak.sh (matvec shapes, rows columns ...)
#   CPU=1 bench/peak.sh                      (pinned to that CPU)
#   RAISE_PLUGIN=/path/libraise.so or BAZEL_OUTPUT_BASE=/path as for the others
set -euo pipefail
cd "$(dirname "$0")/.."

darknet=${1:-}
reps=${2:-3}
# Square, then yolov3-tiny's convolutions at 416 x 416 (layers 0 .. 22).
read -r -a shapes <<<"${SHAPES:-1024 1024 1024 2048 2048 2048 16 173056 27 \
32 43264 144 64 10816 288 128 2704 576 256 676 1152 512 169 2304 \
1024 169 4608 256 169 1024 255 169 512 128 169 256 256 676 3456 255 676 256}"
read -r -a matvec <<<"${MATVEC:-288 288 768 288 288 768 768 768 2048 768 \
4096 768 32000 288}"
run=()
[[ -n ${CPU:-} ]] && run=(taskset -c "$CPU")

# shellcheck source=bench/darknet.sh
source bench/darknet.sh
darknet_gemm "$darknet"

# shellcheck source=bench/plugin.sh
source bench/plugin.sh
build_plugin
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export OPENBLAS_NUM_THREADS=1
# shellcheck source=bench/openblas.sh
source bench/openblas.sh
openblas_best_core

clang-22 -O2 -march=native bench/peak.c -o "$out/peak"
peak=$("${run[@]}" "$out/peak" fma)
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
echo "CPU: $cpu; FMA peak of one core: $peak GFLOP/s (f32)"
echo

# GEMM: raise against OpenBLAS, same driver, same inputs.
clang-22 -O3 -march=native "${includes[@]}" -fpass-plugin="$plugin" \
  -c "$source" -o "$out/gemm.o"
clang-22 -O2 -march=native bench/darknet_bench.c "$out/gemm.o" \
  -o "$out/raise.exe"
clang-22 -O2 -march=native -DUSE_CBLAS bench/darknet_bench.c -lopenblas \
  -o "$out/blas.exe"
"${run[@]}" "$out/raise.exe" "$reps" "${shapes[@]}" >"$out/raise.out"
"${run[@]}" "$out/blas.exe" "$reps" "${shapes[@]}" >"$out/blas.out"
echo "| form | M x N x K | raise GFLOP/s | OpenBLAS GFLOP/s | ratio | raise % of peak | OpenBLAS % of peak |"
echo "|---|---|---|---|---|---|---|"
paste -d' ' "$out/raise.out" "$out/blas.out" |
  awk -v peak="$peak" '
    { r = $5; b = $11; ratio = r / b; logs += log(ratio); n++
      printf "| %s | %s x %s x %s | %.1f | %.1f | %.2f | %.0f%% | %.0f%% |\n",
        substr($1, 6), $2, $3, $4, r, b, ratio, 100 * r / peak, 100 * b / peak }
    END { printf "\nGeo-mean raise / OpenBLAS over the %d cases: %.2fx\n\n", n, exp(logs / n) }'

# Matvec: four builds of the same kernel, against the read bandwidth.
for build in plain raise fast fastraise; do
  flags=(-O3)
  [[ $build == fast* ]] && flags+=(-ffast-math)
  [[ $build == *raise ]] && flags+=(-fpass-plugin="$plugin")
  clang-22 "${flags[@]}" -march=native -c bench/matvec.c -o "$out/$build.o"
  clang-22 -O2 -march=native bench/matvec_bench.c "$out/$build.o" \
    -o "$out/matvec.$build"
  "${run[@]}" "$out/matvec.$build" "$reps" "${matvec[@]}" >"$out/$build.mv"
done
bytes=()
for ((i = 0; i < ${#matvec[@]}; i += 2)); do
  bytes+=($((matvec[i] * matvec[i + 1] * 4)))
done
"${run[@]}" "$out/peak" read "${bytes[@]}" >"$out/read"
echo "| W rows x columns | MiB | read GB/s | bound GFLOP/s | -O3 | raise | raise % of bound | bit-identical | -O3 -ffast-math | raise -ffast-math | raise / fast-math | raise fast-math / fast-math |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
paste -d' ' "$out/read" "$out/plain.mv" "$out/raise.mv" "$out/fast.mv" \
  "$out/fastraise.mv" |
  awk '
    { bytes = $1; gbs = $2; bound = gbs / 2
      plain = $5; raised = $9; fast = $13; fastraised = $17
      printf "| %s x %s | %.1f | %.0f | %.0f | %.1f | %.1f | %.0f%% | %s | %.1f | %.1f | %.2f | %.2f |\n",
        $3, $4, bytes / 1048576, gbs, bound, plain, raised, 100 * raised / bound,
        ($6 == $10 ? "yes" : "NO"), fast, fastraised, raised / fast, fastraised / fast }'
