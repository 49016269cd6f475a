//===- RaisePass.cpp - The raise function pass ----------------------------===//

#include "RaisePass.h"

#include "BufferCache.h"
#include "Limits.h"
#include "Microtask.h"
#include "Options.h"
#include "RegionTranslator.h"
#include "Remarks.h"
#include "ScopSummary.h"
#include "VectorizePragmas.h"
#include "VersionReport.h"

#include "delinearize/AliasBounds.h"
#include "delinearize/BuildScopInfo.h"
#include "delinearize/CodePreparation.h"
#include "delinearize/DataGuards.h"
#include "delinearize/Delinearize.h"
#include "delinearize/ElementStrides.h"
#include "delinearize/ExitTails.h"
#include "delinearize/ExpandMemsets.h"
#include "delinearize/FrozenExtents.h"
#include "delinearize/InvariantConditions.h"
#include "delinearize/InvariantLoads.h"
#include "delinearize/OpenMPShared.h"
#include "delinearize/RowLengths.h"
#include "delinearize/RowOffsets.h"
#include "delinearize/RowTables.h"
#include "delinearize/SectionStrides.h"
#include "delinearize/UnitStrides.h"
#include "delinearize/WidenSubscripts.h"
#include "translate/ExportToLLVM.h"

#include "polly/ScopDetection.h"
#include "polly/ScopDetectionDiagnostic.h"
#include "polly/ScopInfo.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/RegionInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"

using namespace llvm;
using namespace raising;

/// The outermost loop of a SCoP: the remark goes to its source location,
/// which is where a user looks for the nest. Loops raise made of a memset
/// (@p Expanded) are no user's: one of the source's goes first.
static const Loop *
getOutermostLoop(const Region &R, LoopInfo &LI,
                 const std::vector<ExpandedMemset> &Expanded = {}) {
  const Loop *Outermost = nullptr;
  auto IsBetter = [&](const Loop *L) {
    if (!Outermost)
      return true;
    bool Expansion = isExpansionBlock(L->getHeader(), Expanded);
    bool OutermostExpansion =
        isExpansionBlock(Outermost->getHeader(), Expanded);
    if (Expansion != OutermostExpansion)
      return OutermostExpansion;
    return L->getLoopDepth() < Outermost->getLoopDepth();
  };
  for (const BasicBlock *BB : R.blocks()) {
    const Loop *L = LI.getLoopFor(BB);
    while (L && L->getParentLoop() && R.contains(L->getParentLoop()))
      L = L->getParentLoop();
    if (L && R.contains(L) && IsBetter(L))
      Outermost = L;
  }
  return Outermost;
}

/// How many loops deep region @p R is.
static unsigned getLoopDepth(const Region &R, const LoopInfo &LI) {
  unsigned Depth = 0;
  for (const BasicBlock *BB : R.blocks()) {
    unsigned D = 0;
    for (const Loop *L = LI.getLoopFor(BB); L && R.contains(L);
         L = L->getParentLoop())
      ++D;
    Depth = std::max(Depth, D);
  }
  return Depth;
}

/// The reasons Polly gave, in its words for end users, for the smallest region
/// around @p L that it examined, in words; empty if it gave none. Regions are
/// examined from the outside in, so the innermost examined region around the
/// loop carries the most specific log.
static std::string getRejectionReason(const Loop &L,
                                      const polly::ScopDetection &SD) {
  RegionInfo &RI = *SD.getRI();
  const Region *R = RI.getRegionFor(L.getHeader());
  while (R && !R->contains(&L))
    R = R->getParent();
  for (; R; R = R->getParent()) {
    const polly::RejectLog *Log = SD.lookupRejectionLog(R);
    if (!Log || Log->size() == 0)
      continue;
    std::string Reason;
    raw_string_ostream OS(Reason);
    ListSeparator Sep("; ");
    for (const auto &RR : *Log) {
      OS << Sep << RR->getEndUserMessage();
      if (const DebugLoc &At = RR->getDebugLoc())
        OS << " (line " << At.getLine() << ")";
    }
    return Reason;
  }
  return "";
}

