// Integer GEMMs: int32 C += A B in the coding styles of the float ones (i-k-j
// over linearized arrays, i-j-k through a local sum, B transposed, unsigned
// sizes and elements) are linalg.matmul ops lowered by the tuned GEMM
// kernels with integer lanes. Each element's products are added in the
// source's order, so the sums wrap as the source's do: bit-identical,
// overflowing sums included (the inputs span the whole int range). int16
// inputs summed in int32 (quantized inference's; i-k-j, and i-j-k through
// a local sum with an unsigned operand against a signed one) are GEMMs
// whose body widens the inputs, widened as the kernel packs them; so are
// int8 inputs (a signed i-k-j, and an i-j-k local sum of unsigned by signed
// bytes, and unsigned bytes with `unsigned` sizes, whose subscripts raise
// widens to 64 bits), whose rows LLVM steps through by the extended size
// alone (raise freezes it, so that Polly delinearizes them). Where the target
// multiplies 16-bit pairs (x86-64-v3's pmaddwd), the kernel of the int16 and
// int8 GEMMs takes two k at a time with it (an unsigned 16-bit input, which
// does not fit its signed lanes, one); K = 22, 50, 135 and 305 (two k
// blocks of 153) leave odd pairs. Not raised, as no tuned
// kernel takes them: an int64 GEMM (64-bit lanes only pay where the vector
// unit multiplies them), an integer matvec.
//
// RUN: %e2e-build
// RUN: %e2e-compare 17
// RUN: %e2e-compare 45
// RUN: %e2e-compare 130
// RUN: %e2e-compare 300
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in gemm_ikj raised to linalg.matmul (GEMM), i x j x k
// CHECK-DAG: remark: {{.*}}loop nest in gemm_ijk_sum {{(\(where .*\) )?}}raised to linalg.matmul (GEMM; accumulated through a local scalar)
// CHECK-DAG: remark: {{.*}}loop nest in gemm_nt raised to linalg.matmul (GEMM_TB; transposed B)
// CHECK-DAG: remark: {{.*}}loop nest in gemm_unsigned raised to linalg.matmul (GEMM)
// CHECK-DAG: remark: {{.*}}loop nest in gemm_short_inputs raised to linalg.generic (GEMM; exact body kept: product is scaled or converted)
// CHECK-DAG: remark: {{.*}}loop nest in gemm_short_sum {{(\(where .*\) )?}}raised to linalg.generic (GEMM; exact body kept: product is scaled or converted; accumulated through a local scalar)
// CHECK-DAG: remark: {{.*}}loop nest in gemm_short_tn raised to linalg.generic (GEMM_TA; exact body kept: product is scaled or converted)
// CHECK-DAG: remark: {{.*}}loop nest in gemm_char_inputs raised to linalg.generic (GEMM; exact body kept: product is scaled or converted)
// CHECK-DAG: remark: {{.*}}loop nest in gemm_char_sum {{(\(where .*\) )?}}raised to linalg.generic (GEMM; exact body kept: product is scaled or converted; accumulated through a local scalar)
// CHECK-DAG: remark: {{.*}}loop nest in gemm_bytes_unsigned raised to linalg.generic (GEMM; exact body kept: product is scaled or converted)
// CHECK-DAG: remark: {{.*}}loop nest in gemm_bytes_unsigned: 3 subscripts widened to 64 bits
// CHECK-DAG: remark: {{.*}}loop nest in gemm_long not raised: a sum of integers that is no 32-bit GEMM
// CHECK-DAG: remark: {{.*}}loop nest in matvec_int not raised: a sum of integers that is no 32-bit GEMM
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 45 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// RAN-DAG: raise: gemm_ikj: raised code ran 1 times, original loops 0 times
// The call with K = 0 runs the original loops: its product is too small
// to pay (its version of the nest for K >= 1 has a check as a whole nest
// does).
// RAN-DAG: raise: gemm_ijk_sum: raised code ran 1 times, original loops 1 times
// RAN-DAG: raise: gemm_ijk_sum: 1 of those runs of the original loops because its products were too small for the raised code to pay
// RAN-DAG: raise: gemm_nt: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: gemm_unsigned: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: gemm_short_inputs: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: gemm_short_sum: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: gemm_short_tn: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: gemm_char_inputs: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: gemm_char_sum: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: gemm_bytes_unsigned: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"


__attribute__((noinline)) void gemm_ikj(int M, int N, int K, const int *A,
                                        const int *B, int *C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}

__attribute__((noinline)) void gemm_ijk_sum(int M, int N, int K, const int *A,
                                            const int *B, int *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      int s = 0;
      for (int k = 0; k < K; ++k)
        s += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

__attribute__((noinline)) void gemm_nt(int M, int N, int K, const int *A,
                                       const int *B, int *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k)
        C[i * N + j] += A[i * K + k] * B[j * K + k];
}

