! Allocatable arrays of the main program passed, as sections, to an
! assumed-shape kernel that flang inlines at -O2: the sizes then come from
! the descriptors in globals, which GlobalOpt may split into a global per
! field (`_QFEc.11`, the second extent of c) or leave whole (`_QFEa` at a
! byte offset). The remarks name them as the source does, `size(a, 2)`,
! `lbound(c, 1)`, never SROA's `.sroa.683.0.copyload`, the globals' names
! or SCEV's `smax`; the raised code runs and prints the same bytes as the
! build without the plugin.
!
! RUN: %flang -O2 %run-march %s -o %t.plain
! RUN: %flang -O2 %run-march -fpass-plugin=%plugin -Rpass=raise -mllvm -raise-report-versions %s -o %t.raise 2> %t.remarks
! RUN: %t.plain 60 > %t.plain.out && %t.raise 60 > %t.raise.out 2> %t.versions
! RUN: cmp %t.plain.out %t.raise.out
! RUN: FileCheck %s < %t.remarks
! RUN: FileCheck %s --check-prefix=RAN < %t.versions
! CHECK: loop nest in the main program (where n - lbound(c, 1) >= 0) raised to linalg.generic (GEMM;{{.*}}), i x j x k = size(c, 2) x {{.*}} x size(a, 2)
! CHECK-NOT: smax
! CHECK-NOT: sroa
! CHECK-NOT: _QFE
! RAN: raise: the main program{{( \(.*\))?}}: raised code ran 1 times, original loops 0 times

module kernels
  implicit none
contains
  subroutine gemm_assumed(a, b, c)
    real, intent(in) :: a(:, :), b(:, :)
    real, intent(inout) :: c(:, :)
    integer :: i, j, l
    do j = 1, size(c, 2)
      do l = 1, size(a, 2)
        do i = 1, size(c, 1)
          c(i, j) = c(i, j) + a(i, l) * b(l, j)
        end do
      end do
    end do
  end subroutine
end module

program names
  use kernels
  implicit none
  real, allocatable :: a(:, :), b(:, :), c(:, :)
  integer :: n, i, j
  character(len=16) :: arg
  call get_command_argument(1, arg)
  read (arg, *) n
  allocate (a(n, n + 1), b(n + 1, n + 2), c(n, n + 2))
  ! A fixed seed: the same inputs in every build and run.
  call random_seed(size=i)
  call random_seed(put=[(j * 7 + 3, j = 1, i)])
  call random_number(a)
  call random_number(b)
  call run()
contains
  subroutine run()
    c = 0.5
    call gemm_assumed(a(:n, :), b(:, :n + 2), c(:n, :))
    write (*, '(4Z9.8)') c
  end subroutine
end program
