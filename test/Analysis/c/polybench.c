/* The loop bodies of PolyBench/C 4.2.1's jacobi-1d, jacobi-2d, heat-3d and
   seidel-2d, integer variants (int arrays, integer division), one function
   each; used by the estimate tests of the C path. */
#define N 32

void jacobi_1d(int A[N], int B[N]) {
  for (int t = 0; t < 4; t++)
    for (int i = 1; i < N - 1; i++)
      B[i] = (A[i - 1] + A[i] + A[i + 1]) / 3;
}

void jacobi_2d(int A[N][N], int B[N][N]) {
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      B[i][j] = (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]) / 5;
}

void heat_3d(int A[N][N][N], int B[N][N][N]) {
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      for (int k = 1; k < N - 1; k++)
        B[i][j][k] = (A[i + 1][j][k] - 2 * A[i][j][k] + A[i - 1][j][k]) / 8
                   + (A[i][j + 1][k] - 2 * A[i][j][k] + A[i][j - 1][k]) / 8
                   + (A[i][j][k + 1] - 2 * A[i][j][k] + A[i][j][k - 1]) / 8
                   + A[i][j][k];
}

void seidel_2d(int A[N][N]) {
  for (int t = 0; t < 2; t++)
    for (int i = 1; i <= N - 2; i++)
      for (int j = 1; j <= N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                 + A[i][j - 1] + A[i][j] + A[i][j + 1]
                 + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / 9;
}

/* Seed 002's warm-up: two reads of A (ResMII 2 with one read port) and a
   recurrence over A[t - 1]: read, add, write = 3 cycles at distance 1. */
int warmup(void) {
  int A[20];
  for (unsigned t = 2; t <= 20 - 1; t++)
    A[t] = A[t - 2] + A[t - 1];
  return A[19];
}
