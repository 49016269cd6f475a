! bench/real.sh's wrapper for Niceno/Visual-Fortran-Solvers
! (bench/real/vfsolvers.c): a C entry with explicit-shape arrays that calls
! the fetched external Matrix_Vector_Multiply on assumed-shape dummies
! through the explicit interface the repository ships with it
! (Matrix_Vector_Multiply.int; flang passes descriptors). Ours; compiled
! without the plugin.
subroutine real_matrix_vector_multiply(n, y, a, x) &
    bind(C, name='real_matrix_vector_multiply')
  use iso_c_binding, only: c_int, c_float
  implicit none
  include 'Matrix_Vector_Multiply.int'
  integer(c_int), value :: n
  real(c_float), intent(inout) :: y(n)
  real(c_float), intent(in) :: a(n, n), x(n)
  call Matrix_Vector_Multiply(y, a, x)
end subroutine
