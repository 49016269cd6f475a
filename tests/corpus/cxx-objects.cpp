// C++ objects around loop nests: the data pointer of a std::vector, the
// sizes in `this->rows_`, a struct holding `float *data; int rows, cols;`
// passed by reference, lambdas returning references, std::array of
// std::array and iterators. Nothing in these nests stores to the pointers or
// sizes, so Polly hoists their loads out of the nest and raise passes the
// loaded values to the raised code (-raise-hoist-invariant-loads). Two nests
// do change them, one by storing to a size, one by push_back: they are not
// raised, and stay correct. The sizes are no tile multiples.
//
// multiply_ikj (bench/styles' class_template) takes its bounds from A.rows(),
// A.cols() and B.cols(): storing a float through C's data pointer might, as
// far as LLVM knows, change C's data pointer and cols_, so they stay in the
// i loop and `i * C.cols_` is no affine subscript (only the inner two loops
// would be a SCoP). A copy of the nest reads them once, behind a check that
// no store of the nest writes them (-raise-invariant-loads), and the whole
// nest is raised; the version report shows the raised code runs, and the
// original loops where A's object lies among the bytes C's stores may write.
// Matrix<float>::scale is raised but, a scaling alone, not spliced.
//
// REDEFINE: %{cc} = %clang --driver-mode=g++
// RUN: %corpus-build
// RUN: %corpus-compare 37
// RUN: %corpus-compare 130
// RUN: %corpus-remarks | FileCheck %s
// RUN: %corpus-remarks | FileCheck %s --check-prefix=NEG
// RUN: %{cc} -O3 %run-march -I %S/../e2e/Inputs -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 50 2>&1 >/dev/null | FileCheck %s --check-prefix=RUNS
//
// CHECK-DAG: remark: {{.*}}loop nest in multiply<float>(Matrix<float> const&, Matrix<float> const&, Matrix<float>&) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in multiply<float>(Matrix<float> const&, Matrix<float> const&, Matrix<float>&) spliced
// CHECK-DAG: remark: {{.*}}loop nest in multiply<double>(Matrix<double> const&, Matrix<double> const&, Matrix<double>&) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in multiply<double>(Matrix<double> const&, Matrix<double> const&, Matrix<double>&) spliced
// CHECK-DAG: remark: {{.*}}loop nest in multiply_ikj<float>(Matrix<float> const&, Matrix<float> const&, Matrix<float>&) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in multiply_ikj<float>(Matrix<float> const&, Matrix<float> const&, Matrix<float>&): 4 loads of pointers and sizes read once before it, behind a run-time check that no store of the nest writes them
// CHECK-DAG: remark: {{.*}}loop nest in multiply_ikj<double>(Matrix<double> const&, Matrix<double> const&, Matrix<double>&) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in Matrix<float>::add_product(Matrix<float> const&, Matrix<float> const&) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in Matrix<float>::scale(float) raised to linalg.generic
// CHECK-DAG: remark: {{.*}}loop nest in lambda_gemm(int, int, int, std::vector<float, std::allocator<float>> const&, std::vector<float, std::allocator<float>> const&, std::vector<float, std::allocator<float>>&) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in view_gemm(View const&, View const&, View&) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in array_gemm(int, std::array<std::array<double, 140ul>, 140ul> const&, std::array<std::array<double, 140ul>, 140ul> const&, std::array<std::array<double, 140ul>, 140ul>&) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in rows_gemm(int, Rows const&) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in iterator_matvec(int, std::vector<float, std::allocator<float>> const&, std::vector<float, std::allocator<float>> const&, std::vector<float, std::allocator<float>>&) raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in iterator_matvec(int, std::vector<float, std::allocator<float>> const&, std::vector<float, std::allocator<float>> const&, std::vector<float, std::allocator<float>>&) spliced
//
// Negative cases: the nest stores to a size, or reallocates.
// CHECK-DAG: remark: {{.*}}loop nest in resize_inside(View&, View const&) is not a static control part (only part of it is): The array subscript of "UNKNOWN" is not affine
// CHECK-DAG: remark: {{.*}}loop nest in append_rows(std::vector<float, std::allocator<float>>&, Matrix<float> const&) is not a static control part
// NEG-NOT: resize_inside{{.*}} raised
// NEG-NOT: SCoP in Matrix<float>::scale(float) spliced
// NEG-NOT: append_rows{{.*}} raised
// NEG-NOT: cxx-objects.cpp:{{.*}}not translated
//
// RUNS-DAG: raise: multiply_ikj<float>(Matrix<float> const&, Matrix<float> const&, Matrix<float>&){{.*}}: raised code ran 1 times, original loops 1 times
// RUNS-DAG: raise: multiply_ikj<double>(Matrix<double> const&, Matrix<double> const&, Matrix<double>&){{.*}}: raised code ran 1 times, original loops 0 times

