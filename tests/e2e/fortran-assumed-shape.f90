! Fortran GEMMs on assumed-shape dummies a(:, :), whose base, extents and
! byte strides come from descriptors. flang versions each nest on unit
! first strides; in that copy it scales the second stride from bytes to
! elements with a shift, which raise versions once more on the stride being
! a whole number of elements (delinearize/ElementStrides.h). Called on whole
! arrays, on sections with a unit first stride and a strided second one
! (raised), and on sections with a first stride of two elements (the
! original loops run). Built without the plugin, with it and with
! -raise-roundtrip; the three print the same bits.
!
! RUN: %flang -O3 %run-march %s -o %t.plain
! RUN: %flang -O3 %run-march -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise %s -o %t.raise 2> %t.remarks
! RUN: %flang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-roundtrip %s -o %t.roundtrip
! RUN: %e2e-compare 29
! RUN: %e2e-compare 100
! RUN: FileCheck %s < %t.remarks
! CHECK-DAG: remark: {{.*}}loop nest in _QMkernelsPgemm_assumed raised to linalg.generic (GEMM;
! CHECK-DAG: remark: {{.*}}SCoP in _QMkernelsPgemm_assumed spliced
! CHECK-DAG: remark: {{.*}}loop nest in _QMkernelsPgemm_assumed: 3 byte strides taken as whole elements, behind a run-time check that they are
! CHECK-DAG: remark: {{.*}}loop nest in _QMkernelsPgemv_assumed raised to linalg.generic (MATVEC

module kernels
  implicit none
contains
  subroutine gemm_assumed(alpha, a, b, c)
    real, intent(in) :: alpha, a(:, :), b(:, :)
    real, intent(inout) :: c(:, :)
    integer :: i, j, l
    do j = 1, size(c, 2)
      do l = 1, size(a, 2)
        do i = 1, size(c, 1)
          c(i, j) = c(i, j) + alpha * a(i, l) * b(l, j)
        end do
      end do
    end do
  end subroutine

  subroutine gemv_assumed(a, x, y)
    real, intent(in) :: a(:, :), x(:)
    real, intent(inout) :: y(:)
    integer :: i, j
    do j = 1, size(a, 2)
      do i = 1, size(a, 1)
        y(i) = y(i) + a(i, j) * x(j)
      end do
    end do
  end subroutine
end module

program fortran_assumed_shape
  use kernels
  implicit none
  character(len=16) :: arg
  integer :: n, m, k
  real, allocatable :: a(:, :), b(:, :), c(:, :), x(:), y(:)
  call get_command_argument(1, arg)
  read (arg, *) n
  m = n + 3
  k = n + 7
  allocate (a(2 * m + 1, 2 * k + 1), b(2 * k + 1, 2 * n + 1))
  allocate (c(2 * m + 1, 2 * n + 1), x(2 * k + 1), y(2 * m + 1))
  call fill(a, 1)
  call fill(b, 2)
  ! Whole arrays: unit strides, leading dimensions their extents.
  call fill(c, 3)
  call gemm_assumed(1.25, a(:m, :k), b(:k, :n), c)
  call print_bits(c)
  ! Sections: unit first stride, every other column.
  call fill(c, 3)
  call gemm_assumed(-0.75, a(2:m + 1, 1:2 * k:2), b(3:k + 2, 1:2 * n:2), &
                    c(2:m + 1, 1:2 * n:2))
  call print_bits(c)
  ! Every other row: the first stride is two elements; the original loops.
  call fill(c, 3)
  call gemm_assumed(0.5, a(1:2 * m:2, :k), b(1:2 * k:2, :n), &
                    c(1:2 * m:2, :n))
  call print_bits(c)
  call fill1(x, 4)
  call fill1(y, 5)
  call gemv_assumed(a(:m, :k), x(:k), y(:m))
  call print_bits1(y)
  call fill1(y, 5)
  call gemv_assumed(a(2:m + 1, 1:2 * k:2), x(1:2 * k:2), y(1:2 * m:2))
  call print_bits1(y)
contains
  ! Non-integers of both signs, so that any change in rounding shows.
  subroutine fill(z, seed)
    real, intent(out) :: z(:, :)
    integer, intent(in) :: seed
    integer :: i, j
    do j = 1, size(z, 2)
      do i = 1, size(z, 1)
        z(i, j) = real(mod(i * 31 + j * 17 + seed * 7, 101)) / 7.0 - 7.3
      end do
    end do
  end subroutine

  subroutine fill1(z, seed)
    real, intent(out) :: z(:)
    integer, intent(in) :: seed
    integer :: i
    do i = 1, size(z)
      z(i) = real(mod(i * 29 + seed * 7, 97)) / 5.0 - 9.1
    end do
  end subroutine

  subroutine print_bits(z)
    real, intent(in) :: z(:, :)
    integer :: i, j
    do j = 1, size(z, 2)
      do i = 1, size(z, 1)
        write (*, '(Z8.8)') transfer(z(i, j), 0)
      end do
    end do
  end subroutine

  subroutine print_bits1(z)
    real, intent(in) :: z(:)
    integer :: i
    do i = 1, size(z)
      write (*, '(Z8.8)') transfer(z(i), 0)
    end do
  end subroutine
end program
