//===- ImportOperations.cpp - LLVM instructions as MLIR operations --------===//
//
// Translates one computational LLVM instruction, whose operands are already
// in MLIR, into the arith, math or LLVM dialect operation that means the same:
// fast-math flags and comparison predicates are converted, poison-generating
// flags dropped, and any other instruction (a call to all but a few
// intrinsics, for one) refused.
//
//===----------------------------------------------------------------------===//

#include "ScopImporter.h"

#include "mlir/Conversion/ArithCommon/AttrToLLVMConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

#include <optional>

using namespace mlir;
using namespace raising;
using llvm::Expected;

static arith::FastMathFlags toArith(llvm::FastMathFlags F) {
  arith::FastMathFlags R = arith::FastMathFlags::none;
  if (F.allowReassoc())
    R = R | arith::FastMathFlags::reassoc;
  if (F.noNaNs())
    R = R | arith::FastMathFlags::nnan;
  if (F.noInfs())
    R = R | arith::FastMathFlags::ninf;
  if (F.noSignedZeros())
    R = R | arith::FastMathFlags::nsz;
  if (F.allowReciprocal())
    R = R | arith::FastMathFlags::arcp;
  if (F.allowContract())
    R = R | arith::FastMathFlags::contract;
  if (F.approxFunc())
    R = R | arith::FastMathFlags::afn;
  return R;
}

static std::optional<arith::CmpFPredicate>
toArithFCmp(llvm::CmpInst::Predicate P) {
  using LP = llvm::FCmpInst::Predicate;
  using AP = arith::CmpFPredicate;
  switch (P) {
  case LP::FCMP_FALSE:
    return AP::AlwaysFalse;
  case LP::FCMP_OEQ:
    return AP::OEQ;
  case LP::FCMP_OGT:
    return AP::OGT;
  case LP::FCMP_OGE:
    return AP::OGE;
  case LP::FCMP_OLT:
    return AP::OLT;
  case LP::FCMP_OLE:
    return AP::OLE;
  case LP::FCMP_ONE:
    return AP::ONE;
  case LP::FCMP_ORD:
    return AP::ORD;
  case LP::FCMP_UNO:
    return AP::UNO;
  case LP::FCMP_UEQ:
    return AP::UEQ;
  case LP::FCMP_UGT:
    return AP::UGT;
  case LP::FCMP_UGE:
    return AP::UGE;
  case LP::FCMP_ULT:
    return AP::ULT;
  case LP::FCMP_ULE:
    return AP::ULE;
  case LP::FCMP_UNE:
    return AP::UNE;
  case LP::FCMP_TRUE:
    return AP::AlwaysTrue;
  default:
    return std::nullopt;
  }
}

static std::optional<arith::CmpIPredicate>
toArithICmp(llvm::CmpInst::Predicate P) {
  using LP = llvm::ICmpInst::Predicate;
  using AP = arith::CmpIPredicate;
  switch (P) {
  case LP::ICMP_EQ:
    return AP::eq;
  case LP::ICMP_NE:
    return AP::ne;
  case LP::ICMP_SLT:
    return AP::slt;
  case LP::ICMP_SLE:
    return AP::sle;
  case LP::ICMP_SGT:
    return AP::sgt;
  case LP::ICMP_SGE:
    return AP::sge;
  case LP::ICMP_ULT:
    return AP::ult;
  case LP::ICMP_ULE:
    return AP::ule;
  case LP::ICMP_UGT:
    return AP::ugt;
  case LP::ICMP_UGE:
    return AP::uge;
  default:
    return std::nullopt;
  }
}

