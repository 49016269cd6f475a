! Fortran GEMMs as flang-22 delivers them: explicit-shape dummies a(m, k)
! (extents max(m, 0), which raise freezes into parameters, see
! delinearize/ClampedSizes.h) and the Fortran 77 style of the reference
! BLAS, assumed-size A(LDA,*) with every size passed by reference.
! Column-major, so both are transposed forms of the row-major GEMM. Built
! without the plugin, with it and with -raise-roundtrip; the three print
! the same bits.
!
! RUN: %flang -O3 %run-march %s -o %t.plain
! RUN: %flang -O3 %run-march -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise %s -o %t.raise 2> %t.remarks
! RUN: %flang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-roundtrip %s -o %t.roundtrip
! RUN: %e2e-compare 37
! RUN: %e2e-compare 130
! RUN: FileCheck %s < %t.remarks
! CHECK-DAG: remark: {{.*}}loop nest in gemm_explicit_ raised to linalg.generic (GEMM;
! CHECK-DAG: remark: {{.*}}SCoP in gemm_explicit_ spliced
! CHECK-DAG: remark: {{.*}}loop nest in sgemm_nn_ {{(\(where .*\) )?}}raised to linalg.generic (GEMM;
! CHECK-DAG: remark: {{.*}}SCoP in sgemm_nn_ spliced

subroutine gemm_explicit(m, n, k, alpha, a, b, c)
  integer, intent(in) :: m, n, k
  real, intent(in) :: alpha, a(m, k), b(k, n)
  real, intent(inout) :: c(m, n)
  integer :: i, j, l
  do j = 1, n
    do l = 1, k
      do i = 1, m
        c(i, j) = c(i, j) + alpha * a(i, l) * b(l, j)
      end do
    end do
  end do
end subroutine

subroutine sgemm_nn(m, n, k, alpha, a, lda, b, ldb, c, ldc)
  integer m, n, k, lda, ldb, ldc
  real alpha
  real a(lda, *), b(ldb, *), c(ldc, *)
  integer i, j, l
  real temp
  do 90 j = 1, n
    do 80 l = 1, k
      temp = alpha * b(l, j)
      do 70 i = 1, m
        c(i, j) = c(i, j) + temp * a(i, l)
70    continue
80  continue
90 continue
end subroutine

program fortran_gemm
  implicit none
  interface
    subroutine gemm_explicit(m, n, k, alpha, a, b, c)
      integer, intent(in) :: m, n, k
      real, intent(in) :: alpha, a(m, k), b(k, n)
      real, intent(inout) :: c(m, n)
    end subroutine
  end interface
  character(len=16) :: arg
  integer :: n, m, k, ld
  real, allocatable :: a(:, :), b(:, :), c(:, :)
  call get_command_argument(1, arg)
  read (arg, *) n
  m = n + 3
  k = n + 7
  ld = m + k + 5
  allocate (a(ld, ld), b(ld, ld), c(ld, ld))
  call fill(a, 1)
  call fill(b, 2)
  call fill(c, 3)
  call gemm_explicit(m, n, k, 1.25, a, b, c)
  call print_bits(c)
  call fill(c, 3)
  call sgemm_nn(m, n, k, -0.75, a, ld, b, ld, c, ld)
  call print_bits(c)
contains
  ! Non-integers of both signs, so that any change in rounding shows.
  subroutine fill(x, seed)
    real, intent(out) :: x(:, :)
    integer, intent(in) :: seed
    integer :: i, j
    do j = 1, size(x, 2)
      do i = 1, size(x, 1)
        x(i, j) = real(mod(i * 31 + j * 17 + seed * 7, 101)) / 7.0 - 7.3
      end do
    end do
  end subroutine

  subroutine print_bits(x)
    real, intent(in) :: x(:, :)
    integer :: i, j
    do j = 1, size(x, 2)
      do i = 1, size(x, 1)
        write (*, '(Z8.8)') transfer(x(i, j), 0)
      end do
    end do
  end subroutine
end program
