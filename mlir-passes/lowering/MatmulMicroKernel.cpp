//===- MatmulMicroKernel.cpp - The GEMM's register-tiled kernel -----------===//
//
// The micro-kernel of raise-tile-matmul: one register tile of C, held in
// vector registers for a whole k block and updated from the packed panels
// with the body's lane-wise operations (an FMA where the target has one),
// and the prefetches of the next tile of C and the next panel of A that
// it issues while it runs.
//
//===----------------------------------------------------------------------===//

#include "MatmulTiling.h"
#include "VectorSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace mlir::raise;

void MatmulEmitter::prefetchNextTile(Value I0, Value J0, int64_t Width,
                                     Value KBegin, Value KCur) {
  // Cache lines per row of the tile, in elements: the first element of each
  // line the row may touch, and its last element.
  int64_t Bytes = P.ElemTy.getIntOrFloatBitWidth() / 8;
  int64_t LineElems = std::max<int64_t>(1, 64 / Bytes);
  SmallVector<int64_t> Offsets;
  for (int64_t Col = 0; Col < Width; Col += LineElems)
    Offsets.push_back(Col);
  Offsets.push_back(Width - 1);
  Value LastRow = sub(M1, cst(1)), LastCol = sub(N1, cst(1));
  auto PrefetchInto = [&](Value Into) {
    for (int64_t R = 0; R < MR; ++R) {
      Value Row = min(add(I0, cst(MR + R)), LastRow);
      for (int64_t Offset : Offsets) {
        Value Col = min(add(J0, cst(Offset)), LastCol);
        memref::PrefetchOp::create(B, Into, indices(P.C, Row, Col, Value()),
                                   /*isWrite=*/true, /*localityHint=*/3,
                                   /*isDataCache=*/true);
      }
    }
  };
  if (!P.Fused)
    return PrefetchInto(P.C->get());
  // The temporary holds the tile between k blocks: prefetching only the
  // output, untouched before the last block, left Darknet's gemm_nt and
  // gemm_tt (a sum in a local scalar) waiting on the temporary (Zen 5,
  // 1024^3: 195-200 GFLOP/s against 240 for gemm_nn). A last block after
  // others reads the next tile's temporary too, before its output; where
  // the only block is both first and last, the temporary is not touched.
  Value Last =
      arith::CmpIOp::create(B, arith::CmpIPredicate::eq, add(KBegin, KCur), K);
  Value First =
      arith::CmpIOp::create(B, arith::CmpIPredicate::eq, KBegin, cst(0));
  Value Only = arith::AndIOp::create(B, First, Last);
  OpBuilder::InsertionGuard Guard(B);
  auto IfShared = scf::IfOp::create(B, Only, /*withElseRegion=*/true);
  B.setInsertionPoint(IfShared.elseYield());
  PrefetchInto(P.C->get());
  B.setInsertionPointAfter(IfShared);
  auto IfLast = scf::IfOp::create(B, Last, /*withElseRegion=*/false);
  B.setInsertionPoint(IfLast.thenYield());
  PrefetchInto(P.Fused->Out->get());
}

/// A tile of C's last columns narrower than NR runs a micro-kernel of fewer
/// vectors: with N = 100 and NR = 32, the last tile's 4 columns took a whole
/// 32-wide kernel, and 512 x 100 x 2304 (a CNN layer) ran at 80 GFLOP/s
/// where 512 x 96 ran at 104.
void MatmulEmitter::registerTile(ArrayRef<Value> APacks, ArrayRef<Value> BPacks,
                                 Value IR, Value JR, Value I0, Value J0,
                                 Value KCur) {
  OpBuilder::InsertionGuard Guard(B);
  if (P.Cut) {
    Value Inside = !CutOnK ? tileInside(I0, J0)
                   : CutOnCols
                       ? rowsReachK(J0, min(cst(NR), sub(N1, J0)), KCur)
                       : rowsReachK(I0, min(cst(MR), sub(M1, I0)), KCur);
    auto If = scf::IfOp::create(B, Inside, /*withElseRegion=*/false);
    B.setInsertionPoint(If.thenYield());
  }
  Value Cols = sub(N1, J0);
  for (int64_t Vectors = 1; Vectors < NV; ++Vectors) {
    Value Fits = arith::CmpIOp::create(B, arith::CmpIPredicate::sle, Cols,
                                       cst(Vectors * VL));
    auto If = scf::IfOp::create(B, Fits, /*withElseRegion=*/true);
    B.setInsertionPoint(If.thenYield());
    microKernel(APacks, BPacks, IR, JR, I0, J0, KCur, Vectors);
    B.setInsertionPoint(If.elseYield());
  }
  microKernel(APacks, BPacks, IR, JR, I0, J0, KCur, NV);
}