#include "harness.h"

#include <array>
#include <new>
#include <vector>

template <typename T> class Matrix {
public:
  Matrix(int rows, int cols, uint64_t seed)
      : rows_(rows), cols_(cols), data_((size_t)rows * cols) {
    for (size_t i = 0; i < data_.size(); ++i)
      data_[i] = (T)lcg_double(&seed);
  }
  T &operator()(int i, int j) { return data_[i * cols_ + j]; }
  const T &operator()(int i, int j) const { return data_[i * cols_ + j]; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  const T *data() const { return data_.data(); }
  std::vector<T> &storage() { return data_; }

  /// this += A * B, through `this->rows_` and `this->data_`.
  __attribute__((noinline)) void add_product(const Matrix &A,
                                             const Matrix &B) {
    for (int i = 0; i < rows_; ++i)
      for (int j = 0; j < cols_; ++j)
        for (int k = 0; k < A.cols_; ++k)
          (*this)(i, j) += A(i, k) * B(k, j);
  }

  __attribute__((noinline)) void scale(T s) {
    for (int i = 0; i < rows_; ++i)
      for (int j = 0; j < cols_; ++j)
        (*this)(i, j) *= s;
  }

private:
  int rows_, cols_;
  std::vector<T> data_;
};

template <typename T>
__attribute__((noinline)) void multiply(const Matrix<T> &A, const Matrix<T> &B,
                                        Matrix<T> &C) {
  for (int i = 0; i < C.rows(); ++i)
    for (int j = 0; j < C.cols(); ++j)
      for (int k = 0; k < A.cols(); ++k)
        C(i, j) += A(i, k) * B(k, j);
}

template <typename T>
__attribute__((noinline)) void multiply_ikj(const Matrix<T> &A,
                                            const Matrix<T> &B, Matrix<T> &C) {
  for (int i = 0; i < A.rows(); ++i)
    for (int k = 0; k < A.cols(); ++k)
      for (int j = 0; j < B.cols(); ++j)
        C(i, j) += A(i, k) * B(k, j);
}

template void multiply<float>(const Matrix<float> &, const Matrix<float> &,
                              Matrix<float> &);
template void multiply<double>(const Matrix<double> &, const Matrix<double> &,
                               Matrix<double> &);
template class Matrix<float>;

__attribute__((noinline)) void lambda_gemm(int m, int n, int p,
                                           const std::vector<float> &a,
                                           const std::vector<float> &b,
                                           std::vector<float> &c) {
  auto A = [&](int i, int k) -> const float & { return a[i * p + k]; };
  auto B = [&](int k, int j) -> const float & { return b[k * n + j]; };
  auto C = [&](int i, int j) -> float & { return c[i * n + j]; };
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C(i, j) += A(i, k) * B(k, j);
}

struct View {
  float *data;
  int rows, cols;
};

__attribute__((noinline)) void view_gemm(const View &A, const View &B,
                                         View &C) {
  for (int i = 0; i < C.rows; ++i)
    for (int j = 0; j < C.cols; ++j)
      for (int k = 0; k < A.cols; ++k)
        C.data[i * C.cols + j] +=
            A.data[i * A.cols + k] * B.data[k * B.cols + j];
}

constexpr int N = 140;
using Square = std::array<std::array<double, N>, N>;

__attribute__((noinline)) void array_gemm(int n, const Square &A,
                                          const Square &B, Square &C) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k)
        C[i][j] += A[i][k] * B[k][j];
}

/// Pointers to rows of a fixed length, held in a struct: once their loads
/// are hoisted, the arrays get their [?][140] shape back.
struct Rows {
  const double (*A)[N];
  const double (*B)[N];
  double (*C)[N];
};

__attribute__((noinline)) void rows_gemm(int n, const Rows &R) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k)
        R.C[i][j] += R.A[i][k] * R.B[k][j];
}

/// y = A x over iterators: row i of A starts at A.begin() + i * x.size().
__attribute__((noinline)) void iterator_matvec(int m,
                                               const std::vector<float> &A,
                                               const std::vector<float> &x,
                                               std::vector<float> &y) {
  int n = x.size();
  for (int i = 0; i < m; ++i) {
    auto row = A.begin() + i * n;
    float s = y[i];
    for (auto it = x.begin(); it != x.end(); ++it, ++row)
      s += *row * *it;
    y[i] = s;
  }
}

