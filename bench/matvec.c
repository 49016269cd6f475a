// The exact row-major matrix-vector product of fully connected layers and
// of a transformer decoder's projections, as llama2.c's run.c writes it:
// y[i] = sum_j W[i][j] * x[j], summed in j order in a local scalar. The
// configuration under test compiles this file; bench/matvec_bench.c times
// it.

void matvec(float *y, const float *x, const float *W, int n, int d) {
  for (int i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++)
      val += W[i * n + j] * x[j];
    y[i] = val;
  }
}
