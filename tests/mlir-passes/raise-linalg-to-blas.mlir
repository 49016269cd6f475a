// raise-linalg-to-blas turns matmul- and matvec-like linalg operations on
// f32/f64 memrefs into CBLAS calls (row-major, transposes and leading
// dimensions from the memrefs' strides) behind a run-time check whose else
// branch keeps the original operations; what it cannot map stays. Without
// allow-reassoc it changes nothing.
//
// RUN: raise-opt %s --raise-linalg-to-blas=allow-reassoc=true --canonicalize --cse \
// RUN:   | FileCheck %s
// RUN: raise-opt %s --raise-linalg-to-blas='allow-reassoc=true remarks=true' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: raise-opt %s --raise-linalg-to-blas=remarks=true 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOREASSOC
// RUN: raise-opt %s '--raise-lower-tuned-to-llvm=blas=true target-has-fma=true' \
// RUN:   | FileCheck %s --check-prefix=LLVM

// The declarations, once each.
// CHECK-DAG: func.func private @cblas_sgemm(i32, i32, i32, i32, i32, i32, f32, !llvm.ptr, i32, !llvm.ptr, i32, f32, !llvm.ptr, i32)
// CHECK-DAG: func.func private @cblas_dgemm(i32, i32, i32, i32, i32, i32, f64, !llvm.ptr, i32, !llvm.ptr, i32, f64, !llvm.ptr, i32)
// CHECK-DAG: func.func private @cblas_sgemv(i32, i32, i32, i32, f32, !llvm.ptr, i32, !llvm.ptr, i32, f32, !llvm.ptr, i32)
// CHECK-DAG: func.func private @cblas_dgemv(i32, i32, i32, i32, f64, !llvm.ptr, i32, !llvm.ptr, i32, f64, !llvm.ptr, i32)
// LLVM-DAG: llvm.func @cblas_sgemm(i32, i32, i32, i32, i32, i32, f32, !llvm.ptr, i32, !llvm.ptr, i32, f32, !llvm.ptr, i32)

// What was done with each contraction, and why not.
// REMARK: raise-linalg-to-blas.mlir:100:3: remark: linalg.generic: lowered to cblas_sgemm
// REMARK: remark: linalg.generic: lowered to cblas_sgemm (A transposed)
// REMARK: remark: linalg.generic: lowered to cblas_sgemm (B transposed; accumulating directly into the output the temporary was added to)
// REMARK: remark: linalg.generic: lowered to cblas_dgemm (beta from the scaling before it)
// REMARK: remark: linalg.matmul: lowered to cblas_dgemm (beta = 0 from the fill before it)
// REMARK: remark: linalg.generic: lowered to cblas_sgemm (A transposed; B transposed)
// REMARK: remark: linalg.generic: lowered to cblas_sgemm (a loop over the batch)
// REMARK: remark: linalg.generic: lowered to cblas_sgemv
// REMARK: remark: linalg.generic: lowered to cblas_sgemv (transposed)
// REMARK: remark: linalg.matvec: lowered to cblas_dgemv
// REMARK: remark: linalg.matmul: not lowered to BLAS: its element type is not f32 or f64
// REMARK: remark: linalg.matmul: not lowered to BLAS: a matrix operand has no dimension of unit stride
// REMARK: remark: linalg.generic: not lowered to BLAS: its body is not an accumulation of a scaled product
// REMARK: remark: linalg.generic: not lowered to BLAS: its output is also one of its inputs
// REMARK-NOT: remark

// Without allow-reassoc: nothing changes, and it says why.
// NOREASSOC: remark: linalg.generic: not lowered to BLAS: reassociation is not allowed (allow-reassoc=false)
// NOREASSOC-NOT: func.func private @cblas

