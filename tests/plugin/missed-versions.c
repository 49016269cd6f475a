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

// Darknet's gemm_bin: the inner loop is versioned on the sign of an element
// of A, and no version is raised: one missed remark, the other versions in
// analysis remarks.
// CHECK-LABEL: remark: {{.*}}loop nest in gemm_bin (where an element of arg4 {{.*}}) not raised: {{.*}} [-Rpass-missed=raise]
// CHECK-NOT: loop nest in gemm_bin {{.*}} not raised
// ANALYSIS-COUNT-2: remark: {{.*}}loop nest in gemm_bin (where an element of arg4 {{.*}}) not raised: {{.*}} [-Rpass-analysis=raise]
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
