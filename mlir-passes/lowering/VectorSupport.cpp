//===- VectorSupport.cpp - What the vector kernels share ------------------===//

#include "VectorSupport.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

LLVM::LoopAnnotationAttr raise::loopsAsWritten(MLIRContext *Ctx) {
  BoolAttr True = BoolAttr::get(Ctx, true);
  return LLVM::LoopAnnotationAttr::get(
      Ctx, /*disableNonforced=*/{},
      LLVM::LoopVectorizeAttr::get(Ctx, /*disable=*/True, {}, {}, {}, {}, {},
                                   {}),
      /*interleave=*/{},
      LLVM::LoopUnrollAttr::get(Ctx, /*disable=*/True, {}, {}, {}, {}, {}, {}),
      /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{}, /*pipeline=*/{},
      /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
}

raise::KeepLoopsAsWritten::KeepLoopsAsWritten(OpBuilder &B)
    : B(B), Outer(B.getListener()), Annotation(loopsAsWritten(B.getContext())) {
  B.setListener(this);
}

raise::KeepLoopsAsWritten::~KeepLoopsAsWritten() { B.setListener(Outer); }

void raise::KeepLoopsAsWritten::notifyOperationInserted(
    Operation *Op, OpBuilder::InsertPoint Previous) {
  if (isa<scf::ForOp>(Op))
    Op->setAttr("loop_annotation", Annotation);
  if (Outer)
    Outer->notifyOperationInserted(Op, Previous);
}

bool raise::isLaneWise(Operation *Op) {
  if (isa<LLVM::FMulAddOp, LLVM::FMAOp>(Op))
    return true;
  return Op->hasTrait<OpTrait::Elementwise>() &&
         Op->hasTrait<OpTrait::Vectorizable>();
}

Operation *raise::cloneOnLanes(OpBuilder &B, Operation &Op, IRMapping &Map,
                               int64_t Lanes) {
  Operation *New = B.clone(Op, Map);
  for (Value Result : New->getResults())
    Result.setType(VectorType::get({Lanes}, Result.getType()));
  return New;
}

namespace {

/// Vectors being shuffled into the columns of a block of a matrix, with
/// where each lane's element came from (its row and column), so that the
/// columns can be told apart at the end whatever order the rounds leave
/// them in.
class LabelledShuffles {
public:
  LabelledShuffles(
      OpBuilder &B, Location Loc, SmallVector<Value> Vectors,
      function_ref<std::pair<int64_t, int64_t>(int64_t, int64_t)> RowAndColumn)
      : B(B), Loc(Loc), Vectors(std::move(Vectors)) {
    Lanes = cast<VectorType>(this->Vectors[0].getType()).getNumElements();
    for (int64_t V = 0, E = this->Vectors.size(); V < E; ++V) {
      Labels.emplace_back();
      for (int64_t L = 0; L < Lanes; ++L)
        Labels.back().push_back(RowAndColumn(V, L));
    }
  }

  /// Replaces vectors @p X and @p Y by the shuffles @p Low and @p High of
  /// the two.
  void round(int64_t X, int64_t Y, ArrayRef<int64_t> Low,
             ArrayRef<int64_t> High) {
    Value Top = Vectors[X], Bottom = Vectors[Y];
    SmallVector<std::pair<int64_t, int64_t>> Both(Labels[X]);
    Both.append(Labels[Y]);
    Vectors[X] = vector::ShuffleOp::create(B, Loc, Top, Bottom, Low);
    Vectors[Y] = vector::ShuffleOp::create(B, Loc, Top, Bottom, High);
    for (int64_t L = 0; L < Lanes; ++L) {
      Labels[X][L] = Both[Low[L]];
      Labels[Y][L] = Both[High[L]];
    }
  }

  /// Interleaves the lanes of every @p Group consecutive vectors within
  /// each group of @p Group lanes, first element by element, then by pairs,
  /// and so on: x86's unpack instructions within 128-bit lanes, NEON's zip.
  /// Vector k of a group of vectors holding, in lane group g, columns c..
  /// of one row each, ends up holding column c + k of those rows.
  void interleaveGroups(int64_t Group) {
    for (int64_t Width = 1; Width < Group; Width *= 2) {
      SmallVector<int64_t> Low, High;
      for (int64_t L = 0; L < Lanes; ++L) {
        int64_t First = L / Group * Group, Within = L % Group;
        int64_t FromY = Within % (2 * Width) / Width;
        int64_t Source = First + Within / (2 * Width) * Width + L % Width;
        Low.push_back(FromY * Lanes + Source);
        High.push_back(FromY * Lanes + Source + Group / 2);
      }
      for (int64_t V = 0, E = Vectors.size(); V < E; ++V)
        if (V % (2 * Width) < Width)
          round(V, V + Width, Low, High);
    }
  }

  /// Swaps the off-diagonal s x s blocks of every 2s x 2s block, for s
  /// from @p Largest down to @p Smallest.
  void swapBlocks(int64_t Largest, int64_t Smallest) {
    for (int64_t S = Largest; S >= Smallest; S /= 2) {
      SmallVector<int64_t> Low, High;
      for (int64_t L = 0; L < Lanes; ++L) {
        bool Even = (L / S) % 2 == 0;
        Low.push_back(Even ? L : Lanes + L - S);
        High.push_back(Even ? L + S : Lanes + L);
      }
      for (int64_t V = 0, E = Vectors.size(); V < E; ++V)
        if (!(V & S))
          round(V, V + S, Low, High);
    }
  }

  /// The vectors by column, each holding its column's rows in order.
  SmallVector<Value> columns() const {
    SmallVector<Value> Columns(Vectors.size());
    for (auto [Vector, Label] : llvm::zip(Vectors, Labels)) {
      int64_t Column = Label[0].second;
      for (int64_t L = 0; L < Lanes; ++L)
        assert(Label[L] == std::make_pair(L, Column) && "not a transpose");
      Columns[Column] = Vector;
    }
    return Columns;
  }

private:
  OpBuilder &B;
  Location Loc;
  SmallVector<Value> Vectors;
  SmallVector<SmallVector<std::pair<int64_t, int64_t>>> Labels;
  int64_t Lanes;
};

} // namespace

SmallVector<Value> raise::transposeInRegisters(OpBuilder &B, Location Loc,
                                               SmallVector<Value> Rows) {
  int64_t N = Rows.size();
  bool Quads = chunkLanes(Rows[0].getType()) == 4 && N >= 4;
  LabelledShuffles Shuffles(
      B, Loc, std::move(Rows),
      [](int64_t Row, int64_t Column) { return std::make_pair(Row, Column); });
  // 32-bit lanes in groups of four (x86's 128-bit lanes, a whole NEON
  // register) are first interleaved within each group, one unpack
  // instruction each on x86 (the block swaps would need two per vector at
  // their last round); that leaves, in each group of four rows, one column
  // per group of lanes, and the groups are then swapped as blocks.
  if (Quads) {
    Shuffles.interleaveGroups(4);
    Shuffles.swapBlocks(N / 2, 4);
  } else {
    Shuffles.swapBlocks(N / 2, 1);
  }
  return Shuffles.columns();
}

int64_t raise::chunkLanes(Type VectorTy) {
  unsigned Bits = getElementTypeOrSelf(VectorTy).getIntOrFloatBitWidth();
  int64_t Lanes = cast<VectorType>(VectorTy).getNumElements();
  if (Bits == 0 || 128 % Bits != 0)
    return 0;
  int64_t Chunk = 128 / Bits;
  return Chunk >= 2 && Lanes % Chunk == 0 ? Chunk : 0;
}

SmallVector<Value> raise::transposeChunks(OpBuilder &B, Location Loc,
                                          SmallVector<Value> Vectors) {
  int64_t Chunk = Vectors.size();
  LabelledShuffles Shuffles(
      B, Loc, std::move(Vectors), [&](int64_t Vector, int64_t Lane) {
        return std::make_pair(Lane / Chunk * Chunk + Vector, Lane % Chunk);
      });
  Shuffles.interleaveGroups(Chunk);
  return Shuffles.columns();
}

Value raise::concatenate(OpBuilder &B, Location Loc, SmallVector<Value> Parts) {
  while (Parts.size() > 1) {
    int64_t Width = cast<VectorType>(Parts[0].getType()).getNumElements();
    SmallVector<int64_t> Both =
        llvm::to_vector(llvm::seq<int64_t>(0, 2 * Width));
    SmallVector<Value> Halved;
    for (size_t I = 0; I < Parts.size(); I += 2)
      Halved.push_back(
          vector::ShuffleOp::create(B, Loc, Parts[I], Parts[I + 1], Both));
    Parts = std::move(Halved);
  }
  return Parts[0];
}

IRMapping raise::broadcastOperands(OpBuilder &B, Location Loc,
                                   ArrayRef<Operation *> Ops,
                                   ArrayRef<Value> Given, int64_t Lanes,
                                   const IRMapping &Scalars) {
  llvm::SmallPtrSet<Operation *, 8> Defining(Ops.begin(), Ops.end());
  IRMapping Map;
  for (Operation *Op : Ops)
    for (Value V : Op->getOperands()) {
      if (Defining.contains(V.getDefiningOp()) ||
          llvm::is_contained(Given, V) || Map.contains(V))
        continue;
      Map.map(V, vector::BroadcastOp::create(
                     B, Loc, VectorType::get({Lanes}, V.getType()),
                     Scalars.lookupOrDefault(V)));
    }
  return Map;
}

int64_t raise::squareSide(int64_t Lanes, int64_t Width) {
  int64_t Side = 1;
  while (Side * 2 <= Lanes && Width % (Side * 2) == 0)
    Side *= 2;
  return Side >= 4 ? Side : 0;
}

bool raise::hasUnitInnerStride(Value V) {
  auto Type = dyn_cast<MemRefType>(V.getType());
  SmallVector<int64_t> Strides;
  int64_t Offset;
  return Type && succeeded(Type.getStridesAndOffset(Strides, Offset)) &&
         !Strides.empty() && Strides.back() == 1;
}