/// True if region @p R has a block inside @p L, or holds L.
static bool overlapsScop(const Loop &L, const Region *R) {
  return R->contains(L.getHeader()) ||
         any_of(R->blocks(),
                [&](const BasicBlock *BB) { return L.contains(BB); });
}

/// True if some SCoP of @p Scops overlaps @p L.
static bool overlapsScop(const Loop &L, ArrayRef<const Region *> Scops) {
  return any_of(Scops, [&](const Region *R) { return overlapsScop(L, R); });
}

namespace {
/// How the remark on a versioned nest names what its copy changed.
struct VersionWords {
  const char *Name, *Key, *One, *Many, *Change, *HoldsOne, *HoldsMany;
  /// Why the original loops ran where the check failed (the version report).
  const char *Failed;
};

/// Sets Polly's options that shape which regions it detects to raise's own
/// values for as long as it lives: Polly's detection, its model and the
/// splice's preloads read them, and Polly's own passes, if the user runs
/// them too, must keep the values the user gave them.
///
/// - `-polly-invariant-load-hoisting` follows `-raise-hoist-invariant-loads`.
/// - `-polly-process-unprofitable` is on: Polly's profitability heuristic
///   is about its own schedule optimizations and rejects regions that hold
///   products (a whole PolyBench `main`, initialization and kernel in one
///   region); whether raising a region pays is raise's decision.
class PollyDetectionOptions {
public:
  explicit PollyDetectionOptions(bool HoistInvariantLoads)
      : OldHoisting(polly::PollyInvariantLoadHoisting),
        OldUnprofitable(polly::PollyProcessUnprofitable) {
    polly::PollyInvariantLoadHoisting = HoistInvariantLoads;
    polly::PollyProcessUnprofitable = true;
  }
  ~PollyDetectionOptions() {
    polly::PollyInvariantLoadHoisting = OldHoisting;
    polly::PollyProcessUnprofitable = OldUnprofitable;
  }
  PollyDetectionOptions(const PollyDetectionOptions &) = delete;
  PollyDetectionOptions &operator=(const PollyDetectionOptions &) = delete;

private:
  bool OldHoisting, OldUnprofitable;
};
} // namespace

