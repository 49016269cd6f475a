// The tuned lowering computes exactly what the plain loops compute: Darknet's
// four GEMM kernels (plus an unfused mul + add body and f64), lowered with
// raise-lower-tuned-to-llvm and with raise-lower-loops-to-llvm, run on the
// same seeded inputs at awkward sizes (1, 7, 67x45x31, 130, tall, flat,
// K = 1, K = 300 over two k blocks), give bit-identical C, padding included.
// The second tuned run uses tiny blocks (a 3 x 4 register tile, kc = 5,
// mc = 7, nc = 9), so every size crosses many cache blocks and edge tiles;
// the third emits vector.fma, which is exact here because %run-march (x86-64-v3)
// has FMA; two more run the m blocks on OpenMP threads
// (as many as the runtime chooses, and 3 with the tiny blocks: many blocks
// per thread, ragged last ones). The driver prints one hash of C per call.
//
// RUN: raise-opt %S/Inputs/gemm-variants.mlir --raise-lower-loops-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir -o %t.loops.ll
// RUN: raise-opt %S/Inputs/gemm-variants.mlir --raise-lower-tuned-to-llvm \
// RUN:   | mlir-translate --mlir-to-llvmir -o %t.tuned.ll
// RUN: raise-opt %S/Inputs/gemm-variants.mlir \
// RUN:   '--raise-lower-tuned-to-llvm=mr=3 nr-vectors=1 vector-bits=128 kc=5 mc=7 nc=9 k-unroll=3' \
// RUN:   | mlir-translate --mlir-to-llvmir -o %t.small.ll
// RUN: raise-opt %S/Inputs/gemm-variants.mlir '--raise-lower-tuned-to-llvm=target-has-fma=true' \
// RUN:   | mlir-translate --mlir-to-llvmir -o %t.fma.ll
// RUN: raise-opt %S/Inputs/gemm-variants.mlir '--raise-lower-tuned-to-llvm=threads=-1' \
// RUN:   | mlir-translate --mlir-to-llvmir -o %t.threads.ll
// RUN: raise-opt %S/Inputs/gemm-variants.mlir \
// RUN:   '--raise-lower-tuned-to-llvm=threads=3 mr=3 nr-vectors=1 vector-bits=128 kc=5 mc=7 nc=9 k-unroll=3' \
// RUN:   | mlir-translate --mlir-to-llvmir -o %t.threads-small.ll
//
// With FMA (the backend fuses fmuladd in both):
// RUN: %clang -O2 %run-march -Wno-override-module %t.loops.ll %S/Inputs/gemm-exact-driver.c -o %t.loops
// RUN: %clang -O2 %run-march -Wno-override-module %t.tuned.ll %S/Inputs/gemm-exact-driver.c -o %t.tuned
// RUN: %clang -O2 %run-march -Wno-override-module %t.small.ll %S/Inputs/gemm-exact-driver.c -o %t.small
// RUN: %clang -O2 %run-march -Wno-override-module %t.fma.ll %S/Inputs/gemm-exact-driver.c -o %t.fma
// RUN: %clang -O2 %run-march -fopenmp -Wno-override-module %t.threads.ll %S/Inputs/gemm-exact-driver.c -o %t.threads
// RUN: %clang -O2 %run-march -fopenmp -Wno-override-module %t.threads-small.ll %S/Inputs/gemm-exact-driver.c -o %t.threads-small
// RUN: %t.loops > %t.loops.out
// RUN: %t.tuned > %t.tuned.out
// RUN: %t.small > %t.small.out
// RUN: %t.fma > %t.fma.out
// RUN: %t.threads > %t.threads.out
// RUN: %t.threads-small > %t.threads-small.out
// RUN: diff %t.loops.out %t.tuned.out
// RUN: diff %t.loops.out %t.small.out
// RUN: diff %t.loops.out %t.fma.out
// RUN: diff %t.loops.out %t.threads.out
// RUN: diff %t.loops.out %t.threads-small.out
// RUN: FileCheck %s < %t.tuned.out
//
// Without FMA (baseline x86-64: fmuladd is a multiply and an add in both):
// RUN: %clang -O2 -Wno-override-module %t.loops.ll %S/Inputs/gemm-exact-driver.c -o %t.loops.nofma
// RUN: %clang -O2 -Wno-override-module %t.tuned.ll %S/Inputs/gemm-exact-driver.c -o %t.tuned.nofma
// RUN: %t.loops.nofma > %t.loops.nofma.out
// RUN: %t.tuned.nofma > %t.tuned.nofma.out
// RUN: diff %t.loops.nofma.out %t.tuned.nofma.out
// RUN: FileCheck %s < %t.tuned.nofma.out

// Every call changed C and left the padding past N alone.
// CHECK-COUNT-48: changed=yes pad=kept
// CHECK-NOT: changed=