/// Whether @p I, a multiply, may fuse into its only user, an add or
/// subtract in its block.
static bool isFusible(const llvm::Instruction &I) {
  const auto *Mul = dyn_cast<llvm::BinaryOperator>(&I);
  if (!Mul || Mul->getOpcode() != llvm::Instruction::FMul ||
      !Mul->hasAllowContract() || !Mul->hasOneUse())
    return false;
  const auto *User = dyn_cast<llvm::Instruction>(*Mul->user_begin());
  return User && User->getParent() == Mul->getParent() &&
         (User->getOpcode() == llvm::Instruction::FAdd ||
          User->getOpcode() == llvm::Instruction::FSub);
}

/// Whether the code generator fuses @p I, a multiply, into its user: it
/// may, and it is not the second operand of an add or subtract whose first
/// is a multiply that may too (the code generator fuses that one).
static bool fusesIntoItsUser(const llvm::Instruction &I) {
  if (!isFusible(I))
    return false;
  const auto *User = cast<llvm::Instruction>(*I.user_begin());
  const auto *First = dyn_cast<llvm::Instruction>(User->getOperand(0));
  return User->getOperand(0) == &I || !First || !isFusible(*First);
}

Expected<Value> ScopImporter::translateOperation(llvm::Instruction &I,
                                                 llvm::ArrayRef<Value> Ops) {
  auto FMF = [&] {
    return arith::FastMathFlagsAttr::get(&Ctx, toArith(I.getFastMathFlags()));
  };
  // Poison-generating flags (nsw, exact, nneg, ...) are dropped: without them
  // an operation is defined in more cases, never in fewer.
  switch (I.getOpcode()) {
  case llvm::Instruction::FAdd:
    return arith::AddFOp::create(B, Loc, Ops[0], Ops[1], FMF()).getResult();
  case llvm::Instruction::FSub:
    return arith::SubFOp::create(B, Loc, Ops[0], Ops[1], FMF()).getResult();
  case llvm::Instruction::FMul: {
    // Where a multiply with `contract` fuses into an add is the code
    // generator's choice: it fuses a multiply of one use into an add of the
    // same block. In the raised code the multiply may land beside its add
    // where it was not (hoisted out of a loop, shared by two branches), and
    // fuse where the source's did not: keep `contract` only where it fuses
    // there. Of two such multiplies added, it fuses the first operand's
    // (`b*c + t*a` is fma(b, c, t*a)); the raised code's own passes may
    // swap the operands (Reassociate orders them by rank), so the second
    // loses `contract` and the one that fuses stays the same.
    llvm::FastMathFlags Flags = I.getFastMathFlags();
    if (Flags.allowContract() && !fusesIntoItsUser(I))
      Flags.setAllowContract(false);
    return arith::MulFOp::create(
               B, Loc, Ops[0], Ops[1],
               arith::FastMathFlagsAttr::get(&Ctx, toArith(Flags)))
        .getResult();
  }
  case llvm::Instruction::FDiv:
    return arith::DivFOp::create(B, Loc, Ops[0], Ops[1], FMF()).getResult();
  case llvm::Instruction::FRem:
    return arith::RemFOp::create(B, Loc, Ops[0], Ops[1], FMF()).getResult();
  case llvm::Instruction::FNeg:
    return arith::NegFOp::create(B, Loc, Ops[0], FMF()).getResult();
  case llvm::Instruction::Add:
    return arith::AddIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Sub:
    return arith::SubIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Mul:
    return arith::MulIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::SDiv:
    return arith::DivSIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::UDiv:
    return arith::DivUIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::SRem:
    return arith::RemSIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::URem:
    return arith::RemUIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Shl:
    return arith::ShLIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::LShr:
    return arith::ShRUIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::AShr:
    return arith::ShRSIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::And:
    return arith::AndIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Or:
    return arith::OrIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Xor:
    return arith::XOrIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Select:
    return arith::SelectOp::create(B, Loc, Ops[0], Ops[1], Ops[2]).getResult();
  case llvm::Instruction::FCmp:
    if (auto P = toArithFCmp(cast<llvm::FCmpInst>(I).getPredicate()))
      return arith::CmpFOp::create(B, Loc, *P, Ops[0], Ops[1],
                                   toArith(I.getFastMathFlags()))
          .getResult();
    break;
  case llvm::Instruction::ICmp:
    if (auto P = toArithICmp(cast<llvm::ICmpInst>(I).getPredicate()))
      return arith::CmpIOp::create(B, Loc, *P, Ops[0], Ops[1]).getResult();
    break;
  default:
    break;
  }

  if (auto *Cast = dyn_cast<llvm::CastInst>(&I)) {
    Expected<Type> T = convertType(Cast->getDestTy());
    if (!T)
      return T.takeError();
    switch (Cast->getOpcode()) {
    case llvm::Instruction::SExt:
      return arith::ExtSIOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::ZExt:
      return arith::ExtUIOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::Trunc:
      return arith::TruncIOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::FPExt:
      return arith::ExtFOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::FPTrunc:
      return arith::TruncFOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::SIToFP:
      return arith::SIToFPOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::UIToFP:
      return arith::UIToFPOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::FPToSI:
      return arith::FPToSIOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::FPToUI:
      return arith::FPToUIOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::BitCast:
      return arith::BitcastOp::create(B, Loc, *T, Ops[0]).getResult();
    default:
      break;
    }
  }

  if (auto *II = dyn_cast<llvm::IntrinsicInst>(&I)) {
    auto MathFMF = [&] {
      return arith::FastMathFlagsAttr::get(&Ctx, toArith(I.getFastMathFlags()));
    };
    switch (II->getIntrinsicID()) {
    // fmuladd may or may not fuse, as the target decides; a separate
    // multiply and add or an fma would each pin one choice.
    case llvm::Intrinsic::fmuladd:
      return LLVM::FMulAddOp::create(
                 B, Loc, Ops[0], Ops[1], Ops[2],
                 LLVM::FastmathFlagsAttr::get(
                     &Ctx, arith::convertArithFastMathFlagsToLLVM(
                               toArith(I.getFastMathFlags()))))
          .getResult();
    case llvm::Intrinsic::fma:
      return math::FmaOp::create(B, Loc, Ops[0], Ops[1], Ops[2], MathFMF())
          .getResult();
    case llvm::Intrinsic::sqrt:
      return math::SqrtOp::create(B, Loc, Ops[0], MathFMF()).getResult();
    case llvm::Intrinsic::fabs:
      return math::AbsFOp::create(B, Loc, Ops[0], MathFMF()).getResult();
    case llvm::Intrinsic::copysign:
      return math::CopySignOp::create(B, Loc, Ops[0], Ops[1], MathFMF())
          .getResult();
    case llvm::Intrinsic::floor:
      return math::FloorOp::create(B, Loc, Ops[0], MathFMF()).getResult();
    case llvm::Intrinsic::ceil:
      return math::CeilOp::create(B, Loc, Ops[0], MathFMF()).getResult();
    case llvm::Intrinsic::minnum:
      return arith::MinNumFOp::create(B, Loc, Ops[0], Ops[1], MathFMF())
          .getResult();
    case llvm::Intrinsic::maxnum:
      return arith::MaxNumFOp::create(B, Loc, Ops[0], Ops[1], MathFMF())
          .getResult();
    case llvm::Intrinsic::minimum:
      return arith::MinimumFOp::create(B, Loc, Ops[0], Ops[1], MathFMF())
          .getResult();
    case llvm::Intrinsic::maximum:
      return arith::MaximumFOp::create(B, Loc, Ops[0], Ops[1], MathFMF())
          .getResult();
    case llvm::Intrinsic::smin:
      return arith::MinSIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
    case llvm::Intrinsic::smax:
      return arith::MaxSIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
    case llvm::Intrinsic::umin:
      return arith::MinUIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
    case llvm::Intrinsic::umax:
      return arith::MaxUIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
    default:
      break;
    }
  }
  return fail("unsupported instruction " + describe(I));
}