static const VersionWords &getVersionWords(VersionedNest::Change What) {
  static const VersionWords Widened{
      "SubscriptsWidened",  "Subscripts",
      "subscript",          "subscripts",
      "widened to 64 bits", "it does not wrap",
      "they do not wrap",   "a subscript would wrap in 32 bits"};
  static const VersionWords Strides{
      "ElementStrides",
      "Strides",
      "byte stride",
      "byte strides",
      "taken as whole elements",
      "it is",
      "they are",
      "a byte stride is no whole number of elements"};
  static const VersionWords Unit{
      "UnitStrides",  "Increments", "increment", "increments",
      "taken as one", "it is",      "they are",  "an increment is not one"};
  static const VersionWords Loads{"InvariantLoadsHoisted",
                                  "Loads",
                                  "load of a pointer or size",
                                  "loads of pointers and sizes",
                                  "read once before it",
                                  "no store of the nest writes it",
                                  "no store of the nest writes them",
                                  "a store of the nest may write what the "
                                  "copy reads once"};
  static const VersionWords Rows{"RowTablesVersioned",
                                 "Tables",
                                 "table of row pointers",
                                 "tables of row pointers",
                                 "read as evenly spaced rows",
                                 "it holds them",
                                 "they hold them",
                                 "the rows of a table are not evenly spaced "
                                 "(or a store of the nest may write a table "
                                 "it reads once, or a test of the nest on "
                                 "its sizes fails)"};
  static const VersionWords Gathered{
      "RowTablesVersioned",
      "Tables",
      "table of row pointers",
      "tables of row pointers",
      "read as evenly spaced rows, or gathered into one block where they are "
      "not",
      "it holds them, or that no row the nest writes overlaps another it "
      "touches",
      "they hold them, or that no row the nest writes overlaps another it "
      "touches",
      "the rows of a table are not evenly spaced and a row the nest writes "
      "overlaps another it touches (or the block to gather them could not be "
      "allocated, or a test of the nest on its sizes fails)"};
  static const VersionWords Offsets{
      "RowOffsets",
      "Offsets",
      "run-time offset",
      "run-time offsets",
      "split into rows and columns",
      "its row length is positive",
      "their row lengths are positive",
      "a row length an offset is split by is not positive"};
  static const VersionWords Sections{
      "SectionStrides",
      "Strides",
      "section stride",
      "section strides",
      "taken as the strides of a view",
      "it is positive and whole elements",
      "they are positive, the first whole elements, each dividing the next",
      "a section stride is not positive, or not whole elements, or does not "
      "divide the next"};
  static const VersionWords Tests{
      "DataTests",
      "Tests",
      "test on loaded data",
      "tests on loaded data",
      "dropped in a copy",
      "it holds for every element the nest tests",
      "they hold for every element the nest tests",
      "a test on loaded data fails for an element (a zero the routine "
      "skips)"};
  switch (What) {
  case VersionedNest::Change::DataTests:
    return Tests;
  case VersionedNest::Change::ElementStrides:
    return Strides;
  case VersionedNest::Change::SectionStrides:
    return Sections;
  case VersionedNest::Change::UnitStrides:
    return Unit;
  case VersionedNest::Change::RowTables:
    return Rows;
  case VersionedNest::Change::GatheredRows:
    return Gathered;
  case VersionedNest::Change::InvariantLoads:
    return Loads;
  case VersionedNest::Change::RowOffsets:
    return Offsets;
  case VersionedNest::Change::WidenedSubscripts:
    break;
  }
  return Widened;
}

/// Where the blocks of gathered rows come from: the buffer cache that
/// generated code allocates from, where it works (defined when the region is
/// spliced), else the C library.
static BlockHeap getBlockHeap(const Function &F) {
  if (supportsBufferCache(F.getParent()->getTargetTriple()))
    return {AllocFunction, FreeFunction};
  return {};
}

