// The kernels of bench/kernels.h through OpenBLAS's CBLAS, the suite's
// reference: the same results up to the order of the sums (the suite checks
// them against plain -O3 within a tolerance). The convolution is Darknet's:
// im2col, then one SGEMM per image.

#include "kernels.h"

#include <cblas.h>
#include <stdlib.h>

#define RM CblasRowMajor
#define N CblasNoTrans
#define T CblasTrans

void gemm(int ni, int nj, int nk, float alpha, float beta, float C[L3][L3],
          float A[L3][L3], float B[L3][L3]) {
  cblas_sgemm(RM, N, N, ni, nj, nk, alpha, &A[0][0], L3, &B[0][0], L3, beta,
              &C[0][0], L3);
}

void dgemm(int ni, int nj, int nk, double alpha, double beta,
           double C[L3][L3], double A[L3][L3], double B[L3][L3]) {
  cblas_dgemm(RM, N, N, ni, nj, nk, alpha, &A[0][0], L3, &B[0][0], L3, beta,
              &C[0][0], L3);
}

void k2mm(int ni, int nj, int nk, int nl, float alpha, float beta,
          float tmp[L3][L3], float A[L3][L3], float B[L3][L3],
          float C[L3][L3], float D[L3][L3]) {
  cblas_sgemm(RM, N, N, ni, nj, nk, alpha, &A[0][0], L3, &B[0][0], L3, 0.0f,
              &tmp[0][0], L3);
  cblas_sgemm(RM, N, N, ni, nl, nj, 1.0f, &tmp[0][0], L3, &C[0][0], L3, beta,
              &D[0][0], L3);
}

void k3mm(int ni, int nj, int nk, int nl, int nm, float E[L3][L3],
          float A[L3][L3], float B[L3][L3], float F[L3][L3],
          float C[L3][L3], float D[L3][L3], float G[L3][L3]) {
  cblas_sgemm(RM, N, N, ni, nj, nk, 1.0f, &A[0][0], L3, &B[0][0], L3, 0.0f,
              &E[0][0], L3);
  cblas_sgemm(RM, N, N, nj, nl, nm, 1.0f, &C[0][0], L3, &D[0][0], L3, 0.0f,
              &F[0][0], L3);
  cblas_sgemm(RM, N, N, ni, nl, nj, 1.0f, &E[0][0], L3, &F[0][0], L3, 0.0f,
              &G[0][0], L3);
}

void atax(int m, int n, float A[L2][L2], float x[L2], float y[L2],
          float tmp[L2]) {
  cblas_sgemv(RM, N, m, n, 1.0f, &A[0][0], L2, x, 1, 0.0f, tmp, 1);
  cblas_sgemv(RM, T, m, n, 1.0f, &A[0][0], L2, tmp, 1, 0.0f, y, 1);
}

void bicg(int m, int n, float A[L2][L2], float s[L2], float q[L2],
          float p[L2], float r[L2]) {
  cblas_sgemv(RM, T, n, m, 1.0f, &A[0][0], L2, r, 1, 0.0f, s, 1);
  cblas_sgemv(RM, N, n, m, 1.0f, &A[0][0], L2, p, 1, 0.0f, q, 1);
}

void mvt(int n, float x1[L2], float x2[L2], float y_1[L2], float y_2[L2],
         float A[L2][L2]) {
  cblas_sgemv(RM, N, n, n, 1.0f, &A[0][0], L2, y_1, 1, 1.0f, x1, 1);
  cblas_sgemv(RM, T, n, n, 1.0f, &A[0][0], L2, y_2, 1, 1.0f, x2, 1);
}

void gesummv(int n, float alpha, float beta, float A[L2][L2],
             float B[L2][L2], float tmp[L2], float x[L2], float y[L2]) {
  cblas_sgemv(RM, N, n, n, 1.0f, &A[0][0], L2, x, 1, 0.0f, tmp, 1);
  cblas_sgemv(RM, N, n, n, beta, &B[0][0], L2, x, 1, 0.0f, y, 1);
  cblas_saxpy(n, alpha, tmp, 1, y, 1);
}

