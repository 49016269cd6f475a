#!/usr/bin/env bash
# Kernels from real programs nobody wrote for raise, one per coding style
# (the README's "Real code" table names the repositories and commits), each
# compiled with clang-22 -O3 -march=native without and with the plugin
# (-raise-report-versions) and timed on the same seeded inputs. The kernels
# are the fetched sources themselves: each driver in bench/real/ is built
# twice, with -DREAL_KERNELS (it includes the fetched file: the part compiled
# without and with the plugin) and without (the timing driver, always
# compiled without the plugin). A fetched Fortran file is built with
# flang-22 the same way, without and with the plugin, and our wrapper
# bench/real/NAME.f90 (without the plugin) calls its procedures through
# their explicit interfaces for the C driver. Prints a markdown table:
# GFLOP/s of both builds, their ratio, whether the outputs are
# bit-identical, and which version ran in the raised build: the raised code,
# the original loops (a run-time check failed), or none (nothing was
# spliced); "unknown" where the build with -raise-report-versions crashed
# (then built without it).
#
#   bench/real.sh REAL_DIR [repetitions]
#
# REAL_DIR holds the fetched repositories (git archive of each, outside this
# repository): llm.c, llama2.c, PolyBenchC-4.2.1, SEED, cache-experiments,
# cpp-matrix-library, csi, retrolm, uw-hpc-cpp, Awesim, rodinia (the
# openmp/backprop folder of yuhc/gpu-rodinia), gpu-programming-models,
# mymatmul, Visual-Fortran-Solvers.
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
# extra flags for the link (optional) | the fetched Fortran file in that
# directory (optional; then the driver is only the timing driver)
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
  "gpm_gemv.cpp|gpu-programming-models/gemv|-std=c++20|1000 1 1000"
  "mymatmul.c|mymatmul||400 400 300||src/mymatmul.f90"
  "vfsolvers.c|Visual-Fortran-Solvers||2000 1 2000||Matrix_Vector_Multiply.f90"
)

# The function each style's report line names where it is not the style's
# own name (C++ and flang names are demangled).
declare -A function=(
  [matrix_product]='operator*<float>'
  [gemm]='polybench_gemm'
  [mm_jki]='mm_jki<float>'
  [mm_ikj]='mm_ikj<float>'
  [main]='gpm_gemv_main'
  [mymatmuls2]='mymatmuls2 (module mymatmul)'
  [mymatmulf]='mymatmulf (module mymatmul)'
  [Matrix_Vector_Multiply]='matrix_vector_multiply_')

echo "| program | kernel | M x N x K | without | with raise | ratio | bit-identical | version that ran |"
echo "|---|---|---|---|---|---|---|---|"
for entry in "${programs[@]}"; do
  IFS='|' read -r driver dir extra size link fortran <<<"$entry"
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
  # The kernels: the driver with -DREAL_KERNELS, or the Fortran file (each
  # build writes its modules to a directory of its own).
  kcc=$cc
  kernel=(-DREAL_KERNELS "${includes[@]}" "${extra[@]}" -w -c "$source")
  plainmod=() raisemod=()
  if [[ -n $fortran ]]; then
    kcc=flang-22
    kernel=("${includes[@]}" "${extra[@]}" -w -c "$real/$dir/$fortran")
    plainmod=(-module-dir "$out/$name.plain.mod")
    raisemod=(-module-dir "$out/$name.raise.mod")
    mkdir -p "$out/$name.plain.mod" "$out/$name.raise.mod"
  fi
  "$kcc" "${flags[@]}" -march=native "${kernel[@]}" "${plainmod[@]}" \
    -o "$out/$name.plain.o"
  # A compiler crash under -raise-report-versions is a finding, not the end
  # of the run: the row then says so and the raised build is timed without
  # the report.
  reported=yes
  if ! "$kcc" "${flags[@]}" -march=native "${kernel[@]}" "${raisemod[@]}" \
    -fpass-plugin="$plugin" -mllvm -raise-report-versions \
    -o "$out/$name.raise.o" 2>"$out/$name.crash"; then
    echo "bench/real.sh: $name: -raise-report-versions build failed:" >&2
    grep -m1 'on function' "$out/$name.crash" >&2 || true
    reported=no
    "$kcc" "${flags[@]}" -march=native "${kernel[@]}" "${raisemod[@]}" \
      -fpass-plugin="$plugin" -o "$out/$name.raise.o"
  fi
  # Our Fortran wrapper (without the plugin), linked by flang-22 (its
  # runtime).
  lcc=$cc
  wrapper=()
  if [[ -n $fortran ]]; then
    flang-22 "${flags[@]}" -march=native "${includes[@]}" "${plainmod[@]}" \
      -c "bench/real/$name.f90" -o "$out/$name.wrapper.o"
    lcc=flang-22
    wrapper=("$out/$name.wrapper.o")
  fi
  for build in plain raise; do
    "$lcc" "${flags[@]}" "${link[@]}" "$out/$name.driver.o" \
      "${wrapper[@]}" "$out/$name.$build.o" -lm \
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
