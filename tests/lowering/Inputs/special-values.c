// Products where CBLAS would not read an operand: alpha = 0 (it skips A and
// B) and beta = 0 (it skips C). The loops multiply anyway, so infinities and
// NaNs in the skipped operand give NaNs; the BLAS lowering's run-time check
// sends such calls to the original operations, which keep them. Built with
// -raise-lowering=blas, the output must be byte-identical to the build
// without the plugin.

#include "../../e2e/Inputs/harness.h"
#include "../../e2e/Inputs/darknet_gemm_nn.h"

#include <math.h>

// Polybench's gemm: C *= beta, then C += alpha * A * B.
__attribute__((noinline)) void scaled_gemm(int n, float alpha, float beta,
                                           float *C, float *A, float *B) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i * n + j] *= beta;
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i * n + j] += alpha * A[i * n + k] * B[k * n + j];
  }
}

static void test(int n) {
  size_t count = (size_t)n * n;
  float *A = random_floats(count, 11);
  float *B = random_floats(count, 12);
  float *C = random_floats(count, 13);
  B[count / 3] = INFINITY;
  gemm_nn(n, n, n, 0.0f, A, n, B, n, C, n);
  print_floats("C after alpha = 0", C, count);

  float *D = random_floats(count, 14);
  B[count / 3] = 1.0f;
  D[count / 2] = NAN;
  D[count / 5] = INFINITY;
  scaled_gemm(n, 1.5f, 0.0f, D, A, B);
  print_floats("D after beta = 0", D, count);
}
