// Darknet's gemm_nn as raise-affine-to-linalg raises it (see
// tests/mlir-passes/Inputs/gemm-variants.mlir); run.sh renames @gemm_nn per
// lowering.
#a = affine_map<(i, k, j) -> (i, k)>
#b = affine_map<(i, k, j) -> (k, j)>
#c = affine_map<(i, k, j) -> (i, j)>
func.func @gemm_nn(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                   %M: index, %N: index, %K: index, %alpha: f32) {
  %c = memref.subview %C[0, 0] [%M, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %a = memref.subview %A[0, 0] [%M, %K] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %b = memref.subview %B[0, 0] [%K, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>)
      outs(%c : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.mulf %alpha, %x : f32
    %r = llvm.intr.fmuladd(%s, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}
