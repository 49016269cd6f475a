// C++ around loop nests: a GEMM template instantiated for float, double and
// int (an integer matmul, for the same tuned kernels); a matrix
// class whose operator() the nest goes through; a nest inside a try block
// with objects whose destructors run on unwinding; and a nest whose body
// may throw.
//
// REDEFINE: %{cc} = %clang --driver-mode=g++
// RUN: %corpus-build
// RUN: %corpus-compare 16
// RUN: %corpus-compare 48
// RUN: %corpus-remarks | FileCheck %s
// Remarks name functions as C++ spells them.
// CHECK-DAG: remark: {{.*}}loop nest in gemm<float>(int, int, int, float const*, float const*, float*) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm<double>(int, int, int, double const*, double const*, double*) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm<int>(int, int, int, int const*, int const*, int*) raised to linalg.matmul (GEMM)
// CHECK-DAG: remark: {{.*}}loop nest in matrix_product(Matrix const&, Matrix const&, Matrix&) raised to
// CHECK-DAG: remark: {{.*}}SCoP in matrix_product(Matrix const&, Matrix const&, Matrix&) spliced as _Z14matrix_productRK6MatrixS1_RS_.raise.0
// CHECK-DAG: remark: {{.*}}loop nest in checked_product(int, int, int, float const*, float const*, float*, float) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in throwing_scale(int, int, float*, float) is not a static control part

#include "harness.h"

#include <stdexcept>
#include <vector>

template <typename T>
__attribute__((noinline)) void gemm(int m, int n, int p, const T *A,
                                    const T *B, T *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}

template void gemm<float>(int, int, int, const float *, const float *,
                          float *);
template void gemm<double>(int, int, int, const double *, const double *,
                           double *);
template void gemm<int>(int, int, int, const int *, const int *, int *);

class Matrix {
public:
  Matrix(int rows, int cols, uint64_t seed)
      : Rows(rows), Cols(cols), Data((size_t)rows * cols) {
    float *Random = random_floats(Data.size(), seed);
    std::copy(Random, Random + Data.size(), Data.begin());
  }
  float &operator()(int i, int j) { return Data[i * Cols + j]; }
  float operator()(int i, int j) const { return Data[i * Cols + j]; }
  int rows() const { return Rows; }
  int cols() const { return Cols; }
  const float *data() const { return Data.data(); }

private:
  int Rows, Cols;
  std::vector<float> Data;
};

__attribute__((noinline)) void matrix_product(const Matrix &A, const Matrix &B,
                                              Matrix &C) {
  for (int i = 0; i < C.rows(); ++i)
    for (int j = 0; j < C.cols(); ++j)
      for (int k = 0; k < A.cols(); ++k)
        C(i, j) += A(i, k) * B(k, j);
}

__attribute__((noinline)) void require_finite(float v) {
  if (v != v)
    throw std::domain_error("not a number");
}

// A scratch vector lives across the nest; a throw after it unwinds through
// its destructor.
__attribute__((noinline)) int checked_product(int m, int n, int p,
                                              const float *A, const float *B,
                                              float *C, float poison) {
  try {
    std::vector<float> scratch(C, C + (size_t)m * n);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j)
        for (int k = 0; k < p; ++k)
          scratch[i * n + j] += A[i * p + k] * B[k * n + j];
    scratch[0] *= poison;
    for (float v : scratch)
      require_finite(v);
    std::copy(scratch.begin(), scratch.end(), C);
    return 0;
  } catch (const std::domain_error &) {
    return -1;
  }
}

__attribute__((noinline)) int throwing_scale(int m, int n, float *C,
                                             float s) {
  try {
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) {
        C[i * n + j] *= s;
        require_finite(C[i * n + j]);
      }
  } catch (const std::domain_error &) {
    return -1;
  }
  return 0;
}

static void test(int n) {
  int m = n + 3, p = n - 1;
  {
    float *A = random_floats((size_t)m * p, 1), *B = random_floats((size_t)p * n, 2),
          *C = random_floats((size_t)m * n, 3);
    gemm(m, n, p, A, B, C);
    print_floats("float", C, (size_t)m * n);
    printf("checked: %d\n", checked_product(m, n, p, A, B, C, 1.0f));
    print_floats("checked", C, (size_t)m * n);
    printf("checked: %d\n", checked_product(m, n, p, A, B, C, 0.0f / 0.0f));
    print_floats("checked", C, (size_t)m * n);
    printf("scaled: %d\n", throwing_scale(m, n, C, 2.0f));
    C[m * n / 2] = 0.0f / 0.0f;
    printf("scaled: %d\n", throwing_scale(m, n, C, 2.0f));
    print_floats("scaled", C, (size_t)m * n);
  }
  {
    double *A = random_doubles((size_t)m * p, 4), *B = random_doubles((size_t)p * n, 5),
           *C = random_doubles((size_t)m * n, 6);
    gemm(m, n, p, A, B, C);
    print_doubles("double", C, (size_t)m * n);
  }
  {
    int *A = random_ints((size_t)m * p, -9, 9, 7), *B = random_ints((size_t)p * n, -9, 9, 8),
        *C = random_ints((size_t)m * n, -9, 9, 9);
    gemm(m, n, p, A, B, C);
    print_hash("int", C, (size_t)m * n * sizeof *C);
  }
  {
    Matrix A(m, p, 10), B(p, n, 11), C(m, n, 12);
    matrix_product(A, B, C);
    print_floats("matrix", C.data(), (size_t)m * n);
  }
}
