#!/bin/sh
# build-pair.sh CLANG PLUGIN OUT SOURCE [FLAGS...]: builds the test program
# SOURCE twice with CLANG -O3 -march=x86-64-v3
# (what every host runs, as %run-march in tests/lit.cfg.py): as is (OUT.plain), and with the
# plugin and FLAGS (OUT.raise), whose remarks (-Rpass=raise,
# -Rpass-missed=raise) and other diagnostics go to OUT.remarks. FLAGS may
# carry linker inputs (-lopenblas, -fopenmp). HARNESS_PRINT_VALUES makes the
# e2e harness print every element, for comparisons within a tolerance.
set -e
clang=$1
plugin=$2
out=$3
source=$4
shift 4
cflags="-O3 -march=x86-64-v3 -DHARNESS_PRINT_VALUES"
$clang $cflags "$source" -o "$out.plain"
$clang $cflags -fpass-plugin="$plugin" -Rpass=raise -Rpass-missed=raise \
  "$source" "$@" -o "$out.raise" 2> "$out.remarks"
