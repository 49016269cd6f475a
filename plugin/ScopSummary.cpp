//===- ScopSummary.cpp - What Polly recovered about one SCoP --------------===//

#include "ScopSummary.h"

#include "Remarks.h"

#include "delinearize/Delinearize.h"
#include "delinearize/OpenMPShared.h"
#include "delinearize/RowTables.h"

#include "polly/ScopInfo.h"
#include "polly/Support/ISLTools.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace raising;

/// What an unnamed size stands for: through freezes, extensions, max(x, 0)
/// (a Fortran extent, also as SimplifyCFG's `spec.select` of x where x > 0,
/// else 0) and other selects of x or 0, from a value loaded through an argument
/// (a Fortran dummy passed by reference) to the argument, and from an OpenMP
/// microtask's shared variable to what its caller stored in it.
static const Value &getSizeSource(const Value &Size) {
  const Value *V = &Size;
  while (true) {
    const Value *Next = nullptr;
    // max(x, 0), which LLVM may have named (`narrow`, `spec.select`), and
    // x or 0 (flang's count of a section's columns, 0 where it has no
    // rows): x.
    if (const auto *Select = dyn_cast<SelectInst>(V);
        Select && match(Select->getFalseValue(), PatternMatch::m_Zero()))
      Next = Select->getTrueValue();
    else if (Select && match(Select->getTrueValue(), PatternMatch::m_Zero()))
      Next = Select->getFalseValue();
    else if (const auto *Max = dyn_cast<IntrinsicInst>(V);
             Max && Max->getIntrinsicID() == Intrinsic::smax &&
             match(Max->getArgOperand(1), PatternMatch::m_Zero()))
      Next = Max->getArgOperand(0);
    else if (V->hasName())
      break;
    else if (isa<FreezeInst, ZExtInst, SExtInst>(V))
      Next = cast<Instruction>(V)->getOperand(0);
    else if (const auto *Load = dyn_cast<LoadInst>(V);
             Load && isa<Argument>(Load->getPointerOperand()))
      Next = Load->getPointerOperand();
    // A microtask's shared size: the value its caller stored for it.
    else if (const auto *P = dyn_cast<Argument>(V))
      Next = getSharedVariableValue(*P);
    if (!Next)
      break;
    V = Next;
  }
  return *V;
}

/// The name of the type @p Load accesses in its TBAA tag (flang's say what
/// the load reads: "descriptor member", "dummy arg data/..."), or "".
static StringRef getAccessTypeName(const LoadInst &Load) {
  const MDNode *Tag = Load.getMetadata(LLVMContext::MD_tbaa);
  const auto *Type = Tag && Tag->getNumOperands() > 1
                         ? dyn_cast<MDNode>(Tag->getOperand(1))
                         : nullptr;
  const auto *Name = Type && Type->getNumOperands() > 0
                         ? dyn_cast<MDString>(Type->getOperand(0))
                         : nullptr;
  return Name ? Name->getString() : "";
}

/// The address @p Load reads from, as a base and a constant offset in bytes
/// (a field of a struct or descriptor the base points to).
static std::pair<const Value *, int64_t>
getBaseAndOffset(const LoadInst &Load) {
  const DataLayout &DL = Load.getModule()->getDataLayout();
  APInt Offset(DL.getIndexTypeSizeInBits(Load.getPointerOperandType()), 0);
  const Value *Base =
      Load.getPointerOperand()->stripAndAccumulateConstantOffsets(
          DL, Offset, /*AllowNonInbounds=*/true);
  return {Base, Offset.getSExtValue()};
}

/// The Fortran name of a variable of a main program or module flang keeps
/// in global @p G (`_QFEc`, `_QMkernelsEc`: `c`), or empty.
static StringRef getFortranGlobalName(const GlobalVariable &G) {
  StringRef Name = G.getName();
  size_t E = Name.rfind('E');
  if (!Name.starts_with("_Q") || E == StringRef::npos || E + 1 == Name.size())
    return "";
  return Name.substr(E + 1);
}

