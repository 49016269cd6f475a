//===- ScopToAffine.cpp - A Polly SCoP as an affine MLIR function ---------===//
//
// The loops come from the isl AST that Polly builds for the SCoP's schedule,
// as in Polly's own code generator; each statement instance becomes the
// statement's instructions in MLIR, in their original order, with array
// accesses through the access relations (which delinearize/ may have
// rewritten), scalars passed between statements through 0-d memrefs, values
// Polly can recompute (induction variables and expressions of them) as affine
// expressions, and values defined before the region as function arguments.
//
// This file holds the entry points, the checks that refuse a region before
// anything is built, and the function the SCoP becomes; ScopImporter.h lists
// the files that hold the importer's other jobs.
//
//===----------------------------------------------------------------------===//

#include "ScopToAffine.h"

#include "LocalArrays.h"
#include "ScopImporter.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "polly/ScopInfo.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"

using namespace mlir;
using namespace raising;
using llvm::Error;
using llvm::Expected;

void raising::loadImportDialects(MLIRContext &Ctx) {
  Ctx.loadDialect<affine::AffineDialect, arith::ArithDialect, func::FuncDialect,
                  math::MathDialect, memref::MemRefDialect,
                  LLVM::LLVMDialect>();
}

AffineExpr ScopImporter::lookupId(isl_id *Id) const {
  if (auto It = IteratorDims.find(Id); It != IteratorDims.end())
    return getAffineDimExpr(It->second, &Ctx);
  if (auto It = ParamSymbols.find(Id); It != ParamSymbols.end())
    return getAffineSymbolExpr(It->second, &Ctx);
  return nullptr;
}

std::pair<AffineMap, llvm::SmallVector<Value, 4>>
ScopImporter::makeMap(llvm::ArrayRef<AffineExpr> Exprs) const {
  AffineMap Map = AffineMap::get(IVs.size(), Params.size(), Exprs, &Ctx);
  llvm::SmallVector<Value, 4> Operands(IVs.begin(), IVs.end());
  Operands.append(Params.begin(), Params.end());
  affine::canonicalizeMapAndOperands(&Map, &Operands);
  return {simplifyAffineMap(Map), Operands};
}

/// A value computed in the region and used after it is returned through a
/// 0-d memref if Polly models it as a scalar the region writes: the value's
/// last instance, which is the one any use after the region sees. A PHI
/// node of the exit block that Polly models as an exit value is fed its own
/// way (RegionArgument::Kind::ExitValue).
Error ScopImporter::checkLiveOut(llvm::Instruction &I) {
  const llvm::Region &R = S.getRegion();
  bool UsedAfter = llvm::any_of(I.users(), [&](llvm::User *U) {
    auto *UI = dyn_cast<llvm::Instruction>(U);
    if (!UI || R.contains(UI))
      return false;
    return !isa<llvm::PHINode>(UI) ||
           !S.getScopArrayInfoOrNull(UI, polly::MemoryKind::ExitPHI);
  });
  if (!UsedAfter)
    return Error::success();
  const polly::ScopArrayInfo *SAI =
      S.getScopArrayInfoOrNull(&I, polly::MemoryKind::Value);
  bool Written = SAI && llvm::any_of(S, [&](polly::ScopStmt &Stmt) {
                   polly::MemoryAccess *MA = Stmt.lookupValueWriteOf(&I);
                   return MA && MA->getLatestScopArrayInfo() == SAI;
                 });
  if (!Written)
    return fail("a value computed in the region is used after it: " +
                describe(I));
  LiveOuts.insert(SAI);
  return Error::success();
}

Error ScopImporter::checkRegion() {
  for (llvm::BasicBlock *BB : S.getRegion().blocks())
    for (llvm::Instruction &I : *BB)
      if (Error E = checkLiveOut(I))
        return E;
  for (polly::ScopStmt &Stmt : S)
    if (Stmt.isRegionStmt())
      return fail("the region has a non-affine subregion (statement " +
                  Twine(Stmt.getBaseName()) + ")");
  return checkStatementOrder();
}

/// Polly splits a block into statements and orders them by their first
/// memory access, but joins a loop-carried PHI with its incoming value only
/// after it has closed the holes between statements (joinOrderedPHIs after
/// joinOrderedInstructions). A statement can then hold the block's first and
/// last accesses and run before those in between, which is not the block's
/// order (fuzz seed 130433). Translating such a region would miscompile it.
Error ScopImporter::checkStatementOrder() {
  llvm::DenseMap<const llvm::BasicBlock *, llvm::Instruction *> LastAccess;
  for (polly::ScopStmt &Stmt : S) {
    if (!Stmt.isBlockStmt())
      continue;
    llvm::Instruction *First = nullptr, *Last = nullptr;
    for (llvm::Instruction *I : Stmt.getInstructions()) {
      if (!I->mayReadOrWriteMemory() && !I->mayHaveSideEffects())
        continue;
      if (!First || I->comesBefore(First))
        First = I;
      if (!Last || Last->comesBefore(I))
        Last = I;
    }
    if (!First)
      continue;
    auto [It, Inserted] = LastAccess.try_emplace(Stmt.getBasicBlock(), Last);
    if (Inserted)
      continue;
    if (First->comesBefore(It->second))
      return fail("Polly ordered the statements of one block against the "
                  "block's order (at statement " +
                  Twine(Stmt.getBaseName()) + ")");
    It->second = Last;
  }
  return Error::success();
}

