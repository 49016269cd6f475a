! SYRK, SYR2K, SYMM (from either side) and TRMM (either triangle) in the
! style of the reference BLAS, in fixed form (Fortran 77 dummies:
! assumed-size A(LDA,*), every size by reference, column-major): the
! upper and lower triangles of C, the BETA.EQ.ZERO / BETA.NE.ONE guards
! inside the J loop as the library has them, TEMP = ALPHA*A(J,L) for the
! rank-k updates. Called with BETA = 0, 1 and another value; built
! without the plugin, with it and with -raise-roundtrip; the three print
! the same bits. The routines stay calls (flang would inline XSYRK into
! the program, where its flag is a constant), so that what runs is what
! the remarks below describe. The routines are in
! Inputs/blas-triangles.inc, which bench/blas-triangles.f times.
!
! RUN: %flang -O3 -ffixed-form %run-march -mllvm -inline-threshold=0 -mllvm -locally-hot-callsite-threshold=0 %s -o %t.plain
! RUN: %flang -O3 -ffixed-form %run-march -mllvm -inline-threshold=0 -mllvm -locally-hot-callsite-threshold=0 -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise %s -o %t.raise 2> %t.remarks
! RUN: %flang -O3 -ffixed-form %run-march -mllvm -inline-threshold=0 -mllvm -locally-hot-callsite-threshold=0 -fpass-plugin=%plugin -mllvm -raise-roundtrip %s -o %t.roundtrip
! RUN: %e2e-compare 17
! RUN: %e2e-compare 50
! RUN: FileCheck %s < %t.remarks
! RUN: not grep "loop nest in x.* not a static control part" %t.remarks
! The upper and the lower SYRK, each versioned on the BETA flags (the
! lower one's columns from the diagonal down start at C(J,J), LDC + 1
! elements apart, and its BETA.EQ.ZERO loop is a memset from there), and
! SYR2K, whose two terms are added to C one after the other (tactic
! SYR2K_T: A and B stored with the summed index first), with and without
! the scaling:
! CHECK-DAG: remark: {{.*}}loop nest in xsyrk_ (where [beta == 0] == 1) raised to linalg.generic (GEMM_TA; over the triangle j <= i; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}loop nest in xsyrk_ (where [beta == 0] != 1 and {{.*}}) raised to linalg.generic (GEMM_TA; over the triangle j <= i; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}loop nest in xsyrk_ (where [beta == 0] == 1) raised to linalg.generic (GEMM_TA; over the triangle j >= i; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}loop nest in xsyr2k_ raised to linalg.generic (SYR2K_T; over the triangle j <= i; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}SCoP in xsyr2k_ spliced as xsyr2k_.raise.1
! SYR2K with A and B transposed: two dot products per element of either
! triangle in one L loop (TEMP1, TEMP2), each a product of its own into a
! temporary (raise-split-sums), then combined as written:
! CHECK-DAG: remark: {{.*}}loop nest in xsyr2kt_ (where {{.*}}) raised to linalg.generic (GEMM_TB; over the triangle j >= i; accumulated through a local scalar; one of 2 partial sums kept), {{.*}}; linalg.generic (GEMM_TB; over the triangle j >= i;
! CHECK-DAG: remark: {{.*}}loop nest in xsyr2kt_ (where k >= 1) raised to linalg.generic (GEMM_TB; over the triangle j <= i; accumulated through a local scalar; one of 2 partial sums kept), {{.*}}; linalg.generic (GEMM_TB; over the triangle j <= i;
! SYMM, whose diagonal A(I,I) is LDA + 1 elements from the next one: its
! two sums over triangles, split against program order. Its last
! statement adds two products (flang's `contract`: the code generator
! fuses the first), which the raised code must fuse alike.
! CHECK-DAG: remark: {{.*}}loop nest in xsymm_ raised to linalg.generic (GEMM_TB; over the triangle k <= j - 1; accumulated through a local scalar), {{.*}}; linalg.generic (GEMM; over the triangle j <= k - 1; scaled by a loop invariant)
! SYMM from the right, the reference BLAS's form: UPLO picks A(K,J) or
! A(J,K) inside the K loops, a load from a select of two addresses to
! LLVM, split into a branch on the flag (Polly cannot model the select);
! each triangle of A is then a version of its own.
! CHECK-DAG: remark: {{.*}}loop nest in xsymmr_ (where {{.*}} == 0 and {{.*}}) raised to linalg.generic (GEMM; over the triangle k <= i - 1; scaled by a loop invariant), {{.*}}; linalg.generic (GEMM_TA; over the triangle k >= i; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}loop nest in xsymmr_ (where {{.*}} - 1 >= 0 and {{.*}}) raised to linalg.generic (GEMM_TA; over the triangle k <= i - 1; scaled by a loop invariant), {{.*}}; linalg.generic (GEMM; over the triangle k >= i; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}SCoP in xsymmr_ spliced as
! TRMM, in place through TEMP = B(I,J) (Polly starts the sum under a guard
! that the K loop runs, which goes): the cut is between K and C's column
! (C(I,J) is memref element [J][I]); with a non-unit diagonal the sum
! starts from B(I,J)*A(I,I), the output element times the diagonal. The
! library's NOUNIT flag versions the nest; Polly guards the start on the
! flag and on the K loop running a trip, and in each version the guard is
! the trip alone (raise-hoist-guards).
! CHECK-DAG: remark: {{.*}}loop nest in xtrmm_ raised to linalg.generic (GEMM_TB; over the triangle k >= j; in place, reading a copy of the output; accumulated through a local scalar)
! CHECK-DAG: remark: {{.*}}loop nest in xtrmmd_ (where {{.*}} == 0) raised to linalg.generic (GEMM_TB; over the triangle k >= j; in place, reading a copy of the output; accumulated through a local scalar)
! CHECK-DAG: remark: {{.*}}loop nest in xtrmmd_ (where {{.*}} >= 1) raised to linalg.generic (GEMM_TB; over the triangle k >= j; in place, reading a copy of the output; accumulated through a local scalar)
! The upper TRMM as the library has it counts its rows down (I = M,1,-1):
! rotation copies the last row's store into the loop's exit, raise puts it
! back, and raise-reverse-loops counts the rows up, reading the rows above
! each from a copy taken before the nest (the diagonal A(I,I), walked from
! its last element, distributed so that Polly finds its row):
! CHECK-DAG: remark: {{.*}}loop nest in xtrmmu_ (where {{.*}} >= 1) raised to linalg.generic (GEMM_TB; over the triangle k <= j - 1; accumulated through a local scalar)
! CHECK-DAG: remark: {{.*}}loop nest in xtrmmu_ (where {{.*}} == 0) raised to linalg.generic (GEMM_TB; over the triangle k <= j - 1; accumulated through a local scalar)
! From the right, counting the columns down, each scaled by its diagonal
! element and updated from the columns left of it (read from a copy once
! the loop counts up); the unit-diagonal version is in the else region of
! the flag's test:
! CHECK-DAG: remark: {{.*}}loop nest in xtrmmru_ (where {{.*}} >= 1 and m >= 1) raised to linalg.copy (COPY2), i x j = n - 1 x m
! CHECK-DAG: remark: {{.*}}loop nest in xtrmmru_ (where {{.*}} >= 1 and m >= 1) raised to linalg.generic (GEMM; over the triangle k <= i - 1; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}loop nest in xtrmmru_ (where {{.*}} == 0 and m >= 1) raised to linalg.generic (SCALE2), i x j = n x m; linalg.generic (GEMM; over the triangle k <= i - 1; scaled by a loop invariant)
! From the right, lower: the columns counted up, each updated from the
! columns right of it; in place the scaling and the update cannot be
! separated, so the update reads a copy of the columns (their values from
! before the nest, which it only ever reads):
! CHECK-DAG: remark: {{.*}}loop nest in xtrmmrl_ (where {{.*}} >= 1 and m >= 1) raised to linalg.generic (GEMM; over the triangle k >= i; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}loop nest in xtrmmrl_ (where {{.*}} == 0 and m >= 1) raised to linalg.generic (SCALE2), i x j = n x m; linalg.generic (GEMM; over the triangle k >= i; scaled by a loop invariant)
! From the left, not transposed: column J updated in place by an AXPY per
! K before B(K,J) is overwritten, which reads B(K,J) from before the nest:
! read from a copy, B(K,J)'s scaling runs first, then the product over the
! rows above the diagonal (the versions of the flag in else regions of the
! guards Polly made, whose dependences are tested on a clone outside them):
! CHECK-DAG: remark: {{.*}}loop nest in xtrmml_ (where {{.*}} <= -1) raised to linalg.generic (GEMM; over the triangle j <= k - 1; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}loop nest in xtrmml_ (where {{.*}} >= 1) raised to linalg.generic (GEMM; over the triangle j <= k - 1; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}loop nest in xtrmml_ (where {{.*}} == 0) raised to linalg.generic (COPY2; exact body kept: stored value is not the input element as it is; scaled by a loop invariant), i x j = n x m; linalg.generic (GEMM; over the triangle j <= k - 1; scaled by a loop invariant)
! SYRK and SYR2K as the reference BLAS has them, skipping the zeros of A
! (IF (A(J,L).NE.ZERO)): loops that test every element run first, and
! where none is zero a copy without the test runs, which is raised (the
! lower SYRK's I loop from J was unswitched on N - J + 1 > 0 under the
! test, a bound LLVM freezes and the copy thaws):
! CHECK-DAG: remark: {{.*}}loop nest in xsyrkz_ (where [beta == 0] == 1) raised to linalg.generic (GEMM_TA; over the triangle j <= i; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}loop nest in xsyrkz_ (where [beta == 0] == 1) raised to linalg.generic (GEMM_TA; over the triangle j >= i; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}loop nest in xsyr2kz_ raised to linalg.generic (SYR2K_T; over the triangle j <= i; scaled by a loop invariant)
! CHECK-DAG: remark: {{.*}}loop nest in xsyrkz_: 1 test on loaded data dropped in a copy, behind a run-time check that it holds for every element the nest tests
! CHECK-DAG: remark: {{.*}}loop nest in xsyr2kz_: 1 test on loaded data dropped in a copy, behind a run-time check that it holds for every element the nest tests
!
! Which version ran: the raised code, in every call but those where A
! holds a zero the routine skips.
! RUN: %flang -O3 -ffixed-form %run-march -mllvm -inline-threshold=0 -mllvm -locally-hot-callsite-threshold=0 -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.report
! RUN: %t.report 50 2>&1 >/dev/null | FileCheck %s --check-prefix=REPORT
! REPORT: raise: xsyrk_: raised code ran 3 times, original loops 0 times
! REPORT-NEXT: raise: xsyrk_: raised code ran 3 times, original loops 0 times
! REPORT-NEXT: raise: xsyrkz_: raised code ran 3 times, original loops 1 times
! REPORT-NEXT: raise: xsyrkz_: 1 of those runs of the original loops because a test on loaded data fails for an element (a zero the routine skips)
! REPORT-NEXT: raise: xsyrkz_: raised code ran 3 times, original loops 1 times
! REPORT-NEXT: raise: xsyrkz_: 1 of those runs of the original loops because a test on loaded data fails for an element (a zero the routine skips)
! REPORT-NEXT: raise: xsyr2kz_: raised code ran 1 times, original loops 1 times
! REPORT-NEXT: raise: xsyr2kz_: 1 of those runs of the original loops because a test on loaded data fails for an element (a zero the routine skips)
! REPORT-NEXT: raise: xsyr2kz_: raised code ran 0 times, original loops 0 times
! REPORT-NEXT: raise: xsyr2k_: raised code ran 2 times, original loops 0 times
! REPORT-NEXT: raise: xsyr2k_: raised code ran 1 times, original loops 0 times
! REPORT-NEXT: raise: xsyr2kt_: raised code ran 3 times, original loops 0 times
! REPORT-NEXT: raise: xsyr2kt_: raised code ran 1 times, original loops 0 times
! REPORT-NEXT: raise: xsyr2kt_: raised code ran 2 times, original loops 0 times
! REPORT-NEXT: raise: xsymm_: raised code ran 3 times, original loops 0 times
! REPORT-NEXT: raise: xsymmr_: raised code ran 6 times, original loops 0 times
! REPORT-NEXT: raise: xtrmm_: raised code ran 1 times, original loops 0 times
! REPORT-NEXT: raise: xtrmmd_: raised code ran 2 times, original loops 0 times
! REPORT-NEXT: raise: xtrmmru_: raised code ran 2 times, original loops 0 times
! REPORT-NEXT: raise: xtrmmrl_: raised code ran 2 times, original loops 0 times
! REPORT-NEXT: raise: xtrmmu_: raised code ran 2 times, original loops 0 times
! REPORT-NEXT: raise: xtrmml_: raised code ran 2 times, original loops 0 times

      INCLUDE 'Inputs/blas-triangles.inc'

      PROGRAM TRIANGLES
      IMPLICIT NONE
      CHARACTER*16 ARG
      INTEGER N, K, LD, S, T
      REAL, ALLOCATABLE :: A(:,:), B(:,:), C(:,:)
      REAL BETAS(3)
      CHARACTER UPLOS(2)
      DATA BETAS /0.0, 1.0, -0.625/
      DATA UPLOS /'U', 'L'/
      CALL GET_COMMAND_ARGUMENT(1, ARG)
      READ (ARG, *) N
      K = N + 5
      LD = N + K + 3
      ALLOCATE (A(LD,LD), B(LD,LD), C(LD,LD))
      CALL FILL(A, LD, 1)
      CALL FILL(B, LD, 2)
      DO 20 T = 0, 1
          DO 10 S = 1, 3
              CALL FILL(C, LD, 3)
              CALL XSYRK(T .EQ. 0, N, K, 1.25, A, LD, BETAS(S), C, LD)
              CALL PRINTBITS(C, LD)
   10     CONTINUE
   20 CONTINUE
      DO 30 S = 1, 3
          CALL FILL(C, LD, 3)
          CALL XSYR2K(N, K, -0.5, A, LD, B, LD, BETAS(S), C, LD)
          CALL PRINTBITS(C, LD)
   30 CONTINUE
      DO 35 T = 0, 1
          DO 34 S = 1, 3
              CALL FILL(C, LD, 3)
              CALL XSYR2KT(T .EQ. 0, N, K, -0.5, A, LD, B, LD,
     +                     BETAS(S), C, LD)
              CALL PRINTBITS(C, LD)
   34     CONTINUE
   35 CONTINUE
      DO 40 S = 1, 3
          CALL FILL(C, LD, 3)
          CALL XSYMM(N, K, 0.75, A, LD, B, LD, BETAS(S), C, LD)
          CALL PRINTBITS(C, LD)
   40 CONTINUE
      DO 45 T = 1, 2
          DO 44 S = 1, 3
              CALL FILL(C, LD, 3)
              CALL XSYMMR(UPLOS(T), N, K, 0.75, A, LD, B, LD,
     +                    BETAS(S), C, LD)
              CALL PRINTBITS(C, LD)
   44     CONTINUE
   45 CONTINUE
      CALL FILL(C, LD, 3)
      CALL XTRMM(N, K, 1.5, A, LD, C, LD)
      CALL PRINTBITS(C, LD)
      DO 50 T = 0, 1
          CALL FILL(C, LD, 3)
          CALL XTRMMD(T .EQ. 0, N, K, 1.5, A, LD, C, LD)
          CALL PRINTBITS(C, LD)
   50 CONTINUE
      DO 52 T = 0, 1
          CALL FILL(C, LD, 3)
          CALL XTRMMU(T .EQ. 0, N, K, 1.5, A, LD, C, LD)
          CALL PRINTBITS(C, LD)
   52 CONTINUE
      DO 54 T = 0, 1
          CALL FILL(C, LD, 3)
          CALL XTRMMRU(T .EQ. 0, N, K, 1.5, A, LD, C, LD)
          CALL PRINTBITS(C, LD)
   54 CONTINUE
      DO 56 T = 0, 1
          CALL FILL(C, LD, 3)
          CALL XTRMMRL(T .EQ. 0, N, K, 1.5, A, LD, C, LD)
          CALL PRINTBITS(C, LD)
   56 CONTINUE
      DO 58 T = 0, 1
          CALL FILL(C, LD, 3)
          CALL XTRMML(T .EQ. 0, N, K, 1.5, A, LD, C, LD)
          CALL PRINTBITS(C, LD)
   58 CONTINUE
      DO 60 T = 0, 1
          DO 55 S = 1, 3
              CALL FILL(C, LD, 3)
              CALL XSYRKZ(T .EQ. 0, N, K, 1.25, A, LD, BETAS(S), C, LD)
              CALL PRINTBITS(C, LD)
   55     CONTINUE
   60 CONTINUE
      CALL FILL(C, LD, 3)
      CALL XSYR2KZ(N, K, -0.5, A, LD, B, LD, BETAS(3), C, LD)
      CALL PRINTBITS(C, LD)
!     Zeros the routines skip (a negative one too): the original loops
!     run.
      A(2,3) = 0.0
      A(N,K) = -0.0
      B(2,3) = 0.0
      DO 70 T = 0, 1
          CALL FILL(C, LD, 3)
          CALL XSYRKZ(T .EQ. 0, N, K, 1.25, A, LD, BETAS(3), C, LD)
          CALL PRINTBITS(C, LD)
   70 CONTINUE
      CALL FILL(C, LD, 3)
      CALL XSYR2KZ(N, K, -0.5, A, LD, B, LD, BETAS(3), C, LD)
      CALL PRINTBITS(C, LD)
      CONTAINS
      INCLUDE 'Inputs/blas-style-io.inc'
      END