/// Whether @p G is a whole descriptor of a variable of a main program or
/// module: flang's `{ptr, i64, i32, i8, i8, i8, i8, [rank x [3 x i64]]}`.
/// SROA and GVN load its fields without the "descriptor member" TBAA tag
/// where they forward a copy of it (one passed to `random_number`).
static bool isFortranDescriptor(const GlobalVariable &G) {
  const auto *T = dyn_cast<StructType>(G.getValueType());
  return T && T->getNumElements() >= 7 && T->getElementType(0)->isPointerTy() &&
         T->getElementType(1)->isIntegerTy(64) &&
         T->getElementType(2)->isIntegerTy(32) &&
         !getFortranGlobalName(G).empty();
}

/// The field of a Fortran descriptor @p Load reads (flang's "descriptor
/// member" accesses): for a dimension's extent or lower bound, `size(a, d)`
/// or `lbound(a, d)` of the array @p Load's descriptor describes; empty
/// otherwise. The descriptor is the
/// C interoperable one: 24 bytes of header, then per dimension its lower
/// bound, extent and byte stride, 8 bytes each. A descriptor in a global
/// (an allocatable of the main program or a module) may be split by
/// GlobalOpt into a global per field, named after its index among the
/// fields (`_QFEc.11`: base address, element length, version, rank, type,
/// attribute and extra 0-6, then lower bound, extent and byte stride per
/// dimension from 7).
static std::string describeDescriptorField(const LoadInst &Load) {
  auto [Base, Bytes] = getBaseAndOffset(Load);
  const auto *Global = dyn_cast<GlobalVariable>(Base);
  if (getAccessTypeName(Load) != "descriptor member" &&
      !(Global && isFortranDescriptor(*Global)))
    return "";
  // A dimension's lower bound or extent, as the source would ask for it.
  auto Bound = [](bool Lower, StringRef Array, int64_t Dim) {
    return (Lower ? "lbound(" : "size(") + Array.str() + ", " +
           std::to_string(Dim) + ")";
  };
  if (const auto *Field = dyn_cast<GlobalVariable>(Load.getPointerOperand());
      Field && getFortranGlobalName(*Field).contains('.')) {
    auto [Array, Index] = getFortranGlobalName(*Field).rsplit('.');
    unsigned I;
    if (Array.empty() || Index.getAsInteger(10, I))
      return "";
    if (I == 0)
      return Array.str();
    if (I < 7 || (I - 7) % 3 == 2)
      return "";
    return Bound((I - 7) % 3 == 0, Array, (I - 7) / 3 + 1);
  }
  // The base address: the array itself.
  if (Bytes == 0)
    return Global ? getFortranGlobalName(*Global).str() : "";
  if (Bytes < 24 || (Bytes - 24) % 24 == 16)
    return "";
  bool Lower = (Bytes - 24) % 24 == 0;
  int64_t Dim = (Bytes - 24) / 24 + 1;
  if (isa<Argument>(Base))
    return Bound(Lower, describeValue(*Base), Dim);
  if (StringRef Array = Global ? getFortranGlobalName(*Global) : "";
      !Array.empty())
    return Bound(Lower, Array, Dim);
  return "";
}

/// The Fortran source's name for a value flang loads, from its TBAA type
/// and globals: a dummy argument's value ("dummy arg data/_QF<procedure>E
/// <name>": `name`) or the first character of a character literal
/// (`_QQclX<hex>`: `'U'`); empty for anything else. flang's IR names neither
/// (`%23`, or `.unpack` for a character it compares).
static std::string describeFortranLoad(const Value &Loaded) {
  const Value *V = &Loaded;
  while (isa<FreezeInst, ZExtInst, SExtInst>(V))
    V = cast<Instruction>(V)->getOperand(0);
  const auto *Load = dyn_cast<LoadInst>(V);
  if (!Load)
    return "";
  if (const auto *Literal = dyn_cast<GlobalVariable>(Load->getPointerOperand());
      Literal && Literal->getName().starts_with("_QQclX") &&
      Load->getType()->isIntegerTy(8)) {
    unsigned Char;
    if (!Literal->getName().substr(6, 2).getAsInteger(16, Char) &&
        isPrint(Char))
      return std::string("'") + char(Char) + "'";
    return "";
  }
  StringRef Dummy = getAccessTypeName(*Load);
  if (!Dummy.consume_front("dummy arg data/_QF"))
    return "";
  size_t Separator = Dummy.rfind('E');
  return Separator == StringRef::npos ? "" : Dummy.substr(Separator + 1).str();
}