Value MatmulEmitter::tileInside(Value I0, Value J0) {
  // Below: some n < m + offset, so the first column against the last row;
  // above: some n >= m + offset, the last column against the first row.
  if (CutBelow) {
    Value LastRow = sub(min(add(I0, cst(MR)), M1), cst(1));
    return arith::CmpIOp::create(B, arith::CmpIPredicate::slt, J0,
                                 add(LastRow, CutOffset));
  }
  Value LastCol = sub(min(add(J0, cst(NR)), N1), cst(1));
  return arith::CmpIOp::create(B, arith::CmpIPredicate::sge, LastCol,
                               add(I0, CutOffset));
}

Value MatmulEmitter::rowsReachK(Value FirstRow, Value Rows, Value KCur) {
  // Below: some k < m + offset, so the block's first k against the last
  // row; above: some k >= m + offset, its last k against the first row.
  if (CutBelow)
    return arith::CmpIOp::create(
        B, arith::CmpIPredicate::slt, KBegin,
        add(sub(add(FirstRow, Rows), cst(1)), CutOffset));
  return arith::CmpIOp::create(B, arith::CmpIPredicate::sge,
                               sub(add(KBegin, KCur), cst(1)),
                               add(FirstRow, CutOffset));
}

Value MatmulEmitter::laneMask(Value Row, Value Col0, Value Count) {
  auto MaskTy = VectorType::get({VL}, B.getI1Type());
  auto Clamp = [&](Value V) { return max(min(V, Count), cst(0)); };
  if (!P.Cut || CutOnK)
    return vector::CreateMaskOp::create(B, MaskTy, ValueRange{Count});
  // The row's columns inside: before m + offset (below), or from it on.
  Value Edge = sub(add(Row, CutOffset), Col0);
  if (CutBelow)
    return vector::CreateMaskOp::create(B, MaskTy, ValueRange{Clamp(Edge)});
  Value Upto = vector::CreateMaskOp::create(B, MaskTy, ValueRange{Count});
  Value Before =
      vector::CreateMaskOp::create(B, MaskTy, ValueRange{Clamp(Edge)});
  Value All = arith::ConstantOp::create(B, MaskTy,
                                        DenseElementsAttr::get(MaskTy, true));
  return arith::AndIOp::create(B, Upto, arith::XOrIOp::create(B, Before, All));
}

