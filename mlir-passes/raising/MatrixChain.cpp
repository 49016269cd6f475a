//===- MatrixChain.cpp - The raise-matrix-chain pass ----------------------===//
//
// A chain `T = 0; T += A*B; D += T*C` computes D += A*B*C in one order of
// many; with n matrices there are Catalan(n-1) orders and their costs can
// differ by orders of magnitude. The pass finds such chains through dead
// zero-filled temporaries, and recomputes them in the cheapest order (a
// compile-time dynamic program, or a run-time choice when sizes are not
// constants). Only under allow-reassoc: reordering changes rounding.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEMATRIXCHAIN
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using namespace mlir::raise;

namespace {

/// A parenthesization of leaves [First, Last]: a leaf, or the product of
/// [First, Split] and [Split + 1, Last].
struct Order {
  unsigned First = 0, Last = 0;
  std::shared_ptr<Order> L, R;
  bool isLeaf() const { return !L; }
};
using OrderPtr = std::shared_ptr<Order>;

std::string print(const Order &O) {
  if (O.isLeaf())
    return "M" + std::to_string(O.First);
  return "(" + print(*O.L) + " " + print(*O.R) + ")";
}

/// One dimension of the chain: p[0] x p[1], p[1] x p[2], ...
struct Size {
  std::optional<int64_t> Static;
  Value Dynamic; ///< A memref.dim, when not static.
};

/// A chain found in the IR: the last matmul, its matrices in product order,
/// the source's order, and the operations that only serve the chain.
struct Chain {
  mutable linalg::MatmulOp Root;
  SmallVector<Value> Leaves;
  OrderPtr Source;
  SmallVector<Operation *> Ops; ///< Matmuls, fills, deallocs of temporaries.
  SmallVector<Operation *> Allocs;
};

bool isPlainMatmul(linalg::MatmulOp Op) {
  if (!Op.hasPureBufferSemantics() || Op.hasUserDefinedMaps() ||
      Op.getNumDpsInputs() != 2)
    return false;
  Type Elem;
  for (Value V : Op->getOperands()) {
    auto T = dyn_cast<MemRefType>(V.getType());
    if (!T || T.getRank() != 2 || (Elem && T.getElementType() != Elem))
      return false;
    Elem = T.getElementType();
  }
  return true;
}

bool isZero(Value V) {
  return matchPattern(V, m_AnyZeroFloat()) || matchPattern(V, m_Zero());
}

/// The memref a view is a view of.
Value baseOf(Value V) {
  while (auto View = V.getDefiningOp<ViewLikeOpInterface>())
    V = View.getViewSource();
  return V;
}

class ChainFinder {
public:
  /// The chain that ends in `Root`, or why there is none (empty Why and no
  /// chain: Root is a plain matmul of two matrices).
  std::optional<Chain> find(linalg::MatmulOp Root, std::string &Why) {
    Chain C;
    C.Root = Root;
    C.Source = expandProduct(Root, C);
    if (C.Leaves.size() < 3)
      return std::nullopt;
    Why = checkChain(C);
    if (!Why.empty())
      return std::nullopt;
    return C;
  }

private:
  OrderPtr expandProduct(linalg::MatmulOp Op, Chain &C) {
    auto O = std::make_shared<Order>();
    O->L = expand(Op.getDpsInputOperand(0)->get(), Op, C);
    O->R = expand(Op.getDpsInputOperand(1)->get(), Op, C);
    O->First = O->L->First;
    O->Last = O->R->Last;
    return O;
  }

  OrderPtr expand(Value V, linalg::MatmulOp Consumer, Chain &C) {
    SmallVector<Operation *> Ops;
    if (linalg::MatmulOp Producer = deadTemp(V, Consumer, Ops)) {
      C.Ops.append(Ops);
      C.Allocs.push_back(V.getDefiningOp());
      return expandProduct(Producer, C);
    }
    auto O = std::make_shared<Order>();
    O->First = O->Last = C.Leaves.size();
    C.Leaves.push_back(V);
    return O;
  }

