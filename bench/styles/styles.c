// GEMM and matvec kernels in the coding styles users write them in, for
// bench/styles.sh: each timed without and with the plugin on the same
// inputs. The kernels are written as a user would, not for raise.
#include "styles.h"

#include <string.h>

// One block per run: the state, then A, B, C, a bias row, and tables of row
// pointers into A, B and C (rows evenly spaced, as Numerical Recipes'
// matrix() allocates them).
struct gemm {
  int M, N, K;
  float *A, *B, *C, *bias;
  float **Ar, **Br, **Cr;
};

static void *gemm_setup(int M, int N, int K) {
  size_t floats = (size_t)M * K + (size_t)K * N + (size_t)M * N + N;
  size_t rows = (size_t)M + K + M;
  struct gemm *g = (struct gemm *)malloc(sizeof *g + rows * sizeof(float *) +
                                         floats * sizeof(float));
  g->M = M, g->N = N, g->K = K;
  g->Ar = (float **)(g + 1);
  g->Br = g->Ar + M;
  g->Cr = g->Br + K;
  g->A = (float *)(g->Cr + M);
  g->B = g->A + (size_t)M * K;
  g->C = g->B + (size_t)K * N;
  g->bias = g->C + (size_t)M * N;
  style_fill(g->A, floats);
  for (int i = 0; i < M; ++i)
    g->Ar[i] = g->A + (size_t)i * K, g->Cr[i] = g->C + (size_t)i * N;
  for (int k = 0; k < K; ++k)
    g->Br[k] = g->B + (size_t)k * N;
  return g;
}

static const void *gemm_output(void *s, size_t *bytes) {
  struct gemm *g = (struct gemm *)s;
  *bytes = (size_t)g->M * g->N * sizeof(float);
  return g->C;
}

static double gemm_flops(int M, int N, int K) { return 2.0 * M * N * K; }
static double matvec_flops(int M, int N, int K) { return 2.0 * M * K; }
static double even_rows_flops(int M, int N, int K) {
  return 2.0 * (M / 2) * N * K;
}

// Darknet's gemm_nn: linearized, leading dimensions, alpha, i-k-j.
__attribute__((noinline)) void linearized(int M, int N, int K, float ALPHA,
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
static void run_linearized(void *s) {
  struct gemm *g = (struct gemm *)s;
  linearized(g->M, g->N, g->K, 1.5f, g->A, g->K, g->B, g->N, g->C, g->N);
}

// C99 variable-length array parameters, i-j-k with a local sum.
__attribute__((noinline)) void local_sum_vla(int M, int N, int K,
                                             float A[M][K], float B[K][N],
                                             float C[M][N]) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float sum = 0;
      for (int k = 0; k < K; ++k)
        sum += A[i][k] * B[k][j];
      C[i][j] = sum;
    }
}
static void run_local_sum_vla(void *s) {
  struct gemm *g = (struct gemm *)s;
  local_sum_vla(g->M, g->N, g->K, (float(*)[g->K])g->A, (float(*)[g->N])g->B,
                (float(*)[g->N])g->C);
}

// size_t sizes and counters, i-j-k with a local sum.
__attribute__((noinline)) void size_t_sizes(size_t M, size_t N, size_t K,
                                            const float *A, const float *B,
                                            float *C) {
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j) {
      float sum = 0.0f;
      for (size_t k = 0; k < K; ++k)
        sum += A[i * K + k] * B[k * N + j];
      C[i * N + j] = sum;
    }
}
static void run_size_t(void *s) {
  struct gemm *g = (struct gemm *)s;
  size_t_sizes(g->M, g->N, g->K, g->A, g->B, g->C);
}

// Tables of row pointers (float **), i-k-j.
__attribute__((noinline)) void row_pointers(int M, int N, int K, float **A,
                                            float **B, float **C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i][j] += A[i][k] * B[k][j];
}
static void run_row_pointers(void *s) {
  struct gemm *g = (struct gemm *)s;
  row_pointers(g->M, g->N, g->K, g->Ar, g->Br, g->Cr);
}

