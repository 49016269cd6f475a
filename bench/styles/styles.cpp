// The C++ styles of bench/styles.sh: a matrix class over std::vector with
// operator(), a kernel template, std::vector<std::vector<float>>, lambdas,
// the lower triangle of a rank-k update and a batch of products in
// std::vectors of matrices.
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

/// The lower triangle of C = A * A^T (C is M x M).
template <typename T>
__attribute__((noinline)) void syrk_lower(const Matrix<T> &A, Matrix<T> &C) {
  for (int i = 0; i < C.rows(); ++i)
    for (int j = 0; j <= i; ++j)
      for (int k = 0; k < A.cols(); ++k)
        C(i, j) += A(i, k) * A(j, k);
}

/// A product per matrix of a batch kept in std::vectors.
template <typename T>
__attribute__((noinline)) void batched(const std::vector<Matrix<T>> &A,
                                       const std::vector<Matrix<T>> &B,
                                       std::vector<Matrix<T>> &C) {
  for (size_t b = 0; b < C.size(); ++b)
    for (int i = 0; i < C[b].rows(); ++i)
      for (int k = 0; k < A[b].cols(); ++k)
        for (int j = 0; j < C[b].cols(); ++j)
          C[b](i, j) += A[b](i, k) * B[b](k, j);
}

namespace {

/// The batches: 4 products of M / 4 x N x K.
constexpr int Batches = 4;

struct State {
  int M, N, K;
  Matrix<float> A, B, C;
  Rows RA, RB, RC;
  Matrix<float> S;
  std::vector<Matrix<float>> BA, BB, BC;
  State(int M, int N, int K)
      : M(M), N(N), K(K), A(M, K), B(K, N), C(M, N), S(M, M) {
    uint64_t seed = 42;
    for (Matrix<float> *X : {&A, &B, &C, &S})
      for (float &V : X->storage())
        V = style_value(&seed);
    for (int b = 0; b < Batches; ++b) {
      BA.emplace_back(M / Batches, K);
      BB.emplace_back(K, N);
      BC.emplace_back(M / Batches, N);
      for (Matrix<float> *X : {&BA.back(), &BB.back(), &BC.back()})
        for (float &V : X->storage())
          V = style_value(&seed);
    }
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

const void *syrk_output(void *S, size_t *Bytes) {
  auto *St = static_cast<State *>(S);
  *Bytes = sizeof(float) * St->M * St->M;
  return St->S.data();
}

const void *batched_output(void *S, size_t *Bytes) {
  // The batches hashed as one block: copy them into C's first rows.
  auto *St = static_cast<State *>(S);
  int Rows = St->M / Batches;
  for (int b = 0; b < Batches; ++b)
    for (int i = 0; i < Rows; ++i)
      for (int j = 0; j < St->N; ++j)
        St->C(b * Rows + i, j) = St->BC[b](i, j);
  *Bytes = sizeof(float) * Batches * Rows * St->N;
  return St->C.data();
}

double flops(int M, int N, int K) { return 2.0 * M * N * K; }
double syrk_flops(int M, int, int K) { return double(M) * (M + 1) * K; }
double batched_flops(int M, int N, int K) {
  return 2.0 * (M / Batches) * Batches * N * K;
}

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

void runSyrk(void *S) {
  auto *St = static_cast<State *>(S);
  syrk_lower(St->A, St->S);
}
void runBatched(void *S) {
  auto *St = static_cast<State *>(S);
  batched(St->BA, St->BB, St->BC);
}

const style Styles[] = {
    {"class_template", setup, runClass, output, flops},
    {"vector_of_vectors", setup, runRows, rows_output, flops},
    {"lambdas", setup, runLambdas, output, flops},
    {"class_syrk", setup, runSyrk, syrk_output, syrk_flops},
    {"class_batched", setup, runBatched, batched_output, batched_flops},
};

} // namespace

int main(int argc, char **argv) {
  return style_main(argc, argv, Styles, sizeof Styles / sizeof *Styles);
}
