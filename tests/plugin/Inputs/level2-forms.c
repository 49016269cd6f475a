// Matrix-vector products of one matrix, as row-major code with a leading
// dimension writes them (no headers, so that any target compiles it):
// tmp = A x row by row, then y += A^T tmp.
void atax(int m, int n, int lda, const float *A, const float *x, float *y,
          float *tmp) {
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0f;
    for (int j = 0; j < n; j++)
      tmp[i] += A[i * lda + j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] += A[i * lda + j] * tmp[i];
  }
}
