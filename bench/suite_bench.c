// Times the kernels of bench/kernels.h, linked in as compiled by the
// configuration under test (bench/kernels.c, or bench/kernels_cblas.c for
// OpenBLAS), on the same seeded inputs, and prints one line per kernel:
//   <kernel> <size> <best GFLOP/s> <checksum of every array it writes>
// Usage: suite_bench REPETITIONS [KERNEL ...]   (no kernel names: all)
// (at least a quarter second of runs; a run over a second is not repeated)
// With RAISE_BENCH_DUMP=PREFIX in the environment, it also writes the arrays
// each kernel writes to PREFIX.<kernel>.bin (raw floats or doubles, in
// order), so that builds whose results may round differently can be
// compared. With RAISE_BENCH_RUNS=N, each kernel runs exactly N times (for
// tools that count per call, such as bench/level2-bytes.sh's cache
// simulation, where the clock means nothing).

#include "kernels.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/// An array a kernel reads or writes: Count elements of Size bytes.
struct Array {
  void *Data;
  size_t Count, Size;
  int Written;
};

enum { MaxArrays = 12 };

struct Kernel {
  const char *Name, *Shape;
  double Flops;
  int NumArrays;
  struct Array Arrays[MaxArrays];
  void (*Run)(void **);
};

static void fill(struct Array *A, uint32_t Seed) {
  for (size_t E = 0; E < A->Count; ++E) {
    Seed = Seed * 1664525u + 1013904223u;
    double V = (double)(Seed >> 8) / (double)(1u << 23) - 1.0;
    if (A->Size == 4)
      ((float *)A->Data)[E] = (float)V;
    else
      ((double *)A->Data)[E] = V;
  }
}

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec * 1e-9;
}

static uint64_t hash(const struct Kernel *K) {
  uint64_t H = 1469598103934665603ull;
  for (int I = 0; I < K->NumArrays; ++I) {
    const struct Array *A = &K->Arrays[I];
    if (!A->Written)
      continue;
    const unsigned char *B = A->Data;
    for (size_t E = 0; E < A->Count * A->Size; ++E)
      H = (H ^ B[E]) * 1099511628211ull;
  }
  return H;
}

// The kernels at the sizes the suite measures: level-3 at L3, level-2 at
// L2, the convolution and the contractions at their full extents.
#define F(X) ((float *)(X))
#define M2(T, E, X) ((T(*)[E])(X))
static void runGemm(void **P) {
  gemm(L3, L3, L3, 1.5f, 1.2f, M2(float, L3, P[0]), M2(float, L3, P[1]),
       M2(float, L3, P[2]));
}
static void runDgemm(void **P) {
  dgemm(L3, L3, L3, 1.5, 1.2, M2(double, L3, P[0]), M2(double, L3, P[1]),
        M2(double, L3, P[2]));
}
static void run2mm(void **P) {
  k2mm(L3, L3, L3, L3, 1.5f, 1.2f, M2(float, L3, P[0]), M2(float, L3, P[1]),
       M2(float, L3, P[2]), M2(float, L3, P[3]), M2(float, L3, P[4]));
}
static void run3mm(void **P) {
  k3mm(L3, L3, L3, L3, L3, M2(float, L3, P[0]), M2(float, L3, P[1]),
       M2(float, L3, P[2]), M2(float, L3, P[3]), M2(float, L3, P[4]),
       M2(float, L3, P[5]), M2(float, L3, P[6]));
}
static void runChain(void **P) {
  matrix_chain(L3, L3, L3, L3, M2(float, L3, P[0]), M2(float, L3, P[1]),
               M2(float, L3, P[2]), M2(float, L3, P[3]), M2(float, L3, P[4]));
}
static void runAtax(void **P) {
  atax(L2, L2, M2(float, L2, P[0]), F(P[1]), F(P[2]), F(P[3]));
}
static void runBicg(void **P) {
  bicg(L2, L2, M2(float, L2, P[0]), F(P[1]), F(P[2]), F(P[3]), F(P[4]));
}
static void runMvt(void **P) {
  mvt(L2, F(P[0]), F(P[1]), F(P[2]), F(P[3]), M2(float, L2, P[4]));
}
static void runGesummv(void **P) {
  gesummv(L2, 1.5f, 1.2f, M2(float, L2, P[0]), M2(float, L2, P[1]), F(P[2]),
          F(P[3]), F(P[4]));
}
static void runGemver(void **P) {
  gemver(L2, 1.5f, 1.2f, M2(float, L2, P[0]), F(P[1]), F(P[2]), F(P[3]),
         F(P[4]), F(P[5]), F(P[6]), F(P[7]), F(P[8]));
}
static void runConv(void **P) {
  conv2d_nchw(CONV_N, CONV_C, CONV_H, CONV_W, CONV_F, CONV_K, CONV_K,
              (float(*)[CONV_C][CONV_H][CONV_W])P[0],
              (float(*)[CONV_C][CONV_K][CONV_K])P[1],
              (float(*)[CONV_F][CONV_H][CONV_W])P[2]);
}
static void runAbc(void **P) {
  contract_abc_acd_db(TA, TB, TC, TD, (float(*)[TB][TC])P[0],
                      (float(*)[TC][TD])P[1], M2(float, TB, P[2]));
}
static void runAb(void **P) {
  contract_ab_cad_dcb(TA, TB, TC, TD, M2(float, TB, P[0]),
                      (float(*)[TA][TD])P[1], (float(*)[TC][TB])P[2]);
}

