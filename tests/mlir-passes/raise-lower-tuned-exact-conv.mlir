// The tuned lowering of convolutions (raise-conv-to-gemm: im2col and a GEMM
// per image, then the GEMM kernels) computes exactly what the plain loops
// compute: the convolutions of Inputs/conv-variants.mlir, lowered both ways
// and run on the same seeded inputs at several shapes (1x1, odd sizes, a
// filter as large as the image, C*KH*KW over one k block with tiny blocks),
// give bit-identical outputs. The driver prints one hash per call.
//
// RUN: raise-opt %S/Inputs/conv-variants.mlir --raise-lower-loops-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir -o %t.loops.ll
// RUN: raise-opt %S/Inputs/conv-variants.mlir --raise-lower-tuned-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir -o %t.tuned.ll
// RUN: raise-opt %S/Inputs/conv-variants.mlir \
// RUN:   '--raise-lower-tuned-to-llvm=mr=3 nr-vectors=1 vector-bits=128 kc=5 mc=7 nc=9 k-unroll=3' \
// RUN:   | mlir-translate --mlir-to-llvmir -o %t.small.ll
// RUN: %clang -O2 %run-march -Wno-override-module %t.loops.ll %S/Inputs/conv-exact-driver.c -o %t.loops
// RUN: %clang -O2 %run-march -Wno-override-module %t.tuned.ll %S/Inputs/conv-exact-driver.c -o %t.tuned
// RUN: %clang -O2 %run-march -Wno-override-module %t.small.ll %S/Inputs/conv-exact-driver.c -o %t.small
// RUN: %t.loops > %t.loops.out
// RUN: %t.tuned > %t.tuned.out
// RUN: %t.small > %t.small.out
// RUN: diff %t.loops.out %t.tuned.out
// RUN: diff %t.loops.out %t.small.out
// RUN: FileCheck %s < %t.tuned.out
// The tuned IR holds the GEMM kernels' vector code.
// RUN: FileCheck %s --check-prefix=IR < %t.tuned.ll

// CHECK-COUNT-5: conv_f32 {{.*}}: {{[0-9a-f]+}}
// IR: fmuladd.v16f32
