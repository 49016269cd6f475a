! Products written with Fortran's array syntax: a column AXPY per element
! of B (`c(:, j) = c(:, j) + a(:, k) * b(k, j)`) on explicit-shape and on
! assumed-shape dummies, and a matrix-vector product as `sum(a(i, :) * x)`.
! flang expands each section into a loop over its extent, max(m, 0), which
! SimplifyCFG leaves as a select named `spec.select`: the remarks name it
! after m. Built at -O2 and -O3 without and with the plugin: same bytes.
!
! RUN: %flang -O3 %run-march %s -o %t.plain
! RUN: %flang -O3 %run-march -fpass-plugin=%plugin -Rpass=raise %s -o %t.raise 2> %t.remarks
! RUN: echo 61 47 53 | %t.plain > %t.plain.out
! RUN: echo 61 47 53 | %t.raise > %t.raise.out
! RUN: cmp %t.plain.out %t.raise.out
! RUN: FileCheck %s < %t.remarks
! RUN: %flang -O2 %run-march %s -o %t.plain2
! RUN: %flang -O2 %run-march -fpass-plugin=%plugin -Rpass=raise %s -o %t.raise2 2> %t.remarks2
! RUN: echo 61 47 53 | %t.plain2 > %t.plain2.out
! RUN: echo 61 47 53 | %t.raise2 > %t.raise2.out
! RUN: cmp %t.plain2.out %t.raise2.out
! RUN: FileCheck %s < %t.remarks2
! CHECK-DAG: loop nest in axpy_cols_ raised to linalg.generic (GEMM; {{.*}}), i x j x k = n x m x p
! CHECK-DAG: loop nest in assumed_axpy_ raised to linalg.generic (GEMM; {{.*}}), i x j x k = size(c, 2) x size(c, 1) x size(a, 2)
! CHECK-DAG: loop nest in matvec_rows_ {{(\(where .*\) )?}}raised to linalg.generic (MATVEC_T; {{.*}}), j x i = m x n
! CHECK-NOT: spec.select

subroutine axpy_cols(m, n, p, a, b, c)
  integer, intent(in) :: m, n, p
  real(8), intent(in) :: a(m, p), b(p, n)
  real(8), intent(inout) :: c(m, n)
  integer :: j, k
  do j = 1, n
    do k = 1, p
      c(:, j) = c(:, j) + a(:, k) * b(k, j)
    end do
  end do
end subroutine

subroutine assumed_axpy(a, b, c)
  real, intent(in) :: a(:, :), b(:, :)
  real, intent(inout) :: c(:, :)
  integer :: j, k
  do j = 1, size(c, 2)
    do k = 1, size(a, 2)
      c(:, j) = c(:, j) + a(:, k) * b(k, j)
    end do
  end do
end subroutine

subroutine matvec_rows(m, n, a, x, y)
  integer, intent(in) :: m, n
  real(8), intent(in) :: a(m, n), x(n)
  real(8), intent(out) :: y(m)
  integer :: i
  do i = 1, m
    y(i) = sum(a(i, :) * x)
  end do
end subroutine

program array_syntax
  implicit none
  interface
    subroutine assumed_axpy(a, b, c)
      real, intent(in) :: a(:, :), b(:, :)
      real, intent(inout) :: c(:, :)
    end subroutine
  end interface
  integer :: m, n, p, i, j
  real(8), allocatable :: a(:, :), b(:, :), c(:, :), x(:), y(:)
  real, allocatable :: sa(:, :), sb(:, :), sc(:, :)
  read *, m, n, p
  allocate (a(m, p), b(p, n), c(m, n), x(p), y(m))
  allocate (sa(m, p), sb(p, n), sc(m, n))
  ! A fixed seed: the same inputs in every build and run.
  call random_seed(size=i)
  call random_seed(put=[(j * 13 + 7, j = 1, i)])
  call random_number(a)
  call random_number(b)
  call random_number(c)
  call random_number(x)
  sa = real(a)
  sb = real(b)
  sc = real(c)
  call axpy_cols(m, n, p, a, b, c)
  write (*, '(4Z17.16)') c
  call assumed_axpy(sa, sb, sc)
  write (*, '(6Z9.8)') sc
  call matvec_rows(m, p, a, x, y)
  write (*, '(4Z17.16)') y
end program
