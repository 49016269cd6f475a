//===- MatmulPacking.cpp - Packing the GEMM's A and B panels --------------===//
//
// The packing of raise-tile-matmul: a k block of A's rows or of B's columns
// copied into contiguous panels as wide as the register tile, in the order
// the micro-kernel reads them, with the operand's own side of the body
// applied on the way; by vectors, and by square blocks transposed in
// registers, where the operand's layout allows.
//
//===----------------------------------------------------------------------===//

#include "ExternalFunctions.h"
#include "MatmulTiling.h"
#include "VectorSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::raise;

/// Packs the slice [Base, Base+Cur) x [PC, PC+KCur) of @p X (A: rows by k,
/// B: columns by k) into @p Width-wide panels: panel r0/Width is a
/// contiguous KCur x Width block at r0*KCur, element (p, r) at p*Width + r.
/// The operand's own body operations (Darknet's scaling of A by ALPHA) are
/// applied here, once per element, exactly as the body computes them; the
/// rows or columns past the operand's end are zeros. The operand is read
/// along its contiguous dimension, by vectors where it can be: where that is
/// k, whole panels go by square blocks loaded along k and transposed in
/// registers (as scalar code the backend made the strided stores scatters,
/// an eighth of gemm_nt's time on Zen 4); otherwise 8 rows of k at a time.
void MatmulEmitter::packPanels(Value Buf, const MatmulPlan::Input &In, bool IsA,
                               int64_t Width, Value Base, Value Cur, Value PC,
                               Value KCur) {
  if (!P.PairDot.empty())
    return packPairs(Buf, In, IsA, Width, Base, Cur, PC, KCur);
  OpOperand *X = In.X;
  ArrayRef<Operation *> SideOps = In.Ops;
  Value Arg = P.Op.getMatchingBlockArgument(X);
  Value Wanted = In.Used;
  auto At = [&](Value Outer, Value Pi) {
    return IsA ? indices(X, Outer, Value(), add(PC, Pi))
               : indices(X, Value(), Outer, add(PC, Pi));
  };
  bool KContiguous = P.Op.getMatchingIndexingMap(X).getDimPosition(1) == P.KDim;
  auto Element = [&](Value R0, Value R, Value Pi) {
    Value V =
        memref::LoadOp::create(B, X->get(), At(add(Base, add(R0, R)), Pi));
    V = cloneSide(SideOps, Arg, V, Wanted);
    Value To = add(mul(R0, KCur), add(mul(Pi, cst(Width)), R));
    memref::StoreOp::create(B, V, Buf, ValueRange{To});
  };
  int64_t Block = vectorSide(X, SideOps, Width);
  if (!KContiguous) {
    // A few rows of k at a time across all panels: X is read in runs as
    // long as the slice. (Panel by panel, each k row was a run of one
    // panel's width, a page apart: B's pack in a CNN layer of 64 x 6400 x
    // 288 was a quarter of its time.) Not one row at a time: the panels lie
    // a power of two apart, so one row's stores across them all fell into
    // one L1 set and evicted each other (gemm_tn at 512 x 25 x 4608: 50
    // instead of 58 GFLOP/s). Whole panels go by vectors.
    const int64_t RowsAtOnce = 8;
    const int64_t ElementBytes = P.ElemTy.getIntOrFloatBitWidth() / 8;
    IRMapping Splats = Block ? sideSplats(In, Block) : IRMapping();
    loop(cst(0), KCur, RowsAtOnce, [&](Value P0) {
      Value PEnd = min(add(P0, cst(RowsAtOnce)), KCur);
      loop(cst(0), Cur, Width, [&](Value R0) {
        Value WidthCur = min(cst(Width), sub(Cur, R0));
        auto Scalars = [&] {
          loop(P0, PEnd, 1, [&](Value Pi) {
            loop(cst(0), WidthCur, 1, [&](Value R) { Element(R0, R, Pi); });
          });
        };
        if (!Block)
          return Scalars();
        Value Whole = arith::CmpIOp::create(B, arith::CmpIPredicate::eq,
                                            WidthCur, cst(Width));
        auto If = scf::IfOp::create(B, Whole, /*withElseRegion=*/true);
        OpBuilder::InsertionGuard Guard(B);
        B.setInsertionPoint(If.thenYield());
        loop(P0, PEnd, 1, [&](Value Pi) {
          Value Row = add(mul(R0, KCur), mul(Pi, cst(Width)));
          for (int64_t L = 0; L < Width; L += Block) {
            Value Outer = add(Base, add(R0, cst(L)));
            prefetchOuter(X, Outer, PackPrefetchBytes / ElementBytes,
                          IsA ? M : N, Pi, At);
            vector::StoreOp::create(
                B, loadOnLanes(In, Block, At(Outer, Pi), Splats), Buf,
                ValueRange{add(Row, cst(L))});
          }
        });
        B.setInsertionPoint(If.elseYield());
        Scalars();
      });
    });
  } else {
    loop(cst(0), Cur, Width, [&](Value R0) {
      Value WidthCur = min(cst(Width), sub(Cur, R0));
      Value KBlocked = cst(0);
      if (Block) {
        // Whole panels only: k by whole blocks, then the k left (fewer than
        // a block) by a block of masked rows (one element at a time, the k
        // left were the most of gemm_nt's pack at 16 x 173056 x 27). The
        // side of the body runs on the lanes masked off too, whose results
        // are never stored: only where it cannot trap (no division by what
        // may be zero).
        bool MaskedTail = llvm::all_of(
            SideOps, [](Operation *Op) { return isSpeculatable(Op); });
        Value Whole = arith::CmpIOp::create(B, arith::CmpIPredicate::eq,
                                            WidthCur, cst(Width));
        auto Select = [&](Value IfWhole, Value Else) {
          return arith::SelectOp::create(B, Whole, IfWhole, Else).getResult();
        };
        Value KWhole =
            mul(arith::DivSIOp::create(B, KCur, cst(Block)), cst(Block));
        auto Blocks = [&](Value P0, Value KCount) {
          loop(cst(0), cst(Width), Block, [&](Value R) {
            packBlock(Buf, In, Block, Width, mul(R0, KCur),
                      add(Base, add(R0, R)), IsA ? M : N, R, P0, At, KCount);
          });
        };
        KBlocked = Select(KWhole, cst(0));
        loop(cst(0), KBlocked, Block, [&](Value P0) { Blocks(P0, Value()); });
        if (MaskedTail) {
          Value Left = sub(KCur, KWhole);
          Value Tail = arith::AndIOp::create(
              B, Whole,
              arith::CmpIOp::create(B, arith::CmpIPredicate::sgt, Left,
                                    cst(0)));
          KBlocked = Select(KCur, cst(0));
          OpBuilder::InsertionGuard Guard(B);
          B.setInsertionPoint(
              scf::IfOp::create(B, Tail, /*withElseRegion=*/false).thenYield());
          Blocks(KWhole, Left);
        }
      }
      loop(cst(0), WidthCur, 1, [&](Value R) {
        loop(KBlocked, KCur, 1, [&](Value Pi) { Element(R0, R, Pi); });
      });
    });
  }
  // Zeros past the slice's end.
  forPastEnd(Cur, Width, KCur, [&](Value R0, Value Pi, Value R) {
    Value To = add(mul(R0, KCur), add(mul(Pi, cst(Width)), R));
    memref::StoreOp::create(B, Zero, Buf, ValueRange{To});
  });
}

