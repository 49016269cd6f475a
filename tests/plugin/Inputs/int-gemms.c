// Integer GEMMs of narrow inputs summed in int32, as quantized inference
// writes them: int8 activations by int8 weights, int16 by int16.
void gemm_i8(int M, int N, int K, const signed char *A, const signed char *B,
             int *C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}

void gemm_i16(int M, int N, int K, const short *A, const short *B, int *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      int s = 0;
      for (int k = 0; k < K; ++k)
        s += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s;
    }
}