/// One MR x (@p Vectors * VL) tile of C at (I0, J0): the tile is loaded into
/// MR * @p Vectors vector registers (masked at the edges of C), updated for
/// each p of the k block in ascending order with the body's lane-wise
/// operations, and stored back.
void MatmulEmitter::microKernel(ArrayRef<Value> APacks, ArrayRef<Value> BPacks,
                                Value IR, Value JR, Value I0, Value J0,
                                Value KCur, int64_t Vectors) {
  Value Rows = min(cst(MR), sub(M1, I0));
  Value Cols = min(cst(Vectors * VL), sub(N1, J0));
  Value VZero = arith::ConstantOp::create(
      B, VecTy, cast<TypedAttr>(B.getZeroAttr(VecTy)));

  // Masks and (always in-bounds) addresses of the tile's vectors. A row or
  // vector wholly outside C gets an empty mask and C's first element of the
  // tile as its address.
  SmallVector<Value> Masks, RowIdx, ColIdx;
  for (int64_t R = 0; R < MR; ++R) {
    Value RowOk =
        arith::CmpIOp::create(B, arith::CmpIPredicate::slt, cst(R), Rows);
    Value Row = arith::SelectOp::create(B, RowOk, add(I0, cst(R)), I0);
    for (int64_t V = 0; V < Vectors; ++V) {
      Value Count = max(min(sub(Cols, cst(V * VL)), cst(VL)), cst(0));
      Count = arith::SelectOp::create(B, RowOk, Count, cst(0));
      Value ColOk =
          arith::CmpIOp::create(B, arith::CmpIPredicate::sgt, Count, cst(0));
      Value Col = arith::SelectOp::create(B, ColOk, add(J0, cst(V * VL)), J0);
      Masks.push_back(laneMask(Row, Col, Count));
      RowIdx.push_back(Row);
      ColIdx.push_back(Col);
    }
  }
  // A tile wholly inside C (and, where a triangle cuts C's elements, no
  // edge of it) moves with plain loads and stores (Whole): AVX2's masked
  // ones are slow on AMD cores (Zen 3: Darknet's 16 x 173056 x 27, one
  // load and store of each tile per 27 k steps, ran 1.08-1.29x faster).
  // A tile on C's last rows does so row by row: its rows inside move plain
  // where all their columns are, its rows outside not at all (with 6-row
  // tiles, 16 rows leave a third of the tiles 4 rows high).
  Value Whole, ColsFull;
  if (!P.Cut || CutOnK) {
    ColsFull = arith::CmpIOp::create(B, arith::CmpIPredicate::eq, Cols,
                                     cst(Vectors * VL));
    Whole = arith::AndIOp::create(
        B, arith::CmpIOp::create(B, arith::CmpIPredicate::eq, Rows, cst(MR)),
        ColsFull);
  }
  SmallVector<SmallVector<Value>> Idx;
  for (size_t T = 0; T < Masks.size(); ++T)
    Idx.push_back(indices(P.C, RowIdx[T], ColIdx[T], Value()));
  // The vectors [First, First + Count) of the tile, from C.
  auto LoadVectors = [&](size_t First, size_t Count, bool Masked) {
    SmallVector<Value> Loaded;
    for (size_t T = First; T < First + Count; ++T)
      Loaded.push_back(
          Masked ? vector::MaskedLoadOp::create(B, VecTy, P.C->get(), Idx[T],
                                                Masks[T], VZero)
                       .getResult()
                 : vector::LoadOp::create(B, VecTy, P.C->get(), Idx[T])
                       .getResult());
    return Loaded;
  };
  // scf.if on @p Cond yielding @p Count vectors from each branch.
  auto Select = [&](Value Cond, size_t Count,
                    function_ref<SmallVector<Value>()> Then,
                    function_ref<SmallVector<Value>()> Else) {
    auto If = scf::IfOp::create(B, SmallVector<Type>(Count, VecTy), Cond,
                                /*withElseRegion=*/true);
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPointToStart(If.thenBlock());
    scf::YieldOp::create(B, Then());
    B.setInsertionPointToStart(If.elseBlock());
    scf::YieldOp::create(B, Else());
    return SmallVector<Value>(If.getResults());
  };
  auto RowIn = [&](int64_t R) {
    return arith::CmpIOp::create(B, arith::CmpIPredicate::slt, cst(R), Rows);
  };
  auto LoadEdge = [&] {
    SmallVector<Value> Loaded;
    for (int64_t R = 0; R < MR; ++R) {
      Value In = RowIn(R);
      Loaded.append(Select(
          arith::AndIOp::create(B, In, ColsFull), Vectors,
          [&] { return LoadVectors(R * Vectors, Vectors, /*Masked=*/false); },
          [&] {
            return Select(
                In, Vectors,
                [&] {
                  return LoadVectors(R * Vectors, Vectors, /*Masked=*/true);
                },
                [&] { return SmallVector<Value>(Vectors, VZero); });
          }));
    }
    return Loaded;
  };
  auto LoadC = [&]() -> SmallVector<Value> {
    if (!Whole)
      return LoadVectors(0, Masks.size(), /*Masked=*/true);
    return Select(
        Whole, Masks.size(),
        [&] { return LoadVectors(0, Masks.size(), /*Masked=*/false); },
        LoadEdge);
  };
  SmallVector<Value> Acc;
  if (!P.Fused) {
    Acc = LoadC();
  } else {
    // The first k block starts from the fill's value: C holds nothing yet.
    Value First =
        arith::CmpIOp::create(B, arith::CmpIPredicate::eq, KBegin, cst(0));
    Acc = Select(
        First, Masks.size(),
        [&] {
          Value Init = vector::BroadcastOp::create(B, VecTy, P.Fused->Init);
          return SmallVector<Value>(Masks.size(), Init);
        },
        LoadC);
  }

  prefetchNextTile(I0, J0, Vectors * VL, KBegin, KCur);

  Value ArgC = P.Op.getMatchingBlockArgument(P.C);
  Value APanel = mul(IR, panelDepth(KCur));
  Value BPanel = mul(JR, panelDepth(KCur));
  // Where the cut is on k, row R of the tile sums over the block's p from
  // (above) or before (below) Edges[R]; the p where only some rows do run
  // in a loop of their own that keeps the others' accumulators as they
  // are, so that each row adds exactly its own terms in ascending k.
  SmallVector<Value> Edges;
  if (CutOnK && !CutOnCols)
    for (int64_t R = 0; R < MR; ++R)
      Edges.push_back(sub(add(add(I0, cst(R)), CutOffset), KBegin));
  // Where the cut is on k against C's columns, lane n sums over the p from
  // (above) or before (below) n + offset - KBegin: the tile's first and
  // last columns bound the p where only some lanes do, and a mask per p
  // and vector gives each vector's lanes inside.
  if (CutOnCols)
    for (int64_t Col : {int64_t(0), Vectors * VL - 1})
      Edges.push_back(sub(add(add(J0, cst(Col)), CutOffset), KBegin));
  auto LanesInside = [&](ImplicitLocOpBuilder &KB, Value Pi, int64_t V) {
    // The lanes before Count have n + offset <= KBegin + p.
    auto I = [&](int64_t C) { return arith::ConstantIndexOp::create(KB, C); };
    Value Count = arith::SubIOp::create(
        KB, arith::AddIOp::create(KB, Pi, I(1 - V * VL)), Edges.front());
    Count = arith::MaxSIOp::create(KB, arith::MinSIOp::create(KB, Count, I(VL)),
                                   I(0));
    auto MaskTy = VectorType::get({VL}, KB.getI1Type());
    Value Upto = vector::CreateMaskOp::create(KB, MaskTy, ValueRange{Count});
    if (!CutBelow)
      return Upto;
    Value All = arith::ConstantOp::create(KB, MaskTy,
                                          DenseElementsAttr::get(MaskTy, true));
    return arith::XOrIOp::create(KB, Upto, All).getResult();
  };
  auto KLoop = [&](Value Lo, Value Hi, ValueRange Init, bool Masked) {
    return scf::ForOp::create(
        B, Lo, Hi, cst(1), Init,
        [&](OpBuilder &Nested, Location Loc, Value Pi, ValueRange Iter) {
          ImplicitLocOpBuilder KB(Loc, Nested);
          auto I = [&](int64_t V) {
            return arith::ConstantIndexOp::create(KB, V);
          };
          Value BRow = arith::AddIOp::create(
              KB, BPanel, arith::MulIOp::create(KB, Pi, I(NR)));
          Value ARow = arith::AddIOp::create(
              KB, APanel, arith::MulIOp::create(KB, Pi, I(MR)));
          if (PrefetchA)
            prefetchNextA(KB, arith::AddIOp::create(KB, NextARow, IR), NextAK,
                          KCur, Pi);
          // Per input of B, the row's vectors; per input of A, its element.
          SmallVector<SmallVector<Value>> BVecs(BPacks.size());
          for (auto [Pack, Vecs] : llvm::zip(BPacks, BVecs))
            for (int64_t V = 0; V < Vectors; ++V)
              Vecs.push_back(vector::LoadOp::create(
                  KB, VecTy, Pack,
                  ValueRange{arith::AddIOp::create(KB, BRow, I(V * VL))}));
          SmallVector<Value> Next;
          for (int64_t R = 0; R < MR; ++R) {
            SmallVector<Value> ASplats;
            for (Value Pack : APacks)
              ASplats.push_back(vector::BroadcastOp::create(
                  KB, VecTy,
                  memref::LoadOp::create(
                      KB, Pack,
                      ValueRange{arith::AddIOp::create(KB, ARow, I(R))})));
            Value RowInside;
            if (Masked && !CutOnCols)
              RowInside =
                  arith::CmpIOp::create(KB,
                                        CutBelow ? arith::CmpIPredicate::slt
                                                 : arith::CmpIPredicate::sge,
                                        Pi, Edges[R]);
            for (int64_t V = 0; V < Vectors; ++V) {
              IRMapping Map = KernelSplats;
              for (auto [In, Splat] : llvm::zip(P.As, ASplats))
                Map.map(In.Used, Splat);
              for (auto [In, Vecs] : llvm::zip(P.Bs, BVecs))
                Map.map(In.Used, Vecs[V]);
              Value Old = Iter[R * Vectors + V];
              Map.map(ArgC, Old);
              for (Operation *Op : P.KernelOps) {
                if (Opts.targetHasFma && isa<LLVM::FMulAddOp>(Op)) {
                  // On a target with FMA the backend fuses fmuladd anyway:
                  // an explicit fma is the same operation.
                  Value Fma =
                      vector::FMAOp::create(KB, Map.lookup(Op->getOperand(0)),
                                            Map.lookup(Op->getOperand(1)),
                                            Map.lookup(Op->getOperand(2)));
                  Map.map(Op->getResult(0), Fma);
                } else {
                  raise::cloneOnLanes(KB, *Op, Map, VL);
                }
              }
              Value New = Map.lookup(P.Result);
              Value Inside = RowInside;
              if (Masked && CutOnCols)
                Inside = LanesInside(KB, Pi, V);
              Next.push_back(Masked
                                 ? arith::SelectOp::create(KB, Inside, New, Old)
                                       .getResult()
                                 : New);
            }
          }
          scf::YieldOp::create(KB, Next);
        });
  };
  // k in pairs (MatmulPlan::PairDot): per pair, each row's two elements of
  // A as one 32-bit word broadcast, each vector of B's 16-bit pairs, and
  // the intrinsic's sums of the two products per lane added to the tile.
  auto PairLoop = [&](ValueRange Init) {
    auto PairTy = VectorType::get({2 * VL}, B.getI16Type());
    auto WordTy = VectorType::get({2}, B.getI16Type());
    auto OneWordTy = VectorType::get({1}, B.getI32Type());
    auto WordsTy = VectorType::get({VL}, B.getI32Type());
    StringAttr Dot = B.getStringAttr(P.PairDot);
    Value Pairs = arith::DivUIOp::create(B, panelDepth(KCur), cst(2));
    return scf::ForOp::create(
        B, cst(0), Pairs, cst(1), Init,
        [&](OpBuilder &Nested, Location Loc, Value Qi, ValueRange Iter) {
          ImplicitLocOpBuilder KB(Loc, Nested);
          auto I = [&](int64_t V) {
            return arith::ConstantIndexOp::create(KB, V);
          };
          auto At = [&](Value Panel, int64_t Width, int64_t Offset) {
            return arith::AddIOp::create(
                KB, Panel,
                arith::AddIOp::create(
                    KB, arith::MulIOp::create(KB, Qi, I(2 * Width)),
                    I(Offset)));
          };
          if (PrefetchA)
            for (int64_t Half = 0; Half < 2; ++Half)
              prefetchNextA(
                  KB, arith::AddIOp::create(KB, NextARow, IR), NextAK, KCur,
                  arith::AddIOp::create(KB, arith::MulIOp::create(KB, Qi, I(2)),
                                        I(Half)));
          SmallVector<Value> BVecs;
          for (int64_t V = 0; V < Vectors; ++V)
            BVecs.push_back(
                vector::LoadOp::create(KB, PairTy, BPacks.front(),
                                       ValueRange{At(BPanel, NR, V * 2 * VL)}));
          SmallVector<Value> Next;
          for (int64_t R = 0; R < MR; ++R) {
            Value Word = vector::LoadOp::create(
                KB, WordTy, APacks.front(), ValueRange{At(APanel, MR, 2 * R)});
            Word = vector::ExtractOp::create(
                KB, vector::BitCastOp::create(KB, OneWordTy, Word), 0);
            Value ASplat = vector::BitCastOp::create(
                KB, PairTy, vector::BroadcastOp::create(KB, WordsTy, Word));
            for (int64_t V = 0; V < Vectors; ++V) {
              Value Sums = LLVM::CallIntrinsicOp::create(
                               KB, WordsTy, Dot, ValueRange{ASplat, BVecs[V]})
                               .getResult(0);
              Next.push_back(
                  arith::AddIOp::create(KB, Iter[R * Vectors + V], Sums));
            }
          }
          scf::YieldOp::create(KB, Next);
        });
  };
  scf::ForOp Full;
  ValueRange Result;
  if (!P.PairDot.empty()) {
    Full = PairLoop(Acc);
    Result = Full.getResults();
  } else if (!CutOnK) {
    Full = KLoop(cst(0), KCur, Acc, /*Masked=*/false);
    Result = Full.getResults();
  } else {
    auto Clamp = [&](Value V) { return max(min(V, KCur), cst(0)); };
    Value First = Clamp(Edges.front()), Last = Clamp(Edges.back());
    if (CutBelow) {
      Full = KLoop(cst(0), First, Acc, /*Masked=*/false);
      Result =
          KLoop(First, Last, Full.getResults(), /*Masked=*/true).getResults();
    } else {
      scf::ForOp Edge = KLoop(First, Last, Acc, /*Masked=*/true);
      Full = KLoop(Last, KCur, Edge.getResults(), /*Masked=*/false);
      Result = Full.getResults();
    }
  }
  auto Store = [&](bool Finish) {
    if (!Whole)
      return storeTile(Result, Idx, Masks, Finish);
    auto If = scf::IfOp::create(B, Whole, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPoint(If.thenYield());
    storeTile(Result, Idx, {}, Finish);
    B.setInsertionPoint(If.elseYield());
    for (int64_t R = 0; R < MR; ++R) {
      ValueRange Row = Result.slice(R * Vectors, Vectors);
      auto RowAt = ArrayRef(Idx).slice(R * Vectors, Vectors);
      Value In = RowIn(R);
      auto Full = scf::IfOp::create(B, arith::AndIOp::create(B, In, ColsFull),
                                    /*withElseRegion=*/true);
      OpBuilder::InsertionGuard RowGuard(B);
      B.setInsertionPoint(Full.thenYield());
      storeTile(Row, RowAt, {}, Finish);
      B.setInsertionPoint(Full.elseYield());
      auto Inside = scf::IfOp::create(B, In, /*withElseRegion=*/false);
      B.setInsertionPoint(Inside.thenYield());
      storeTile(Row, RowAt, ArrayRef(Masks).slice(R * Vectors, Vectors),
                Finish);
    }
  };
  if (!P.Fused) {
    Store(/*Finish=*/false);
  } else {
    // The last k block's tile goes through the epilogue into its output.
    Value Last = arith::CmpIOp::create(B, arith::CmpIPredicate::eq,
                                       add(KBegin, KCur), K);
    auto If = scf::IfOp::create(B, Last, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPoint(If.thenYield());
    Store(/*Finish=*/true);
    B.setInsertionPoint(If.elseYield());
    Store(/*Finish=*/false);
  }
  // Unrolled after the stores exist, so that they read the epilogue loop's
  // results. Unrolling keeps the order of p; the epilogue, a clone, keeps
  // the loop's metadata.
  if (Opts.kUnroll > 1)
    (void)loopUnrollByFactor(Full, Opts.kUnroll);
}

void MatmulEmitter::storeTile(ValueRange Tile, ArrayRef<SmallVector<Value>> Idx,
                              ArrayRef<Value> Masks, bool Finish) {
  Value To = Finish ? P.Fused->Out->get() : P.C->get();
  Value VZero;
  if (Finish && !Masks.empty())
    VZero = arith::ConstantOp::create(B, VecTy,
                                      cast<TypedAttr>(B.getZeroAttr(VecTy)));
  for (auto [T, Vec] : llvm::enumerate(Tile)) {
    Value V = Vec;
    if (Finish) {
      // The epilogue's body on the tile's vector and the output's.
      linalg::GenericOp E = P.Fused->Epilogue;
      Value Old = Masks.empty()
                      ? vector::LoadOp::create(B, VecTy, To, Idx[T]).getResult()
                      : vector::MaskedLoadOp::create(B, VecTy, To, Idx[T],
                                                     Masks[T], VZero)
                            .getResult();
      IRMapping Map = EpilogueSplats;
      Map.map(E.getMatchingBlockArgument(E.getDpsInputOperand(0)), V);
      Map.map(E.getMatchingBlockArgument(P.Fused->Out), Old);
      for (Operation &Op : E.getBlock()->without_terminator())
        raise::cloneOnLanes(B, Op, Map, VL);
      V = Map.lookup(E.getBlock()->getTerminator()->getOperand(0));
    }
    if (Masks.empty())
      vector::StoreOp::create(B, V, To, Idx[T]);
    else
      vector::MaskedStoreOp::create(B, To, Idx[T], Masks[T], V);
  }
}

void MatmulEmitter::prefetchNextA(ImplicitLocOpBuilder &KB, Value Row0,
                                  Value K0, Value Depth, Value Line) {
  auto I = [&](int64_t V) { return arith::ConstantIndexOp::create(KB, V); };
  auto Add = [&](Value L, Value R) { return arith::AddIOp::create(KB, L, R); };
  auto Mul = [&](Value L, Value R) { return arith::MulIOp::create(KB, L, R); };
  auto Min = [&](Value L, Value R) { return arith::MinSIOp::create(KB, L, R); };
  auto Last = [&](Value V) { return arith::SubIOp::create(KB, V, I(1)); };
  int64_t LineElems =
      std::max<int64_t>(1, 512 / P.ElemTy.getIntOrFloatBitWidth());
  Value Row, Col;
  OpOperand *A = P.As.front().X;
  if (P.Op.getMatchingIndexingMap(A).getDimPosition(1) == P.KDim) {
    // Rows along k: the MR rows' first lines, then their second lines...
    Row = Add(Row0, arith::RemUIOp::create(KB, Line, I(MR)));
    Col = Add(K0, Mul(arith::DivUIOp::create(KB, Line, I(MR)), I(LineElems)));
  } else {
    int64_t Lines = llvm::divideCeil(MR, LineElems);
    Row = Add(Row0,
              Mul(arith::RemUIOp::create(KB, Line, I(Lines)), I(LineElems)));
    Col = Add(K0, arith::DivUIOp::create(KB, Line, I(Lines)));
  }
  // The bounds do not vary with the line: one minimum each in the loop.
  Row = Min(Row, Min(Add(Row0, I(MR - 1)), Last(M1)));
  Col = Min(Col, Min(Last(Add(K0, Depth)), Last(K)));
  memref::PrefetchOp::create(KB, A->get(), indices(A, Row, Value(), Col),
                             /*isWrite=*/false, /*localityHint=*/2,
                             /*isDataCache=*/true);
}