  /// The matmul that computes `V` if `V` is a temporary that lives only to
  /// carry one product into `Consumer`: allocated in the function, filled
  /// with zero, written by that matmul, read once by `Consumer`, freed.
  linalg::MatmulOp deadTemp(Value V, linalg::MatmulOp Consumer,
                            SmallVectorImpl<Operation *> &Ops) {
    Operation *Alloc = V.getDefiningOp();
    if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(Alloc))
      return {};
    linalg::FillOp Fill;
    linalg::MatmulOp Producer;
    unsigned Reads = 0;
    SmallVector<Operation *> Deallocs;
    for (OpOperand &Use : V.getUses()) {
      Operation *User = Use.getOwner();
      auto Mm = dyn_cast<linalg::MatmulOp>(User);
      if (User == Consumer.getOperation() && Consumer.isDpsInput(&Use)) {
        ++Reads;
      } else if (Mm && Mm != Consumer && isPlainMatmul(Mm) &&
                 Mm.isDpsInit(&Use) && !Producer) {
        Producer = Mm;
      } else if (auto F = dyn_cast<linalg::FillOp>(User);
                 F && F.isDpsInit(&Use) && !Fill &&
                 isZero(F.getDpsInputOperand(0)->get())) {
        Fill = F;
      } else if (isa<memref::DeallocOp>(User)) {
        Deallocs.push_back(User);
      } else {
        return {};
      }
    }
    if (Reads != 1 || !Producer || !Fill || Deallocs.size() > 1)
      return {};
    Block *Blk = Consumer->getBlock();
    if (Fill->getBlock() != Blk || Producer->getBlock() != Blk ||
        !Fill->isBeforeInBlock(Producer) ||
        !Producer->isBeforeInBlock(Consumer))
      return {};
    // The producer must not also read the temporary it writes.
    for (OpOperand *In : Producer.getDpsInputOperands())
      if (In->get() == V)
        return {};
    for (Operation *D : Deallocs)
      if (D->getBlock() != Blk || D->isBeforeInBlock(Consumer))
        return {};
    Ops.push_back(Fill);
    Ops.push_back(Producer);
    Ops.append(Deallocs);
    return Producer;
  }

  /// What makes recomputing the chain at its root wrong, or "".
  std::string checkChain(const Chain &C) {
    Value Out = C.Root.getDpsInitOperand(0)->get();
    for (Value Leaf : C.Leaves)
      if (baseOf(Leaf) == baseOf(Out))
        return "the chain's result is also one of its matrices";
    // Every matrix is read at the root instead of where the source read
    // it: nothing between the chain's first operation and its root may
    // write memory.
    llvm::SmallPtrSet<Operation *, 16> Own(C.Ops.begin(), C.Ops.end());
    Operation *First = C.Root;
    for (Operation *Op : C.Ops)
      if (Op->isBeforeInBlock(First))
        First = Op;
    for (Operation *Op = First; Op != C.Root.getOperation();
         Op = Op->getNextNode()) {
      if (Own.contains(Op) || isMemoryEffectFree(Op))
        continue;
      auto Effects = dyn_cast<MemoryEffectOpInterface>(Op);
      if (!Effects || Op->getNumRegions() != 0 ||
          !Effects.onlyHasEffect<MemoryEffects::Read>())
        if (!isa<memref::AllocOp, memref::AllocaOp>(Op))
          return "an operation between the chain's matmuls may write memory "
                 "('" +
                 Op->getName().getStringRef().str() + "')";
    }
    return "";
  }
};

