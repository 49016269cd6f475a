! GEMM on Fortran sections passed to an assumed-shape dummy, timed:
! whole arrays (flang's unit-stride copy), every other row of A
! (a(1:2m:2, :)) with every third column of B (b(:, 1:3n:3)), the same with
! every other row of C too, and every other row of A whose leading dimension
! two does not divide (the run-time check fails: the original loops).
! Prints per case: name, GFLOP/s (best of the repetitions) and a checksum of
! C's bits. Run by bench/sections.sh.
!
!   sections N [repetitions]
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
end module

program sections
  use kernels
  implicit none
  character(len=16) :: arg
  integer :: n, reps
  real, allocatable :: a(:, :), b(:, :), c(:, :), odd(:, :)
  call get_command_argument(1, arg)
  read (arg, *) n
  reps = 3
  if (command_argument_count() > 1) then
    call get_command_argument(2, arg)
    read (arg, *) reps
  end if
  allocate (a(2 * n + 2, n), b(n, 3 * n), c(2 * n + 2, n), odd(2 * n + 1, n))
  call fill(a, 1)
  call fill(b, 2)
  call fill(odd, 4)
  call run('whole', 1)
  call run('a(1:2n:2,:) b(:,1:3n:3)', 2)
  call run('a, b and c(1:2n:2,:)', 3)
  call run('odd leading dimension', 4)
contains
  subroutine run(name, which)
    character(len=*), intent(in) :: name
    integer, intent(in) :: which
    integer(8) :: t0, t1, rate
    real(8) :: best, seconds
    integer :: r
    best = huge(1.0d0)
    do r = 1, reps
      call fill(c, 3)
      call system_clock(t0, rate)
      select case (which)
      case (1)
        call gemm_assumed(0.5, a(:n, :), b(:, :n), c(:n, :))
      case (2)
        call gemm_assumed(0.5, a(1:2 * n:2, :), b(:, 1:3 * n:3), c(:n, :))
      case (3)
        call gemm_assumed(0.5, a(1:2 * n:2, :), b(:, 1:3 * n:3), &
                          c(1:2 * n:2, :))
      case default
        call gemm_assumed(0.5, odd(1:2 * n:2, :), b(:, :n), c(:n, :))
      end select
      call system_clock(t1)
      seconds = real(t1 - t0, 8) / real(rate, 8)
      best = min(best, seconds)
    end do
    write (*, '(A, ";", F8.2, ";", Z16.16)') name, &
      2.0d0 * real(n, 8)**3 / best * 1.0d-9, checksum(c)
  end subroutine

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

  integer(8) function checksum(z)
    real, intent(in) :: z(:, :)
    integer :: i, j
    checksum = 0
    do j = 1, size(z, 2)
      do i = 1, size(z, 1)
        checksum = ieor(checksum * 31_8, int(transfer(z(i, j), 0), 8))
      end do
    end do
  end function
end program