#define IN(N) {0, (N), 4, 0}
#define OUT(N) {0, (N), 4, 1}
#define IN64(N) {0, (N), 8, 0}
#define OUT64(N) {0, (N), 8, 1}
#define SQ3 ((size_t)L3 * L3)
#define SQ2 ((size_t)L2 * L2)
#define CUBE3 (2.0 * L3 * L3 * L3)
#define CONV_OUT ((CONV_H - CONV_K + 1) * (CONV_W - CONV_K + 1))

static struct Kernel Kernels[] = {
    {"gemm", "1024^3", CUBE3, 3, {OUT(SQ3), IN(SQ3), IN(SQ3)}, runGemm},
    {"dgemm", "1024^3", CUBE3, 3, {OUT64(SQ3), IN64(SQ3), IN64(SQ3)},
     runDgemm},
    {"2mm", "1024^3 x2", 2 * CUBE3, 5,
     {OUT(SQ3), IN(SQ3), IN(SQ3), IN(SQ3), OUT(SQ3)}, run2mm},
    {"3mm", "1024^3 x3", 3 * CUBE3, 7,
     {OUT(SQ3), IN(SQ3), IN(SQ3), OUT(SQ3), IN(SQ3), IN(SQ3), OUT(SQ3)},
     run3mm},
    {"matrix chain", "1024^3 x2", 2 * CUBE3, 5,
     {OUT(SQ3), OUT(SQ3), IN(SQ3), IN(SQ3), IN(SQ3)}, runChain},
    {"atax", "4096^2", 4.0 * SQ2, 4, {IN(SQ2), IN(L2), OUT(L2), OUT(L2)},
     runAtax},
    {"bicg", "4096^2", 4.0 * SQ2, 5,
     {IN(SQ2), OUT(L2), OUT(L2), IN(L2), IN(L2)}, runBicg},
    {"mvt", "4096^2", 4.0 * SQ2, 5,
     {OUT(L2), OUT(L2), IN(L2), IN(L2), IN(SQ2)}, runMvt},
    {"gesummv", "4096^2", 4.0 * SQ2, 5,
     {IN(SQ2), IN(SQ2), OUT(L2), IN(L2), OUT(L2)}, runGesummv},
    {"gemver", "4096^2", 10.0 * SQ2, 9,
     {OUT(SQ2), IN(L2), IN(L2), IN(L2), IN(L2), OUT(L2), OUT(L2), IN(L2),
      IN(L2)},
     runGemver},
    {"conv2d nchw", "2x64x58x58, 64x3x3", 2.0 * CONV_N * CONV_F * CONV_OUT *
                                              CONV_C * CONV_K * CONV_K,
     3,
     {IN((size_t)CONV_N * CONV_C * CONV_H * CONV_W),
      IN((size_t)CONV_F * CONV_C * CONV_K * CONV_K),
      OUT((size_t)CONV_N * CONV_F * CONV_H * CONV_W)},
     runConv},
    {"abc-acd-db", "64x128x128x256", 2.0 * TA * TB * TC * TD, 3,
     {OUT((size_t)TA * TB * TC), IN((size_t)TA * TC * TD),
      IN((size_t)TD * TB)},
     runAbc},
    {"ab-cad-dcb", "64x128x128x256", 2.0 * TA * TB * TC * TD, 3,
     {OUT((size_t)TA * TB), IN((size_t)TC * TA * TD),
      IN((size_t)TD * TC * TB)},
     runAb},
};

