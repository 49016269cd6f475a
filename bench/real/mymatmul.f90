! bench/real.sh's wrapper for soonsimple/mymatmul (bench/real/mymatmul.c):
! C entries with explicit-shape arrays that call the fetched module's
! procedures on assumed-shape dummies through their explicit interfaces
! (flang passes descriptors). Ours; compiled without the plugin.
module mymatmul_real
  use iso_c_binding, only: c_int, c_double
  use mymatmul, only: mymatmuls2, mymatmulf
  implicit none
contains
  subroutine real_mymatmuls2(m, n, a, b, c) bind(C, name='real_mymatmuls2')
    integer(c_int), value :: m, n
    real(c_double), intent(in) :: a(m, n), b(n, m)
    real(c_double), intent(inout) :: c(m, m)
    call mymatmuls2(a, b, c)
  end subroutine

  subroutine real_mymatmulf(m, n, a, b, c) bind(C, name='real_mymatmulf')
    integer(c_int), value :: m, n
    real(c_double), intent(in) :: a(m, n), b(n, m)
    real(c_double), intent(inout) :: c(m, m)
    c = mymatmulf(a, b)
  end subroutine
end module