#nn_a = affine_map<(i, k, j) -> (i, k)>
#nn_b = affine_map<(i, k, j) -> (k, j)>
#nn_c = affine_map<(i, k, j) -> (i, j)>
#tn_a = affine_map<(i, k, j) -> (k, i)>
#nt_a = affine_map<(i, j, k) -> (i, k)>
#nt_b = affine_map<(i, j, k) -> (j, k)>
#nt_c = affine_map<(i, j, k) -> (i, j)>
#id = affine_map<(i, j) -> (i, j)>
#bmm_a = affine_map<(b, i, j, k) -> (b, i, k)>
#bmm_b = affine_map<(b, i, j, k) -> (b, k, j)>
#bmm_c = affine_map<(b, i, j, k) -> (b, i, j)>
#mv_a = affine_map<(i, j) -> (i, j)>
#mv_x = affine_map<(i, j) -> (j)>
#mv_y = affine_map<(i, j) -> (i)>
#mvt_a = affine_map<(j, i) -> (i, j)>
#mvt_x = affine_map<(j, i) -> (i)>
#mvt_y = affine_map<(j, i) -> (j)>

// Darknet's gemm_nn: C += (ALPHA * A) * B, row-major with leading
// dimensions, becomes cblas_sgemm(RowMajor, NoTrans, NoTrans, M, N, K, ALPHA,
// A, lda, B, ldb, 1, C, ldc) with M, N from C, K from A's columns and the
// leading dimensions from the strides; the check requires ld >= max(1, row
// length), everything within int, and ALPHA != 0. The generic stays as the
// fallback.
// CHECK-LABEL: func.func @gemm_nn(
// CHECK-DAG: %{{.*}}, %{{.*}}, %{{.*}}, %[[AS:[a-z_0-9]+]]:2 = memref.extract_strided_metadata %arg0
// CHECK-DAG: %{{.*}}, %{{.*}}, %{{.*}}, %[[BS:[a-z_0-9]+]]:2 = memref.extract_strided_metadata %arg1
// CHECK-DAG: %{{.*}}, %{{.*}}, %{{.*}}, %[[CS:[a-z_0-9]+]]:2 = memref.extract_strided_metadata %arg2
// CHECK-DAG: %[[M:.*]] = memref.dim %arg2, %c0
// CHECK-DAG: %[[N:.*]] = memref.dim %arg2, %c1
// CHECK-DAG: %[[K:.*]] = memref.dim %arg0, %c1
// CHECK-DAG: %[[M32:.*]] = arith.index_cast %[[M]] : index to i32
// CHECK-DAG: %[[N32:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK-DAG: %[[K32:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK-DAG: %[[KMIN:.*]] = arith.maxsi %[[K]], %c1 : index
// CHECK-DAG: arith.cmpi sge, %[[AS]]#0, %[[KMIN]] : index
// CHECK-DAG: %[[LDA:.*]] = arith.index_cast %[[AS]]#0 : index to i32
// CHECK-DAG: %[[LDB:.*]] = arith.index_cast %[[BS]]#0 : index to i32
// CHECK-DAG: %[[LDC:.*]] = arith.index_cast %[[CS]]#0 : index to i32
// CHECK-DAG: %[[NZ:.*]] = arith.cmpf une, %arg3, %cst{{.*}} : f32
// CHECK: %[[OK:.*]] = arith.andi %{{.*}}, %[[NZ]] : i1
// CHECK: scf.if %[[OK]] {
// CHECK: func.call @cblas_sgemm(%c101_i32, %c111_i32, %c111_i32, %[[M32]], %[[N32]], %[[K32]], %arg3, %{{.*}}, %[[LDA]], %{{.*}}, %[[LDB]], %[[ONE:[^,]*]], %{{.*}}, %[[LDC]])
// CHECK-NEXT: } else {
// CHECK-NEXT: linalg.generic
// CHECK: arith.mulf %arg3
// CHECK: llvm.intr.fmuladd
// NOREASSOC-LABEL: func.func @gemm_nn(
// NOREASSOC-NOT: call
// NOREASSOC: linalg.generic
// LLVM-LABEL: llvm.func @gemm_nn(
// LLVM: llvm.call @cblas_sgemm(
// The fallback is the tuned kernel.
// LLVM: llvm.intr.fmuladd(%{{.*}}) : (vector<16xf32>, vector<16xf32>, vector<16xf32>) -> vector<16xf32>
func.func @gemm_nn(%a: memref<?x?xf32, strided<[?, 1]>>, %b: memref<?x?xf32, strided<[?, 1]>>,
                   %c: memref<?x?xf32, strided<[?, 1]>>, %alpha: f32) {
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

// A transposed (A is K x M): CblasTrans, K from A's rows.
// CHECK-LABEL: func.func @gemm_tn(
// CHECK-DAG: %{{.*}}, %{{.*}}, %{{.*}}, %[[AS:[a-z_0-9]+]]:2 = memref.extract_strided_metadata %arg0
// CHECK-DAG: %[[K:.*]] = memref.dim %arg0, %c0
// CHECK-DAG: %[[K32:.*]] = arith.index_cast %[[K]] : index to i32
// CHECK-DAG: %[[M:.*]] = memref.dim %arg0, %c1
// CHECK-DAG: %[[MMIN:.*]] = arith.maxsi %[[M]], %c1 : index
// CHECK-DAG: arith.cmpi sge, %[[AS]]#0, %[[MMIN]] : index
// CHECK-DAG: %[[LDA:.*]] = arith.index_cast %[[AS]]#0 : index to i32
// CHECK: func.call @cblas_sgemm(%c101_i32, %c112_i32, %c111_i32, %{{.*}}, %{{.*}}, %[[K32]], %[[ONE:[^,]*]], %{{.*}}, %[[LDA]], %{{.*}}, %{{.*}}, %[[ONE]], %{{.*}}, %{{.*}})
// CHECK: } else {
func.func @gemm_tn(%a: memref<?x?xf32, strided<[?, 1]>>, %b: memref<?x?xf32, strided<[?, 1]>>,
                   %c: memref<?x?xf32, strided<[?, 1]>>) {
  linalg.generic {indexing_maps = [#tn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>)
      outs(%c : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// sum = 0; sum += ALPHA * A * B^T; C += sum (a zero-filled temporary added
// to C): one call that accumulates into C (beta = 1); the fill, the product
// and the add are the fallback. The temporary's allocation stays.
// CHECK-LABEL: func.func @gemm_nt(
// CHECK: %[[T:.*]] = memref.alloc
// CHECK: scf.if
// CHECK-NOT: %[[T]]
// CHECK: func.call @cblas_sgemm(%c101_i32, %c111_i32, %c112_i32, %{{.*}}, %{{.*}}, %{{.*}}, %arg3, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %cst{{[_0-9]*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: linalg.fill {{.*}} outs(%[[T]]
// CHECK: linalg.generic {{.*}} outs(%[[T]]
// CHECK: linalg.generic {{.*}} ins(%[[T]] {{.*}} outs(%arg2
// CHECK: memref.dealloc %[[T]]
func.func @gemm_nt(%a: memref<?x?xf32, strided<[?, 1]>>, %b: memref<?x?xf32, strided<[?, 1]>>,
                   %c: memref<?x?xf32, strided<[?, 1]>>, %alpha: f32) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %c, %c0 : memref<?x?xf32, strided<[?, 1]>>
  %n = memref.dim %c, %c1 : memref<?x?xf32, strided<[?, 1]>>
  %t = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<?x?xf32>)
  linalg.generic {indexing_maps = [#nt_a, #nt_b, #nt_c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 1]>>)
      outs(%t : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %s = arith.mulf %alpha, %x : f32
    %r = llvm.intr.fmuladd(%s, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<?x?xf32>) outs(%c : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  memref.dealloc %t : memref<?x?xf32>
  return
}

// Polybench's gemm: C *= beta; C += alpha * A * B (mul + add body, f64):
// cblas_dgemm with beta; beta != 0 joins the check (CBLAS would not read C
// then, losing NaNs the loops keep). The scaling and the product are the
// fallback, matched through two equivalent subviews of C.
// CHECK-LABEL: func.func @scaled(
// CHECK-DAG: %[[ANZ:.*]] = arith.cmpf une, %arg3, %[[Z:.*]] : f64
// CHECK-DAG: %[[BNZ:.*]] = arith.cmpf une, %arg4, %[[Z]] : f64
// CHECK: scf.if
// CHECK: func.call @cblas_dgemm(%c101_i32, %c111_i32, %c111_i32, %{{.*}}, %{{.*}}, %{{.*}}, %arg3, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %arg4, %{{.*}}, %{{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: linalg.generic
// CHECK: arith.mulf %arg4
// CHECK: linalg.generic
// CHECK: arith.mulf %arg3
func.func @scaled(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>, %alpha: f64, %beta: f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %c, %c0 : memref<?x?xf64>
  %n = memref.dim %c, %c1 : memref<?x?xf64>
  %c_1 = memref.subview %c[0, 0] [%m, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%c_1 : memref<?x?xf64, strided<[?, 1]>>) {
  ^bb0(%y: f64):
    %r = arith.mulf %beta, %y : f64
    linalg.yield %r : f64
  }
  %m2 = memref.dim %c, %c0 : memref<?x?xf64>
  %c_2 = memref.subview %c[0, 0] [%m2, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c_2 : memref<?x?xf64, strided<[?, 1]>>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %s = arith.mulf %alpha, %x : f64
    %p = arith.mulf %s, %y : f64
    %r = arith.addf %acc, %p : f64
    linalg.yield %r : f64
  }
  return
}

// A fill of +0.0 before a named matmul: beta = 0, alpha = 1.
// CHECK-LABEL: func.func @zero_filled(
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f64
// CHECK: func.call @cblas_dgemm(%c101_i32, %c111_i32, %c111_i32, %{{.*}}, %{{.*}}, %{{.*}}, %[[ONE]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ZERO]], %{{.*}}, %{{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.matmul
func.func @zero_filled(%a: memref<?x?xf64>, %b: memref<?x?xf64>, %c: memref<?x?xf64>) {
  %zero = arith.constant 0.0 : f64
  linalg.fill ins(%zero : f64) outs(%c : memref<?x?xf64>)
  linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
  return
}

// C contiguous along its columns: C^T = B^T A^T in row-major terms, so B
// is CBLAS's A and A its B, both transposed; M is C's column count.
// CHECK-LABEL: func.func @column_major(
// CHECK-DAG: %{{.*}}, %{{.*}}, %{{.*}}, %[[CS:[a-z_0-9]+]]:2 = memref.extract_strided_metadata %arg2
// CHECK-DAG: %[[M:.*]] = memref.dim %arg2, %c1
// CHECK-DAG: %[[N:.*]] = memref.dim %arg2, %c0
// CHECK-DAG: %[[M32:.*]] = arith.index_cast %[[M]] : index to i32
// CHECK-DAG: %[[N32:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK-DAG: %[[LDC:.*]] = arith.index_cast %[[CS]]#1 : index to i32
// CHECK-DAG: %[[PB:.*]] = llvm.inttoptr
// CHECK: func.call @cblas_sgemm(%c101_i32, %c112_i32, %c112_i32, %[[M32]], %[[N32]], %{{.*}}, %{{.*}}, %[[PB1:[^,]*]], %{{.*}}, %[[PA1:[^,]*]], %{{.*}}, %{{.*}}, %{{.*}}, %[[LDC]])
func.func @column_major(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32, strided<[1, ?]>>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32, strided<[1, ?]>>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// A batch loop shared by all operands: a loop of calls, each operand's
// pointer advanced by its batch stride.
// CHECK-LABEL: func.func @batched(
// CHECK-DAG: %{{.*}}, %{{.*}}, %{{.*}}, %[[AS:[a-z_0-9]+]]:3 = memref.extract_strided_metadata %arg0
// CHECK-DAG: %[[BATCH:.*]] = memref.dim %arg2, %c0
// CHECK: scf.if
// CHECK-NEXT: scf.for %[[I:.*]] = %c0 to %[[BATCH]] step %c1 {
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[I]], %[[AS]]#0 : index
// CHECK: func.call @cblas_sgemm(
// CHECK: } else {
func.func @batched(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %c: memref<?x?x?xf32>) {
  linalg.generic {indexing_maps = [#bmm_a, #bmm_b, #bmm_c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%c : memref<?x?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// y += A * x with a strided x: cblas_sgemv(RowMajor, NoTrans, rows, cols,
// 1, A, lda, x, incx, 1, y, 1); the increment must be positive.
// CHECK-LABEL: func.func @matvec(
// CHECK-DAG: %{{.*}}, %{{.*}}, %{{.*}}, %[[XS:[a-z_0-9]+]] = memref.extract_strided_metadata %arg1
// CHECK-DAG: arith.cmpi sge, %[[XS]], %c1 : index
// CHECK-DAG: %[[INCX:.*]] = arith.index_cast %[[XS]] : index to i32
// CHECK: func.call @cblas_sgemv(%c101_i32, %c111_i32, %{{.*}}, %{{.*}}, %[[ONE:[^,]*]], %{{.*}}, %{{.*}}, %{{.*}}, %[[INCX]], %[[ONE]], %{{.*}}, %c1_i32)
func.func @matvec(%a: memref<?x?xf32, strided<[?, 1]>>, %x: memref<?xf32, strided<[?]>>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [#mv_a, #mv_x, #mv_y], iterator_types = ["parallel", "reduction"]}
      ins(%a, %x : memref<?x?xf32, strided<[?, 1]>>, memref<?xf32, strided<[?]>>) outs(%y : memref<?xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%p, %q, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// y(j) += A(i, j) * x(i): the transposed matvec, rows and columns as A
// is stored.
// CHECK-LABEL: func.func @matvec_t(
// CHECK-DAG: %[[R:.*]] = memref.dim %arg0, %c0
// CHECK-DAG: %[[C:.*]] = memref.dim %arg0, %c1
// CHECK-DAG: %[[R32:.*]] = arith.index_cast %[[R]] : index to i32
// CHECK-DAG: %[[C32:.*]] = arith.index_cast %[[C]] : index to i32
// CHECK: func.call @cblas_sgemv(%c101_i32, %c112_i32, %[[R32]], %[[C32]],
func.func @matvec_t(%a: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [#mvt_a, #mvt_x, #mvt_y], iterator_types = ["parallel", "reduction"]}
      ins(%a, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%p, %q, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// CHECK-LABEL: func.func @named_matvec(
// CHECK: func.call @cblas_dgemv(%c101_i32, %c111_i32,
// CHECK: } else {
// CHECK-NEXT: linalg.matvec
func.func @named_matvec(%a: memref<?x?xf64>, %x: memref<?xf64>, %y: memref<?xf64>) {
  linalg.matvec ins(%a, %x : memref<?x?xf64>, memref<?xf64>) outs(%y : memref<?xf64>)
  return
}

// Not mapped: integers, no unit stride, a body that is not a product sum,
// an output that is also an input, and an element-wise operation (not even
// a contraction: no remark).
// CHECK-LABEL: func.func @integer(
// CHECK-NOT: call
// CHECK: linalg.matmul
func.func @integer(%a: memref<?x?xi32>, %b: memref<?x?xi32>, %c: memref<?x?xi32>) {
  linalg.matmul ins(%a, %b : memref<?x?xi32>, memref<?x?xi32>) outs(%c : memref<?x?xi32>)
  return
}

// CHECK-LABEL: func.func @no_unit_stride(
// CHECK-NOT: call
// CHECK: linalg.matmul
func.func @no_unit_stride(%a: memref<?x?xf32, strided<[?, ?]>>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32, strided<[?, ?]>>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// CHECK-LABEL: func.func @not_a_product(
// CHECK-NOT: call
// CHECK: linalg.generic
func.func @not_a_product(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.maximumf %acc, %p : f32
    linalg.yield %r : f32
  }
  return
}

// CHECK-LABEL: func.func @in_place(
// CHECK-NOT: call
// CHECK: linalg.generic
func.func @in_place(%a: memref<?x?xf32>, %b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %c = memref.subview %a[0, 0] [%n, %n] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  linalg.generic {indexing_maps = [#nn_a, #nn_b, #nn_c], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32, strided<[?, 1]>>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %r = llvm.intr.fmuladd(%x, %y, %acc) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// CHECK-LABEL: func.func @elementwise(
// CHECK-NOT: call
// CHECK: linalg.generic
func.func @elementwise(%a: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<?x?xf32>) outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  return
}
