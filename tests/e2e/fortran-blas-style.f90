! GEMM and GEMV in the style of the reference BLAS, in fixed form (Fortran 77 dummies:
! assumed-size A(LDA,*), every size by reference): one routine with all
! four transposition branches, the ALPHA.EQ.ZERO exit and the BETA.EQ.ZERO /
! BETA.NE.ONE guards inside the J loop, TEMP = ALPHA*B(L,J) in the plain
! forms and a dot product into TEMP in the transposed-A forms. The tests
! on BETA are loop-invariant flags, which raise turns into parameters
! (delinearize/InvariantConditions.h) and versions the nests on. The GEMV
! with increments INCX, INCY steps through X and Y as the library does. Called
! with BETA = 0, 1 and another value in every branch; built without the
! plugin, with it and with -raise-roundtrip; the three print the same bits.
! The routines stay calls (flang would inline XGEMMS and XGEMV into the
! program), so that what runs is what the remarks below describe.
!
! RUN: %flang -O3 -ffixed-form %run-march -mllvm -inline-threshold=0 -mllvm -locally-hot-callsite-threshold=0 %s -o %t.plain
! RUN: %flang -O3 -ffixed-form %run-march -mllvm -inline-threshold=0 -mllvm -locally-hot-callsite-threshold=0 -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise %s -o %t.raise 2> %t.remarks
! RUN: %flang -O3 -ffixed-form %run-march -mllvm -inline-threshold=0 -mllvm -locally-hot-callsite-threshold=0 -fpass-plugin=%plugin -mllvm -raise-roundtrip %s -o %t.roundtrip
! RUN: %e2e-compare 17
! RUN: %e2e-compare 70
! RUN: FileCheck %s < %t.remarks
! The transposed-A forms (dot products):
! CHECK-DAG: remark: {{.*}}loop nest in xgemm_ {{.*}}raised to linalg.generic (GEMM_TB;
! CHECK-DAG: remark: {{.*}}loop nest in xgemm_ {{.*}}raised to linalg.generic (GEMM_TATB;
! CHECK-DAG: remark: {{.*}}loop nest in xgemv_ {{.*}}raised to linalg.generic (MATVEC;
! CHECK-DAG: remark: {{.*}}loop nest in xgemv_ {{.*}}raised to linalg.generic (MATVEC_T;
! Increments by reference, versioned on being one (delinearize/UnitStrides.h):
! CHECK-DAG: remark: {{.*}}loop nest in xgemvi_ {{.*}}raised to linalg.generic (MATVEC;
! CHECK-DAG: remark: {{.*}}loop nest in xgemvi_ {{.*}}raised to linalg.generic (MATVEC_T;
! CHECK-DAG: remark: {{.*}}loop nest in xgemvi_: 2 increments taken as one, behind a run-time check that they are
! A flag in the nest: a version where BETA.NE.1.0 holds (scaling and GEMM),
! one where it does not (the GEMM alone).
! CHECK-DAG: remark: {{.*}}loop nest in xgemms_ (where [beta != 1] == 1 and {{.*}}) raised to linalg.generic (SCALE2), {{.*}}; linalg.generic (GEMM_TA;
! CHECK-DAG: remark: {{.*}}loop nest in xgemms_ (where [beta != 1] != 1 and {{.*}}) raised to linalg.generic (GEMM_TA;
! The plain forms: the J loop holds C(I,J) = 0.0, a memset per column that
! raise models as zero stores (delinearize/ExpandMemsets.h), so the whole
! nest is raised: the fill or scaling of C, then the product.
! CHECK-DAG: remark: {{.*}}loop nest in xgemm_ {{.*}}raised to linalg.fill (FILL2), {{.*}}; linalg.generic (GEMM;
! CHECK-DAG: remark: {{.*}}loop nest in xgemm_ {{.*}}raised to linalg.fill (FILL2), {{.*}}; linalg.generic (GEMM_TA;
!
! Which version ran: the raised code in every call of XGEMM (each branch
! called with three BETAs), XGEMMS and XGEMV; in XGEMVI the original loops
! where an increment is not one.
! RUN: %flang -O3 -ffixed-form %run-march -mllvm -inline-threshold=0 -mllvm -locally-hot-callsite-threshold=0 -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.report
! RUN: %t.report 70 2>&1 >/dev/null | FileCheck %s --check-prefix=REPORT
! REPORT-COUNT-4: raise: xgemm_: raised code ran 3 times, original loops 0 times
! REPORT-NEXT: raise: xgemms_: raised code ran 3 times, original loops 0 times
! REPORT-NEXT: raise: xgemv_: raised code ran 6 times, original loops 0 times
! REPORT-NEXT: raise: xgemvi_: raised code ran 2 times, original loops 0 times
! REPORT-NEXT: raise: xgemvi_: raised code ran 0 times, original loops 1 times
! REPORT-NEXT: raise: xgemvi_: 1 of those runs of the original loops because an increment is not one

      SUBROUTINE XGEMM(NOTA, NOTB, M, N, K, ALPHA, A, LDA, B, LDB, BETA,
     +                 C, LDC)
      LOGICAL NOTA, NOTB
      INTEGER M, N, K, LDA, LDB, LDC
      REAL ALPHA, BETA
      REAL A(LDA,*), B(LDB,*), C(LDC,*)
      INTEGER I, J, L
      REAL TEMP
      IF (ALPHA.EQ.0.0) THEN
          DO 20 J = 1,N
              DO 10 I = 1,M
                  C(I,J) = BETA*C(I,J)
   10         CONTINUE
   20     CONTINUE
          RETURN
      END IF
      IF (NOTB) THEN
          IF (NOTA) THEN
              DO 90 J = 1,N
                  IF (BETA.EQ.0.0) THEN
                      DO 50 I = 1,M
                          C(I,J) = 0.0
   50                 CONTINUE
                  ELSE IF (BETA.NE.1.0) THEN
                      DO 60 I = 1,M
                          C(I,J) = BETA*C(I,J)
   60                 CONTINUE
                  END IF
                  DO 80 L = 1,K
                      TEMP = ALPHA*B(L,J)
                      DO 70 I = 1,M
                          C(I,J) = C(I,J) + TEMP*A(I,L)
   70                 CONTINUE
   80             CONTINUE
   90         CONTINUE
          ELSE
              DO 120 J = 1,N
                  DO 110 I = 1,M
                      TEMP = 0.0
                      DO 100 L = 1,K
                          TEMP = TEMP + A(L,I)*B(L,J)
  100                 CONTINUE
                      IF (BETA.EQ.0.0) THEN
                          C(I,J) = ALPHA*TEMP
                      ELSE
                          C(I,J) = ALPHA*TEMP + BETA*C(I,J)
                      END IF
  110             CONTINUE
  120         CONTINUE
          END IF
      ELSE
          IF (NOTA) THEN
              DO 170 J = 1,N
                  IF (BETA.EQ.0.0) THEN
                      DO 130 I = 1,M
                          C(I,J) = 0.0
  130                 CONTINUE
                  ELSE IF (BETA.NE.1.0) THEN
                      DO 140 I = 1,M
                          C(I,J) = BETA*C(I,J)
  140                 CONTINUE
                  END IF
                  DO 160 L = 1,K
                      TEMP = ALPHA*B(J,L)
                      DO 150 I = 1,M
                          C(I,J) = C(I,J) + TEMP*A(I,L)
  150                 CONTINUE
  160             CONTINUE
  170         CONTINUE
          ELSE
              DO 200 J = 1,N
                  DO 190 I = 1,M
                      TEMP = 0.0
                      DO 180 L = 1,K
                          TEMP = TEMP + A(L,I)*B(J,L)
  180                 CONTINUE
                      IF (BETA.EQ.0.0) THEN
                          C(I,J) = ALPHA*TEMP
                      ELSE
                          C(I,J) = ALPHA*TEMP + BETA*C(I,J)
                      END IF
  190             CONTINUE
  200         CONTINUE
          END IF
      END IF
      END

!     The plain form with a transposed B and only the scaling guard: LLVM
!     keeps the test of BETA inside the J loop.
      SUBROUTINE XGEMMS(M, N, K, ALPHA, A, LDA, B, LDB, BETA, C, LDC)
      INTEGER M, N, K, LDA, LDB, LDC
      REAL ALPHA, BETA
      REAL A(LDA,*), B(LDB,*), C(LDC,*)
      INTEGER I, J, L
      REAL TEMP
      DO 40 J = 1,N
          IF (BETA.NE.1.0) THEN
              DO 10 I = 1,M
                  C(I,J) = BETA*C(I,J)
   10         CONTINUE
          END IF
          DO 30 L = 1,K
              TEMP = ALPHA*B(J,L)
              DO 20 I = 1,M
                  C(I,J) = C(I,J) + TEMP*A(I,L)
   20         CONTINUE
   30     CONTINUE
   40 CONTINUE
      END

      SUBROUTINE XGEMV(NOTA, M, N, ALPHA, A, LDA, X, BETA, Y)
      LOGICAL NOTA
      INTEGER M, N, LDA
      REAL ALPHA, BETA
      REAL A(LDA,*), X(*), Y(*)
      INTEGER I, J
      REAL TEMP
      IF (BETA.NE.1.0) THEN
          IF (BETA.EQ.0.0) THEN
              DO 10 I = 1,M
                  Y(I) = 0.0
   10         CONTINUE
          ELSE
              DO 20 I = 1,M
                  Y(I) = BETA*Y(I)
   20         CONTINUE
          END IF
      END IF
      IF (NOTA) THEN
          DO 60 J = 1,N
              TEMP = ALPHA*X(J)
              DO 50 I = 1,M
                  Y(I) = Y(I) + TEMP*A(I,J)
   50         CONTINUE
   60     CONTINUE
      ELSE
          DO 100 J = 1,N
              TEMP = 0.0
              DO 90 I = 1,M
                  TEMP = TEMP + A(I,J)*X(I)
   90         CONTINUE
              Y(J) = Y(J) + ALPHA*TEMP
  100     CONTINUE
      END IF
      END

      SUBROUTINE XGEMVI(NOTA, M, N, ALPHA, A, LDA, X, INCX, Y, INCY)
      LOGICAL NOTA
      INTEGER M, N, LDA, INCX, INCY
      REAL ALPHA
      REAL A(LDA,*), X(*), Y(*)
      INTEGER I, J, IX, IY, JX, JY, KX, KY, LENX, LENY
      REAL TEMP
      IF (NOTA) THEN
          LENX = N
          LENY = M
      ELSE
          LENX = M
          LENY = N
      END IF
      IF (INCX.GT.0) THEN
          KX = 1
      ELSE
          KX = 1 - (LENX-1)*INCX
      END IF
      IF (INCY.GT.0) THEN
          KY = 1
      ELSE
          KY = 1 - (LENY-1)*INCY
      END IF
      IF (NOTA) THEN
          JX = KX
          IF (INCY.EQ.1) THEN
              DO 20 J = 1,N
                  TEMP = ALPHA*X(JX)
                  DO 10 I = 1,M
                      Y(I) = Y(I) + TEMP*A(I,J)
   10             CONTINUE
                  JX = JX + INCX
   20         CONTINUE
          ELSE
              DO 40 J = 1,N
                  TEMP = ALPHA*X(JX)
                  IY = KY
                  DO 30 I = 1,M
                      Y(IY) = Y(IY) + TEMP*A(I,J)
                      IY = IY + INCY
   30             CONTINUE
                  JX = JX + INCX
   40         CONTINUE
          END IF
      ELSE
          JY = KY
          IF (INCX.EQ.1) THEN
              DO 60 J = 1,N
                  TEMP = 0.0
                  DO 50 I = 1,M
                      TEMP = TEMP + A(I,J)*X(I)
   50             CONTINUE
                  Y(JY) = Y(JY) + ALPHA*TEMP
                  JY = JY + INCY
   60         CONTINUE
          ELSE
              DO 80 J = 1,N
                  TEMP = 0.0
                  IX = KX
                  DO 70 I = 1,M
                      TEMP = TEMP + A(I,J)*X(IX)
                      IX = IX + INCX
   70             CONTINUE
                  Y(JY) = Y(JY) + ALPHA*TEMP
                  JY = JY + INCY
   80         CONTINUE
          END IF
      END IF
      END

      PROGRAM BLASSTYLE
      IMPLICIT NONE
      CHARACTER*16 ARG
      INTEGER N, M, K, LD, T, S
      REAL, ALLOCATABLE :: A(:,:), B(:,:), C(:,:), X(:), Y(:)
      REAL BETAS(3)
      INTEGER INCS(3)
      LOGICAL NOTA, NOTB
      DATA BETAS /0.0, 1.0, -0.625/
      DATA INCS /1, 2, 1/
      CALL GET_COMMAND_ARGUMENT(1, ARG)
      READ (ARG, *) N
      M = N + 3
      K = N + 7
      LD = M + K + 5
      ALLOCATE (A(LD,LD), B(LD,LD), C(LD,LD), X(LD), Y(LD))
      CALL FILL(A, LD, 1)
      CALL FILL(B, LD, 2)
      CALL FILL(X, 1, 4)
      DO 20 T = 0, 3
          NOTA = MOD(T, 2) .EQ. 0
          NOTB = T .LT. 2
          DO 10 S = 1, 3
              CALL FILL(C, LD, 3)
              CALL XGEMM(NOTA, NOTB, M, N, K, 1.25, A, LD, B, LD,
     +                   BETAS(S), C, LD)
              CALL PRINTBITS(C, LD)
   10     CONTINUE
   20 CONTINUE
      DO 25 S = 1, 3
          CALL FILL(C, LD, 3)
          CALL XGEMMS(M, N, K, 1.25, A, LD, B, LD, BETAS(S), C, LD)
          CALL PRINTBITS(C, LD)
   25 CONTINUE
      DO 40 T = 0, 1
          DO 30 S = 1, 3
              CALL FILL(Y, 1, 5)
              CALL XGEMV(T .EQ. 0, M, K, -0.75, A, LD, X, BETAS(S), Y)
              CALL PRINTBITS(Y, 1)
   30     CONTINUE
   40 CONTINUE
!     Increments of one (the copies raise versions on them) and not.
      DO 60 T = 0, 1
          DO 50 S = 1, 3
              CALL FILL(Y, 1, 5)
              CALL XGEMVI(T .EQ. 0, M, K, 0.375, A, LD, X, INCS(S),
     +                    Y, INCS(4 - S))
              CALL PRINTBITS(Y, 1)
   50     CONTINUE
   60 CONTINUE
      CONTAINS
      INCLUDE 'Inputs/blas-style-io.inc'
      END
