// The C++ styles of bench/styles.sh: a matrix class over std::vector with
// operator(), a kernel template, std::vector<std::vector<float>>, lambdas.
#include "styles.h"

#include <new>
#include <vector>

template <typename T> class Matrix {
public:
  Matrix(int rows, int cols) : rows_(rows), cols_(cols), data_(rows * cols) {}
  T &operator()(int i, int j) { return data_[i * cols_ + j]; }
  const T &operator()(int i, int j) const { return data_[i * cols_ + j]; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  const T *data() const { return data_.data(); }
  std::vector<T> &storage() { return data_; }

private:
  int rows_, cols_;
  std::vector<T> data_;
};

template <typename T>
__attribute__((noinline)) void multiply(const Matrix<T> &A, const Matrix<T> &B,
                                        Matrix<T> &C) {
  for (int i = 0; i < A.rows(); ++i)
    for (int k = 0; k < A.cols(); ++k)
      for (int j = 0; j < B.cols(); ++j)
        C(i, j) += A(i, k) * B(k, j);
}

using Rows = std::vector<std::vector<float>>;

__attribute__((noinline)) void vector_of_vectors(const Rows &A, const Rows &B,
                                                 Rows &C, int M, int N,
                                                 int K) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i][j] += A[i][k] * B[k][j];
}

__attribute__((noinline)) void lambdas(int M, int N, int K, const float *a,
                                       const float *b, float *c) {
  auto A = [&](int i, int k) { return a[i * K + k]; };
  auto B = [&](int k, int j) { return b[k * N + j]; };
  auto C = [&](int i, int j) -> float & { return c[i * N + j]; };
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float sum = 0;
      for (int k = 0; k < K; ++k)
        sum += A(i, k) * B(k, j);
      C(i, j) = sum;
    }
}

namespace {

struct State {
  int M, N, K;
  Matrix<float> A, B, C;
  Rows RA, RB, RC;
  State(int M, int N, int K)
      : M(M), N(N), K(K), A(M, K), B(K, N), C(M, N) {
    uint64_t seed = 42;
    for (Matrix<float> *X : {&A, &B, &C})
      for (float &V : X->storage())
        V = style_value(&seed);
    // Rows(rows, std::vector<float>(cols)), then filled: the rows are
    // allocated one after the other. (Rows appended with push_back
    // interleave with the outer vector's growth, are not evenly spaced, and
    // run the original loops.)
    auto Fill = [](Rows &R, const Matrix<float> &X) {
      R.assign(X.rows(), std::vector<float>(X.cols()));
      for (int i = 0; i < X.rows(); ++i)
        for (int j = 0; j < X.cols(); ++j)
          R[i][j] = X.data()[i * X.cols() + j];
    };
    Fill(RA, A), Fill(RB, B), Fill(RC, C);
  }
};

// The driver frees states with free(): keep them in malloc'd memory and
// leave their vectors to the process's end (a benchmark, not a library).
void *setup(int M, int N, int K) {
  return new (malloc(sizeof(State))) State(M, N, K);
}

const void *output(void *S, size_t *Bytes) {
  auto *St = static_cast<State *>(S);
  *Bytes = sizeof(float) * St->M * St->N;
  return St->C.data();
}

const void *rows_output(void *S, size_t *Bytes) {
  // The rows of RC hashed as one block would need them contiguous: copy.
  auto *St = static_cast<State *>(S);
  for (int i = 0; i < St->M; ++i)
    for (int j = 0; j < St->N; ++j)
      St->C(i, j) = St->RC[i][j];
  return output(S, Bytes);
}

double flops(int M, int N, int K) { return 2.0 * M * N * K; }

void runClass(void *S) {
  auto *St = static_cast<State *>(S);
  multiply(St->A, St->B, St->C);
}
void runRows(void *S) {
  auto *St = static_cast<State *>(S);
  vector_of_vectors(St->RA, St->RB, St->RC, St->M, St->N, St->K);
}
void runLambdas(void *S) {
  auto *St = static_cast<State *>(S);
  Matrix<float> &C = St->C;
  lambdas(St->M, St->N, St->K, St->A.data(), St->B.data(),
          C.storage().data());
}

const style Styles[] = {
    {"class_template", setup, runClass, output, flops},
    {"vector_of_vectors", setup, runRows, rows_output, flops},
    {"lambdas", setup, runLambdas, output, flops},
};

} // namespace

int main(int argc, char **argv) {
  return style_main(argc, argv, Styles, sizeof Styles / sizeof *Styles);
}
