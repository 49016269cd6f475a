// C++ matrices as std::vector<std::vector<T>>, the way a textbook or a
// contest solution writes them: each row is a vector of its own, so the
// outer vector is a table whose entries start with the address of a row.
// Rows allocated one after the other, of one size, are usually evenly spaced
// in the heap, and then the nest is raised on them in place
// (-raise-row-tables); where they are not, on the rows gathered into one
// block (-raise-gather-rows). All must print what the build without the
// plugin prints.
//
// REDEFINE: %{cc} = %clang --driver-mode=g++
// RUN: %corpus-build
// RUN: %corpus-compare 16
// RUN: %corpus-compare 53
// RUN: %corpus-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in multiply_rows(std::vector<std::vector<double{{.*}}) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in multiply_rows(std::vector<std::vector<double{{.*}}): 3 tables of row pointers read as evenly spaced rows, or gathered into one block where they are not
// CHECK-DAG: remark: {{.*}}loop nest in product_rows<float>(std::vector<std::vector<float{{.*}}) {{(\(where .*\) )?}}raised to linalg.generic (GEMM;
// Its sizes are size_t: Polly's check holds integers beyond 64 bits
// (differences of sizes that would wrap), which its code generator gives up
// on; built for sizes within 2^56, it runs.
// RUN: %{cc} -O3 %run-march -I %S/../e2e/Inputs -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 53 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// RAN: raise: product_rows<float>({{.*}}): raised code ran 1 times, original loops 0 times
// RUN: %corpus-remarks | FileCheck %s --check-prefix=RUNS
// RUNS-NOT: the raised code never runs
//
// With debug information, remarks name values after the function's own
// variables (B0, m), not after those of the calls inlined into it (`this` of
// `B0.size()`, `__n` of the row vectors' constructor).
// RUN: %{cc} -O3 -g %run-march -I %S/../e2e/Inputs -fpass-plugin=%plugin -Rpass=raise -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMES
// NAMES: loop nest in product_rows<float>({{.*}}) (where -B0 + an element of B0 - 24 >= 0) raised to {{.*}}, i x j x k = ? x m x ?
//
// Where the nest loads the outer vector's data pointer itself, on every
// iteration (nothing tells LLVM that storing a double cannot change it), the
// copy reads it once, behind a check that no store of the nest writes it.
// CHECK-DAG: remark: {{.*}}loop nest in multiply(std::vector<std::vector<double{{.*}}) raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in multiply(std::vector<std::vector<double{{.*}}): 3 tables of row pointers read as evenly spaced rows, or gathered into one block where they are not

#include "harness.h"

#include <vector>

template <typename T> using Matrix = std::vector<std::vector<T>>;

// i-k-j, C += A * B, with the outer vectors' data taken once.
__attribute__((noinline)) void multiply_rows(const Matrix<double> &A0,
                                             const Matrix<double> &B0,
                                             Matrix<double> &C0, int n, int m,
                                             int p) {
  const std::vector<double> *A = A0.data(), *B = B0.data();
  std::vector<double> *C = C0.data();
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < p; ++k)
      for (int j = 0; j < m; ++j)
        C[i][j] += A[i][k] * B[k][j];
}

// The same through the vectors themselves.
__attribute__((noinline)) void multiply(const Matrix<double> &A,
                                        const Matrix<double> &B,
                                        Matrix<double> &C, int n, int m,
                                        int p) {
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < p; ++k)
      for (int j = 0; j < m; ++j)
        C[i][j] += A[i][k] * B[k][j];
}

// i-j-k with a local sum, sizes from the vectors.
template <typename T>
__attribute__((noinline)) Matrix<T> product_rows(const Matrix<T> &A0,
                                                 const Matrix<T> &B0) {
  size_t n = A0.size(), m = B0[0].size(), p = B0.size();
  Matrix<T> C0(n, std::vector<T>(m));
  const std::vector<T> *A = A0.data(), *B = B0.data();
  std::vector<T> *C = C0.data();
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < m; ++j) {
      T s = 0;
      for (size_t k = 0; k < p; ++k)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
  return C0;
}

template <typename T>
HARNESS Matrix<T> random_matrix(int rows, int cols, uint64_t seed) {
  Matrix<T> M(rows, std::vector<T>(cols));
  for (auto &Row : M)
    for (T &X : Row)
      X = (T)lcg_double(&seed);
  return M;
}

template <typename T> HARNESS void print_matrix(const char *name, const Matrix<T> &M) {
  for (const auto &Row : M)
    print_hash(name, Row.data(), Row.size() * sizeof(T));
}

static void test(int n) {
  int m = n + 5, p = n + 2;
  auto A = random_matrix<double>(n, p, 1), B = random_matrix<double>(p, m, 2),
       C = random_matrix<double>(n, m, 3);
  multiply_rows(A, B, C, n, m, p);
  print_matrix("C", C);
  multiply(A, B, C, n, m, p);
  print_matrix("C again", C);
  // Rows of different lengths in between: B's rows are not evenly spaced.
  Matrix<double> S;
  std::vector<std::vector<char>> Gaps;
  for (int r = 0; r < p; ++r) {
    S.push_back(B[p - 1 - r]);
    Gaps.emplace_back(r * 24 + 8);
  }
  multiply_rows(A, S, C, n, m, p);
  print_matrix("C uneven", C);

  auto X = random_matrix<float>(n, p, 4), Y = random_matrix<float>(p, m, 5);
  print_matrix("Z", product_rows(X, Y));
}