/// The cheapest order of a chain with constant sizes P (n+1 of them), by
/// the classic dynamic program; ties prefer the earlier split.
OrderPtr cheapestOrder(ArrayRef<int64_t> P, int64_t &Cost) {
  unsigned N = P.size() - 1;
  std::vector<std::vector<int64_t>> Best(N, std::vector<int64_t>(N, 0));
  std::vector<std::vector<unsigned>> Split(N, std::vector<unsigned>(N, 0));
  for (unsigned Len = 2; Len <= N; ++Len)
    for (unsigned I = 0; I + Len <= N; ++I) {
      unsigned J = I + Len - 1;
      Best[I][J] = std::numeric_limits<int64_t>::max();
      for (unsigned K = I; K < J; ++K) {
        int64_t C = Best[I][K] + Best[K + 1][J] + P[I] * P[K + 1] * P[J + 1];
        if (C < Best[I][J]) {
          Best[I][J] = C;
          Split[I][J] = K;
        }
      }
    }
  std::function<OrderPtr(unsigned, unsigned)> Build = [&](unsigned I,
                                                          unsigned J) {
    auto O = std::make_shared<Order>();
    O->First = I;
    O->Last = J;
    if (I != J) {
      O->L = Build(I, Split[I][J]);
      O->R = Build(Split[I][J] + 1, J);
    }
    return O;
  };
  Cost = Best[0][N - 1];
  return Build(0, N - 1);
}

int64_t staticCost(const Order &O, ArrayRef<int64_t> P) {
  if (O.isLeaf())
    return 0;
  return staticCost(*O.L, P) + staticCost(*O.R, P) +
         P[O.First] * P[O.L->Last + 1] * P[O.Last + 1];
}

/// Every order of leaves [I, J].
std::vector<OrderPtr> allOrders(unsigned I, unsigned J) {
  std::vector<OrderPtr> Out;
  if (I == J) {
    auto O = std::make_shared<Order>();
    O->First = O->Last = I;
    Out.push_back(O);
    return Out;
  }
  for (unsigned K = I; K < J; ++K)
    for (const OrderPtr &L : allOrders(I, K))
      for (const OrderPtr &R : allOrders(K + 1, J)) {
        auto O = std::make_shared<Order>();
        O->First = I;
        O->Last = J;
        O->L = L;
        O->R = R;
        Out.push_back(O);
      }
  return Out;
}

/// Emits a chain's computation in one order.
class ChainEmitter {
public:
  ChainEmitter(OpBuilder &B, const Chain &C, ArrayRef<Size> P)
      : B(B), Loc(C.Root.getLoc()), C(C), P(P) {}

  Value index(const Size &S) {
    if (S.Dynamic)
      return S.Dynamic;
    return arith::ConstantIndexOp::create(B, Loc, *S.Static);
  }

  /// The number of multiplications of `O`, computed at run time (null for
  /// a single matrix).
  Value cost(const Order &O) {
    if (O.isLeaf())
      return {};
    Value Cost =
        arith::MulIOp::create(B, Loc,
                              arith::MulIOp::create(B, Loc, index(P[O.First]),
                                                    index(P[O.L->Last + 1])),
                              index(P[O.Last + 1]));
    for (const OrderPtr &Sub : {O.L, O.R})
      if (Value SubCost = cost(*Sub))
        Cost = arith::AddIOp::create(B, Loc, SubCost, Cost);
    return Cost;
  }

  /// D += (the product in order `O`), temporaries freed at the end.
  void emit(const Order &O) {
    SmallVector<Value> Temps;
    Value Out = C.Root.getDpsInitOperand(0)->get();
    linalg::MatmulOp::create(
        B, Loc, ValueRange{emitOperand(*O.L, Temps), emitOperand(*O.R, Temps)},
        ValueRange{Out});
    for (Value T : Temps)
      memref::DeallocOp::create(B, Loc, T);
  }

private:
  Value emitOperand(const Order &O, SmallVectorImpl<Value> &Temps) {
    if (O.isLeaf())
      return C.Leaves[O.First];
    Value L = emitOperand(*O.L, Temps), R = emitOperand(*O.R, Temps);
    Type Elem = cast<MemRefType>(L.getType()).getElementType();
    SmallVector<int64_t> Shape;
    SmallVector<Value> Dynamic;
    for (const Size &S : {P[O.First], P[O.Last + 1]}) {
      Shape.push_back(S.Static.value_or(ShapedType::kDynamic));
      if (!S.Static)
        Dynamic.push_back(S.Dynamic);
    }
    Value T =
        memref::AllocOp::create(B, Loc, MemRefType::get(Shape, Elem), Dynamic);
    Value Zero = arith::ConstantOp::create(B, Loc, Elem, B.getZeroAttr(Elem));
    linalg::FillOp::create(B, Loc, ValueRange{Zero}, ValueRange{T});
    linalg::MatmulOp::create(B, Loc, ValueRange{L, R}, ValueRange{T});
    Temps.push_back(T);
    return T;
  }

