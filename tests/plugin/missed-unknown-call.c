// A loop nest that calls a function Polly knows nothing about is not a SCoP.
//
// RUN: %clang -O3 -g -fpass-plugin=%plugin -Rpass-missed=raise -c %s -o /dev/null 2>&1 | FileCheck %s

void log_value(float v);

// CHECK: missed-unknown-call.c:[[#@LINE+3]]:3: remark: loop nest in scale_and_log is not a static control part: This function call cannot be handled. Try to inline it. (line [[#@LINE+6]]) [-Rpass-missed=raise]
// CHECK-NOT: remark
void scale_and_log(int n, int m, float *a, int lda) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      a[i * lda + j] *= 2.0f;
      log_value(a[i * lda + j]);
    }
}