/// The C operator of @p Cmp's predicate, or "" for none (whether a float
/// comparison is ordered is no concern of a remark).
static StringRef getOperator(const CmpInst &Cmp) {
  CmpInst::Predicate P = Cmp.getPredicate();
  if (isa<FCmpInst>(Cmp)) {
    // The ordered predicates OEQ, OGT, OGE, OLT, OLE, ONE are 1 to 6.
    static constexpr StringRef Ordered[] = {
        "", "==", ">", ">=", "<", "<=", "!=", ""};
    return Ordered[CmpInst::getOrderedPredicate(P)];
  }
  if (ICmpInst::isEquality(P))
    return P == CmpInst::ICMP_EQ ? "==" : "!=";
  return ICmpInst::isLT(P)   ? "<"
         : ICmpInst::isLE(P) ? "<="
         : ICmpInst::isGT(P) ? ">"
                             : ">=";
}

/// @p Cmp as the source compares: `beta == 0`; empty where a predicate has
/// no operator of C's.
static std::string describeComparison(const CmpInst &Cmp) {
  StringRef Operator = getOperator(Cmp);
  if (Operator.empty())
    return "";
  auto Operand = [](const Value *V) -> std::string {
    if (const auto *FP = dyn_cast<ConstantFP>(V)) {
      SmallString<16> Text;
      FP->getValueAPF().toString(Text);
      return Text.str().str();
    }
    if (const auto *Int = dyn_cast<ConstantInt>(V))
      return std::to_string(Int->getSExtValue());
    return describeValue(*V);
  };
  return Operand(Cmp.getOperand(0)) + " " + Operator.str() + " " +
         Operand(Cmp.getOperand(1));
}

/// The variable @p V is, from its debug records: the function's own
/// before those of calls inlined into it (`this` of `A0.size()` names A0).
static const DILocalVariable *getVariable(const Value &V) {
  SmallVector<DbgVariableRecord *, 2> Records;
  findDbgValues(const_cast<Value *>(&V), Records);
  // A dummy argument passed by reference or by descriptor: its declaration.
  for (DbgVariableRecord *Record : findDVRDeclares(const_cast<Value *>(&V)))
    Records.push_back(Record);
  for (bool Inlined : {false, true})
    for (const DbgVariableRecord *Record : Records)
      if (Record->getExpression()->getNumElements() == 0 &&
          bool(Record->getDebugLoc().getInlinedAt()) == Inlined)
        return Record->getVariable();
  return nullptr;
}

/// The member of a struct or class @p Load reads, as the source names it
/// (`A.cols`, `w->n`), from the debug type of the variable it is read
/// through; empty where that variable or member is unknown (no -g).
static std::string describeMember(const LoadInst &Load) {
  auto [Base, Bytes] = getBaseAndOffset(Load);
  const DILocalVariable *Var = getVariable(*Base);
  if (!Var)
    return "";
  // Through typedefs, qualifiers and one reference or pointer to the
  // struct.
  const DIType *T = Var->getType();
  bool Pointer = false;
  while (const auto *D = dyn_cast_or_null<DIDerivedType>(T)) {
    unsigned Tag = D->getTag();
    if (Tag == dwarf::DW_TAG_pointer_type)
      Pointer = true;
    else if (Tag != dwarf::DW_TAG_reference_type &&
             Tag != dwarf::DW_TAG_rvalue_reference_type &&
             Tag != dwarf::DW_TAG_const_type &&
             Tag != dwarf::DW_TAG_volatile_type &&
             Tag != dwarf::DW_TAG_restrict_type && Tag != dwarf::DW_TAG_typedef)
      return "";
    T = D->getBaseType();
  }
  const auto *Struct = dyn_cast_or_null<DICompositeType>(T);
  if (!Struct || (Struct->getTag() != dwarf::DW_TAG_structure_type &&
                  Struct->getTag() != dwarf::DW_TAG_class_type))
    return "";
  for (const DINode *E : Struct->getElements())
    if (const auto *Member = dyn_cast<DIDerivedType>(E);
        Member && Member->getTag() == dwarf::DW_TAG_member &&
        !Member->isStaticMember() && Bytes >= 0 &&
        Member->getOffsetInBits() == uint64_t(Bytes) * 8)
      return (Var->getName() + (Pointer ? "->" : ".") + Member->getName())
          .str();
  return "";
}

