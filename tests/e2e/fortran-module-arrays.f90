! Allocatable arrays of a module, multiplied by a procedure that takes only
! their sizes, as programs that keep their state in modules do. flang
! inlines the procedure into the main program, where the arrays' extents and
! lower bounds are loads from the module's descriptors: Polly's check then
! held a comparison with -2^63 (a lower bound at which `i - lbound` wraps),
! which its code generator made constant false, and the raised code never
! ran. Now it runs, at -O2 and -O3, and prints the same bytes.
!
! RUN: %flang -O3 %run-march %s -o %t.plain
! RUN: %flang -O3 %run-march -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise -mllvm -raise-report-versions %s -o %t.raise 2> %t.remarks
! RUN: echo 150 130 110 | %t.plain > %t.plain.out
! RUN: echo 150 130 110 | %t.raise > %t.raise.out 2> %t.versions
! RUN: cmp %t.plain.out %t.raise.out
! RUN: FileCheck %s < %t.remarks
! RUN: FileCheck %s --check-prefix=RAN < %t.versions
! RUN: %flang -O2 %run-march %s -o %t.plain2
! RUN: %flang -O2 %run-march -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise -mllvm -raise-report-versions %s -o %t.raise2 2> %t.remarks2
! RUN: echo 150 130 110 | %t.plain2 > %t.plain2.out
! RUN: echo 150 130 110 | %t.raise2 > %t.raise2.out 2> %t.versions2
! RUN: cmp %t.plain2.out %t.raise2.out
! RUN: FileCheck %s < %t.remarks2
! RUN: FileCheck %s --check-prefix=RAN < %t.versions2
! CHECK: loop nest in the main program {{(\(where .*\) )?}}raised to linalg.generic (GEMM;
! CHECK-NOT: never runs
! RAN: raise: the main program{{( \(.*\))?}}: raised code ran 1 times, original loops 0 times

module state
  implicit none
  real, allocatable :: a(:, :), b(:, :), c(:, :)
end module

subroutine product(m, n, p)
  use state
  integer, intent(in) :: m, n, p
  integer :: i, j, k
  do j = 1, n
    do k = 1, p
      do i = 1, m
        c(i, j) = c(i, j) + a(i, k) * b(k, j)
      end do
    end do
  end do
end subroutine

program run
  use state
  implicit none
  integer :: m, n, p, i, j
  read *, m, n, p
  allocate (a(m, p), b(p, n), c(m, n))
  ! A fixed seed: the same inputs in every build and run.
  call random_seed(size=i)
  call random_seed(put=[(j * 3 + 2, j = 1, i)])
  call random_number(a)
  call random_number(b)
  c = 0.25
  call product(m, n, p)
  write (*, '(6Z9.8)') c
end program
