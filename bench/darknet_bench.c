// Times Darknet's four GEMM variants (examples/gemm.c, linked in as compiled
// by the configuration under test) or OpenBLAS's cblas_sgemm on the same
// inputs, and prints one line per variant and size:
//   <variant> <M> <N> <K> <best GFLOP/s> <checksum of C>
// Usage: darknet_bench REPETITIONS M N K [M N K ...]
// (at least a quarter second of runs; a run over a second is not repeated)
// Built with -DUSE_CBLAS it calls cblas_sgemm with the variant's transposes.
// With RAISE_BENCH_DUMP=PREFIX in the environment, it also writes each
// result matrix to PREFIX.<variant>.<M>x<N>x<K>.bin (raw floats), so that
// builds whose results may round differently can be compared.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef USE_CBLAS
#include <cblas.h>
#else
void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc);
void gemm_nt(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc);
void gemm_tn(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc);
void gemm_tt(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc);
#endif

static void fill(float *X, size_t Count, uint32_t Seed) {
  for (size_t E = 0; E < Count; ++E) {
    Seed = Seed * 1664525u + 1013904223u;
    X[E] = (float)(Seed >> 8) / (float)(1u << 23) - 1.0f;
  }
}

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec * 1e-9;
}

/// C += ALPHA * op(A) * op(B), Darknet's layouts: A is M x K (or K x M when
/// transposed), B is K x N (or N x K), all row-major.
static void run(int Variant, int M, int N, int K, float *A, float *B,
                float *C) {
  int TA = Variant & 2, TB = Variant & 1;
  int lda = TA ? M : K, ldb = TB ? K : N;
#ifdef USE_CBLAS
  cblas_sgemm(CblasRowMajor, TA ? CblasTrans : CblasNoTrans,
              TB ? CblasTrans : CblasNoTrans, M, N, K, 1.0f, A, lda, B, ldb,
              1.0f, C, N);
#else
  switch (Variant) {
  case 0: gemm_nn(M, N, K, 1.0f, A, lda, B, ldb, C, N); break;
  case 1: gemm_nt(M, N, K, 1.0f, A, lda, B, ldb, C, N); break;
  case 2: gemm_tn(M, N, K, 1.0f, A, lda, B, ldb, C, N); break;
  default: gemm_tt(M, N, K, 1.0f, A, lda, B, ldb, C, N); break;
  }
#endif
}

int main(int argc, char **argv) {
  static const char *Names[] = {"gemm_nn", "gemm_nt", "gemm_tn", "gemm_tt"};
  int Reps = argc > 1 ? atoi(argv[1]) : 3;
  for (int S = 2; S + 2 < argc; S += 3) {
    int M = atoi(argv[S]), N = atoi(argv[S + 1]), K = atoi(argv[S + 2]);
    float *A = malloc(sizeof(float) * M * K), *B = malloc(sizeof(float) * K * N);
    float *C = malloc(sizeof(float) * M * N);
    fill(A, (size_t)M * K, 1);
    fill(B, (size_t)K * N, 2);
    for (int V = 0; V < 4; ++V) {
      double Best = 1e30;
      uint64_t Hash = 0;
      // Best of Reps runs, and of at least a quarter second of runs: a
      // single call at 256 takes a fraction of a millisecond, where one
      // preemption or the first wake-up of the OpenMP threads doubles its
      // time. A run over a second is not repeated (the slow baselines would
      // take minutes, and their noise is relatively small).
      double Spent = 0;
      for (int R = 0; (R < Reps || Spent < 0.25) && (R == 0 || Best < 1.0);
           ++R) {
        memset(C, 0, sizeof(float) * M * N);
        double T = now();
        run(V, M, N, K, A, B, C);
        T = now() - T;
        Spent += T;
        Best = T < Best ? T : Best;
        Hash = 1469598103934665603ull;
        for (size_t E = 0; E < (size_t)M * N; ++E) {
          uint32_t Bits;
          memcpy(&Bits, &C[E], 4);
          Hash = (Hash ^ Bits) * 1099511628211ull;
        }
      }
      const char *Dump = getenv("RAISE_BENCH_DUMP");
      if (Dump) {
        char Path[4096];
        snprintf(Path, sizeof Path, "%s.%s.%dx%dx%d.bin", Dump, Names[V], M,
                 N, K);
        FILE *F = fopen(Path, "wb");
        if (!F || fwrite(C, sizeof(float), (size_t)M * N, F) != (size_t)M * N) {
          fprintf(stderr, "cannot write %s\n", Path);
          return 1;
        }
        fclose(F);
      }
      printf("%s %d %d %d %.1f %016llx\n", Names[V], M, N, K,
             2.0 * M * N * (double)K / Best * 1e-9, (unsigned long long)Hash);
      fflush(stdout);
    }
    free(A);
    free(B);
    free(C);
  }
  return 0;
}
