//===- VersionReport.cpp - Which version of a spliced region ran ----------===//

#include "VersionReport.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

/// The name of the destructor that prints the counts: one per module, to
/// which every instrumented region adds its line.
static constexpr StringLiteral ReporterName = "raise.report.versions";

/// The reporter of @p M, created (empty, registered as a destructor) on first
/// use.
static Function &getReporter(Module &M) {
  if (Function *F = M.getFunction(ReporterName))
    return *F;
  LLVMContext &Ctx = M.getContext();
  auto *F = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                             GlobalValue::InternalLinkage, ReporterName, M);
  F->addFnAttr(Attribute::NoInline);
  F->addFnAttr(Attribute::Cold);
  ReturnInst::Create(Ctx, BasicBlock::Create(Ctx, "", F));
  appendToGlobalDtors(M, F, /*Priority=*/65535);
  return *F;
}

/// `dprintf`, declared in @p M: no libc global (stderr) to name in the IR.
static FunctionCallee getPrint(Module &M) {
  LLVMContext &Ctx = M.getContext();
  return M.getOrInsertFunction(
      "dprintf",
      FunctionType::get(Type::getInt32Ty(Ctx),
                        {Type::getInt32Ty(Ctx), PointerType::getUnqual(Ctx)},
                        /*isVarArg=*/true));
}

/// Adds one to @p Counter where @p BB starts.
static void increment(BasicBlock &BB, Value *Counter) {
  IRBuilder<> Builder(&BB, BB.getFirstInsertionPt());
  Builder.CreateAtomicRMW(AtomicRMWInst::Add, Counter, Builder.getInt64(1),
                          MaybeAlign(8), AtomicOrdering::Monotonic);
}

/// The counter of runs of the original loops in @p Counters.
static Constant *getOriginalCounter(GlobalVariable &Counters) {
  return ConstantExpr::getInBoundsGetElementPtr(
      Counters.getValueType(), &Counters,
      ArrayRef<Constant *>{
          ConstantInt::get(Type::getInt64Ty(Counters.getContext()), 0),
          ConstantInt::get(Type::getInt64Ty(Counters.getContext()), 1)});
}

void raising::countFallbacks(BranchInst &Guard, GlobalVariable &Counters,
                             StringRef Reason) {
  BasicBlock &Original = *Guard.getSuccessor(1);
  increment(Original, getOriginalCounter(Counters));
  countReason(Original, Counters, Reason);
}

void raising::countReason(BasicBlock &Original, GlobalVariable &Counters,
                          StringRef Reason) {
  Module &M = *Original.getModule();
  Type *I64 = Type::getInt64Ty(M.getContext());
  auto *Failed = new GlobalVariable(
      M, I64, /*isConstant=*/false, GlobalValue::PrivateLinkage,
      ConstantInt::get(I64, 0), "raise.versions.fallbacks");
  Failed->setAlignment(Align(8));
  increment(Original, Failed);
  // The line goes right after the region's own, and names it as that does.
  Function &Reporter = getReporter(M);
  CallInst *Line = nullptr;
  for (Instruction &I : Reporter.getEntryBlock())
    if (auto *Call = dyn_cast<CallInst>(&I);
        Call && any_of(Call->args(), [&](const Use &Arg) {
          auto *Ld = dyn_cast<LoadInst>(Arg.get());
          return Ld && Ld->getPointerOperand() == &Counters;
        }))
      Line = Call;
  if (!Line)
    return;
  IRBuilder<> Builder(Line->getNextNode());
  Value *Count = Builder.CreateLoad(I64, Failed);
  // Nothing where the check never failed.
  Value *Format = Builder.CreateSelect(
      Builder.CreateICmpNE(Count, Builder.getInt64(0)),
      Builder.CreateGlobalString("raise: %s: %llu of those runs of the "
                                 "original loops because %s\n",
                                 "raise.versions.fallbacks.format"),
      Builder.CreateGlobalString("", "raise.versions.nothing"));
  Builder.CreateCall(
      getPrint(M),
      {Builder.getInt32(2), Format, Line->getArgOperand(2), Count,
       Builder.CreateGlobalString(Reason, "raise.versions.fallbacks.reason")});
}

GlobalVariable &raising::countVersions(BasicBlock &Raised, BasicBlock &Original,
                                       StringRef Label) {
  Module &M = *Raised.getModule();
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  auto *CountsTy = ArrayType::get(I64, 2);
  auto *Counts = new GlobalVariable(
      M, CountsTy, /*isConstant=*/false, GlobalValue::PrivateLinkage,
      Constant::getNullValue(CountsTy), "raise.versions");
  Counts->setAlignment(Align(8));
  increment(Raised, Counts);
  increment(Original, getOriginalCounter(*Counts));

  Function &Reporter = getReporter(M);
  IRBuilder<> Builder(Reporter.getEntryBlock().getTerminator());
  FunctionCallee Print = getPrint(M);
  GlobalVariable *Format = M.getNamedGlobal("raise.versions.format");
  if (!Format)
    Format = Builder.CreateGlobalString(
        "raise: %s: raised code ran %llu times, original loops %llu times\n",
        "raise.versions.format");
  Value *RaisedRuns = Builder.CreateLoad(I64, Counts);
  Value *OriginalRuns = Builder.CreateLoad(I64, getOriginalCounter(*Counts));
  Builder.CreateCall(Print,
                     {Builder.getInt32(2), Format,
                      Builder.CreateGlobalString(Label, "raise.versions.label"),
                      RaisedRuns, OriginalRuns});
  return *Counts;
}