// C zeroed with memset, then accumulated.
__attribute__((noinline)) void memset_init(int M, int N, int K, const float *A,
                                           const float *B, float *C) {
  memset(C, 0, sizeof(float) * M * N);
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}
static void run_memset_init(void *s) {
  struct gemm *g = (struct gemm *)s;
  memset_init(g->M, g->N, g->K, g->A, g->B, g->C);
}

// Each row of C starts as the bias (memcpy), as a convolution layer does.
__attribute__((noinline)) void memcpy_bias(int M, int N, int K, const float *A,
                                           const float *B, const float *bias,
                                           float *C) {
  for (int i = 0; i < M; ++i)
    memcpy(C + (size_t)i * N, bias, sizeof(float) * N);
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}
static void run_memcpy_bias(void *s) {
  struct gemm *g = (struct gemm *)s;
  memcpy_bias(g->M, g->N, g->K, g->A, g->B, g->bias, g->C);
}

// C = A * B^T as dot products of rows.
__attribute__((noinline)) void dot_rows(int M, int N, int K, const float *A,
                                        const float *B, float *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float dot = 0;
      for (int k = 0; k < K; ++k)
        dot += A[i * K + k] * B[j * K + k];
      C[i * N + j] = dot;
    }
}
static void run_dot_rows(void *s) {
  struct gemm *g = (struct gemm *)s;
  dot_rows(g->M, g->N, g->K, g->A, g->B, g->C);
}

// y = W x with a local sum (a fully connected layer), W of M x K.
__attribute__((noinline)) void matvec(int M, int K, const float *W,
                                      const float *x, float *y) {
  for (int i = 0; i < M; ++i) {
    float sum = 0;
    for (int k = 0; k < K; ++k)
      sum += W[i * K + k] * x[k];
    y[i] = sum;
  }
}
static void run_matvec(void *s) {
  struct gemm *g = (struct gemm *)s;
  matvec(g->M, g->K, g->A, g->B, g->C);
}
static const void *matvec_output(void *s, size_t *bytes) {
  struct gemm *g = (struct gemm *)s;
  *bytes = (size_t)g->M * sizeof(float);
  return g->C;
}

// C -= A * B, as the trailing update of a blocked factorization writes it.
__attribute__((noinline)) void minus_equals(int M, int N, int K,
                                            const float *A, const float *B,
                                            float *C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * N + j] -= A[i * K + k] * B[k * N + j];
}
static void run_minus_equals(void *s) {
  struct gemm *g = (struct gemm *)s;
  minus_equals(g->M, g->N, g->K, g->A, g->B, g->C);
}

// The even rows of C from the even rows of A: a section, every other row.
__attribute__((noinline)) void even_rows(int M, int N, int K, const float *A,
                                         const float *B, float *C) {
  for (int i = 0; i < M / 2; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[2 * i * N + j] += A[2 * i * K + k] * B[k * N + j];
}
static void run_even_rows(void *s) {
  struct gemm *g = (struct gemm *)s;
  even_rows(g->M, g->N, g->K, g->A, g->B, g->C);
}

// Two interleaved partial sums, added at the end.
__attribute__((noinline)) void split_sum(int M, int N, int K, const float *A,
                                         const float *B, float *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s0 = 0, s1 = 0;
      int k = 0;
      for (; k + 1 < K; k += 2) {
        s0 += A[i * K + k] * B[k * N + j];
        s1 += A[i * K + k + 1] * B[(k + 1) * N + j];
      }
      if (k < K)
        s0 += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s0 + s1;
    }
}
static void run_split_sum(void *s) {
  struct gemm *g = (struct gemm *)s;
  split_sum(g->M, g->N, g->K, g->A, g->B, g->C);
}