  OpBuilder &B;
  Location Loc;
  const Chain &C;
  ArrayRef<Size> P;
};

struct RaiseMatrixChainPass
    : public raise::impl::RaiseMatrixChainBase<RaiseMatrixChainPass> {
  using RaiseMatrixChainBase::RaiseMatrixChainBase;

  void runOnOperation() override {
    SmallVector<linalg::MatmulOp> Matmuls;
    getOperation().walk([&](linalg::MatmulOp Op) {
      if (isPlainMatmul(Op))
        Matmuls.push_back(Op);
    });
    // Last first, so a chain is found from its root before its producers
    // are mistaken for roots of shorter chains.
    llvm::SmallPtrSet<Operation *, 16> Taken;
    for (linalg::MatmulOp Root : llvm::reverse(Matmuls)) {
      if (Taken.contains(Root))
        continue;
      std::string Why;
      std::optional<Chain> C = ChainFinder().find(Root, Why);
      if (!C) {
        if (!Why.empty())
          remark(Root, "matrix chain not reordered: " + Why);
        continue;
      }
      ++numChains;
      Taken.insert(C->Ops.begin(), C->Ops.end());
      rewrite(*C);
    }
  }

  void remark(Operation *Op, const Twine &Message) {
    if (emitRemarks)
      Op->emitRemark(Message);
  }

  void rewrite(Chain &C) {
    unsigned N = C.Leaves.size();
    std::string Name = "matrix chain of " + std::to_string(N) + " matrices " +
                       print(*C.Source);
    if (!allowReassoc) {
      ++numNotAllowed;
      remark(C.Root, Name + " not reordered: reassociation is not allowed "
                            "(allow-reassoc=false)");
      return;
    }
    OpBuilder B(C.Root);
    SmallVector<Size> P = sizes(C, B);
    if (llvm::all_of(P, [](const Size &S) { return S.Static.has_value(); })) {
      SmallVector<int64_t> Static;
      for (const Size &S : P)
        Static.push_back(*S.Static);
      int64_t Best = 0;
      OrderPtr O = cheapestOrder(Static, Best);
      int64_t Now = staticCost(*C.Source, Static);
      if (Best >= Now) {
        remark(C.Root, Name + " is already in the cheapest order (" +
                           std::to_string(Now) + " multiplications)");
        return;
      }
      ChainEmitter(B, C, P).emit(*O);
      remark(C.Root, Name + " reordered to " + print(*O) + ": " +
                         std::to_string(Now) + " -> " + std::to_string(Best) +
                         " multiplications");
      ++numReordered;
      erase(C);
      return;
    }
    if (N > maxDynamicChain) {
      remark(C.Root, Name + " not reordered: its sizes are known only at run "
                            "time and it is longer than max-dynamic-chain");
      return;
    }
    // The source's order first: ties keep it.
    std::vector<OrderPtr> Orders{C.Source};
    for (const OrderPtr &O : allOrders(0, N - 1))
      if (print(*O) != print(*C.Source))
        Orders.push_back(O);
    emitRuntimeChoice(B, C, P, Orders);
    remark(C.Root, Name + ": the cheapest of " + std::to_string(Orders.size()) +
                       " orders is chosen at run time");
    ++numRuntimeChoices;
    erase(C);
  }

  /// p[0..n]: the rows of each matrix, then the columns of the last. The
  /// columns of matrix k-1 and the rows of matrix k are the same size; a
  /// constant is preferred, else a memref.dim of one of them.
  static SmallVector<Size> sizes(const Chain &C, OpBuilder &B) {
    unsigned N = C.Leaves.size();
    SmallVector<Size> P;
    for (unsigned K = 0; K <= N; ++K) {
      SmallVector<std::pair<Value, unsigned>, 2> Same;
      if (K < N)
        Same.push_back({C.Leaves[K], 0});
      if (K > 0)
        Same.push_back({C.Leaves[K - 1], 1});
      Size S;
      for (auto [M, D] : Same) {
        int64_t Extent = cast<MemRefType>(M.getType()).getDimSize(D);
        if (!ShapedType::isDynamic(Extent))
          S.Static = Extent;
      }
      if (!S.Static)
        S.Dynamic = memref::DimOp::create(B, C.Root.getLoc(), Same[0].first,
                                          Same[0].second);
      P.push_back(S);
    }
    return P;
  }

  static void emitRuntimeChoice(OpBuilder &B, const Chain &C, ArrayRef<Size> P,
                                ArrayRef<OrderPtr> Orders) {
    Location Loc = C.Root.getLoc();
    ChainEmitter E(B, C, P);
    SmallVector<Value> Costs;
    for (const OrderPtr &O : Orders)
      Costs.push_back(E.cost(*O));
    if (Orders.size() == 2) {
      Value Cheaper = arith::CmpIOp::create(B, Loc, arith::CmpIPredicate::ult,
                                            Costs[1], Costs[0]);
      scf::IfOp::create(
          B, Loc, Cheaper,
          [&](OpBuilder &TB, Location) {
            ChainEmitter(TB, C, P).emit(*Orders[1]);
            scf::YieldOp::create(TB, Loc);
          },
          [&](OpBuilder &EB, Location) {
            ChainEmitter(EB, C, P).emit(*Orders[0]);
            scf::YieldOp::create(EB, Loc);
          });
      return;
    }
    Value Best = arith::ConstantIndexOp::create(B, Loc, 0);
    Value BestCost = Costs[0];
    for (unsigned I = 1; I < Costs.size(); ++I) {
      Value Lt = arith::CmpIOp::create(B, Loc, arith::CmpIPredicate::ult,
                                       Costs[I], BestCost);
      Best = arith::SelectOp::create(
          B, Loc, Lt, arith::ConstantIndexOp::create(B, Loc, I), Best);
      BestCost = arith::SelectOp::create(B, Loc, Lt, Costs[I], BestCost);
    }
    SmallVector<int64_t> Cases;
    for (unsigned I = 1; I < Orders.size(); ++I)
      Cases.push_back(I);
    auto Switch = scf::IndexSwitchOp::create(B, Loc, TypeRange{}, Best, Cases,
                                             Cases.size());
    auto Fill = [&](Region &R, const Order &O) {
      OpBuilder::InsertionGuard Guard(B);
      B.setInsertionPointToStart(&R.emplaceBlock());
      ChainEmitter(B, C, P).emit(O);
      scf::YieldOp::create(B, Loc);
    };
    Fill(Switch.getDefaultRegion(), *Orders[0]);
    for (unsigned I = 1; I < Orders.size(); ++I)
      Fill(Switch.getCaseRegions()[I - 1], *Orders[I]);
  }

  static void erase(Chain &C) {
    C.Root->erase();
    // Users before the temporaries they use: matmuls and fills, then the
    // deallocs, then the allocations.
    for (Operation *Op : llvm::reverse(C.Ops))
      Op->erase();
    for (Operation *Alloc : C.Allocs)
      Alloc->erase();
  }
};

} // namespace
