#!/usr/bin/env bash
# The benchmark suite: every kernel compiled six ways, each configuration's
# programs run once (one process per program) on the same seeded inputs,
# one thread unless stated:
#   plain     clang-22 -O3 -march=native
#   polly     ... -mllvm -polly                     (Polly's matmul optimization)
#   raise     ... -fpass-plugin=libraise.so         (default: tuned)
#   threads   ... -mllvm -raise-threads=2 -fopenmp  (tuned, 2 threads)
#   blas      ... -mllvm -raise-lowering=blas -mllvm -raise-allow-reassoc -lopenblas
#   openblas  the same computations written as OpenBLAS calls (the reference)
# Programs: bench/darknet_bench.c with Darknet's four GEMMs (examples/gemm.c)
# at 256, 512, 1024, 2048 and 1000x700x300; bench/suite_bench.c with
# bench/kernels.c (Polybench's gemm, 2mm, 3mm, atax, bicg, mvt, gesummv,
# gemver, a direct NCHW convolution, two contractions, a matrix chain,
# DGEMM); bench/cnn.c, a Darknet-style CNN forward pass (whole program).
# Prints markdown tables (GFLOP/s, ratios, exactness, compile times) and
# writes them with a PNG plot to bench/results/.
#
#   bench/suite.sh [repetitions]          (default 2; best of them is kept)
#   SIZES="1024 1024 1024" bench/suite.sh (other Darknet GEMM shapes, M N K ...)
#   BAZEL_OUTPUT_BASE=/path bench/suite.sh
set -euo pipefail
cd "$(dirname "$0")/.."

reps=${1:-2}
read -r -a sizes <<<"${SIZES:-256 256 256 512 512 512 1024 1024 1024 2048 2048 2048 1000 700 300}"

# Debian's python3, which the package below is for (not one found first on PATH).
python=/usr/bin/python3
if ! "$python" -c 'import matplotlib' 2>/dev/null; then
  echo "suite.sh: installing python3-matplotlib for the plot" >&2
  sudo=()
  ((EUID == 0)) || sudo=(sudo)
  "${sudo[@]}" apt-get install -y -q --no-install-recommends python3-matplotlib >&2
fi

BAZEL=(bazel ${BAZEL_OUTPUT_BASE:+--output_base=$BAZEL_OUTPUT_BASE})
"${BAZEL[@]}" build --symlink_prefix=/ //plugin:libraise.so >&2
plugin=$("${BAZEL[@]}" info bazel-bin 2>/dev/null)/plugin/libraise.so
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

cc=(clang-22 -O3 -march=native)
raise=(-fpass-plugin="$plugin")
declare -A flags=(
  [plain]=""
  [polly]="-mllvm -polly"
  [raise]="${raise[*]}"
  [threads]="${raise[*]} -mllvm -raise-threads=2 -fopenmp"
  [blas]="${raise[*]} -mllvm -raise-lowering=blas -mllvm -raise-allow-reassoc"
  [openblas]="-DUSE_CBLAS"
)
configs=(plain polly raise threads blas openblas)

# Compiles SOURCE with the config's flags into OBJECT and records the CPU
# time (user + system: less disturbed by other load than the wall clock).
compile() {
  local config=$1 source=$2 object=$3 times
  # shellcheck disable=SC2086
  times=$({ TIMEFORMAT='%3U %3S'; time "${cc[@]}" ${flags[$config]} \
    -c "$source" -o "$object" 2>&3; } 3>&2 2>&1)
  echo "$source $(awk -v t="$times" 'BEGIN { split(t, a, " "); print a[1] + a[2] }')" \
    >>"$out/$config.compile"
}

for config in "${configs[@]}"; do
  echo "suite.sh: building $config" >&2
  libs=()
  [[ $config == threads ]] && libs=(-fopenmp)
  [[ $config == blas || $config == openblas ]] && libs=(-lopenblas)
  if [[ $config == openblas ]]; then
    compile "$config" bench/kernels_cblas.c "$out/$config.kernels.o"
    gemm=()
  else
    compile "$config" examples/gemm.c "$out/$config.gemm.o"
    compile "$config" bench/kernels.c "$out/$config.kernels.o"
    gemm=("$out/$config.gemm.o")
  fi
  compile "$config" bench/cnn.c "$out/$config.cnn.o"
  # The drivers themselves are built plainly (the OpenBLAS one calls CBLAS).
  driver=()
  [[ $config == openblas ]] && driver=(-DUSE_CBLAS)
  "${cc[@]}" "${driver[@]}" bench/darknet_bench.c "${gemm[@]}" "${libs[@]}" \
    -o "$out/$config.darknet.exe"
  "${cc[@]}" bench/suite_bench.c "$out/$config.kernels.o" "${libs[@]}" \
    -o "$out/$config.suite.exe"
  "${cc[@]}" "$out/$config.cnn.o" "${gemm[@]}" "${libs[@]}" \
    -o "$out/$config.cnn.exe"
done

# shellcheck source=bench/openblas.sh
source bench/openblas.sh
openblas_best_core >&2
for config in "${configs[@]}"; do
  echo "suite.sh: running $config" >&2
  dump=()
  [[ $config == plain || $config == blas || $config == openblas ]] &&
    dump=(env RAISE_BENCH_DUMP="$out/$config")
  export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=2
  "${dump[@]}" "$out/$config.darknet.exe" "$reps" "${sizes[@]}" >"$out/$config.darknet"
  "${dump[@]}" "$out/$config.suite.exe" "$reps" >"$out/$config.suite"
  "${dump[@]}" "$out/$config.cnn.exe" "$((reps + 3))" >"$out/$config.cnn"
done

"$python" bench/report.py "$out" bench/results
