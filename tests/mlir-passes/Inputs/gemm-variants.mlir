// Darknet's four GEMM kernels as raise-affine-to-linalg raises them
// (clang -O3 -ffp-contract=on: ALPHA * A, then fmuladd), plus an unfused
// mulf + addf body and an f64 one. Signature: A, B, C, M, N, K, ALPHA; A, B
// and C are whole arrays with leading dimensions, the kernels work on
// subviews of them.
#nn_a = affine_map<(i, k, j) -> (i, k)>
#nn_b = affine_map<(i, k, j) -> (k, j)>
#nn_c = affine_map<(i, k, j) -> (i, j)>
#tn_a = affine_map<(i, k, j) -> (k, i)>
#nt_a = affine_map<(i, j, k) -> (i, k)>
#nt_b = affine_map<(i, j, k) -> (j, k)>
#nt_c = affine_map<(i, j, k) -> (i, j)>
#tt_a = affine_map<(i, j, k) -> (k, i)>
#id = affine_map<(i, j) -> (i, j)>

func.func @gemm_nn(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                   %M: index, %N: index, %K: index, %alpha: f32) {
  %c = memref.subview %C[0, 0] [%M, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %a = memref.subview %A[0, 0] [%M, %K] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %b = memref.subview %B[0, 0] [%K, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>)
      outs(%c : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.mulf %alpha, %x : f32
    %r = llvm.intr.fmuladd(%s, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

func.func @gemm_tn(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                   %M: index, %N: index, %K: index, %alpha: f32) {
  %c = memref.subview %C[0, 0] [%M, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %a = memref.subview %A[0, 0] [%K, %M] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %b = memref.subview %B[0, 0] [%K, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#tn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>)
      outs(%c : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.mulf %alpha, %x : f32
    %r = llvm.intr.fmuladd(%s, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// sum = 0; sum += ALPHA * A * B over k; C += sum: the sum in a zeroed
// temporary, then added to C.
func.func @gemm_nt(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                   %M: index, %N: index, %K: index, %alpha: f32) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc(%M, %N) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<?x?xf32>)
  %a = memref.subview %A[0, 0] [%M, %K] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %b = memref.subview %B[0, 0] [%N, %K] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>)
      outs(%t : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.mulf %alpha, %x : f32
    %r = llvm.intr.fmuladd(%s, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  %c = memref.subview %C[0, 0] [%M, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<?x?xf32>) outs(%c : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  memref.dealloc %t : memref<?x?xf32>
  return
}

func.func @gemm_tt(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                   %M: index, %N: index, %K: index, %alpha: f32) {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc(%M, %N) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<?x?xf32>)
  %a = memref.subview %A[0, 0] [%K, %M] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %b = memref.subview %B[0, 0] [%N, %K] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#tt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>)
      outs(%t : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.mulf %alpha, %x : f32
    %r = llvm.intr.fmuladd(%s, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  %c = memref.subview %C[0, 0] [%M, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<?x?xf32>) outs(%c : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  memref.dealloc %t : memref<?x?xf32>
  return
}

// -ffp-contract=off: a separate multiply and add, which must stay separate.
func.func @gemm_nn_mul_add(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                           %M: index, %N: index, %K: index, %alpha: f32) {
  %c = memref.subview %C[0, 0] [%M, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %a = memref.subview %A[0, 0] [%M, %K] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %b = memref.subview %B[0, 0] [%K, %N] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>)
      outs(%c : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.mulf %alpha, %x : f32
    %p = arith.mulf %s, %y : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  return
}

func.func @gemm_nn_f64(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>,
                       %M: index, %N: index, %K: index, %alpha: f64) {
  %c = memref.subview %C[0, 0] [%M, %N] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  %a = memref.subview %A[0, 0] [%M, %K] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  %b = memref.subview %B[0, 0] [%K, %N] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf64, strided<[?, 1]>>, memref<?x?xf64, strided<[?, 1]>>)
      outs(%c : memref<?x?xf64, strided<[?, 1]>>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %s = arith.mulf %alpha, %x : f64
    %r = llvm.intr.fmuladd(%s, %y, %acc) : (f64, f64, f64) -> f64
    linalg.yield %r : f64
  }
  return
}
