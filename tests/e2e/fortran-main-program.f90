! A GEMM written in the main program itself, on its allocatables filled by
! random_number and summed through a local scalar, as a first Fortran
! program would. The sizes come from the descriptors flang keeps in globals;
! the copies it passes to random_number leave loads of them without their
! "descriptor member" tag, which the remarks still read as the source does
! (`a: float[?][size(a, 1)]`, not "an element of a"). The raised code runs
! and the program prints the same bytes as without the plugin, at -O2 and
! -O3.
!
! RUN: %flang -O3 %run-march %s -o %t.plain
! RUN: %flang -O3 %run-march -fpass-plugin=%plugin -Rpass=raise -Rpass-analysis=raise -mllvm -raise-report-versions %s -o %t.raise 2> %t.remarks
! RUN: echo 97 83 71 | %t.plain > %t.plain.out
! RUN: echo 97 83 71 | %t.raise > %t.raise.out 2> %t.versions
! RUN: cmp %t.plain.out %t.raise.out
! RUN: FileCheck %s < %t.remarks
! RUN: FileCheck %s --check-prefix=RAN < %t.versions
! RUN: %flang -O2 %run-march %s -o %t.plain2
! RUN: %flang -O2 %run-march -fpass-plugin=%plugin -Rpass=raise -Rpass-analysis=raise -mllvm -raise-report-versions %s -o %t.raise2 2> %t.remarks2
! RUN: echo 97 83 71 | %t.plain2 > %t.plain2.out
! RUN: echo 97 83 71 | %t.raise2 > %t.raise2.out 2> %t.versions2
! RUN: cmp %t.plain2.out %t.raise2.out
! RUN: FileCheck %s < %t.remarks2
! RUN: FileCheck %s --check-prefix=RAN < %t.versions2
! CHECK: SCoP in the main program: loop depth 3, {{.*}}arrays a: float[?][size(a, 1)], b: float[?][size(b, 1)], c: float[?][size(c, 1)]
! CHECK: loop nest in the main program {{(\(where .*\) )?}}raised to linalg.generic (GEMM_TATB; {{.*}}accumulated through a local scalar), i x j x k = m x n x p
! CHECK-NOT: an element of
! RAN: raise: the main program{{( \(.*\))?}}: raised code ran 1 times, original loops 0 times

program first_gemm
  implicit none
  integer :: m, n, p, i, j, k
  real, allocatable :: a(:, :), b(:, :), c(:, :)
  real :: s
  read *, m, n, p
  allocate (a(m, p), b(p, n), c(m, n))
  ! A fixed seed: the same inputs in every build and run.
  call random_seed(size=i)
  call random_seed(put=[(j * 5 + 1, j = 1, i)])
  call random_number(a)
  call random_number(b)
  do i = 1, m
    do j = 1, n
      s = 0.0
      do k = 1, p
        s = s + a(i, k) * b(k, j)
      end do
      c(i, j) = s
    end do
  end do
  write (*, '(6Z9.8)') c
end program
