// Running totals across the rows of a matrix-vector product, as Rodinia's
// backprop computes its hidden layer's error (bpnn_hidden_error, float **
// rows from index 1, the scaling in double, `errsum += ABS(delta_h[j])`
// stored through *err as it goes): the total goes into a loop of its own
// with what follows each row's product (raise-split-recurrences) and the
// product is raised; so it is where the rows also read the total back
// (`y[i] = sum + total`). Where the total starts a row's sum, the rows
// depend on each other: nothing is split or raised. Every output
// bit-identical to the build without the plugin; no size a tile multiple.
//
// RUN: %e2e-build
// RUN: %e2e-compare 37
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// RUN: %e2e-remarks | FileCheck %s --check-prefix=NEG
// CHECK-DAG: remark: {{.*}}loop nest in hidden_error {{(\(where .*\) )?}}raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in hidden_error spliced
// CHECK-DAG: remark: {{.*}}loop nest in total_read_back {{(\(where .*\) )?}}raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in total_read_back spliced
// NEG-NOT: loop nest in total_first {{.*}}raised to linalg.generic

#include "Inputs/harness.h"

#define ABS(x) (((x) > 0.0) ? (x) : (-(x)))

/// Rodinia 3.1's bpnn_hidden_error, as written there (ANSI parameters).
__attribute__((noinline)) void hidden_error(float *delta_h, int nh,
                                            float *delta_o, int no,
                                            float **who, float *hidden,
                                            float *err) {
  int j, k;
  float h, sum, errsum;

  errsum = 0.0;
  for (j = 1; j <= nh; j++) {
    h = hidden[j];
    sum = 0.0;
    for (k = 1; k <= no; k++) {
      sum += delta_o[k] * who[j][k];
    }
    delta_h[j] = h * (1.0 - h) * sum;
    errsum += ABS(delta_h[j]);
  }
  *err = errsum;
}

/// A running total that each row also reads.
__attribute__((noinline)) float total_read_back(float *y, int m, int n,
                                                const float *A,
                                                const float *x) {
  float total = 0.0f;
  for (int i = 0; i < m; i++) {
    float sum = 0.0f;
    for (int j = 0; j < n; j++)
      sum += A[i * n + j] * x[j];
    y[i] = sum + total;
    total += sum;
  }
  return total;
}

/// A running total that starts each row's sum: the rows depend on each
/// other.
__attribute__((noinline)) float total_first(float *y, int m, int n,
                                            const float *A, const float *x) {
  float total = 0.0f;
  for (int i = 0; i < m; i++) {
    float sum = total * 0.5f;
    for (int j = 0; j < n; j++)
      sum += A[i * n + j] * x[j];
    y[i] = sum;
    total += sum;
  }
  return total;
}

static void test(int n) {
  int nh = n, no = n + 7;
  float *weights = random_floats((size_t)(nh + 1) * (no + 1), 1);
  float **who = malloc(sizeof(float *) * (nh + 1));
  for (int j = 0; j <= nh; j++)
    who[j] = weights + (size_t)j * (no + 1);
  float *delta_o = random_floats(no + 1, 2), *hidden = random_floats(nh + 1, 3);
  float *delta_h = random_floats(nh + 1, 4), err = 0;
  hidden_error(delta_h, nh, delta_o, no, who, hidden, &err);
  printf("hidden_error %a\n", err);
  print_floats("delta_h", delta_h, nh + 1);

  float *y = random_floats(nh, 6);
  printf("total_read_back %a\n",
         total_read_back(y, nh, no, weights, delta_o));
  print_floats("y", y, nh);
  printf("total_first %a\n", total_first(y, nh, no, weights, delta_o));
  print_floats("y", y, nh);
}