std::string raising::describeValue(const Value &Named) {
  // A flag the loops test, as raise counts it (InvariantConditions.h):
  // `[beta == 0]`, 1 where the comparison holds and 0 where it does not.
  if (const auto *Number = dyn_cast<SelectInst>(&Named);
      Number && Named.getName().contains(".number"))
    if (const auto *Cmp = dyn_cast<CmpInst>(Number->getCondition())) {
      std::string Text = describeComparison(*Cmp);
      if (!Text.empty())
        return "[" + Text + "]";
    }
  // Names the compilers made up (flang's `.unpack`, SROA's
  // `.sroa.683.0.copyload`, raise's `raise.once` for a load read once before
  // the nest) give way to the source's; LLVM's, which start with a dot, to
  // where the value comes from.
  if (!Named.hasName() || Named.getName().starts_with(".") ||
      Named.getName().starts_with("raise.")) {
    std::string Source = describeFortranLoad(Named);
    if (!Source.empty())
      return Source;
  }
  // A member of a struct the source names (`A.cols`, `w->n`), before a load
  // through an argument is taken for a Fortran dummy's value.
  const Value *Loaded = &Named;
  while (isa<FreezeInst, ZExtInst, SExtInst>(Loaded))
    Loaded = cast<Instruction>(Loaded)->getOperand(0);
  if (const auto *Load = dyn_cast<LoadInst>(Loaded)) {
    std::string Member = describeMember(*Load);
    if (!Member.empty())
      return Member;
  }
  const Value &V = getSizeSource(Named);
  // A variable of the main program or a module: its Fortran name (without
  // the index of the field GlobalOpt split it into).
  if (const auto *Global = dyn_cast<GlobalVariable>(&V))
    if (StringRef Name = getFortranGlobalName(*Global); !Name.empty())
      return Name.split('.').first.str();
  if (V.hasName() && !V.getName().starts_with("."))
    return V.getName().str();
  if (const auto *Load = dyn_cast<LoadInst>(&V)) {
    std::string Field = describeDescriptorField(*Load);
    if (!Field.empty())
      return Field;
  }
  if (const DILocalVariable *Var = getVariable(V))
    return Var->getName().str();
  if (const auto *Arg = dyn_cast<Argument>(&V))
    return "arg" + std::to_string(Arg->getArgNo());
  // What a nest versioned on its row tables reads (RowTables.h): the first
  // row of a table, and the distance between its rows.
  if (const auto *Call = dyn_cast<CallInst>(&V);
      Call && Call->getCalledFunction() &&
      Call->getCalledFunction()->getName() == RowDistanceFunction)
    return "row distance of " + describeValue(*Call->getArgOperand(0));
  if (const auto *Ld = dyn_cast<LoadInst>(&V))
    if (const auto *Row = dyn_cast<GEPOperator>(Ld->getPointerOperand());
        Row && Row->getNumIndices() == 1 &&
        Row->getSourceElementType()->isPointerTy() &&
        any_of(Row->getPointerOperand()->users(), [](const User *U) {
          const auto *Call = dyn_cast<CallInst>(U);
          return Call && Call->getCalledFunction() &&
                 Call->getCalledFunction()->getName() == RowDistanceFunction;
        }))
      return "rows of " + describeValue(*Row->getPointerOperand());
  // The same in a copy that may gather its rows (RowGather.h): PHIs of the
  // values above and of their counterparts in the gathered block.
  if (const auto *Phi = dyn_cast<PHINode>(&V);
      Phi && Phi->getNumIncomingValues() == 2 &&
      !isa<PHINode>(Phi->getIncomingValue(0))) {
    std::string Text = describeValue(*Phi->getIncomingValue(0));
    if (StringRef(Text).starts_with("rows of ") ||
        StringRef(Text).starts_with("row distance of "))
      return Text;
  }
  // A value the nest is versioned on that the source loads from an array
  // (Darknet's `char A_PART = A[i*lda+k]` around an inner loop).
  if (const auto *Ld = dyn_cast<LoadInst>(&V)) {
    const Value *Base = getUnderlyingObject(Ld->getPointerOperand());
    if (isa<Argument, GlobalVariable>(Base) || Base->hasName())
      return "an element of " + describeValue(*Base);
  }
  // Nothing in the source names it: say where it comes from rather than
  // print an IR value number (`%7`).
  if (const auto *Call = dyn_cast<CallInst>(&V))
    if (const Function *Callee = Call->getCalledFunction())
      return "the result of " + getSourceName(*Callee);
  if (isa<LoadInst>(&V))
    return "a value loaded before the nest";
  return "a value computed before the nest";
}

