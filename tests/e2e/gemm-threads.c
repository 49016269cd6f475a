// A raised GEMM called again and again, at growing and shrinking sizes, from
// the main thread and from threads of its own: the packing buffers come from
// raise's per-thread cache (plugin/BufferCache.h), which hands a buffer out
// again only once it is freed, grows it for larger problems and frees it
// when the thread exits. Every result is compared bit for bit with the build
// without the plugin; under valgrind (AVX2 build: valgrind has no AVX-512),
// no byte is lost or read uninitialized, threads' buffers included (without
// the sanitizer runtime the ASan build of the plugin preloads for clang).
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 260
// RUN: %e2e-remarks | FileCheck %s
// RUN: %clang -O3 -march=x86-64-v3 -fpass-plugin=%plugin %s -o %t.avx2
// RUN: env -u LD_PRELOAD valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all %t.avx2 67 > %t.avx2.out
// RUN: cmp %t.avx2.out %t.plain.67.out
// CHECK: remark: {{.*}}SCoP in gemm spliced as gemm.raise.0 behind a run-time check

#include "Inputs/harness.h"

#include <pthread.h>

__attribute__((noinline)) void gemm(int M, int N, int K, float *A, int lda,
                                    float *B, int ldb, float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
}

/// One product of n x (n + 3) x (n + 5) on inputs from `seed`; its result's
/// hash goes to `out` (printed by the main thread, in a fixed order).
struct Job {
  int n;
  uint64_t seed;
  uint64_t hash;
};

HARNESS uint64_t hash_floats(const float *p, size_t count) {
  const unsigned char *b = (const unsigned char *)p;
  uint64_t h = 14695981039346656037ULL;
  for (size_t i = 0; i < count * sizeof *p; ++i)
    h = (h ^ b[i]) * 1099511628211ULL;
  return h;
}

HARNESS void *run(void *arg) {
  struct Job *job = (struct Job *)arg;
  int M = job->n, N = job->n + 3, K = job->n + 5;
  float *A = random_floats((size_t)M * K, job->seed);
  float *B = random_floats((size_t)K * N, job->seed + 1);
  float *C = random_floats((size_t)M * N, job->seed + 2);
  gemm(M, N, K, A, K, B, N, C, N);
  // Again: the buffers of the call before are reused.
  gemm(M, N, K, A, K, B, N, C, N);
  job->hash = hash_floats(C, (size_t)M * N);
  free(A);
  free(B);
  free(C);
  return NULL;
}

static void test(int n) {
  // Growing, shrinking and growing again on this thread.
  struct Job here[] = {{n / 2, 1, 0}, {n, 11, 0}, {n / 3, 21, 0},
                       {n + 40, 31, 0}};
  for (size_t i = 0; i < sizeof here / sizeof *here; ++i) {
    run(&here[i]);
    printf("main %zu: %016llx\n", i, (unsigned long long)here[i].hash);
  }
  // Three threads at once, each with buffers of its own.
  struct Job jobs[3] = {{n, 41, 0}, {n / 2 + 1, 51, 0}, {n + 7, 61, 0}};
  pthread_t threads[3];
  for (int t = 0; t < 3; ++t)
    if (pthread_create(&threads[t], NULL, run, &jobs[t])) {
      fprintf(stderr, "cannot start a thread\n");
      exit(EXIT_FAILURE);
    }
  for (int t = 0; t < 3; ++t) {
    pthread_join(threads[t], NULL);
    printf("thread %d: %016llx\n", t, (unsigned long long)jobs[t].hash);
  }
}