/// Stores to C.cols inside the nest: the size is no invariant.
__attribute__((noinline)) void resize_inside(View &C, const View &A) {
  for (int i = 0; i < A.rows; ++i) {
    for (int j = 0; j < A.cols; ++j)
      C.data[i * C.cols + j] = 2.0f * A.data[i * A.cols + j];
    C.cols = A.cols + (i & 1);
  }
}

/// push_back may reallocate the vector the nest writes.
__attribute__((noinline)) void append_rows(std::vector<float> &out,
                                           const Matrix<float> &A) {
  for (int i = 0; i < A.rows(); ++i)
    for (int j = 0; j < A.cols(); ++j)
      out.push_back(2.0f * A(i, j));
}

template <typename T>
HARNESS void print_matrix(const char *name, const Matrix<T> &M) {
  print_hash(name, M.data(), (size_t)M.rows() * M.cols() * sizeof(T));
}

static void test(int n) {
  int m = n + 3, p = n - 1;
  {
    Matrix<float> A(m, p, 1), B(p, n, 2), C(m, n, 3);
    multiply(A, B, C);
    print_matrix("multiply<float>", C);
    C.add_product(A, B);
    print_matrix("add_product", C);
    C.scale(0.75f);
    print_matrix("scale", C);
    std::vector<float> out;
    append_rows(out, C);
    print_hash("append_rows", out.data(), out.size() * sizeof(float));
  }
  {
    Matrix<double> A(m, p, 4), B(p, n, 5), C(m, n, 6);
    multiply(A, B, C);
    print_matrix("multiply<double>", C);
    multiply_ikj(A, B, C);
    print_matrix("multiply_ikj<double>", C);
  }
  {
    Matrix<float> A(m, p, 12), B(p, n, 13), C(m, n, 14);
    multiply_ikj(A, B, C);
    print_matrix("multiply_ikj<float>", C);
  }
  {
    // C wider than B: the nest leaves the last columns of C's rows alone,
    // and A lives in the first of those gaps, among the bytes the check
    // takes C's stores to write: the original loops run.
    Matrix<float> B(p, n, 15), C(m, n + 16, 16);
    float *Gap = &C.storage()[n + (n & 1)];
    Matrix<float> *A = new (Gap) Matrix<float>(m, p, 17);
    multiply_ikj(*A, B, C);
    A->~Matrix<float>();
    for (int i = 0; i < m; ++i)
      print_hash("multiply_ikj<float> A inside C", &C(i, 0), sizeof(float) * n);
  }
  {
    float *a = random_floats((size_t)m * p, 7),
          *b = random_floats((size_t)p * n, 8),
          *c = random_floats((size_t)m * n, 9);
    std::vector<float> va(a, a + (size_t)m * p), vb(b, b + (size_t)p * n),
        vc(c, c + (size_t)m * n);
    lambda_gemm(m, n, p, va, vb, vc);
    print_floats("lambda_gemm", vc.data(), vc.size());
    View A{a, m, p}, B{b, p, n}, C{c, m, n};
    view_gemm(A, B, C);
    print_floats("view_gemm", c, (size_t)m * n);
    std::vector<float> x(b, b + p), y(c, c + m);
    iterator_matvec(m, va, x, y);
    print_floats("iterator_matvec", y.data(), y.size());
    View D{random_floats((size_t)m * (p + 1), 10), m, p};
    resize_inside(D, A);
    print_floats("resize_inside", D.data, (size_t)m * (p + 1));
  }
  {
    int s = n < N ? n : N;
    auto *A = new Square, *B = new Square, *C = new Square;
    uint64_t seed = 11;
    for (Square *M : {A, B, C})
      for (auto &row : *M)
        for (double &v : row)
          v = lcg_double(&seed);
    array_gemm(s, *A, *B, *C);
    print_doubles("array_gemm", &(*C)[0][0], (size_t)N * N);
    Rows R{reinterpret_cast<const double(*)[N]>(&(*A)[0][0]),
           reinterpret_cast<const double(*)[N]>(&(*B)[0][0]),
           reinterpret_cast<double(*)[N]>(&(*C)[0][0])};
    rows_gemm(s, R);
    print_doubles("rows_gemm", &(*C)[0][0], (size_t)N * N);
    delete A;
    delete B;
    delete C;
  }
}
