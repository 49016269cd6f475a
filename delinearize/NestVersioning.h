//===- NestVersioning.h - A copy of a loop nest behind a check --*- C++ -*-===//
//
// The IR preparations that make a nest Polly can model (64-bit subscripts,
// row tables read as evenly spaced rows) change a copy of the nest, which
// runs only where a run-time check proves the change exact; the original
// loops run otherwise. This is what they share: whether a nest can be
// copied, the copy behind its branch, the bounds of affine expressions over
// the nest that the checks are made of, and the undoing of a copy nothing was
// raised in.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_NESTVERSIONING_H
#define RAISE_DELINEARIZE_NESTVERSIONING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace llvm {
class BasicBlock;
class BranchInst;
class DominatorTree;
class Function;
class Instruction;
class Loop;
class LoopInfo;
class SCEV;
class ScalarEvolution;
class Type;
class Value;
} // namespace llvm

namespace raising {

/// One loop nest versioned by an IR preparation.
struct VersionedNest {
  /// What the copy changes.
  enum class Change {
    /// Subscripts computed in 64 bits (widenSubscripts).
    WidenedSubscripts,
    /// Rows read through tables of row pointers at a fixed distance
    /// (versionRowTables).
    RowTables,
    /// The same, or rows gathered into one block where they are not evenly
    /// spaced (versionRowTables).
    GatheredRows,
    /// Byte strides as whole elements (versionElementStrides).
    ElementStrides,
    /// Parametric increments of induction variables as one
    /// (versionUnitStrides).
    UnitStrides,
    /// Descriptor byte strides as the strides of a view (Fortran sections;
    /// versionSectionStrides).
    SectionStrides,
    /// Pointers and sizes read once before the nest (versionInvariantLoads).
    InvariantLoads,
    /// Run-time offsets split into rows and columns (versionRowOffsets).
    RowOffsets,
    /// A branch on loaded data taken always, behind loops that test every
    /// element (versionDataGuards).
    DataTests,
  };
  /// The branch that takes the prepared copy when its check holds, the
  /// original loops otherwise.
  llvm::WeakVH Guard;
  /// Headers of the outermost loop of the copy and of the original.
  llvm::BasicBlock *CopyHeader;
  llvm::BasicBlock *OriginalHeader;
  /// How many things the preparation changed in the copy (for its remark).
  unsigned NumChanges;
  Change What = Change::WidenedSubscripts;
  /// Values made before the check for the copy alone (a size widened once
  /// for all of its iterations): dead once the copy is discarded.
  llvm::SmallVector<llvm::WeakTrackingVH, 4> ForCopy = {};
  /// The branch into loops that compute the check, if it takes loops (a
  /// test on every element of an array): removed with the copy.
  llvm::WeakVH CheckLoops = nullptr;
};

/// Loops that may run this many times or more fail the checks built from
/// BoundsOverNest (its 128-bit bounds cannot wrap below that).
constexpr unsigned TripCountBits = 32;

/// True if @p Nest can be copied: small enough, nothing in it that must not
/// be duplicated, and its values used outside only by PHIs of its exits.
bool canVersion(const llvm::Loop &Nest);

/// Copies @p Nest behind a branch on @p Check: the copy (returned with the
/// branch; @p VMap maps into it) runs where the check holds, the nest itself
/// otherwise. The copy has a preheader of its own, which runs only when the
/// check holds.
std::pair<llvm::Loop *, llvm::BranchInst *>
versionNest(llvm::Loop &Nest, llvm::Value *Check, llvm::ValueToValueMapTy &VMap,
            llvm::LoopInfo &LI, llvm::DominatorTree &DT);

/// True if @p V is an argument or an instruction outside @p Nest: the same
/// for the whole run of the nest.
bool isDefinedOutside(const llvm::Value *V, const llvm::Loop &Nest);

/// The lowest value of @p S in @p Nest: where every induction variable of
/// @p Nest is at its first iteration, or at its last for a loop counting
/// down by a constant step (where its trip count is known), with
/// the steps of its recurrences over loops of @p Nest added to @p Steps
/// (an address: the distances between its rows, columns, ...); null if @p S
/// varies in @p Nest otherwise.
const llvm::SCEV *
getStartInNest(const llvm::SCEV *S, const llvm::Loop &Nest,
               llvm::ScalarEvolution &SE,
               llvm::SmallVectorImpl<const llvm::SCEV *> &Steps);

/// Calls @p Version on every outermost loop nest of @p LI (those there
/// before the first call: versioning adds loops), or on those whose header
/// is in @p Only where given, and collects what it made.
std::vector<VersionedNest> versionEachNest(
    llvm::LoopInfo &LI,
    llvm::function_ref<std::optional<VersionedNest>(llvm::Loop &)> Version,
    const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> *Only = nullptr);

/// Takes the original loops of @p N for good and deletes the copy: for nests
/// in which nothing was raised, which must end as they began.
void discardVersion(llvm::Function &F, const VersionedNest &N);

/// The least and greatest value of an expression over the iterations of a
/// nest, as 128-bit SCEVs.
struct Bounds {
  const llvm::SCEV *Min, *Max;
};

/// Bounds of affine expressions over a nest, and the conditions under which
/// they hold (every loop they use runs fewer than 2^TripCountBits times).
class BoundsOverNest {
public:
  BoundsOverNest(const llvm::Loop &Nest, llvm::ScalarEvolution &SE);

