# shellcheck shell=bash
# Sourced by the bench scripts that time Darknet's GEMMs. darknet_gemm DIR:
# sets `source` to DIR/src/gemm.c and `includes` to its include flags where
# DIR (a checkout of pjreddie/darknet) is given, else to examples/gemm.c (the
# same four functions as written there) and none.
darknet_gemm() {
  source=examples/gemm.c
  # shellcheck disable=SC2034 # read by the scripts that source this
  includes=()
  [[ -n ${1:-} ]] || return 0
  source=$1/src/gemm.c
  # shellcheck disable=SC2034
  includes=(-I "$1/include" -I "$1/src")
  [[ -f $source ]] || { echo "bench: no $source" >&2; exit 2; }
}
