!mod$ v1 sum:96e1fda6a337baef
module kernels
contains
subroutine gemm_assumed(alpha,a,b,c)
real(4),intent(in)::alpha
real(4),intent(in)::a(:,:)
real(4),intent(in)::b(:,:)
real(4),intent(inout)::c(:,:)
end
subroutine gemv_assumed(a,x,y)
real(4),intent(in)::a(:,:)
real(4),intent(in)::x(:)
real(4),intent(inout)::y(:)
end
end
