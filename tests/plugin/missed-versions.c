// A nest Polly versions on its parameters is reported once: the version
// raised (or, where none is, the first version missed) in a remark of its
// kind, the other versions' reasons as analysis remarks. Values the nest is
// versioned on are named by the source: an element of an array where the
// IR has no name.
//
// RUN: %clang -O3 -march=x86-64-v3 -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -march=x86-64-v3 -fpass-plugin=%plugin -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ANALYSIS

// The version where K <= 0 only adds zeros to C and is not raised; the nest
// is.
// CHECK-LABEL: remark: {{.*}}loop nest in dot_rows (where arg2 >= 1) raised to
// ANALYSIS-DAG: remark: {{.*}}loop nest in dot_rows (where arg2 <= 0) not raised: {{.*}} [-Rpass-analysis=raise]
void dot_rows(int M, int N, int K, const float *A, const float *B, float *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float sum = 0;
      for (int k = 0; k < K; ++k)
        sum += A[i * K + k] * B[j * K + k];
      C[i * N + j] += sum;
    }
}

// Darknet's gemm_bin: the inner loops are chosen by the sign of an element
// of A; only they are SCoPs, each one loop deep, holding no product: one
// missed remark for the nest, none for its versions.
// CHECK-LABEL: remark: {{.*}}loop nest in gemm_bin is not a static control part (only part of it is): {{.*}} [-Rpass-missed=raise]
// CHECK-NOT: loop nest in gemm_bin {{.*}} not raised
// ANALYSIS-NOT: loop nest in gemm_bin {{.*}} not raised
void gemm_bin(int M, int N, int K, float ALPHA, char *A, int lda, float *B,
              int ldb, float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      char A_PART = A[i * lda + k];
      if (A_PART) {
        for (int j = 0; j < N; ++j)
          C[i * ldc + j] += B[k * ldb + j];
      } else {
        for (int j = 0; j < N; ++j)
          C[i * ldc + j] -= B[k * ldb + j];
      }
    }
}

// retrolm's _matmul (four partial sums over pointers walked along A's row
// and B's column, then a loop for the rest of k), with a weight looked up by
// value in the unrolled loop. LLVM unswitches the nest on c1 < 4; only that
// version, with the unrolled loop gone, is a SCoP, and it is raised. The
// version that runs wherever c1 >= 4 has more loops, so it says why it was
// missed instead of hiding behind the raised one.
// CHECK-LABEL: remark: {{.*}}loop nest in split_sums_walked (its version with 4 loops) is not a static control part (only part of it is): The array subscript of "UNKNOWN" is not affine
// CHECK: remark: {{.*}}loop nest in split_sums_walked (where arg5 >= 1) raised to
void split_sums_walked(const float *m1, const float *m2, const float *w,
                       float *res, unsigned int r1, unsigned int c1,
                       unsigned int c2) {
  unsigned int i, j, k;
  for (i = 0; i < r1; ++i) {
    const float *m1_row = m1 + i * c1;
    float *res_row = res + i * c2;
    for (j = 0; j < c2; ++j) {
      const float *a = m1_row;
      const float *b = m2 + j;
      float sum0 = 0.f, sum1 = 0.f, sum2 = 0.f, sum3 = 0.f;
      for (k = 0; k + 3 < c1; k += 4) {
        sum0 += a[0] * b[0] * w[(unsigned)a[0] & 7];
        sum1 += a[1] * b[c2];
        sum2 += a[2] * b[2 * c2];
        sum3 += a[3] * b[3 * c2];
        a += 4;
        b += 4 * c2;
      }
      float sum = sum0 + sum1 + sum2 + sum3;
      for (; k < c1; ++k) {
        sum += (*a) * (*b);
        ++a;
        b += c2;
      }
      res_row[j] = sum;
    }
  }
}
