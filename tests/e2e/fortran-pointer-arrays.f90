! A GEMM on pointer arrays of the main program. Their descriptors may change
! under any store as far as LLVM knows, so it reloads them in the outer loop
! and every subscript is scaled by a byte stride loaded there: raise reads
! the descriptors once before the nest (behind a check that no store of the
! nest writes them), then takes the strides as those of views. Run on three
! distinct arrays, the raised code runs; with a pointing at c's target
! (input 1), the run-time check finds the overlap and the original loops
! run. Both print the same bytes as without the plugin.
!
! RUN: %flang -O3 %run-march %s -o %t.plain
! RUN: %flang -O3 %run-march -fpass-plugin=%plugin -Rpass=raise -mllvm -raise-report-versions %s -o %t.raise 2> %t.remarks
! RUN: echo 97 0 | %t.plain > %t.plain.out
! RUN: echo 97 0 | %t.raise > %t.raise.out 2> %t.versions
! RUN: cmp %t.plain.out %t.raise.out
! RUN: echo 97 1 | %t.plain > %t.plain.alias
! RUN: echo 97 1 | %t.raise > %t.raise.alias 2> %t.versions.alias
! RUN: cmp %t.plain.alias %t.raise.alias
! RUN: FileCheck %s < %t.remarks
! RUN: FileCheck %s --check-prefix=RAN < %t.versions
! RUN: FileCheck %s --check-prefix=ALIAS < %t.versions.alias
! RUN: %flang -O2 %run-march %s -o %t.plain2
! RUN: %flang -O2 %run-march -fpass-plugin=%plugin -Rpass=raise -mllvm -raise-report-versions %s -o %t.raise2 2> %t.remarks2
! RUN: echo 97 0 | %t.plain2 > %t.plain2.out
! RUN: echo 97 0 | %t.raise2 > %t.raise2.out 2> %t.versions2
! RUN: cmp %t.plain2.out %t.raise2.out
! RUN: FileCheck %s < %t.remarks2
! RUN: FileCheck %s --check-prefix=RAN < %t.versions2
! CHECK: loop nest in the main program {{(\(where .*\) )?}}raised to linalg.generic (GEMM;
! CHECK: loop nest in the main program: {{[0-9]+}} loads of pointers and sizes read once before it
! CHECK: loop nest in the main program: {{[0-9]+}} section strides taken as the strides of a view
! RAN: raise: the main program{{( \(.*\))?}}: raised code ran 1 times, original loops 0 times
! ALIAS: raise: the main program{{( \(.*\))?}}: raised code ran 0 times, original loops 1 times

program pointers
  implicit none
  integer :: n, i, j, k, alias
  real, pointer :: a(:, :), b(:, :), c(:, :)
  read *, n, alias
  allocate (a(n, n), b(n, n), c(n, n))
  ! A fixed seed: the same inputs in every build and run.
  call random_seed(size=i)
  call random_seed(put=[(j * 11 + 4, j = 1, i)])
  call random_number(a)
  call random_number(b)
  c = 0.5
  if (alias == 1) a => c
  do j = 1, n
    do k = 1, n
      do i = 1, n
        c(i, j) = c(i, j) + a(i, k) * b(k, j)
      end do
    end do
  end do
  write (*, '(6Z9.8)') c
end program
