// -raise-enable=false makes the plugin a no-op: no remark of any kind.
//
// RUN: %clang -O3 -g -fpass-plugin=%plugin -mllvm -raise-enable=false -Rpass=raise -Rpass-missed=raise -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | count 0
// RUN: %clang -O3 -g -fpass-plugin=%plugin -mllvm -raise-enable=true -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %clang -O3 -fpass-plugin=%plugin -mllvm -raise-enable=maybe -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: remark: SCoP in transpose: loop depth 2
// BAD: for the --raise-enable option: 'maybe' is invalid value
void transpose(int n, int m, const double *a, double *b) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      b[j * n + i] = a[i * m + j];
}
