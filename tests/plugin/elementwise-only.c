// A region in which only fills, copies and scalings are raised is not
// spliced: LLVM vectorizes those loops as well as raise lowers them, and the
// splice would add its run-time check and code (issue 18, never slower).
// An analysis remark says so. Beside a product they are spliced with it; a
// transposition (blocked for the caches when raised) is spliced alone.
//
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -Rpass=raise -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR

// CHECK: remark: {{.*}}loop nest in scale raised to linalg.generic (SCALE2)
// CHECK: remark: {{.*}}SCoP in scale not spliced: only fills, copies and scalings were raised, which its own loops do as fast
// CHECK-NOT: SCoP in scale spliced
// CHECK: remark: {{.*}}loop nest in transpose raised to linalg.transpose (TRANSPOSE2)
// CHECK: remark: {{.*}}SCoP in transpose spliced as transpose.raise.0
// CHECK: remark: {{.*}}loop nest in gemm (where arg2 <= 0) raised to linalg.fill (FILL2)
// CHECK: remark: {{.*}}loop nest in gemm (where arg2 >= 1) raised to linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in gemm spliced as gemm.raise.0

// IR-LABEL: define {{.*}}void @scale(
// IR-NOT: raise
// IR: ret void
// IR-LABEL: define {{.*}}void @transpose(
// IR: call void @transpose.raise.0(
// IR-LABEL: define {{.*}}void @gemm(
// IR: call void @gemm.raise.0(

void scale(int n, int m, float s, float *restrict A) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      A[i * m + j] *= s;
}

void transpose(int n, int m, const float *restrict A, float *restrict B) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      B[j * n + i] = A[i * m + j];
}

void gemm(int n, int m, int p, const float *restrict A, const float *restrict B,
          float *restrict C) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      C[i * m + j] = 0;
      for (int k = 0; k < p; ++k)
        C[i * m + j] += A[i * p + k] * B[k * m + j];
    }
}
