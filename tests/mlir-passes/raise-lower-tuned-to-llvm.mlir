// raise-lower-tuned-to-llvm runs a target's kernels only where the target
// description says they exist (gemm-kernels, matvec-kernels,
// transpose-kernels); without them the operations lower as plain loops.
// Exactness of both paths: raise-lower-tuned-exact.mlir.
//
// RUN: raise-opt %S/Inputs/gemm-variants.mlir --raise-lower-tuned-to-llvm \
// RUN:   | FileCheck %s --check-prefix=KERNELS
// RUN: raise-opt %S/Inputs/gemm-variants.mlir \
// RUN:   '--raise-lower-tuned-to-llvm=gemm-kernels=false' \
// RUN:   | FileCheck %s --check-prefix=LOOPS
// RUN: raise-opt %s --raise-lower-tuned-to-llvm=vector-bits=256 \
// RUN:   | FileCheck %s --check-prefix=TRANSPOSE
// RUN: raise-opt %s '--raise-lower-tuned-to-llvm=vector-bits=256 transpose-kernels=false' \
// RUN:   | FileCheck %s --check-prefix=NO-TRANSPOSE

// KERNELS-LABEL: llvm.func @gemm_nn(
// KERNELS: vector<16xf32>
// KERNELS-LABEL: llvm.func @gemm_nn_f64(
// KERNELS: vector<8xf64>

// LOOPS-LABEL: llvm.func @gemm_nn(
// LOOPS-NOT: vector<
// LOOPS-LABEL: llvm.func @gemm_nn_f64(
// LOOPS-NOT: vector<

// TRANSPOSE-LABEL: llvm.func @transpose(
// TRANSPOSE: llvm.shufflevector
// NO-TRANSPOSE-LABEL: llvm.func @transpose(
// NO-TRANSPOSE-NOT: llvm.shufflevector
func.func @transpose(%in: memref<?x?xf32>, %out: memref<?x?xf32>) {
  linalg.transpose ins(%in : memref<?x?xf32>) outs(%out : memref<?x?xf32>)
    permutation = [1, 0]
  return
}