  /// Bounds of @p S, or nothing if @p S is not an affine function of the
  /// nest's induction variables with invariant coefficients over loops whose
  /// trip counts are invariant or such functions themselves (a triangle's
  /// `j <= i`, bounded by their largest value). A narrower expression @p S
  /// sign-extends is bounded as its value without wrapping, which it has where
  /// the bounds are within its type (a condition of getTripCountConditions).
  std::optional<Bounds> get(const llvm::SCEV *S);

  /// Backedge-taken counts of the loops get() used.
  llvm::ArrayRef<const llvm::SCEV *> tripCounts() const {
    return TripCounts.getArrayRef();
  }

  llvm::Type *type() const { return I128; }

  /// Bounds of the narrower expressions get() sign-extended, with their
  /// widths.
  llvm::ArrayRef<std::pair<Bounds, unsigned>> narrowed() const {
    return Narrowed;
  }

private:
  const llvm::Loop &Nest;
  llvm::ScalarEvolution &SE;
  llvm::Type *I128;
  llvm::SetVector<const llvm::SCEV *> TripCounts;
  llvm::SmallVector<std::pair<Bounds, unsigned>, 4> Narrowed;
};

/// `L Pred R` on 128-bit SCEVs.
using Condition = std::tuple<llvm::CmpInst::Predicate, const llvm::SCEV *,
                             const llvm::SCEV *>;

/// The conditions that bound the trip counts of the loops @p B used and keep
/// the expressions it sign-extended within their types; with them, its
/// bounds are exact.
llvm::SmallVector<Condition, 8>
getTripCountConditions(const BoundsOverNest &B, llvm::ScalarEvolution &SE);

/// True if every condition of @p Conditions can be computed before @p At and
/// none is known to fail; drops those known to hold.
bool simplifyConditions(llvm::SmallVectorImpl<Condition> &Conditions,
                        llvm::Instruction *At, llvm::ScalarEvolution &SE);

/// All of @p Conditions (and @p Extra, if not null), computed before @p At,
/// frozen: the check reads the nest's parameters before the nest does, and a
/// poison one must not make the branch undefined.
llvm::Value *expandCheck(llvm::ArrayRef<Condition> Conditions,
                         llvm::Instruction *At, llvm::ScalarEvolution &SE,
                         const llvm::Twine &Name, llvm::Value *Extra = nullptr);

} // namespace raising

#endif // RAISE_DELINEARIZE_NESTVERSIONING_H
