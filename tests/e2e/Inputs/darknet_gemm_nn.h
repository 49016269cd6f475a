// Darknet's gemm_nn (src/gemm.c), as written there: C += ALPHA * A * B with
// row-major matrices, leading dimensions passed as int, no restrict and
// ALPHA hoisted by hand. Shared by the tests that call it: darknet-gemm-nn.c,
// im2col-gemm.c (Darknet's convolution) and gemm-nn-aliased.c.

#ifndef RAISE_E2E_DARKNET_GEMM_NN_H
#define RAISE_E2E_DARKNET_GEMM_NN_H

__attribute__((noinline)) void gemm_nn(int M, int N, int K, float ALPHA,
                                       float *A, int lda, float *B, int ldb,
                                       float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = ALPHA * A[i * lda + k];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

#endif // RAISE_E2E_DARKNET_GEMM_NN_H