Error ScopImporter::createFunction(llvm::StringRef Name) {
  Result.Module = ModuleOp::create(Loc);
  Func = func::FuncOp::create(Loc, Name, B.getFunctionType({}, {}));
  Result.Module->push_back(Func);
  Entry = Func.addEntryBlock();
  B.setInsertionPointToStart(Entry);

  // The arrays the accesses refer to now: delinearize/ may have replaced
  // some of Polly's, which then stay in the SCoP unused.
  llvm::SmallPtrSet<const polly::ScopArrayInfo *, 8> Used;
  for (polly::ScopStmt &Stmt : S)
    for (polly::MemoryAccess *MA : Stmt)
      Used.insert(MA->getLatestScopArrayInfo());

  // Arrays first, in Polly's (deterministic) order, then the parameters.
  for (polly::ScopArrayInfo *SAI : S.arrays()) {
    if (!Used.count(SAI))
      continue;
    Expected<Type> Elem = convertType(SAI->getElementType());
    if (!Elem)
      return Elem.takeError();
    if (SAI->isExitPHIKind()) {
      Memrefs[SAI] = Entry->addArgument(MemRefType::get({}, *Elem), Loc);
      RegionArgument Arg{RegionArgument::Kind::ExitValue};
      Arg.Array = SAI;
      Result.Arguments.push_back(Arg);
      continue;
    }
    if (!SAI->isArrayKind()) {
      if (LiveOuts.contains(SAI)) {
        // The statements read and write the caller's slot itself, as they do
        // an exit value's: a scalar local to the function would tell raising
        // that nothing reads it after the nest, which raising then replaces.
        Memrefs[SAI] = Entry->addArgument(MemRefType::get({}, *Elem), Loc);
        RegionArgument Arg{RegionArgument::Kind::LiveOut};
        Arg.Array = SAI;
        Result.Arguments.push_back(Arg);
        continue;
      }
      // Scalars defined before the region are function arguments instead.
      if (!isReadOnlyScalar(SAI))
        Memrefs[SAI] =
            memref::AllocaOp::create(B, Loc, MemRefType::get({}, *Elem));
      continue;
    }
    // A local array no value enters or leaves the region through is the
    // function's own.
    if (std::optional<uint64_t> Length = getPrivateArrayLength(S, *SAI)) {
      Memrefs[SAI] = memref::AllocaOp::create(
          B, Loc, MemRefType::get({int64_t(*Length)}, *Elem));
      continue;
    }
    llvm::SmallVector<int64_t, 4> Shape;
    for (unsigned D = 0, E = SAI->getNumberOfDimensions(); D < E; ++D) {
      const auto *Size =
          D ? dyn_cast_or_null<llvm::SCEVConstant>(SAI->getDimensionSize(D))
            : nullptr;
      Shape.push_back(Size ? Size->getAPInt().getSExtValue()
                           : ShapedType::kDynamic);
    }
    if (Shape.empty())
      return fail("array " + Twine(SAI->getName()) + " has no dimensions");
    Memrefs[SAI] = Entry->addArgument(MemRefType::get(Shape, *Elem), Loc);
    RegionArgument Arg{RegionArgument::Kind::Array};
    Arg.Array = SAI;
    Result.Arguments.push_back(Arg);
  }
  for (const llvm::SCEV *Param : S.parameters()) {
    isl::id Id = S.getIdForParam(Param);
    ParamSymbols[Id.get()] = Params.size();
    Params.push_back(Entry->addArgument(B.getIndexType(), Loc));
    RegionArgument Arg{RegionArgument::Kind::Parameter};
    Arg.ParameterName = Id.get_name();
    Arg.ParameterId = Id.get();
    Result.Arguments.push_back(Arg);
  }
  return Error::success();
}

Expected<ImportedRegion> ScopImporter::run(llvm::StringRef Name) {
  if (Error E = checkRegion())
    return std::move(E);
  if (Root.is_null())
    return fail("isl built no AST for the region");
  if (Error E = createFunction(Name))
    return std::move(E);
  if (Error E = initializeEntryPhis())
    return std::move(E);
  if (Error E = importNode(Root.get()))
    return std::move(E);
  func::ReturnOp::create(B, Loc);
  // Live-in scalars were added as they were met; the type follows the block.
  Func.setFunctionType(
      B.getFunctionType(Entry->getArgumentTypes(), /*results=*/{}));
  if (failed(verify(*Result.Module)))
    return fail("the translated MLIR does not verify");
  Result.FunctionName = Name.str();
  return std::move(Result);
}

Expected<ImportedRegion> raising::importScop(polly::Scop &S, isl::ast_node Root,
                                             MLIRContext &Ctx,
                                             llvm::StringRef Name) {
  return ScopImporter(S, std::move(Root), Ctx).run(Name);
}
