// Matmul-like kernels in the forms the tactics raise to other than a
// three-loop linalg.generic: a named linalg.matmul / linalg.batch_matmul
// (bodies of separate multiplies and adds, -ffp-contract=off) and a batched
// generic (fmuladd bodies, the default). tuned-kernels.test.
void mm(long n, float A[restrict n][n], float B[restrict n][n], float C[restrict n][n]) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      for (long k = 0; k < n; ++k)
        C[i][j] += A[i][k] * B[k][j];
}
void bmm(long b, long n, float A[restrict b][n][n], float B[restrict b][n][n], float C[restrict b][n][n]) {
  for (long l = 0; l < b; ++l)
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      for (long k = 0; k < n; ++k)
        C[l][i][j] += A[l][i][k] * B[l][k][j];
}
