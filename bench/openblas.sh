# Sourced by the bench scripts that time OpenBLAS. openblas_best_core: where
# the user has not chosen OPENBLAS_CORETYPE and OpenBLAS does not know the
# core it runs on, picks the kernels it has for the core's ISA, so that raise
# is measured against OpenBLAS at its best. Debian 12's OpenBLAS 0.3.21
# falls back to its Prescott (SSE3) kernels on an Emerald Rapids Xeon (CPUID
# model 207), 33 GFLOP/s of sgemm where its Cooper Lake AVX-512 kernels
# reach 150-156. Prints the core OpenBLAS then uses.
openblas_best_core() {
  local probe
  probe=$(mktemp -d)
  cat >"$probe/core.c" <<'C'
#include <stdio.h>
char *openblas_get_corename(void);
int main(void) { puts(openblas_get_corename()); return 0; }
C
  clang-22 -O1 "$probe/core.c" -lopenblas -o "$probe/core"
  local core
  core=$("$probe/core")
  if [[ -z ${OPENBLAS_CORETYPE:-} && $core =~ ^(Prescott|Generic|Core2|Nehalem)$ ]]; then
    local flags
    flags=$(grep -m1 '^flags' /proc/cpuinfo)
    if [[ $flags == *avx512_bf16* ]]; then
      export OPENBLAS_CORETYPE=Cooperlake
    elif [[ $flags == *avx512f* ]]; then
      export OPENBLAS_CORETYPE=SkylakeX
    elif [[ $flags == *avx2* ]]; then
      export OPENBLAS_CORETYPE=Haswell
    fi
    [[ -n ${OPENBLAS_CORETYPE:-} ]] && core=$("$probe/core")
  fi
  rm -rf "$probe"
  echo "OpenBLAS kernels: $core${OPENBLAS_CORETYPE:+ (OPENBLAS_CORETYPE=$OPENBLAS_CORETYPE)}"
}