std::string raising::describeSize(const SCEV *Size) {
  if (!Size)
    return "?";
  while (const auto *Cast = dyn_cast<SCEVCastExpr>(Size))
    Size = Cast->getOperand(0);
  if (const auto *C = dyn_cast<SCEVConstant>(Size))
    return std::to_string(C->getAPInt().getSExtValue());
  if (const auto *U = dyn_cast<SCEVUnknown>(Size))
    return describeValue(*U->getValue());
  // Sums and products of those, as C writes them: `2 * n + 1`, `n * m`.
  if (isa<SCEVAddExpr, SCEVMulExpr>(Size)) {
    const auto *NAry = cast<SCEVNAryExpr>(Size);
    bool Sum = isa<SCEVAddExpr>(Size);
    std::string Text;
    // SCEV puts a constant first: a term last, a factor first.
    SmallVector<const SCEV *, 4> Ops(NAry->operands());
    if (Sum)
      std::rotate(Ops.begin(), Ops.begin() + 1, Ops.end());
    for (const SCEV *Op : Ops) {
      std::string Part = describeSize(Op);
      if (Part == "?")
        return "?";
      if (!Sum && isa<SCEVAddExpr>(Op))
        Part = "(" + Part + ")";
      if (!Text.empty())
        Text += Sum ? " + " : " * ";
      Text += Part;
    }
    return Text;
  }
  // The counter of a loop around the region (a nest versioned on it).
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(Size); AR && AR->isAffine()) {
    std::string Iteration = "the iteration of the loop";
    if (DebugLoc At = AR->getLoop()->getStartLoc())
      Iteration += " at line " + std::to_string(At.getLine());
    std::string Start = describeSize(AR->getStart());
    std::string Step = describeSize(AR->getOperand(1));
    if (Start == "?" || Step == "?")
      return "?";
    std::string Text =
        Step == "1" ? Iteration : Step + " * (" + Iteration + ")";
    return Start == "0" ? Text : Start + " + " + Text;
  }
  // Clamps, as loop bounds and allocation sizes come: `max(0, n + 2)`.
  if (const auto *Clamp = dyn_cast<SCEVMinMaxExpr>(Size)) {
    std::string Text = isa<SCEVSMaxExpr, SCEVUMaxExpr>(Clamp) ? "max(" : "min(";
    for (auto [I, Op] : llvm::enumerate(Clamp->operands())) {
      std::string Part = describeSize(Op);
      if (Part == "?")
        return "?";
      Text += (I ? ", " : "") + Part;
    }
    return Text + ")";
  }
  if (const auto *Div = dyn_cast<SCEVUDivExpr>(Size)) {
    std::string L = describeSize(Div->getLHS()),
                R = describeSize(Div->getRHS());
    if (L == "?" || R == "?")
      return "?";
    return "(" + L + ") / " + R;
  }
  std::string Text;
  raw_string_ostream OS(Text);
  Size->print(OS);
  return Text;
}

ArraySummary raising::summarizeArray(const polly::ScopArrayInfo &SAI) {
  ArraySummary Array;
  const Value *Base = SAI.getBasePtr();
  Array.Name = Base ? describeValue(*Base) : SAI.getName();
  raw_string_ostream(Array.ElementType) << *SAI.getElementType();
  for (unsigned Dim = 0, E = SAI.getNumberOfDimensions(); Dim < E; ++Dim)
    Array.DimSizes.push_back(describeSize(SAI.getDimensionSize(Dim)));
  return Array;
}