static int selected(const char *Name, int Argc, char **Argv) {
  if (Argc <= 2)
    return 1;
  for (int I = 2; I < Argc; ++I)
    if (!strcmp(Argv[I], Name))
      return 1;
  return 0;
}

int main(int argc, char **argv) {
  int Reps = argc > 1 ? atoi(argv[1]) : 3;
  const char *Dump = getenv("RAISE_BENCH_DUMP");
  const char *Runs = getenv("RAISE_BENCH_RUNS");
  int Exactly = Runs ? atoi(Runs) : 0;
  for (size_t I = 0; I < sizeof Kernels / sizeof *Kernels; ++I) {
    struct Kernel *K = &Kernels[I];
    if (!selected(K->Name, argc, argv))
      continue;
    void *Data[MaxArrays];
    for (int A = 0; A < K->NumArrays; ++A) {
      struct Array *Arr = &K->Arrays[A];
      Arr->Data = Data[A] = aligned_alloc(64, (Arr->Count * Arr->Size + 63) / 64 * 64);
      if (!Arr->Data) {
        fprintf(stderr, "out of memory for %s\n", K->Name);
        return 1;
      }
    }
    double Best = 1e30, Spent = 0;
    // Best of Reps runs, and of at least a quarter second of runs (as in
    // darknet_bench.c: the first call of a threaded build also starts the
    // threads and touches their buffers for the first time); a run over a
    // second is not repeated.
    for (int R = 0; Exactly ? R < Exactly
                            : (R < Reps || Spent < 0.25) && (R == 0 || Best < 1.0);
         ++R) {
      for (int A = 0; A < K->NumArrays; ++A)
        fill(&K->Arrays[A], 17 * (uint32_t)I + (uint32_t)A + 1);
      double T = now();
      K->Run(Data);
      T = now() - T;
      Spent += T;
      Best = T < Best ? T : Best;
    }
    if (Dump) {
      char Path[4096];
      snprintf(Path, sizeof Path, "%s.%s.bin", Dump, K->Name);
      FILE *Out = fopen(Path, "wb");
      for (int A = 0; Out && A < K->NumArrays; ++A)
        if (K->Arrays[A].Written &&
            fwrite(Data[A], K->Arrays[A].Size, K->Arrays[A].Count, Out) !=
                K->Arrays[A].Count)
          Out = (fclose(Out), NULL);
      if (!Out || fclose(Out)) {
        fprintf(stderr, "cannot write %s\n", Path);
        return 1;
      }
    }
    printf("%s\t%s\t%.2f\t%016llx\n", K->Name, K->Shape,
           K->Flops / Best * 1e-9, (unsigned long long)hash(K));
    fflush(stdout);
    for (int A = 0; A < K->NumArrays; ++A)
      free(Data[A]);
  }
  return 0;
}
