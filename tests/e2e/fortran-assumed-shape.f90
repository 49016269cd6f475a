! Fortran GEMMs on assumed-shape dummies a(:, :), whose base, extents and
! byte strides come from descriptors. flang versions each nest on unit
! first strides; in that copy it scales the second stride from bytes to
! elements with a shift, which raise versions once more on the stride being
! a whole number of elements (delinearize/ElementStrides.h). Its other copy,
! for any strides, raise versions on each stride being positive, the first
! whole elements and each dividing the next (delinearize/SectionStrides.h):
! the arrays are imported as [?][q][e] and the nest raised on strided views;
! a C whose first stride is not one is computed on a contiguous copy
! (raise-tile-matmul). Called on whole arrays and on sections with a unit
! first stride (raised in the first copy); on every other row of arrays
! with even leading dimensions, with every third column of B and every
! other row of C too, and on the parts of complex arrays (raised in the
! second copy); on every other row of an odd leading dimension and with a
! negative first stride (the check fails: the original loops run). Built
! without the plugin, with it and with -raise-roundtrip; the three print
! the same bits.
!
! The kernels stay calls (not inlined into the program, where the
! descriptors are known): -inline-threshold=0 in every build.
! RUN: %flang -O3 %run-march -mllvm -inline-threshold=0 %s -o %t.plain
! RUN: %flang -O3 %run-march -mllvm -inline-threshold=0 -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise -Rpass-analysis=raise %s -o %t.raise 2> %t.remarks
! RUN: %flang -O3 %run-march -mllvm -inline-threshold=0 -fpass-plugin=%plugin -mllvm -raise-roundtrip %s -o %t.roundtrip
! RUN: %e2e-compare 29
! RUN: %e2e-compare 100
! RUN: FileCheck %s < %t.remarks
! RUN: not grep "(module kernels).* not raised" %t.remarks
! CHECK-DAG: remark: {{.*}}loop nest in gemm_assumed (module kernels) raised to linalg.generic (GEMM;{{.*}}), i x j x k = size(c, 2) x size(c, 1) x size(a, 2)
! CHECK-DAG: remark: {{.*}}SCoP in gemm_assumed (module kernels) spliced as _QMkernelsPgemm_assumed.raise.0
! CHECK-DAG: remark: {{.*}}loop nest in gemm_assumed (module kernels): 3 byte strides taken as whole elements, behind a run-time check that they are
! CHECK-DAG: remark: {{.*}}loop nest in gemv_assumed (module kernels) raised to linalg.generic (MATVEC
! The copy for any strides: a view of a three-dimensional array each.
! CHECK-DAG: remark: {{.*}}SCoP in gemm_assumed (module kernels): loop depth 3, 2 statements, arrays {{[abc]}}: float[?][raise.stride.quotient{{[0-9]*}}][stride.elts{{[0-9]*}}], {{[abc]}}: float[?][raise.stride.quotient{{[0-9]*}}][stride.elts{{[0-9]*}}], {{[abc]}}: float[?][raise.stride.quotient{{[0-9]*}}][stride.elts{{[0-9]*}}]
! CHECK-DAG: remark: {{.*}}loop nest in gemm_assumed (module kernels): 6 section strides taken as the strides of a view, behind a run-time check that they are positive, the first whole elements, each dividing the next
! CHECK-DAG: remark: {{.*}}SCoP in gemm_assumed (module kernels) spliced as _QMkernelsPgemm_assumed.raise.{{[1-9]}}
! CHECK-DAG: remark: {{.*}}loop nest in gemv_assumed (module kernels): 4 section strides taken as the strides of a view
! CHECK-DAG: remark: {{.*}}SCoP in gemv_assumed (module kernels) spliced as _QMkernelsPgemv_assumed.raise.{{[1-9]}}
!
! Which version ran, per region: whole arrays and unit first strides in the
! first; in the second the raised code for the two calls with even leading
! dimensions and the complex parts, the original loops for the odd one and
! the negative stride.
! RUN: %flang -O3 %run-march -mllvm -inline-threshold=0 -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.report
! RUN: %t.report 29 2>&1 >/dev/null | FileCheck %s --check-prefix=REPORT
! REPORT: raise: gemm_assumed (module kernels): raised code ran 2 times, original loops 0 times
! REPORT-NEXT: raise: gemm_assumed (module kernels): raised code ran 3 times, original loops 2 times
! REPORT-NEXT: raise: gemm_assumed (module kernels): 2 of those runs of the original loops because a section stride is not positive, or not whole elements, or does not divide the next
! REPORT-NEXT: raise: gemv_assumed (module kernels): raised code ran 1 times, original loops 0 times
!
! At -O2 LLVM leaves the descriptors' bases and strides in the nest, read
! in the innermost loop's preheader under the tests that the loops run any
! iteration: the copy reads them once before the nest where those tests
! hold (tests/plugin/invariant-loads.ll), and its strides are then
! versioned as at -O3. The same bytes as that build without the plugin,
! and the raised code runs for every call with whole elements.
! RUN: %flang -O2 %run-march -mllvm -inline-threshold=0 %s -o %t.o2plain
! RUN: %flang -O2 %run-march -mllvm -inline-threshold=0 -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.o2raise
! RUN: %t.o2plain 29 > %t.o2plain.29 && %t.o2raise 29 > %t.o2raise.29 2> %t.o2versions
! RUN: cmp %t.o2plain.29 %t.o2raise.29
! RUN: FileCheck %s --check-prefix=O2RAN < %t.o2versions
! O2RAN: raise: gemm_assumed (module kernels): raised code ran 5 times, original loops 2 times
! O2RAN: raise: gemv_assumed (module kernels): raised code ran 2 times, original loops 0 times
! REPORT-NEXT: raise: gemv_assumed (module kernels): raised code ran 1 times, original loops 0 times
!
! With the kernels inlined into the program (-O2, LLVM's own inlining), the
! sections' strides are constants in the subscripts, which
! raise-strided-views turns into views, and a negative scale arrives as
! `c - (0.75 * a) * b`, the accumulation of the negated term: four of the
! GEMMs and a matvec are raised there and run (the complex parts and the
! negative stride stay loops). The same bytes as that build without the
! plugin.
! RUN: %flang -O2 %run-march %s -o %t.inplain
! RUN: %flang -O2 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.inraise
! RUN: %t.inplain 40 > %t.inplain.40 && %t.inraise 40 > %t.inraise.40 2> %t.inversions
! RUN: cmp %t.inplain.40 %t.inraise.40
! RUN: FileCheck %s --check-prefix=INLINED < %t.inversions
! INLINED-COUNT-5: raise: the main program: raised code ran 1 times, original loops 0 times

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
  real, allocatable :: even(:, :), ceven(:, :)
  complex, allocatable :: za(:, :), zb(:, :), zc(:, :)
  call get_command_argument(1, arg)
  read (arg, *) n
  m = n + 3
  k = n + 7
  allocate (a(2 * m + 1, 2 * k + 1), b(2 * k + 1, 3 * n + 1))
  allocate (c(2 * m + 1, 2 * n + 1), x(2 * k + 1), y(2 * m + 1))
  allocate (even(2 * m + 2, 2 * k + 1), ceven(2 * m + 2, n + 1))
  call fill(a, 1)
  call fill(b, 2)
  call fill(even, 6)
  allocate (za(m, k), zb(k, n), zc(m, n))
  za = cmplx(a(:m, :k), even(:m, :k))
  zb = cmplx(b(:k, :n), b(k + 1:2 * k, :n))
  ! Whole arrays: unit strides, leading dimensions their extents.
  call fill(c, 3)
  call gemm_assumed(1.25, a(:m, :k), b(:k, :n), c)
  call print_bits(c)
  ! Sections: unit first stride, every other column.
  call fill(c, 3)
  call gemm_assumed(-0.75, a(2:m + 1, 1:2 * k:2), b(3:k + 2, 1:2 * n:2), &
                    c(2:m + 1, 1:2 * n:2))
  call print_bits(c)
  ! Every other row of an odd leading dimension: two does not divide it;
  ! the original loops.
  call fill(c, 3)
  call gemm_assumed(0.5, a(1:2 * m:2, :k), b(1:2 * k:2, :n), &
                    c(1:2 * m:2, :n))
  call print_bits(c)
  ! Even leading dimensions: every other row of A, every third column of B.
  call fill(c, 3)
  call gemm_assumed(-1.5, even(1:2 * m:2, :k), b(:k, 1:3 * n:3), c(:m, :n))
  call print_bits(c)
  ! Every other row of C too: computed on a contiguous copy of C's view.
  call fill(ceven, 3)
  call gemm_assumed(0.25, even(2:2 * m + 1:2, 1:2 * k:2), &
                    b(2:k + 1, 1:3 * n:3), ceven(1:2 * m:2, 2:n + 1))
  call print_bits(ceven)
  ! Parts of complex arrays: a first stride of two reals.
  zc = cmplx(c(:m, :n), c(m + 1:2 * m, :n))
  call gemm_assumed(0.75, za%re, zb%im, zc%im)
  call print_bits(zc%re)
  call print_bits(zc%im)
  ! A negative first stride: the original loops.
  call fill(c, 3)
  call gemm_assumed(1.5, a(m:1:-1, :k), b(:k, :n), c(:m, :n))
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
