!     The reference BLAS's triangular routines in their own style (SYRK
!     upper and lower, SYR2K, SYMM from the left and from the right with
!     either triangle, TRMM with a unit and a non-unit
!     diagonal, the upper TRMM from the left and from the right as the
!     library has it, counting down, TRMM from the right, lower, TRMM
!     from the left by AXPYs, SYRK and SYR2K skipping the zeros of A as the library
!     does, SYR2K with A and B transposed;
!     tests/e2e/Inputs/blas-triangles.inc), timed. Prints per
!     case: name, seconds (best of the repetitions) and a checksum of the
!     output's bits. Run by bench/blas-triangles.sh.
!
!       blas-triangles N [repetitions]
      INCLUDE 'Inputs/blas-triangles.inc'

      PROGRAM BENCH
      IMPLICIT NONE
      CHARACTER*16 ARG
      INTEGER N, K, LD, REPS, CASE
      REAL, ALLOCATABLE :: A(:,:), B(:,:), C(:,:)
      CALL GET_COMMAND_ARGUMENT(1, ARG)
      READ (ARG, *) N
      REPS = 3
      IF (COMMAND_ARGUMENT_COUNT() .GT. 1) THEN
          CALL GET_COMMAND_ARGUMENT(2, ARG)
          READ (ARG, *) REPS
      END IF
      K = N
      LD = N + 3
      ALLOCATE (A(LD,LD), B(LD,LD), C(LD,LD))
      CALL FILL(A, 1)
      CALL FILL(B, 2)
      DO 10 CASE = 1, 17
          CALL RUN(CASE)
   10 CONTINUE
      CONTAINS
      SUBROUTINE RUN(WHICH)
      INTEGER WHICH
      CHARACTER*20 NAMES(17)
      DATA NAMES /'syrk upper', 'syrk lower', 'syr2k', 'symm',
     +            'trmm unit', 'trmm non-unit', 'symm right upper',
     +            'symm right lower', 'syrk upper, zeros',
     +            'syrk lower, zeros', 'syr2k, zeros',
     +            'syr2k T upper', 'syr2k T lower',
     +            'trmm upper, down', 'trmm right, down',
     +            'trmm right lower', 'trmm left, axpy'/
      INTEGER(8) T0, T1, RATE
      REAL(8) BEST
      INTEGER R
      BEST = HUGE(1.0D0)
      DO 20 R = 1, REPS
          CALL FILL(C, 3)
          CALL SYSTEM_CLOCK(T0, RATE)
          SELECT CASE (WHICH)
          CASE (1)
              CALL XSYRK(.TRUE., N, K, 1.25, A, LD, -0.625, C, LD)
          CASE (2)
              CALL XSYRK(.FALSE., N, K, 1.25, A, LD, -0.625, C, LD)
          CASE (3)
              CALL XSYR2K(N, K, -0.5, A, LD, B, LD, -0.625, C, LD)
          CASE (4)
              CALL XSYMM(N, N, 0.75, A, LD, B, LD, -0.625, C, LD)
          CASE (5)
              CALL XTRMM(N, N, 1.5, A, LD, C, LD)
          CASE (6)
              CALL XTRMMD(.TRUE., N, N, 1.5, A, LD, C, LD)
          CASE (7)
              CALL XSYMMR('U', N, N, 0.75, A, LD, B, LD, -0.625, C, LD)
          CASE (8)
              CALL XSYMMR('L', N, N, 0.75, A, LD, B, LD, -0.625, C, LD)
          CASE (9)
              CALL XSYRKZ(.TRUE., N, K, 1.25, A, LD, -0.625, C, LD)
          CASE (10)
              CALL XSYRKZ(.FALSE., N, K, 1.25, A, LD, -0.625, C, LD)
          CASE (11)
              CALL XSYR2KZ(N, K, -0.5, A, LD, B, LD, -0.625, C, LD)
          CASE (12)
              CALL XSYR2KT(.TRUE., N, K, -0.5, A, LD, B, LD, -0.625, C,
     +                     LD)
          CASE (13)
              CALL XSYR2KT(.FALSE., N, K, -0.5, A, LD, B, LD, -0.625, C,
     +                     LD)
          CASE (14)
              CALL XTRMMU(.TRUE., N, N, 1.5, A, LD, C, LD)
          CASE (15)
              CALL XTRMMRU(.TRUE., N, N, 1.5, A, LD, C, LD)
          CASE (16)
              CALL XTRMMRL(.TRUE., N, N, 1.5, A, LD, C, LD)
          CASE DEFAULT
              CALL XTRMML(.TRUE., N, N, 1.5, A, LD, C, LD)
          END SELECT
          CALL SYSTEM_CLOCK(T1)
          BEST = MIN(BEST, REAL(T1 - T0, 8) / REAL(RATE, 8))
   20 CONTINUE
      WRITE (*, '(A, ";", F10.6, ";", Z16.16)') TRIM(NAMES(WHICH)),
     +    BEST, CHECKSUM(C)
      END SUBROUTINE

      SUBROUTINE FILL(Z, SEED)
      REAL Z(:,:)
      INTEGER SEED, I, J
      DO 40 J = 1, SIZE(Z, 2)
          DO 30 I = 1, SIZE(Z, 1)
              Z(I,J) = REAL(MOD(I*31 + J*17 + SEED*7, 101))/7.0 - 7.3
   30     CONTINUE
   40 CONTINUE
      END SUBROUTINE

      INTEGER(8) FUNCTION CHECKSUM(Z)
      REAL Z(:,:)
      INTEGER I, J
      CHECKSUM = 0
      DO 60 J = 1, SIZE(Z, 2)
          DO 50 I = 1, SIZE(Z, 1)
              CHECKSUM = IEOR(CHECKSUM * 31_8,
     +                        INT(TRANSFER(Z(I,J), 0), 8))
   50     CONTINUE
   60 CONTINUE
      END FUNCTION
      END