__attribute__((noinline)) void gemm_unsigned(unsigned M, unsigned N,
                                             unsigned K, const unsigned *A,
                                             const unsigned *B, unsigned *C) {
  for (unsigned i = 0; i < M; ++i)
    for (unsigned k = 0; k < K; ++k)
      for (unsigned j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}

__attribute__((noinline)) void gemm_short_inputs(int M, int N, int K,
                                                 const short *A,
                                                 const short *B, int *C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}

__attribute__((noinline)) void gemm_short_sum(int M, int N, int K,
                                              const short *A,
                                              const unsigned short *B, int *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      int s = 0;
      for (int k = 0; k < K; ++k)
        s += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

__attribute__((noinline)) void gemm_short_tn(int M, int N, int K,
                                             const short *A, const short *B,
                                             int *C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * N + j] += A[k * M + i] * B[k * N + j];
}

__attribute__((noinline)) void gemm_char_inputs(int M, int N, int K,
                                                const signed char *A,
                                                const signed char *B, int *C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}

__attribute__((noinline)) void gemm_char_sum(int M, int N, int K,
                                             const unsigned char *A,
                                             const signed char *B, int *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      int s = 0;
      for (int k = 0; k < K; ++k)
        s += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}

__attribute__((noinline)) void gemm_bytes_unsigned(unsigned M, unsigned N,
                                                   unsigned K,
                                                   const unsigned char *A,
                                                   const unsigned char *B,
                                                   unsigned *C) {
  for (unsigned i = 0; i < M; ++i)
    for (unsigned k = 0; k < K; ++k)
      for (unsigned j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}

__attribute__((noinline)) void gemm_long(long M, long N, long K,
                                         const long *A, const long *B,
                                         long *C) {
  for (long i = 0; i < M; ++i)
    for (long k = 0; k < K; ++k)
      for (long j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}

__attribute__((noinline)) void matvec_int(int M, int N, const int *A,
                                          const int *x, int *y) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      y[i] += A[i * N + j] * x[j];
}

/// Random bytes for any element type, over most of its range: products and
/// sums overflow.
static void *random_bytes(size_t Count, size_t Size, uint64_t Seed) {
  int *Words = random_ints((Count * Size + 3) / 4, -(1 << 30), (1 << 30) - 1, Seed);
  return Words;
}

static void test(int n) {
  int M = n + 3, N = n, K = n + 5;
  int *A = random_bytes((size_t)M * K, 4, 1), *B = random_bytes((size_t)K * N, 4, 2);
  int *C = random_bytes((size_t)M * N, 4, 3);
  gemm_ikj(M, N, K, A, B, C);
  print_hash("ikj", C, sizeof(int) * M * N);
  gemm_ijk_sum(M, N, K, A, B, C);
  print_hash("ijk", C, sizeof(int) * M * N);
  gemm_ijk_sum(M, N, 0, A, B, C);
  print_hash("ijk, K = 0", C, sizeof(int) * M * N);
  gemm_nt(M, N, K, A, B, C);
  print_hash("nt", C, sizeof(int) * M * N);
  gemm_unsigned(M, N, K, (unsigned *)A, (unsigned *)B, (unsigned *)C);
  print_hash("unsigned", C, sizeof(int) * M * N);
  short *SA = random_bytes((size_t)M * K, 2, 4), *SB = random_bytes((size_t)K * N, 2, 5);
  gemm_short_inputs(M, N, K, SA, SB, C);
  print_hash("short inputs", C, sizeof(int) * M * N);
  gemm_short_sum(M, N, K, SA, (unsigned short *)SB, C);
  print_hash("short sum", C, sizeof(int) * M * N);
  gemm_short_tn(M, N, K, SA, SB, C);
  print_hash("short tn", C, sizeof(int) * M * N);
  signed char *CA = random_bytes((size_t)M * K, 1, 9), *CB = random_bytes((size_t)K * N, 1, 10);
  gemm_char_inputs(M, N, K, CA, CB, C);
  print_hash("char inputs", C, sizeof(int) * M * N);
  gemm_char_sum(M, N, K, (unsigned char *)CA, CB, C);
  print_hash("char sum", C, sizeof(int) * M * N);
  gemm_bytes_unsigned(M, N, K, (unsigned char *)CA, (unsigned char *)CB,
                      (unsigned *)C);
  print_hash("bytes unsigned", C, sizeof(int) * M * N);
  long *LA = random_bytes((size_t)M * K, 8, 6), *LB = random_bytes((size_t)K * N, 8, 7);
  long *LC = random_bytes((size_t)M * N, 8, 8);
  gemm_long(M, N, K, LA, LB, LC);
  print_hash("long", LC, sizeof(long) * M * N);
  matvec_int(M, K, A, B, C);
  print_hash("matvec", C, sizeof(int) * M);
}