ScopSummary raising::summarizeScop(const polly::Scop &S) {
  ScopSummary Summary;
  Summary.Function = getSourceName(S.getFunction());
  Summary.LoopDepth = S.getMaxLoopDepth();
  Summary.NumStatements = S.getSize();
  // Delinearization gives a reshaped array a new ScopArrayInfo with the same
  // base pointer, appended to S.arrays(), and no access refers to the
  // original any more: list the new one where the original was, so the order
  // stays Polly's. (Arrays only read by hoisted invariant loads have no
  // access in a statement; they are listed as they are.)
  SetVector<const polly::ScopArrayInfo *> Used;
  for (const polly::ScopStmt &Stmt : S)
    for (const polly::MemoryAccess *MA : Stmt)
      if (MA->isLatestArrayKind())
        Used.insert(MA->getLatestScopArrayInfo());
  SmallPtrSet<const polly::ScopArrayInfo *, 8> Listed;
  for (const polly::ScopArrayInfo *SAI : S.arrays()) {
    if (!SAI->isArrayKind())
      continue;
    const polly::ScopArrayInfo *Shown = SAI;
    if (!Used.count(SAI) && SAI->getBasePtr())
      for (const polly::ScopArrayInfo *New : Used)
        if (New->getBasePtr() == SAI->getBasePtr())
          Shown = New;
    if (Listed.insert(Shown).second)
      Summary.Arrays.push_back(summarizeArray(*Shown));
  }
  return Summary;
}

std::string raising::describeRefusals(const DelinearizeReport &Report) {
  std::string Text;
  raw_string_ostream OS(Text);
  ListSeparator Sep("; ");
  for (const ArrayShape &Array : Report.Arrays) {
    if (Array.Outcome != ShapeOutcome::Refused)
      continue;
    OS << Sep;
    print(OS, summarizeArray(*Array.Original));
    OS << " (" << Array.Reason << ")";
  }
  return Text;
}

void raising::print(raw_ostream &OS, const ArraySummary &Array) {
  OS << Array.Name << ": " << Array.ElementType;
  for (const std::string &Size : Array.DimSizes)
    OS << '[' << Size << ']';
}

void raising::print(raw_ostream &OS, const ScopSummary &Summary) {
  OS << "SCoP in " << Summary.Function << ": loop depth " << Summary.LoopDepth
     << ", " << Summary.NumStatements
     << (Summary.NumStatements == 1 ? " statement" : " statements");
  if (Summary.Arrays.empty())
    return;
  OS << ", arrays ";
  ListSeparator Sep;
  for (const ArraySummary &Array : Summary.Arrays) {
    OS << Sep;
    print(OS, Array);
  }
}

std::string raising::describeFixedParameter(polly::Scop &S) {
  isl::set Context = S.getAssumedContext().intersect(S.getContext());
  unsigned NumParams = unsignedFromIslSize(Context.dim(isl::dim::param));
  if (Context.is_empty() || NumParams == 0)
    return "";
  isl::space Space = Context.get_space();
  isl::set Values = isl::manage(isl_set_move_dims(
      Context.copy(), isl_dim_set, 0, isl_dim_param, 0, NumParams));
  for (unsigned I = 0; I < NumParams; ++I) {
    isl::set One = Values.project_out(isl::dim::set, I + 1, NumParams - I - 1)
                       .project_out(isl::dim::set, 0, I);
    if (!One.is_singleton())
      continue;
    isl::val V = One.plain_get_val_if_fixed(isl::dim::set, 0);
    if (V.is_null() || !V.is_int())
      continue;
    // Polly's parameter ids hold their SCEV.
    isl::id Id = Space.get_dim_id(isl::dim::param, I);
    const auto *Param = static_cast<const SCEV *>(Id.get_user());
    return describeSize(Param) + " = " + std::to_string(V.get_num_si());
  }
  return "";
}

bool raising::holdsBeyondOne(polly::Scop &S) {
  isl::set Check = S.getAssumedContext()
                       .intersect(S.getContext())
                       .subtract(S.getInvalidContext());
  unsigned NumParams = unsignedFromIslSize(Check.dim(isl::dim::param));
  for (unsigned I = 0; I < NumParams; ++I)
    Check = Check.lower_bound_si(isl::dim::param, I, 2);
  return !Check.is_empty();
}
