// The benchmark suite's kernels beyond Darknet's GEMMs, written as
// Polybench writes them (arrays of fixed extents, loops bounded by run-time
// sizes): its linear-algebra kernels, a direct NCHW convolution, two tensor
// contractions, a matrix chain and a double-precision GEMM. bench/suite.sh compiles this
// file once per configuration and links it with bench/suite_bench.c, which
// times every kernel on the same inputs. bench/kernels_cblas.c implements
// the same functions with OpenBLAS calls.

#include "kernels.h"

void gemm(int ni, int nj, int nk, float alpha, float beta, float C[L3][L3],
          float A[L3][L3], float B[L3][L3]) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

void dgemm(int ni, int nj, int nk, double alpha, double beta,
           double C[L3][L3], double A[L3][L3], double B[L3][L3]) {
  for (int i = 0; i < ni; i++) {
    for (int j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (int k = 0; k < nk; k++)
      for (int j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

void k2mm(int ni, int nj, int nk, int nl, float alpha, float beta,
          float tmp[L3][L3], float A[L3][L3], float B[L3][L3],
          float C[L3][L3], float D[L3][L3]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      tmp[i][j] = 0.0f;
      for (int k = 0; k < nk; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (int k = 0; k < nj; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

void k3mm(int ni, int nj, int nk, int nl, int nm, float E[L3][L3],
          float A[L3][L3], float B[L3][L3], float F[L3][L3],
          float C[L3][L3], float D[L3][L3], float G[L3][L3]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      E[i][j] = 0.0f;
      for (int k = 0; k < nk; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nl; j++) {
      F[i][j] = 0.0f;
      for (int k = 0; k < nm; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++) {
      G[i][j] = 0.0f;
      for (int k = 0; k < nj; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
}

void atax(int m, int n, float A[L2][L2], float x[L2], float y[L2],
          float tmp[L2]) {
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

void bicg(int m, int n, float A[L2][L2], float s[L2], float q[L2], float p[L2],
          float r[L2]) {
  for (int i = 0; i < m; i++)
    s[i] = 0;
  for (int i = 0; i < n; i++) {
    q[i] = 0.0f;
    for (int j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

void mvt(int n, float x1[L2], float x2[L2], float y_1[L2], float y_2[L2],
         float A[L2][L2]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
}

void gesummv(int n, float alpha, float beta, float A[L2][L2], float B[L2][L2],
             float tmp[L2], float x[L2], float y[L2]) {
  for (int i = 0; i < n; i++) {
    tmp[i] = 0.0f;
    y[i] = 0.0f;
    for (int j = 0; j < n; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

void gemver(int n, float alpha, float beta, float A[L2][L2], float u1[L2],
            float v1[L2], float u2[L2], float v2[L2], float w[L2], float x[L2],
            float y[L2], float z[L2]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
  for (int i = 0; i < n; i++)
    x[i] = x[i] + z[i];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
}

void conv2d_nchw(int batch, int c, int h, int w, int f, int kh, int kw,
                 float in[CONV_N][CONV_C][CONV_H][CONV_W], float wt[CONV_F][CONV_C][CONV_K][CONV_K],
                 float out[CONV_N][CONV_F][CONV_H][CONV_W]) {
  for (int n = 0; n < batch; ++n)
    for (int o = 0; o < f; ++o)
      for (int y = 0; y < h - kh + 1; ++y)
        for (int x = 0; x < w - kw + 1; ++x)
          for (int i = 0; i < c; ++i)
            for (int r = 0; r < kh; ++r)
              for (int s = 0; s < kw; ++s)
                out[n][o][y][x] += in[n][i][y + r][x + s] * wt[o][i][r][s];
}

void contract_abc_acd_db(int na, int nb, int nc, int nd,
                         float C[TA][TB][TC], float A[TA][TC][TD],
                         float B[TD][TB]) {
  for (int a = 0; a < na; a++)
    for (int b = 0; b < nb; b++)
      for (int c = 0; c < nc; c++)
        for (int d = 0; d < nd; d++)
          C[a][b][c] += A[a][c][d] * B[d][b];
}

void contract_ab_cad_dcb(int na, int nb, int nc, int nd, float C[TA][TB],
                         float A[TC][TA][TD], float B[TD][TC][TB]) {
  for (int a = 0; a < na; a++)
    for (int b = 0; b < nb; b++)
      for (int c = 0; c < nc; c++)
        for (int d = 0; d < nd; d++)
          C[a][b] += A[c][a][d] * B[d][c][b];
}

void matrix_chain(int n0, int n1, int n2, int n3, float T[L3][L3],
                  float D[L3][L3], float A[L3][L3], float B[L3][L3],
                  float C[L3][L3]) {
  for (int i = 0; i < n0; i++)
    for (int j = 0; j < n2; j++) {
      T[i][j] = 0.0f;
      for (int k = 0; k < n1; k++)
        T[i][j] += A[i][k] * B[k][j];
    }
  for (int i = 0; i < n0; i++)
    for (int j = 0; j < n3; j++) {
      D[i][j] = 0.0f;
      for (int k = 0; k < n2; k++)
        D[i][j] += T[i][k] * C[k][j];
    }
}
