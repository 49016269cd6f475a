// The kernels of bench/kernels.c (and of bench/kernels_cblas.c, the same
// functions through OpenBLAS), with the fixed extents of their arrays. Loops
// are bounded by the run-time sizes each kernel takes first, as in Polybench.
#ifndef RAISE_BENCH_KERNELS_H
#define RAISE_BENCH_KERNELS_H

/// Level-3 Polybench kernels, the matrix chain and DGEMM: L3 x L3 arrays.
#define L3 1024
/// Level-2 Polybench kernels: L2 x L2 matrices and L2 vectors.
#define L2 4096
/// The convolution: CONV_N images of CONV_C channels of CONV_H x CONV_W,
/// CONV_F filters of CONV_K x CONV_K; the output is stored in arrays of the
/// input's extents.
#define CONV_N 2
#define CONV_C 64
#define CONV_H 58
#define CONV_W 58
#define CONV_F 64
#define CONV_K 3
/// The contractions' index extents.
#define TA 64
#define TB 128
#define TC 128
#define TD 256

void gemm(int ni, int nj, int nk, float alpha, float beta, float C[L3][L3],
          float A[L3][L3], float B[L3][L3]);

void dgemm(int ni, int nj, int nk, double alpha, double beta,
           double C[L3][L3], double A[L3][L3], double B[L3][L3]);

void k2mm(int ni, int nj, int nk, int nl, float alpha, float beta,
          float tmp[L3][L3], float A[L3][L3], float B[L3][L3],
          float C[L3][L3], float D[L3][L3]);

void k3mm(int ni, int nj, int nk, int nl, int nm, float E[L3][L3],
          float A[L3][L3], float B[L3][L3], float F[L3][L3],
          float C[L3][L3], float D[L3][L3], float G[L3][L3]);

void atax(int m, int n, float A[L2][L2], float x[L2], float y[L2],
          float tmp[L2]);

void bicg(int m, int n, float A[L2][L2], float s[L2], float q[L2], float p[L2],
          float r[L2]);

void mvt(int n, float x1[L2], float x2[L2], float y_1[L2], float y_2[L2],
         float A[L2][L2]);

void gesummv(int n, float alpha, float beta, float A[L2][L2], float B[L2][L2],
             float tmp[L2], float x[L2], float y[L2]);

void gemver(int n, float alpha, float beta, float A[L2][L2], float u1[L2],
            float v1[L2], float u2[L2], float v2[L2], float w[L2], float x[L2],
            float y[L2], float z[L2]);

void conv2d_nchw(int batch, int c, int h, int w, int f, int kh, int kw,
                 float in[CONV_N][CONV_C][CONV_H][CONV_W], float wt[CONV_F][CONV_C][CONV_K][CONV_K],
                 float out[CONV_N][CONV_F][CONV_H][CONV_W]);

void contract_abc_acd_db(int na, int nb, int nc, int nd,
                         float C[TA][TB][TC], float A[TA][TC][TD],
                         float B[TD][TB]);

void contract_ab_cad_dcb(int na, int nb, int nc, int nd, float C[TA][TB],
                         float A[TC][TA][TD], float B[TD][TC][TB]);

void matrix_chain(int n0, int n1, int n2, int n3, float T[L3][L3],
                  float D[L3][L3], float A[L3][L3], float B[L3][L3],
                  float C[L3][L3]);

#endif
