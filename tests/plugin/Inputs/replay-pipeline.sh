#!/bin/sh
# replay-pipeline.sh PREFIX: runs the raise-opt command that the first line of
# PREFIX.affine.mlir (a -raise-dump=affine file) names on that file, and
# compares its output with PREFIX.llvm.mlir (the plugin's -raise-dump=llvm
# file of the same region) byte for byte.
set -e
options=$(sed -n "1s/^\/\/ raise-opt --raise-pipeline='\(.*\)'\$/\1/p" "$1.affine.mlir")
test -n "$options"
raise-opt "$1.affine.mlir" "--raise-pipeline=$options" -o "$1.replayed.mlir"
cmp "$1.llvm.mlir" "$1.replayed.mlir"
echo "replayed $(basename "$1")"