void gemver(int n, float alpha, float beta, float A[L2][L2], float u1[L2],
            float v1[L2], float u2[L2], float v2[L2], float w[L2],
            float x[L2], float y[L2], float z[L2]) {
  cblas_sger(RM, n, n, 1.0f, u1, 1, v1, 1, &A[0][0], L2);
  cblas_sger(RM, n, n, 1.0f, u2, 1, v2, 1, &A[0][0], L2);
  cblas_sgemv(RM, T, n, n, beta, &A[0][0], L2, y, 1, 1.0f, x, 1);
  cblas_saxpy(n, 1.0f, z, 1, x, 1);
  cblas_sgemv(RM, N, n, n, alpha, &A[0][0], L2, x, 1, 1.0f, w, 1);
}

void conv2d_nchw(int batch, int c, int h, int w, int f, int kh, int kw,
                 float in[CONV_N][CONV_C][CONV_H][CONV_W],
                 float wt[CONV_F][CONV_C][CONV_K][CONV_K],
                 float out[CONV_N][CONV_F][CONV_H][CONV_W]) {
  int oh = h - kh + 1, ow = w - kw + 1;
  // The output is stored oh x ow in arrays of the input's extents: compute
  // into a dense buffer, then add it in.
  float *Col = malloc(sizeof(float) * c * kh * kw * oh * ow);
  float *Dense = malloc(sizeof(float) * f * oh * ow);
  for (int n = 0; n < batch; ++n) {
    for (int i = 0; i < c; ++i)
      for (int r = 0; r < kh; ++r)
        for (int s = 0; s < kw; ++s)
          for (int y = 0; y < oh; ++y)
            for (int x = 0; x < ow; ++x)
              Col[(((i * kh + r) * kw + s) * oh + y) * ow + x] =
                  in[n][i][y + r][x + s];
    cblas_sgemm(RM, N, N, f, oh * ow, c * kh * kw, 1.0f, &wt[0][0][0][0],
                CONV_C * CONV_K * CONV_K, Col, oh * ow, 0.0f, Dense,
                oh * ow);
    for (int o = 0; o < f; ++o)
      for (int y = 0; y < oh; ++y)
        for (int x = 0; x < ow; ++x)
          out[n][o][y][x] += Dense[(o * oh + y) * ow + x];
  }
  free(Col);
  free(Dense);
}

void contract_abc_acd_db(int na, int nb, int nc, int nd, float C[TA][TB][TC],
                         float A[TA][TC][TD], float B[TD][TB]) {
  // C[a] (b x c) += B^T (b x d) * A[a]^T (d x c).
  for (int a = 0; a < na; a++)
    cblas_sgemm(RM, T, T, nb, nc, nd, 1.0f, &B[0][0], TB, &A[a][0][0], TD,
                1.0f, &C[a][0][0], TC);
}

void contract_ab_cad_dcb(int na, int nb, int nc, int nd, float C[TA][TB],
                         float A[TC][TA][TD], float B[TD][TC][TB]) {
  // C (a x b) += A[c] (a x d) * B[:, c, :] (d x b) for every c.
  for (int c = 0; c < nc; c++)
    cblas_sgemm(RM, N, N, na, nb, nd, 1.0f, &A[c][0][0], TD, &B[0][c][0],
                TC * TB, 1.0f, &C[0][0], TB);
}

void matrix_chain(int n0, int n1, int n2, int n3, float T_[L3][L3],
                  float D[L3][L3], float A[L3][L3], float B[L3][L3],
                  float C[L3][L3]) {
  cblas_sgemm(RM, N, N, n0, n2, n1, 1.0f, &A[0][0], L3, &B[0][0], L3, 0.0f,
              &T_[0][0], L3);
  cblas_sgemm(RM, N, N, n0, n3, n2, 1.0f, &T_[0][0], L3, &C[0][0], L3, 0.0f,
              &D[0][0], L3);
}