PreservedAnalyses RaisePass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (!Enable || F.isDeclaration() || F.hasFnAttribute(GeneratedAttr))
    return PreservedAnalyses::all();
  PollyDetectionOptions Detection(HoistInvariantLoads);
  // Code without loops is the common case: decide on it before anything else
  // is computed or allocated.
  if (FAM.getResult<LoopAnalysis>(F).empty())
    return PreservedAnalyses::all();
  PreparedMicrotask Microtask;
  bool MicrotaskPrepared = Microtask.prepare(F, FAM);
  // Saves of the stack pointer that restore nothing, once the arrays of a
  // constant size they bracket are static: Polly rejects a nest with the
  // calls or allocas in it. Row starts that PHIs hide from SCEV (a
  // triangle's diagonal).
  bool Simplified = hoistScopedAllocas(F) != 0;
  Simplified |= eraseIdleStackSaves(F) != 0;
  Simplified |=
      foldGuardedPhis(F, FAM.getResult<DominatorTreeAnalysis>(F)) != 0;
  // The last row of a loop counting down to an empty inner loop, which
  // rotation copied into the loop's exit, and the diagonal it walks down.
  Simplified |= mergeExitTails(F, FAM.getResult<LoopAnalysis>(F),
                               FAM.getResult<DominatorTreeAnalysis>(F)) != 0;
  Simplified |= distributeDiagonalSteps(F, FAM.getResult<LoopAnalysis>(F)) != 0;
  if (Simplified)
    FAM.invalidate(F, PreservedAnalyses::none());
  // The index of a remainder step after a loop stepping by two.
  if (selectBranchPhis(F, FAM.getResult<DominatorTreeAnalysis>(F),
                       FAM.getResult<LoopAnalysis>(F),
                       FAM.getResult<ScalarEvolutionAnalysis>(F)))
    FAM.invalidate(F, PreservedAnalyses::none());
  // The diagonal of a loop counting down in C, `L[i * ldl + i]`, is
  // computed in 32 bits from the truncated index.
  if (widenTruncatedProducts(F, FAM.getResult<ScalarEvolutionAnalysis>(F)))
    FAM.invalidate(F, PreservedAnalyses::none());
  // The test that guards a rotated loop stepping by more than one, out of
  // the entry block a SCoP may not contain, so that Polly does not peel the
  // loop's first iteration.
  WeakVH EntrySplit =
      splitEntryBlock(F, FAM.getResult<LoopAnalysis>(F),
                      FAM.getResult<DominatorTreeAnalysis>(F),
                      FAM.getResult<ScalarEvolutionAnalysis>(F));
  bool Split = EntrySplit;
  if (Split)
    FAM.invalidate(F, PreservedAnalyses::none());
  // IR preparations: each versions nests Polly would reject, with a copy it
  // can model behind a run-time check.
  std::vector<VersionedNest> Versions;
  if (WidenSubscripts) {
    for (VersionedNest &N :
         widenSubscripts(F, FAM.getResult<LoopAnalysis>(F),
                         FAM.getResult<DominatorTreeAnalysis>(F),
                         FAM.getResult<ScalarEvolutionAnalysis>(F)))
      Versions.push_back(N);
    if (!Versions.empty())
      FAM.invalidate(F, PreservedAnalyses::none());
  }
  // Fortran's descriptor strides (unit first strides, then sections) and
  // BLAS increments, each change on a copy of the nest behind a check; of
  // the nests whose headers are in Only, where given.
  auto VersionStrides = [&](const SmallPtrSetImpl<const BasicBlock *> *Only) {
    for (auto *Version :
         {versionElementStrides, versionSectionStrides, versionUnitStrides}) {
      std::vector<VersionedNest> Made =
          Version(F, FAM.getResult<LoopAnalysis>(F),
                  FAM.getResult<DominatorTreeAnalysis>(F), Only);
      if (!Made.empty())
        FAM.invalidate(F, PreservedAnalyses::none());
      Versions.insert(Versions.end(), Made.begin(), Made.end());
    }
  };
  VersionStrides(nullptr);
  // A nest is versioned by one preparation at most.
  SmallPtrSet<const BasicBlock *, 8> Taken;
  auto Take = [&] {
    for (const VersionedNest &N : Versions)
      Taken.insert({N.CopyHeader, N.OriginalHeader});
  };
  // Sub-matrices at run-time offsets, in nests no other change copied.
  if (RowOffsets) {
    Take();
    std::vector<VersionedNest> Split =
        versionRowOffsets(F, FAM.getResult<LoopAnalysis>(F),
                          FAM.getResult<DominatorTreeAnalysis>(F),
                          FAM.getResult<ScalarEvolutionAnalysis>(F), Taken);
    Versions.insert(Versions.end(), Split.begin(), Split.end());
    if (!Split.empty())
      FAM.invalidate(F, PreservedAnalyses::none());
  }
  if (RowTables) {
    Take();
    std::vector<VersionedNest> Tables = versionRowTables(
        F, FAM.getResult<LoopAnalysis>(F),
        FAM.getResult<DominatorTreeAnalysis>(F),
        FAM.getResult<ScalarEvolutionAnalysis>(F), FAM.getResult<AAManager>(F),
        Taken, GatherRows, GeneratedAttr, getBlockHeap(F));
    Versions.insert(Versions.end(), Tables.begin(), Tables.end());
    if (!Tables.empty())
      FAM.invalidate(F, PreservedAnalyses::none());
  }
  // Last: a nest whose row tables the copy reads once is taken already.
  if (InvariantLoads) {
    Take();
    // A copy with its subscripts widened may still reload a pointer or size
    // in its outer loop (a class's, in a nest whose `i * cols_` is an int):
    // it is versioned once more.
    for (const VersionedNest &N : Versions)
      if (N.What == VersionedNest::Change::WidenedSubscripts)
        Taken.erase(N.CopyHeader);
    std::vector<VersionedNest> Loads =
        versionInvariantLoads(F, FAM.getResult<LoopAnalysis>(F),
                              FAM.getResult<DominatorTreeAnalysis>(F),
                              FAM.getResult<ScalarEvolutionAnalysis>(F), Taken);
    Versions.insert(Versions.end(), Loads.begin(), Loads.end());
    if (!Loads.empty())
      FAM.invalidate(F, PreservedAnalyses::none());
    // Strides the copy now reads before the nest (a Fortran descriptor's,
    // which LLVM leaves in the nest at -O2) are versioned in it.
    SmallPtrSet<const BasicBlock *, 4> Copies;
    for (const VersionedNest &N : Loads)
      Copies.insert(N.CopyHeader);
    if (!Copies.empty())
      VersionStrides(&Copies);
  }
  // Tests on data, in nests no other change copied (a copy with the data
  // test dropped is no SCoP for any other reason).
  if (DataGuards) {
    Take();
    std::vector<VersionedNest> Tested =
        versionDataGuards(F, FAM.getResult<LoopAnalysis>(F),
                          FAM.getResult<DominatorTreeAnalysis>(F),
                          FAM.getResult<ScalarEvolutionAnalysis>(F),
                          FAM.getResult<AAManager>(F), Taken);
    Versions.insert(Versions.end(), Tested.begin(), Tested.end());
    if (!Tested.empty())
      FAM.invalidate(F, PreservedAnalyses::none());
  }
  // After widening, so that both copies of a widened nest have their
  // memsets back in the end.
  std::vector<ExpandedMemset> Expanded;
  if (ExpandMemsets) {
    Expanded = expandZeroingMemsets(F, FAM.getResult<LoopAnalysis>(F),
                                    FAM.getResult<ScalarEvolutionAnalysis>(F));
    if (!Expanded.empty())
      FAM.invalidate(F, PreservedAnalyses::none());
  }
  for (const ExpandedMemset &E : Expanded)
    FAM.getResult<OptimizationRemarkEmitterAnalysis>(F).emit([&] {
      return OptimizationRemarkAnalysis(PassName, "MemsetExpanded",
                                        E.Memset->getDebugLoc(),
                                        cast<BasicBlock>(E.Guard))
             << (E.Source ? "copy of a local array in " : "zeroing memset in ")
             << getSourceName(F) << " modelled as "
             << (E.Rows ? "2 loops" : "a loop")
             << (E.Source ? " of element copies for Polly (the memcpy stays)"
                          : " of zero stores for Polly (the memset stays)");
    });
  // Extents Polly would not delinearize, as parameters.
  std::vector<FreezeInst *> Frozen =
      freezeClampedSizes(F, FAM.getResult<LoopAnalysis>(F));
  for (FreezeInst *Freeze :
       freezeByteStrides(F, FAM.getResult<LoopAnalysis>(F)))
    Frozen.push_back(Freeze);
  if (!Frozen.empty())
    FAM.invalidate(F, PreservedAnalyses::none());
  std::vector<SplitSelect> Selects =
      splitAddressSelects(F, FAM.getResult<LoopAnalysis>(F),
                          FAM.getResult<DominatorTreeAnalysis>(F));
  if (!Selects.empty())
    FAM.invalidate(F, PreservedAnalyses::none());
  std::vector<FlagCondition> Flags =
      parameterizeFlags(F, FAM.getResult<LoopAnalysis>(F));
  if (!Flags.empty())
    FAM.invalidate(F, PreservedAnalyses::none());
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);

  auto &ORE = FAM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  polly::ScopDetection &SD = FAM.getResult<polly::ScopAnalysis>(F);
  SmallVector<const Region *, 4> Scops(SD.begin(), SD.end());
  // A single loop holds no product, only fills and scalings not worth a
  // splice: Polly detects such regions for raise (see PollyDetectionOptions),
  // which leaves them without a word, as Polly's heuristic did, and without
  // building their model. The others' models are built before any region is
  // spliced, from the code as Polly analyzed it.
  ScopModels Models(F, FAM);
  SmallVector<bool, 4> Wanted(Scops.size(), false);
  for (auto [Index, R] : enumerate(Scops)) {
    if (!(Wanted[Index] = Roundtrip || getLoopDepth(*R, LI) >= 2))
      continue;
    // Assumptions that hold on one value of a parameter only may be
    // Polly's simplification (ScopModels::tryPreciseInbounds).
    polly::Scop *S = Models.getScop(R);
    if (S && !describeFixedParameter(*S).empty())
      Models.tryPreciseInbounds(R, [](polly::Scop &Precise) {
        return describeFixedParameter(Precise).empty() &&
               holdsBeyondOne(Precise);
      });
  }
  // A versioned nest is raised, or reported, in place of its original copy:
  // which versioned nest each SCoP is in, and which SCoPs are in an original.
  // The headers of the original copies and of loops computing checks are
  // reported with no remark of their own.
  SmallVector<int, 4> NestOfScop(Scops.size(), -1);
  SmallVector<bool, 4> InOriginalCopy(Scops.size(), false);
  SmallPtrSet<const BasicBlock *, 4> Unreported;
  SmallVector<DebugLoc, 4> NestLocs;
  for (auto [Nest, P] : enumerate(Versions)) {
    const VersionedNest &N = P;
    Unreported.insert(N.OriginalHeader);
    if (auto *Enter = dyn_cast_or_null<BranchInst>(N.CheckLoops))
      if (BasicBlock *Header = Enter->getSuccessor(0)->getSingleSuccessor())
        Unreported.insert(Header);
    const Loop *L = LI.getLoopFor(N.CopyHeader);
    const Loop *Original = LI.getLoopFor(N.OriginalHeader);
    NestLocs.push_back(L->getStartLoc());
    for (auto [Index, R] : enumerate(Scops)) {
      if (overlapsScop(*L, R))
        NestOfScop[Index] = Nest;
      if (overlapsScop(*Original, R))
        InOriginalCopy[Index] = true;
    }
  }
  // Nests that are no SCoP, reported before splicing changes the loops.
  // Loop versioning leaves several copies of a nest at one source line:
  // one remark for them.
  // A copy at the line of a SCoP is reported with that SCoP, unless it has
  // more loops than the SCoP: then it is what runs on most inputs (a nest
  // LLVM unswitched on a size keeps its unrolled loops where the size is
  // large), and its own reason is what the user needs.
  SmallSet<std::pair<unsigned, unsigned>, 8> Reported;
  DenseMap<std::pair<unsigned, unsigned>, size_t> ScopLoops;
  for (const Region *R : Scops)
    if (const Loop *L = getOutermostLoop(*R, LI, Expanded))
      if (DebugLoc At = L->getStartLoc()) {
        size_t &Loops = ScopLoops[{At.getLine(), At.getCol()}];
        Loops = std::max(Loops, L->getLoopsInPreorder().size());
      }
  // Loops that take their iterations from the OpenMP runtime a chunk at a
  // time: one remark for each, nothing raised in them.
  SmallVector<const Loop *, 2> Dispatching;
  for (const Loop *L : LI) {
    if (!asksForChunks(*L))
      continue;
    Dispatching.push_back(L);
    ORE.emit([&] {
      return OptimizationRemarkMissed(PassName, "DynamicSchedule",
                                      L->getStartLoc(), L->getHeader())
             << "loop nest in " << getSourceName(F)
             << " not raised: the OpenMP runtime hands out its iterations a "
                "chunk at a time (schedule dynamic, guided or runtime), and "
                "raised code would repeat its setup, such as packing, for "
                "every chunk";
    });
  }
  // A nest only part of which is a SCoP (its inner loops) is reported too:
  // why the whole is not one is what the user can act on.
  auto InScop = [&](const Loop &L) {
    return any_of(Scops, [&](const Region *R) { return R->contains(&L); });
  };
  for (const Loop *L : LI) {
    if (Unreported.contains(L->getHeader()) || InScop(*L) ||
        is_contained(Dispatching, L) ||
        isExpansionBlock(L->getHeader(), Expanded))
      continue;
    size_t Loops = L->getLoopsInPreorder().size();
    bool BesideScop = false;
    if (DebugLoc At = L->getStartLoc()) {
      std::pair<unsigned, unsigned> Line{At.getLine(), At.getCol()};
      auto It = ScopLoops.find(Line);
      BesideScop = It != ScopLoops.end();
      if ((BesideScop && Loops <= It->second) || !Reported.insert(Line).second)
        continue;
    }
    ORE.emit([&] {
      OptimizationRemarkMissed Remark(PassName, "NotAScop", L->getStartLoc(),
                                      L->getHeader());
      Remark << "loop nest in " << getSourceName(F);
      if (BesideScop)
        Remark << " (its version with " << ore::NV("Loops", unsigned(Loops))
               << " loops)";
      Remark << " is not a static control part";
      bool Part = overlapsScop(*L, Scops);
      if (Part)
        Remark << " (only part of it is)";
      std::string Reason = getRejectionReason(*L, SD);
      // Polly has no words for a branch on loaded data; raise says why it
      // could not drop it.
      if (StringRef Polly = Reason; Polly.starts_with("Unspecified error"))
        if (std::string Why =
                whyDataGuardStays(*L, LI, FAM.getResult<AAManager>(F));
            !Why.empty()) {
          StringRef Line = Polly.drop_until([](char C) { return C == '('; });
          Reason = Why;
          if (!Line.empty())
            Reason += " " + Line.rtrim().str();
        }
      if (!Reason.empty())
        return Remark << ": " << Reason;
      if (Part)
        return Remark;
      return Remark
             << ": Polly found no region around it that is a static control "
                "part";
    });
  }

  RegionTranslator Translator(F, FAM, ORE, *PB, Level);
  SmallVector<bool, 4> NestRaised(Versions.size(), false);
  SmallVector<GlobalVariable *, 4> NestCounters(Versions.size(), nullptr);
  for (auto [Index, Found] : enumerate(Scops)) {
    // A plain variable: lambdas may not capture structured bindings (C++17).
    const Region *R = Found;
    if (InOriginalCopy[Index] ||
        any_of(Dispatching, [&](const Loop *L) { return overlapsScop(*L, R); }))
      continue;
    if (!Wanted[Index])
      continue;
    polly::Scop *S = Models.getScop(R);
    const Loop *Outermost = getOutermostLoop(*R, LI, Expanded);
    DebugLoc Loc = Outermost ? Outermost->getStartLoc() : DebugLoc();
    BasicBlock *Anchor = Outermost ? Outermost->getHeader() : R->getEntry();
    if (!S) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(PassName, "ScopNotModelled", Loc,
                                        Anchor)
               << "Polly detected a SCoP in " << getSourceName(F)
               << " but could not model it (its assumptions are infeasible)";
      });
      continue;
    }
    // A memset alone is better left a memset.
    if (isOnlyExpansions(*S, Expanded))
      continue;
    assumeNoWrap(*S, Expanded, FAM.getResult<ScalarEvolutionAnalysis>(F));
    if (std::string Why = checkSize(*S); !Why.empty()) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(PassName, "TooLarge", Loc, Anchor)
               << "SCoP in " << getSourceName(F) << " left alone: " << Why;
      });
      continue;
    }
    if (std::string Why =
            describeReorderedSum(*R, FAM.getResult<LoopAnalysis>(F));
        !Why.empty()) {
      ORE.emit([&] {
        return OptimizationRemarkMissed(PassName, "VectorizePragma", Loc,
                                        Anchor)
               << "SCoP in " << getSourceName(F) << " left alone: " << Why;
      });
      continue;
    }
    // Alias checks that do not take strided accesses for dense ones.
    tightenAliasBounds(*S);
    // Multi-dimensional shapes for the arrays Polly left one-dimensional;
    // the summary shows them, a second remark says which stayed and why.
    std::string Refused = describeRefusals(delinearizeArrays(*S));
    lengthenRows(*S);
    if (!Refused.empty())
      ORE.emit([&] {
        return OptimizationRemarkAnalysis(PassName, "NotDelinearized", Loc,
                                          Anchor)
               << "arrays in " << getSourceName(F)
               << " left as Polly modelled them: " << Refused;
      });
    ORE.emit([&] {
      std::string Text;
      raw_string_ostream OS(Text);
      print(OS, summarizeScop(*S));
      return OptimizationRemarkAnalysis(PassName, "ScopFound", Loc, Anchor)
             << Text;
    });
    unsigned Before = Translator.numSpliced();
    Translator.run(*S, Index, Loc, Anchor);
    if (NestOfScop[Index] >= 0 && Translator.numSpliced() != Before) {
      NestRaised[NestOfScop[Index]] = true;
      if (!NestCounters[NestOfScop[Index]])
        NestCounters[NestOfScop[Index]] = Translator.lastVersionCounters();
    }
  }

  // A version whose copy another version copied again (the strides of a
  // copy that reads its loads once) holds what was raised in that one.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto [Inner, In] : enumerate(Versions))
      for (auto [Outer, Out] : enumerate(Versions))
        if (NestRaised[Inner] && !NestRaised[Outer] &&
            In.OriginalHeader == Out.CopyHeader)
          NestRaised[Outer] = Changed = true;
  }
  // Versioned nests in which nothing was raised end as they began.
  for (auto [Nest, Version] : enumerate(Versions)) {
    if (!NestRaised[Nest]) {
      discardVersion(F, Version);
      continue;
    }
    // Where the preparation's check fails the source's loops run too.
    if (auto *Guard = dyn_cast_or_null<BranchInst>(Version.Guard);
        Guard && NestCounters[Nest])
      countFallbacks(*Guard, *NestCounters[Nest],
                     getVersionWords(Version.What).Failed);
    // Structured bindings cannot be captured before C++20.
    const VersionedNest &N = Version;
    const DebugLoc &Loc = NestLocs[Nest];
    const VersionWords &W = getVersionWords(N.What);
    bool One = N.NumChanges == 1;
    ORE.emit([&] {
      return OptimizationRemark(PassName, W.Name, Loc, N.CopyHeader)
             << "loop nest in " << getSourceName(F) << ": "
             << ore::NV(W.Key, N.NumChanges) << " " << (One ? W.One : W.Many)
             << " " << W.Change << ", behind a run-time check that "
             << (One ? W.HoldsOne : W.HoldsMany);
    });
  }

  eraseUnusedRowFunctions(*F.getParent());
  thawExtents(Frozen);
  // The code outside the raised functions is the original again.
  for (ExpandedMemset &E : Expanded)
    restoreMemset(F, E);
  restoreFlags(Flags);
  restoreAddressSelects(Selects);
  // A microtask in which nothing was raised ends as it began.
  if (MicrotaskPrepared && !Translator.numSpliced())
    Microtask.restore(FAM);
  // So is its entry block.
  if (EntrySplit && !Translator.numSpliced())
    mergeEntryBlock(*cast<BasicBlock>(EntrySplit));
  if (Translator.numSpliced() || !Versions.empty() || !Frozen.empty() ||
      !Expanded.empty() || !Flags.empty() || !Selects.empty() ||
      MicrotaskPrepared || Split || Simplified)
    return PreservedAnalyses::none();
  // Nothing changed; only drop Polly's detection, which holds pointers into
  // analyses that later passes will invalidate.
  PreservedAnalyses PA = PreservedAnalyses::all();
  PA.abandon<polly::ScopAnalysis>();
  return PA;
}
