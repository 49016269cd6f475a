// C++ matrices as a class holding its sizes and a std::vector of its
// elements, in two nests whose object loads LLVM leaves inside them (a
// double stored through the data pointer might, as far as it knows, change
// the pointer or a size):
//
// - syrk: the lower triangle `j <= i`. raise reads the loads once before
//   the nest behind a check that no store of it writes them; that check
//   bounds what the triangle's rows store, whose lengths vary with i.
// - syrk_strict: the strictly lower triangle `j < i`, whose inner count is
//   -1 in the row that skips it.
// - syrk_int: the same on floats whose subscript `i * cols + j` is an int.
//   Its copy with the subscript widened to 64 bits still reloads the
//   pointer and sizes in the outer loop, and is versioned once more.
// - batched: a product per matrix of a std::vector<Matrix>. Each matrix's
//   pointer and sizes vary with the batch, so no copy of the whole nest can
//   read them once; the nest of one batch can, and each batch is raised as
//   a GEMM (a matrix-vector product per row before).
//
// The raised code runs (version report) and prints the same bytes.
//
// REDEFINE: %{cc} = %clang --driver-mode=g++
// RUN: %corpus-build
// RUN: %corpus-compare 37
// RUN: %corpus-compare 130
// RUN: %corpus-remarks | FileCheck %s
// With -g the remarks name the members as the source does:
// RUN: %{cc} -g -O3 %run-march -I %S/../e2e/Inputs -fpass-plugin=%plugin -Rpass=raise -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMES
// NAMES: SCoP in syrk(Matrix&, Matrix const&, double): loop depth 3, {{.*}}arrays C.data: double[?][C.cols], A.data: double[?][A.cols]
// NAMES: loop nest in syrk(Matrix&, Matrix const&, double) raised to {{.*}}, i x j x k = C.rows x C.rows x A.cols
// RUN: %{cc} -O3 %run-march -I %S/../e2e/Inputs -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 90 2>&1 >/dev/null | FileCheck %s --check-prefix=RUNS
//
// CHECK-DAG: remark: {{.*}}loop nest in syrk(Matrix&, Matrix const&, double) raised to linalg.generic (GEMM_TB; over the triangle j <= i;
// CHECK-DAG: remark: {{.*}}loop nest in syrk(Matrix&, Matrix const&, double): 3 loads of pointers and sizes read once before it
// CHECK-DAG: remark: {{.*}}loop nest in syrk_strict(Matrix&, Matrix const&) raised to linalg.generic (GEMM_TB; over the triangle j <= i - 1)
// CHECK-DAG: remark: {{.*}}loop nest in syrk_int(FloatMatrix&, FloatMatrix const&) raised to linalg.generic (GEMM_TB; over the triangle j <= i)
// CHECK-DAG: remark: {{.*}}loop nest in syrk_int(FloatMatrix&, FloatMatrix const&): 1 subscript widened to 64 bits
// CHECK-DAG: remark: {{.*}}loop nest in syrk_int(FloatMatrix&, FloatMatrix const&): {{[0-9]+}} loads of pointers and sizes read once before it
// CHECK-DAG: remark: {{.*}}loop nest in batched({{.*}}) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in batched({{.*}}): {{[0-9]+}} load{{s?}} of {{.*}} read once before it
//
// RUNS-DAG: raise: syrk(Matrix&, Matrix const&, double){{.*}}: raised code ran 1 times, original loops 0 times
// RUNS-DAG: raise: syrk_strict(Matrix&, Matrix const&){{.*}}: raised code ran 1 times, original loops 0 times
// RUNS-DAG: raise: syrk_int(FloatMatrix&, FloatMatrix const&){{.*}}: raised code ran 1 times, original loops 0 times
// RUNS-DAG: raise: batched({{.*}}){{.*}}: raised code ran 3 times, original loops 0 times

#include "harness.h"

#include <vector>

struct Matrix {
  int rows, cols;
  std::vector<double> data;
  Matrix(int r, int c) : rows(r), cols(c), data((size_t)r * c) {}
  double &operator()(int i, int j) { return data[(size_t)i * cols + j]; }
  double operator()(int i, int j) const { return data[(size_t)i * cols + j]; }
};

__attribute__((noinline)) void syrk(Matrix &C, const Matrix &A, double alpha) {
  for (int i = 0; i < C.rows; ++i)
    for (int j = 0; j <= i; ++j)
      for (int k = 0; k < A.cols; ++k)
        C(i, j) += alpha * A(i, k) * A(j, k);
}

__attribute__((noinline)) void syrk_strict(Matrix &C, const Matrix &A) {
  for (int i = 0; i < C.rows; ++i)
    for (int j = 0; j < i; ++j)
      for (int k = 0; k < A.cols; ++k)
        C(i, j) -= A(i, k) * A(j, k);
}

struct FloatMatrix {
  int rows, cols;
  std::vector<float> data;
  FloatMatrix(int r, int c) : rows(r), cols(c), data((size_t)r * c) {}
  float &operator()(int i, int j) { return data[i * cols + j]; }
  float operator()(int i, int j) const { return data[i * cols + j]; }
};

__attribute__((noinline)) void syrk_int(FloatMatrix &C, const FloatMatrix &A) {
  for (int i = 0; i < C.rows; ++i)
    for (int j = 0; j <= i; ++j)
      for (int k = 0; k < A.cols; ++k)
        C(i, j) += A(i, k) * A(j, k);
}

__attribute__((noinline)) void batched(std::vector<Matrix> &C,
                                       const std::vector<Matrix> &A,
                                       const std::vector<Matrix> &B) {
  for (size_t b = 0; b < C.size(); ++b)
    for (int i = 0; i < C[b].rows; ++i)
      for (int k = 0; k < A[b].cols; ++k)
        for (int j = 0; j < C[b].cols; ++j)
          C[b](i, j) += A[b](i, k) * B[b](k, j);
}

HARNESS void fill(Matrix &M, uint64_t seed) {
  for (double &V : M.data)
    V = lcg_double(&seed);
}

static void test(int n) {
  Matrix A(n, n + 3), C(n, n);
  fill(A, 71);
  fill(C, 72);
  syrk(C, A, 0.5);
  print_doubles("syrk", C.data.data(), C.data.size());
  syrk_strict(C, A);
  print_doubles("syrk_strict", C.data.data(), C.data.size());

  FloatMatrix FA(n, n + 5), FC(n, n);
  for (float &V : FA.data)
    V = (float)(&V - FA.data.data()) * 0.125f - 3.0f;
  for (float &V : FC.data)
    V = (float)(&V - FC.data.data()) * -0.0625f + 1.0f;
  syrk_int(FC, FA);
  print_floats("syrk_int", FC.data.data(), FC.data.size());

  std::vector<Matrix> Ab, Bb, Cb;
  for (int b = 0; b < 3; ++b) {
    Ab.emplace_back(n + b, n + 2);
    Bb.emplace_back(n + 2, n + 1);
    Cb.emplace_back(n + b, n + 1);
    fill(Ab.back(), 80 + b);
    fill(Bb.back(), 90 + b);
    fill(Cb.back(), 100 + b);
  }
  batched(Cb, Ab, Bb);
  for (const Matrix &M : Cb)
    print_doubles("batched", M.data.data(), M.data.size());
}
