//===- ScopImporter.h - The importer of one SCoP ----------------*- C++ -*-===//
//
// The class that translates one SCoP into an affine MLIR function, private to
// translate/. Its jobs live in one file each: ScopToAffine.cpp (the entry
// points, the region checks and the function), ImportAst.cpp (the isl AST
// walk), ImportArguments.cpp (values from outside a statement and SCEVs),
// ImportStatements.cpp (statement bodies and their accesses) and
// ImportOperations.cpp (single instructions).
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_TRANSLATE_SCOPIMPORTER_H
#define RAISE_TRANSLATE_SCOPIMPORTER_H

#include "ScopToAffine.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "polly/ScopInfo.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Value.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include "isl/isl-noexceptions.h"

#include <string>
#include <utility>

namespace llvm {
class Constant;
class Instruction;
class Loop;
class MemSetInst;
class SCEV;
class ScalarEvolution;
class Type;
} // namespace llvm

namespace raising {

/// An error that says why a region cannot be imported.
inline llvm::Error fail(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

/// @p V as LLVM prints it, for error messages.
inline std::string describe(const llvm::Value &V) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  V.print(OS);
  return llvm::StringRef(Text).trim().str();
}

/// The state of one statement instance being imported.
struct StmtState {
  explicit StmtState(polly::ScopStmt &Stmt) : Stmt(Stmt) {}

  polly::ScopStmt &Stmt;
  /// The value of each loop around the statement, as an affine expression of
  /// the enclosing affine.for induction variables and the parameters.
  llvm::DenseMap<const llvm::Loop *, mlir::AffineExpr> LoopExprs;
  /// LLVM values already translated in this instance.
  llvm::DenseMap<llvm::Value *, mlir::Value> Map;
  llvm::SmallVector<mlir::AffineExpr, 4> DomainDims;
};

class ScopImporter {
public:
  ScopImporter(polly::Scop &S, isl::ast_node Root, mlir::MLIRContext &Ctx)
      : S(S), Root(std::move(Root)), Ctx(Ctx), B(&Ctx),
        Loc(mlir::UnknownLoc::get(&Ctx)), SE(*S.getSE()) {}

  llvm::Expected<ImportedRegion> run(llvm::StringRef Name);

private:
  // In ScopToAffine.cpp.
  llvm::Error checkRegion();
  llvm::Error checkLiveOut(llvm::Instruction &I);
  llvm::Error checkStatementOrder();
  llvm::Error createFunction(llvm::StringRef Name);
  /// isl ids of AST iterators and parameters as affine dims and symbols.
  mlir::AffineExpr lookupId(isl_id *Id) const;
  /// A map over the open loops (dims) and the parameters (symbols).
  std::pair<mlir::AffineMap, llvm::SmallVector<mlir::Value, 4>>
  makeMap(llvm::ArrayRef<mlir::AffineExpr> Exprs) const;

  // In ImportAst.cpp.
  llvm::Error importNode(isl_ast_node *Node);
  llvm::Error importFor(isl_ast_node *Node);
  llvm::Error importIf(isl_ast_node *Node);
  /// @p Then where @p Cond holds, else @p Else (may be null); a disjunction
  /// becomes nested affine.if ops.
  llvm::Error importCondition(isl_ast_expr *Cond, isl_ast_node *Then,
                              isl_ast_node *Else);
  /// @p Then where the first of the conjunctions @p Disjuncts holds, else
  /// where the next one does, ..., else @p Else (may be null).
  llvm::Error importDisjuncts(llvm::ArrayRef<isl::ast_expr> Disjuncts,
                              isl_ast_node *Then, isl_ast_node *Else);
  /// An affine.if on the conjunction @p Cond, at the insertion point.
  llvm::Expected<mlir::affine::AffineIfOp> createAffineIf(isl_ast_expr *Cond,
                                                          bool HasElse);
  llvm::Error importUser(isl_ast_node *Node);

  // In ImportArguments.cpp.
  llvm::Expected<mlir::Type> convertType(llvm::Type *T);
  llvm::Expected<mlir::Value> getValue(llvm::Value *V, StmtState &State);
  llvm::Expected<mlir::Value> getLiveIn(llvm::Value *V);
  llvm::Expected<mlir::Value> getConstant(llvm::Constant &C);
  llvm::Error initializeEntryPhis();
  llvm::Expected<mlir::AffineExpr> toAffineExpr(const llvm::SCEV *E,
                                                StmtState &State);
  /// @p E computed with integer operations of its own width, where it is
  /// not affine (PolyBench's initializations, `(i * j + 1) % n`).
  llvm::Expected<mlir::Value> expandSCEV(const llvm::SCEV *E, StmtState &State);

  // In ImportStatements.cpp.
  llvm::Error importStmt(StmtState &State);
  llvm::Error importInstruction(llvm::Instruction &I, StmtState &State);
  llvm::Expected<std::pair<mlir::AffineMap, llvm::SmallVector<mlir::Value, 4>>>
  getAccessMap(polly::MemoryAccess &MA, StmtState &State);
  llvm::Expected<llvm::SmallVector<mlir::AffineExpr, 4>>
  toAffineExprs(isl::pw_multi_aff F, StmtState &State);
  llvm::Error importMemset(llvm::MemSetInst &I, polly::MemoryAccess &MA,
                           StmtState &State);

  // In ImportOperations.cpp.
  llvm::Expected<mlir::Value>
  translateOperation(llvm::Instruction &I,
                     llvm::ArrayRef<mlir::Value> Operands);

  /// A scalar Polly models as read in the region but that is defined before
  /// it (with -polly-analyze-read-only-scalars), or that a load Polly hoists
  /// out of the region defines (no statement writes it then): a live-in
  /// value.
  bool isReadOnlyScalar(const polly::ScopArrayInfo *SAI) const {
    auto *Def = llvm::dyn_cast<llvm::Instruction>(SAI->getBasePtr());
    return SAI->isValueKind() &&
           (!Def || !S.contains(Def) || S.lookupInvariantEquivClass(Def));
  }

  polly::Scop &S;
  isl::ast_node Root;
  mlir::MLIRContext &Ctx;
  mlir::OpBuilder B;
  mlir::Location Loc;
  llvm::ScalarEvolution &SE;

  mlir::func::FuncOp Func;
  mlir::Block *Entry = nullptr;
  /// Induction variables of the open affine.for loops, outermost first.
  llvm::SmallVector<mlir::Value, 4> IVs;
  llvm::DenseMap<isl_id *, unsigned> IteratorDims;
  llvm::SmallVector<mlir::Value, 4> Params;
  llvm::DenseMap<isl_id *, unsigned> ParamSymbols;
  /// memref function arguments (arrays) and 0-d allocas (scalars).
  llvm::DenseMap<const polly::ScopArrayInfo *, mlir::Value> Memrefs;
  llvm::DenseMap<llvm::Value *, mlir::Value> LiveIns;
  /// The scalars of values used after the region.
  llvm::SmallPtrSet<const polly::ScopArrayInfo *, 2> LiveOuts;
  ImportedRegion Result;
};

} // namespace raising

#endif // RAISE_TRANSLATE_SCOPIMPORTER_H
