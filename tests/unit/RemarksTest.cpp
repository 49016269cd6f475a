//===- RemarksTest.cpp - Function names in remarks ------------------------===//
//
// Remarks name a function as its source spells it: C++ names demangled, the
// suffixes of outlined bodies and clones kept, C and Fortran names as they
// are, and nothing that is not a mangled function turned into garbage.
//
//===----------------------------------------------------------------------===//

#include "plugin/Remarks.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include "gtest/gtest.h"

using namespace llvm;

namespace {

std::string sourceName(StringRef Name) {
  LLVMContext Ctx;
  Module M("m", Ctx);
  Function *F =
      Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                       GlobalValue::ExternalLinkage, Name, M);
  return raising::getSourceName(*F);
}

TEST(RemarksTest, DemanglesCxxFunctions) {
  EXPECT_EQ(sourceName("_Z4gemmIfEvPT_S1_S1_iii"),
            "gemm<float>(float*, float*, float*, int, int, int)");
  EXPECT_EQ(sourceName("_ZN2ns5scaleEPfi"), "ns::scale(float*, int)");
  EXPECT_EQ(sourceName("_Z14matrix_productRK6MatrixS1_RS_"),
            "matrix_product(Matrix const&, Matrix const&, Matrix&)");
}

TEST(RemarksTest, KeepsSuffixes) {
  EXPECT_EQ(sourceName("_ZN2ns5scaleEPfi.omp_outlined"),
            "ns::scale(float*, int) (.omp_outlined)");
}

TEST(RemarksTest, LeavesOtherNamesAlone) {
  EXPECT_EQ(sourceName("gemm_nn"), "gemm_nn");
  EXPECT_EQ(sourceName("gemm_nn.omp_outlined"), "gemm_nn.omp_outlined");
  // flang's names and variables are no Itanium function names.
  EXPECT_EQ(sourceName("_QMblasPsgemm"), "_QMblasPsgemm");
  EXPECT_EQ(sourceName("_ZTV6Matrix"), "_ZTV6Matrix");
  EXPECT_EQ(sourceName("_Z"), "_Z");
}

} // namespace