void MatmulEmitter::prefetchOuter(
    OpOperand *X, Value Outer, int64_t Ahead, Value End, Value Pi,
    function_ref<SmallVector<Value>(Value, Value)> At) {
  Value Row = min(add(Outer, cst(Ahead)), sub(End, cst(1)));
  SmallVector<Value> Idx = At(Row, Pi);
  auto Prefetch = [&](int64_t Locality) {
    memref::PrefetchOp::create(B, X->get(), Idx, /*isWrite=*/false, Locality,
                               /*isDataCache=*/true);
  };
  raise::emitByVendor(B, B.getLoc(), OnIntel, Opts.intelPackPrefetchLocality,
                      Opts.packPrefetchLocality, Prefetch);
}

void MatmulEmitter::forPastEnd(
    Value Cur, int64_t Width, Value Depth,
    function_ref<void(Value R0, Value Pi, Value R)> Body) {
  Value Tail = arith::RemSIOp::create(B, Cur, cst(Width));
  Value Partial =
      arith::CmpIOp::create(B, arith::CmpIPredicate::sgt, Tail, cst(0));
  auto If = scf::IfOp::create(B, Partial, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard Guard(B);
  B.setInsertionPoint(If.thenYield());
  Value R0 = sub(Cur, Tail);
  loop(cst(0), Depth, 1, [&](Value Pi) {
    loop(Tail, cst(Width), 1, [&](Value R) { Body(R0, Pi, R); });
  });
}

void MatmulEmitter::packPairs(Value Buf, const MatmulPlan::Input &In, bool IsA,
                              int64_t Width, Value Base, Value Cur, Value PC,
                              Value KCur) {
  OpOperand *X = In.X;
  Type I16 = B.getI16Type();
  // The input as the 16-bit integer its extension to 32 bits widens.
  bool Signed = isa<arith::ExtSIOp>(In.Ops.front());
  auto Narrow = [&](Value V) -> Value {
    Type To = I16;
    if (auto Vec = dyn_cast<VectorType>(V.getType()))
      To = VectorType::get(Vec.getShape(), I16);
    if (V.getType() == To)
      return V;
    if (Signed)
      return arith::ExtSIOp::create(B, To, V);
    return arith::ExtUIOp::create(B, To, V);
  };
  Value KPad = panelDepth(KCur);
  auto To = [&](Value R0, Value R, Value Pi) {
    Value Pair = mul(arith::DivUIOp::create(B, Pi, cst(2)), cst(2 * Width));
    Value Half = arith::RemUIOp::create(B, Pi, cst(2));
    return add(add(mul(R0, KPad), Pair), add(mul(R, cst(2)), Half));
  };
  auto Store = [&](Value V, Value R0, Value R, Value Pi) {
    memref::StoreOp::create(B, V, Buf, ValueRange{To(R0, R, Pi)});
  };
  auto At = [&](Value Outer, Value Pi) {
    return IsA ? indices(X, Outer, Value(), add(PC, Pi))
               : indices(X, Value(), Outer, add(PC, Pi));
  };
  auto Element = [&](Value R0, Value R, Value Pi) {
    Value V =
        memref::LoadOp::create(B, X->get(), At(add(Base, add(R0, R)), Pi));
    Store(Narrow(V), R0, R, Pi);
  };
  // Read along the operand's contiguous dimension, as packPanels() does
  // without vectors: k innermost where k is contiguous, else a few rows of
  // k at a time across all panels.
  if (P.Op.getMatchingIndexingMap(X).getDimPosition(1) == P.KDim) {
    loop(cst(0), Cur, Width, [&](Value R0) {
      Value WidthCur = min(cst(Width), sub(Cur, R0));
      loop(cst(0), WidthCur, 1, [&](Value R) {
        loop(cst(0), KCur, 1, [&](Value Pi) { Element(R0, R, Pi); });
      });
    });
  } else {
    // A whole panel's two rows of a pair go by vectors where the rows are
    // contiguous: each loaded, made 16-bit, and the two interleaved.
    bool ByVectors = raise::hasUnitInnerStride(X->get());
    SmallVector<int64_t> Interleave;
    for (int64_t R = 0; R < Width; ++R)
      Interleave.append({R, Width + R});
    auto RowTy = VectorType::get({Width}, getElementTypeOrSelf(X->get()));
    const int64_t RowsAtOnce = 8;
    loop(cst(0), KCur, RowsAtOnce, [&](Value P0) {
      Value PEnd = min(add(P0, cst(RowsAtOnce)), KCur);
      loop(cst(0), Cur, Width, [&](Value R0) {
        Value WidthCur = min(cst(Width), sub(Cur, R0));
        auto Scalars = [&](Value From) {
          loop(From, PEnd, 1, [&](Value Pi) {
            loop(cst(0), WidthCur, 1, [&](Value R) { Element(R0, R, Pi); });
          });
        };
        if (!ByVectors)
          return Scalars(P0);
        Value Whole = arith::CmpIOp::create(B, arith::CmpIPredicate::eq,
                                            WidthCur, cst(Width));
        auto If = scf::IfOp::create(B, Whole, /*withElseRegion=*/true);
        OpBuilder::InsertionGuard Guard(B);
        B.setInsertionPoint(If.thenYield());
        // Whole pairs; an odd last k goes alone (P0 is even).
        Value PairsEnd = add(
            P0, mul(arith::DivUIOp::create(B, sub(PEnd, P0), cst(2)), cst(2)));
        loop(P0, PairsEnd, 2, [&](Value Pi) {
          auto Row = [&](Value K) {
            return Narrow(vector::LoadOp::create(B, RowTy, X->get(),
                                                 At(add(Base, R0), K)));
          };
          Value Pair = vector::ShuffleOp::create(
              B, Row(Pi), Row(add(Pi, cst(1))), Interleave);
          vector::StoreOp::create(B, Pair, Buf, ValueRange{To(R0, cst(0), Pi)});
        });
        Scalars(PairsEnd);
        B.setInsertionPoint(If.elseYield());
        Scalars(P0);
      });
    });
  }
  // Zeros: an odd block's last pair's second k, and the rows past the
  // slice's end in its last panel. Zero products add nothing.
  Value Zero16 = arith::ConstantIntOp::create(B, I16, 0);
  Value Odd = arith::CmpIOp::create(B, arith::CmpIPredicate::ne, KPad, KCur);
  auto IfOdd = scf::IfOp::create(B, Odd, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPoint(IfOdd.thenYield());
    loop(cst(0), Cur, Width, [&](Value R0) {
      loop(cst(0), cst(Width), 1, [&](Value R) { Store(Zero16, R0, R, KCur); });
    });
  }
  forPastEnd(Cur, Width, KPad,
             [&](Value R0, Value Pi, Value R) { Store(Zero16, R0, R, Pi); });
}

int64_t MatmulEmitter::vectorSide(OpOperand *X, ArrayRef<Operation *> SideOps,
                                  int64_t Width) {
  if (!raise::hasUnitInnerStride(X->get()) ||
      !llvm::all_of(SideOps, raise::isLaneWise))
    return 0;
  return raise::squareSide(VL, Width);
}

Value MatmulEmitter::loadOnLanes(const MatmulPlan::Input &In, int64_t Lanes,
                                 ValueRange Idx, const IRMapping &Splats,
                                 Value Mask) {
  Value Arg = P.Op.getMatchingBlockArgument(In.X);
  IRMapping Map = Splats;
  auto LoadTy = VectorType::get({Lanes}, getElementTypeOrSelf(In.X->get()));
  if (Mask) {
    Value Zeros = arith::ConstantOp::create(
        B, LoadTy, cast<TypedAttr>(B.getZeroAttr(LoadTy)));
    Map.map(Arg, vector::MaskedLoadOp::create(B, LoadTy, In.X->get(), Idx, Mask,
                                              Zeros));
  } else {
    Map.map(Arg, vector::LoadOp::create(B, LoadTy, In.X->get(), Idx));
  }
  for (Operation *Op : In.Ops)
    raise::cloneOnLanes(B, *Op, Map, Lanes);
  return Map.lookup(In.Used);
}

void MatmulEmitter::packBlock(Value Buf, const MatmulPlan::Input &In,
                              int64_t Block, int64_t Width, Value Panel,
                              Value Outer0, Value End, Value R, Value P0,
                              function_ref<SmallVector<Value>(Value, Value)> At,
                              Value KCount) {
  IRMapping Splats = sideSplats(In, Block);
  Value Mask;
  if (KCount)
    Mask = vector::CreateMaskOp::create(
        B, VectorType::get({Block}, B.getI1Type()), ValueRange{KCount});
  SmallVector<Value> Rows;
  for (int64_t S = 0; S < Block; ++S) {
    // The same k of the next panel's rows, which it reads next.
    prefetchOuter(In.X, Outer0, S + Width, End, P0, At);
    Rows.push_back(
        loadOnLanes(In, Block, At(add(Outer0, cst(S)), P0), Splats, Mask));
  }
  SmallVector<Value> Columns = raise::transposeInRegisters(B, B.getLoc(), Rows);
  for (int64_t C = 0; C < Block; ++C) {
    OpBuilder::InsertionGuard Guard(B);
    // A block of fewer k has at least one.
    if (KCount && C > 0) {
      Value Inside =
          arith::CmpIOp::create(B, arith::CmpIPredicate::sgt, KCount, cst(C));
      B.setInsertionPoint(
          scf::IfOp::create(B, Inside, /*withElseRegion=*/false).thenYield());
    }
    vector::StoreOp::create(
        B, Columns[C], Buf,
        ValueRange{add(Panel, add(mul(add(P0, cst(C)), cst(Width)), R))});
  }
}
