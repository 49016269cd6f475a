// Matrix-vector products as Polybench's atax writes them (no headers, so
// that any target compiles it): tmp = A x row by row, then y = A^T tmp.
#define N 1024

void atax(int m, int n, float A[N][N], float x[N], float y[N], float tmp[N]) {
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0f;
    for (int j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}