// Tiled by hand: eight accumulators from the bias, written back after k.
__attribute__((noinline)) void tiled_by_hand(int M, int N, int K,
                                             const float *A, const float *B,
                                             const float *bias, float *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j + 8 <= N; j += 8) {
      float acc[8];
      for (int t = 0; t < 8; ++t)
        acc[t] = bias[j + t];
      for (int k = 0; k < K; ++k)
        for (int t = 0; t < 8; ++t)
          acc[t] += A[i * K + k] * B[k * N + j + t];
      for (int t = 0; t < 8; ++t)
        C[i * N + j + t] = acc[t];
    }
}
static void run_tiled_by_hand(void *s) {
  struct gemm *g = (struct gemm *)s;
  tiled_by_hand(g->M, g->N, g->K, g->A, g->B, g->bias, g->C);
}

// An int32 GEMM (integer codes, quantized layers summed in int32), i-k-j
// over linearized arrays; the inputs are the float inputs' bits, so the
// sums wrap.
__attribute__((noinline)) void int32_gemm(int M, int N, int K, const int *A,
                                          const int *B, int *C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}
static void run_int32(void *s) {
  struct gemm *g = (struct gemm *)s;
  int32_gemm(g->M, g->N, g->K, (const int *)g->A, (const int *)g->B,
             (int *)g->C);
}

// Quantized inference's fully connected layer: uint8 activations by int8
// weights, one row of weights per output, summed in int32 from a bias.
__attribute__((noinline)) void int8_dense(int M, int N, int K,
                                          const unsigned char *A,
                                          const signed char *W,
                                          const int *bias, int *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      int acc = bias[j];
      for (int p = 0; p < K; ++p)
        acc += A[i * K + p] * W[j * K + p];
      C[i * N + j] = acc;
    }
}
static void run_int8_dense(void *s) {
  struct gemm *g = (struct gemm *)s;
  int8_dense(g->M, g->N, g->K, (const unsigned char *)g->A,
             (const signed char *)g->B, (const int *)g->bias, (int *)g->C);
}

// int16 inputs summed in int32, i-k-j.
__attribute__((noinline)) void int16_gemm(int M, int N, int K, const short *A,
                                          const short *B, int *C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}
static void run_int16(void *s) {
  struct gemm *g = (struct gemm *)s;
  int16_gemm(g->M, g->N, g->K, (const short *)g->A, (const short *)g->B,
             (int *)g->C);
}

static const struct style styles[] = {
    {"linearized", gemm_setup, run_linearized, gemm_output, gemm_flops},
    {"local_sum_vla", gemm_setup, run_local_sum_vla, gemm_output, gemm_flops},
    {"size_t_sizes", gemm_setup, run_size_t, gemm_output, gemm_flops},
    {"row_pointers", gemm_setup, run_row_pointers, gemm_output, gemm_flops},
    {"memset_init", gemm_setup, run_memset_init, gemm_output, gemm_flops},
    {"memcpy_bias", gemm_setup, run_memcpy_bias, gemm_output, gemm_flops},
    {"dot_rows", gemm_setup, run_dot_rows, gemm_output, gemm_flops},
    {"matvec", gemm_setup, run_matvec, matvec_output, matvec_flops},
    {"split_sum", gemm_setup, run_split_sum, gemm_output, gemm_flops},
    {"minus_equals", gemm_setup, run_minus_equals, gemm_output, gemm_flops},
    {"even_rows", gemm_setup, run_even_rows, gemm_output, even_rows_flops},
    {"tiled_by_hand", gemm_setup, run_tiled_by_hand, gemm_output, gemm_flops},
    {"int32", gemm_setup, run_int32, gemm_output, gemm_flops},
    {"int8_dense", gemm_setup, run_int8_dense, gemm_output, gemm_flops},
    {"int16", gemm_setup, run_int16, gemm_output, gemm_flops},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
