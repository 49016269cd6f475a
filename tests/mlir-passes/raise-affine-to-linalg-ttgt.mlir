// raise-affine-to-linalg, TTGT: tensor contractions become transposes into
// matrices, one GEMM and a transpose back, where that is exact and
// profitable; otherwise one linalg.generic contraction.
//
// RUN: raise-opt %s --raise-affine-to-linalg | FileCheck %s
// RUN: raise-opt %s --raise-affine-to-linalg=remarks=1 --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: raise-opt %s --raise-affine-to-linalg=ttgt=0 | FileCheck %s --check-prefix=NOTTGT
// RUN: raise-opt %s --raise-affine-to-linalg --raise-tactics=%S/../e2e/Inputs/ab-cda-cbd.tactics | FileCheck %s --check-prefix=USER

// The GEMM's indexing maps (d0, d1, d2) = (m, n, k).
// CHECK-DAG: #[[$MK:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$KN:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$MN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>

// NOTTGT-NOT: linalg.matmul
// NOTTGT-NOT: linalg.transpose

// abc-acd-db, loops a b c d: A(a,c,d) is already (a*c, d) and contiguous,
// so it is only reshaped; C is transposed to (a*c, b) and back.
// CHECK-LABEL: func.func @abc_acd_db
// CHECK-DAG: %[[A:.*]] = memref.subview %arg0[0, 0, 0] [32, 16, 24] [1, 1, 1]
// CHECK-DAG: %[[B:.*]] = memref.subview %arg1[0, 0] [24, 20] [1, 1]
// CHECK: %[[X:.*]] = memref.collapse_shape %[[A]] {{\[}}[0, 1], [2]] : memref<32x16x24xf32, strided<[384, 24, 1]>> into memref<512x24xf32, strided<[24, 1]>>
// CHECK: %[[Z:.*]] = memref.alloc() : memref<32x16x20xf32>
// CHECK: linalg.transpose ins(%[[C:.*]] : memref<32x20x16xf32, strided<[320, 16, 1]>>) outs(%[[Z]] : memref<32x16x20xf32>) permutation = [0, 2, 1]
// CHECK: %[[ZM:.*]] = memref.collapse_shape %[[Z]] {{\[}}[0, 1], [2]] : memref<32x16x20xf32> into memref<512x20xf32>
// CHECK: linalg.matmul {raise.tactic = "TTGT_ABC_ACD_DB"} ins(%[[X]], %[[B]] : {{.*}}) outs(%[[ZM]] : memref<512x20xf32>)
// CHECK: linalg.transpose ins(%[[Z]] : memref<32x16x20xf32>) outs(%[[C]] : memref<32x20x16xf32, strided<[320, 16, 1]>>) permutation = [0, 2, 1]
// CHECK: memref.dealloc %[[Z]]
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.matmul (TTGT_ABC_ACD_DB; TTGT: GEMM (a*c) x (b) x (d), 2 copies), a x b x c x d = 32 x 20 x 16 x 24
// NOTTGT-LABEL: func.func @abc_acd_db
// NOTTGT: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]
func.func @abc_acd_db(%A: memref<32x16x24xf32>, %B: memref<24x20xf32>, %C: memref<32x20x16xf32>) {
  affine.for %a = 0 to 32 {
    affine.for %b = 0 to 20 {
      affine.for %c = 0 to 16 {
        affine.for %d = 0 to 24 {
          %x = affine.load %A[%a, %c, %d] : memref<32x16x24xf32>
          %y = affine.load %B[%d, %b] : memref<24x20xf32>
          %z = affine.load %C[%a, %b, %c] : memref<32x20x16xf32>
          %p = arith.mulf %x, %y : f32
          %q = arith.addf %z, %p : f32
          affine.store %q, %C[%a, %b, %c] : memref<32x20x16xf32>
        }
      }
    }
  }
  return
}

// ab-cad-dcb with dynamic sizes, contracted loops c outside d as
// `k = c * d` flattens them; clang's llvm.intr.fmuladd body. With c fixed,
// A(c,a,d) is an (a, d) matrix and B(d,c,b) a (d, b) one: a loop over c
// around a GEMM over d on views sums every C(a,b) in the loops' order
// without copying anything, if d is deep enough (known only at run time);
// otherwise A and B are copied into matrices for one GEMM over c * d. Both
// GEMMs are matrix-shaped linalg.generics carrying the exact body.
// CHECK-LABEL: func.func @ab_cad_dcb_fmuladd
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?x?xf64>, %[[B:[a-z0-9]+]]: memref<?x?x?xf64>, %[[C:[a-z0-9]+]]: memref<?x?xf64>
// CHECK-DAG: %[[BV:.*]] = memref.subview %[[B]][0, 0, 0] [%[[ND:.*]], %[[NC:.*]], %{{.*}}] [1, 1, 1]
// CHECK-DAG: %[[AV:.*]] = memref.subview %[[A]][0, 0, 0]
// CHECK: %[[MIN:.*]] = arith.constant 16 : index
// CHECK: %[[DEEP:.*]] = arith.cmpi sge, %[[ND]], %[[MIN]]
// CHECK: scf.if %[[DEEP]] {
// CHECK-NOT: memref.alloc
// CHECK: scf.for %[[CI:.*]] = %{{.*}} to %[[NC]] step %{{.*}} {
// CHECK-NEXT: %[[AC:.*]] = memref.subview %[[AV]][%[[CI]], 0, 0] [1, %{{.*}}, %[[ND]]] [1, 1, 1] : memref<?x?x?xf64, strided<[?, ?, 1]>> to memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK-NEXT: %[[BC:.*]] = memref.subview %[[BV]][0, %[[CI]], 0] [%[[ND]], 1, %{{.*}}] [1, 1, 1] : memref<?x?x?xf64, strided<[?, ?, 1]>> to memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[$MK]], #[[$KN]], #[[$MN]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[AC]], %[[BC]] : {{.*}}) outs(%{{.*}} : memref<?x?xf64, strided<[?, 1]>>) attrs = {raise.tactic = "TTGT_AB_CAD_DCB"}
// CHECK-NEXT: ^bb0(%[[EA:.*]]: f64, %[[EB:.*]]: f64, %[[EC:.*]]: f64):
// CHECK-NEXT: %[[R:.*]] = llvm.intr.fmuladd(%[[EA]], %[[EB]], %[[EC]])
// CHECK-NEXT: linalg.yield %[[R]]
// CHECK: } else {
// CHECK: %[[X:.*]] = memref.alloc(%{{.*}}, %{{.*}}, %{{.*}}) : memref<?x?x?xf64>
// CHECK: linalg.transpose ins(%[[AV]] : memref<?x?x?xf64, strided<[?, ?, 1]>>) outs(%[[X]] : memref<?x?x?xf64>) permutation = [1, 0, 2]
// CHECK: %[[XM:.*]] = memref.collapse_shape %[[X]] {{\[}}[0], [1, 2]]
// CHECK: %[[Y:.*]] = memref.alloc(%{{.*}}, %{{.*}}, %{{.*}}) : memref<?x?x?xf64>
// CHECK: linalg.transpose ins(%[[BV]] : memref<?x?x?xf64, strided<[?, ?, 1]>>) outs(%[[Y]] : memref<?x?x?xf64>) permutation = [1, 0, 2]
// CHECK: %[[YM:.*]] = memref.collapse_shape %[[Y]] {{\[}}[0, 1], [2]]
// CHECK: linalg.generic {indexing_maps = [#[[$MK]], #[[$KN]], #[[$MN]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[XM]], %[[YM]] : memref<?x?xf64>, memref<?x?xf64>) outs(%{{.*}} : memref<?x?xf64, strided<[?, 1]>>) attrs = {raise.tactic = "TTGT_AB_CAD_DCB"}
// CHECK: memref.dealloc %[[X]]
// CHECK: memref.dealloc %[[Y]]
// CHECK-NEXT: }
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.generic (TTGT_AB_CAD_DCB; TTGT: where d >= 16, loops over c around a GEMM (a) x (b) x (d), no copies; else GEMM (a) x (b) x (c*d), 2 copies), a x b x c x d = arg3 x arg4 x arg5 x arg6
func.func @ab_cad_dcb_fmuladd(%A: memref<?x?x?xf64>, %B: memref<?x?x?xf64>, %C: memref<?x?xf64>, %Na: index, %Nb: index, %Nc: index, %Nd: index) {
  affine.for %a = 0 to %Na {
    affine.for %b = 0 to %Nb {
      affine.for %c = 0 to %Nc {
        affine.for %d = 0 to %Nd {
          %x = affine.load %A[%c, %a, %d] : memref<?x?x?xf64>
          %y = affine.load %B[%d, %c, %b] : memref<?x?x?xf64>
          %z = affine.load %C[%a, %b] : memref<?x?xf64>
          %r = llvm.intr.fmuladd(%x, %y, %z) : (f64, f64, f64) -> f64
          affine.store %r, %C[%a, %b] : memref<?x?xf64>
        }
      }
    }
  }
  return
}

// abcd-aebf-fdec, loops in another order (e still outside f): A and B are
// transposed; C, contiguous and already (a*b, c*d), is only reshaped and
// the GEMM accumulates into it directly.
// CHECK-LABEL: func.func @abcd_aebf_fdec
// CHECK: memref.alloc() : memref<16x16x16x16xf32>
// CHECK: linalg.transpose {{.*}} permutation = [0, 2, 1, 3]
// CHECK: memref.alloc() : memref<16x16x16x16xf32>
// CHECK: linalg.transpose {{.*}} permutation = [2, 0, 3, 1]
// CHECK: %[[CM:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : memref<16x16x16x16xf32, strided<[4096, 256, 16, 1]>> into memref<256x256xf32, strided<[256, 1]>>
// CHECK: linalg.matmul {raise.tactic = "TTGT_ABCD_AEBF_FDEC"} ins({{.*}} : memref<256x256xf32>, memref<256x256xf32>) outs(%[[CM]] : memref<256x256xf32, strided<[256, 1]>>)
// CHECK-NOT: linalg.copy
// CHECK-COUNT-2: memref.dealloc
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.matmul (TTGT_ABCD_AEBF_FDEC; TTGT: GEMM (a*b) x (c*d) x (e*f), 2 copies), a x b x c x d x e x f = 16 x 16 x 16 x 16 x 16 x 16
func.func @abcd_aebf_fdec(%A: memref<16x16x16x16xf32>, %B: memref<16x16x16x16xf32>, %C: memref<16x16x16x16xf32>) {
  affine.for %e = 0 to 16 {
    affine.for %a = 0 to 16 {
      affine.for %b = 0 to 16 {
        affine.for %c = 0 to 16 {
          affine.for %d = 0 to 16 {
            affine.for %f = 0 to 16 {
              %x = affine.load %A[%a, %e, %b, %f] : memref<16x16x16x16xf32>
              %y = affine.load %B[%f, %d, %e, %c] : memref<16x16x16x16xf32>
              %z = affine.load %C[%a, %b, %c, %d] : memref<16x16x16x16xf32>
              %p = arith.mulf %x, %y : f32
              %q = arith.addf %z, %p : f32
              affine.store %q, %C[%a, %b, %c, %d] : memref<16x16x16x16xf32>
            }
          }
        }
      }
    }
  }
  return
}

// ab-cad-dcb whose innermost contracted extent is known and shallow (d = 8):
// a GEMM per c would load and store C every 8 terms, so the operands are
// copied into matrices for one GEMM over c * d instead.
// CHECK-LABEL: func.func @ab_cad_dcb_shallow
// CHECK-NOT: scf.for
// CHECK: linalg.transpose {{.*}} permutation = [1, 0, 2]
// CHECK: linalg.transpose {{.*}} permutation = [1, 0, 2]
// CHECK: linalg.matmul {raise.tactic = "TTGT_AB_CAD_DCB"} ins({{.*}} : memref<16x256xf32>, memref<256x16xf32>)
// CHECK-COUNT-2: memref.dealloc
// REMARK: remark: raised to linalg.matmul (TTGT_AB_CAD_DCB; TTGT: GEMM (a) x (b) x (c*d), 2 copies), a x b x c x d = 16 x 16 x 32 x 8
func.func @ab_cad_dcb_shallow(%A: memref<32x16x8xf32>, %B: memref<8x32x16xf32>, %C: memref<16x16xf32>) {
  affine.for %a = 0 to 16 {
    affine.for %b = 0 to 16 {
      affine.for %c = 0 to 32 {
        affine.for %d = 0 to 8 {
          %x = affine.load %A[%c, %a, %d] : memref<32x16x8xf32>
          %y = affine.load %B[%d, %c, %b] : memref<8x32x16xf32>
          %z = affine.load %C[%a, %b] : memref<16x16xf32>
          %p = arith.mulf %x, %y : f32
          %q = arith.addf %z, %p : f32
          affine.store %q, %C[%a, %b] : memref<16x16xf32>
        }
      }
    }
  }
  return
}

// A user's TTGT tactic whose operands, with c fixed, are (d, a) and (b, d):
// the GEMM per c reads both transposed.
// USER-DAG: #[[$KM:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// USER-DAG: #[[$NK:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// USER-DAG: #[[$UMN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// USER-LABEL: func.func @ab_cda_cbd
// USER-NOT: scf.if
// USER: scf.for %[[CI:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// USER-NEXT: %[[AC:.*]] = memref.subview %{{.*}}[%[[CI]], 0, 0] [1, 64, 32] [1, 1, 1] : memref<32x64x32xf32, strided<[2048, 32, 1]>> to memref<64x32xf32, strided<[32, 1], offset: ?>>
// USER-NEXT: %[[BC:.*]] = memref.subview %{{.*}}[%[[CI]], 0, 0] [1, 48, 64] [1, 1, 1] : memref<32x48x64xf32, strided<[3072, 64, 1]>> to memref<48x64xf32, strided<[64, 1], offset: ?>>
// USER-NEXT: linalg.matmul indexing_maps = [#[[$KM]], #[[$NK]], #[[$UMN]]] {raise.tactic = "TTGT_AB_CDA_CBD"} ins(%[[AC]], %[[BC]] : {{.*}}) outs(%{{.*}} : memref<32x48xf32, strided<[48, 1]>>)
// USER-NOT: linalg.transpose
func.func @ab_cda_cbd(%A: memref<32x64x32xf32>, %B: memref<32x48x64xf32>, %C: memref<32x48xf32>) {
  affine.for %a = 0 to 32 {
    affine.for %b = 0 to 48 {
      affine.for %c = 0 to 32 {
        affine.for %d = 0 to 64 {
          %x = affine.load %A[%c, %d, %a] : memref<32x64x32xf32>
          %y = affine.load %B[%c, %b, %d] : memref<32x48x64xf32>
          %z = affine.load %C[%a, %b] : memref<32x48xf32>
          %p = arith.mulf %x, %y : f32
          %q = arith.addf %z, %p : f32
          affine.store %q, %C[%a, %b] : memref<32x48xf32>
        }
      }
    }
  }
  return
}

//===----------------------------------------------------------------------===//
// Negative cases: the contraction stays one linalg.generic.
//===----------------------------------------------------------------------===//

// ab-cad-dcb with d outside c: the loops sum over (d, c), the GEMM's inner
// index would enumerate (c, d). Not exact, so no TTGT.
// CHECK-LABEL: func.func @ab_cad_dcb_wrong_order
// CHECK-NOT: linalg.transpose
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction", "reduction"]{{.*}}raise.tactic = "TTGT_AB_CAD_DCB"
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.generic (TTGT_AB_CAD_DCB; contraction, no TTGT: the loops sum over d, c (outer to inner), the GEMM would sum over c * d (not exact))
func.func @ab_cad_dcb_wrong_order(%A: memref<?x?x?xf64>, %B: memref<?x?x?xf64>, %C: memref<?x?xf64>, %Na: index, %Nb: index, %Nc: index, %Nd: index) {
  affine.for %a = 0 to %Na {
    affine.for %b = 0 to %Nb {
      affine.for %d = 0 to %Nd {
        affine.for %c = 0 to %Nc {
          %x = affine.load %A[%c, %a, %d] : memref<?x?x?xf64>
          %y = affine.load %B[%d, %c, %b] : memref<?x?x?xf64>
          %z = affine.load %C[%a, %b] : memref<?x?xf64>
          %p = arith.mulf %x, %y : f64
          %q = arith.addf %z, %p : f64
          affine.store %q, %C[%a, %b] : memref<?x?xf64>
        }
      }
    }
  }
  return
}

// abcd-aebf-fdec with f outside e: not exact either.
// CHECK-LABEL: func.func @abcd_aebf_fdec_wrong_order
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic {{.*}}raise.tactic = "TTGT_ABCD_AEBF_FDEC"
// REMARK: remark: raised to linalg.generic (TTGT_ABCD_AEBF_FDEC; contraction, no TTGT: the loops sum over f, e (outer to inner), the GEMM would sum over e * f (not exact))
func.func @abcd_aebf_fdec_wrong_order(%A: memref<16x16x16x16xf32>, %B: memref<16x16x16x16xf32>, %C: memref<16x16x16x16xf32>) {
  affine.for %a = 0 to 16 {
    affine.for %b = 0 to 16 {
      affine.for %c = 0 to 16 {
        affine.for %d = 0 to 16 {
          affine.for %f = 0 to 16 {
            affine.for %e = 0 to 16 {
              %x = affine.load %A[%a, %e, %b, %f] : memref<16x16x16x16xf32>
              %y = affine.load %B[%f, %d, %e, %c] : memref<16x16x16x16xf32>
              %z = affine.load %C[%a, %b, %c, %d] : memref<16x16x16x16xf32>
              %p = arith.mulf %x, %y : f32
              %q = arith.addf %z, %p : f32
              affine.store %q, %C[%a, %b, %c, %d] : memref<16x16x16x16xf32>
            }
          }
        }
      }
    }
  }
  return
}

// Too small to pay for the copies: the GEMM would be 8 x 4 x 3.
// CHECK-LABEL: func.func @abc_acd_db_small
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic {{.*}}raise.tactic = "TTGT_ABC_ACD_DB"
// REMARK: remark: raised to linalg.generic (TTGT_ABC_ACD_DB; contraction, no TTGT: not profitable: the GEMM would be 8 x 4 x 3 (TTGT needs each at least 16))
func.func @abc_acd_db_small(%A: memref<2x4x3xf32>, %B: memref<3x4xf32>, %C: memref<2x4x4xf32>) {
  affine.for %a = 0 to 2 {
    affine.for %b = 0 to 4 {
      affine.for %c = 0 to 4 {
        affine.for %d = 0 to 3 {
          %x = affine.load %A[%a, %c, %d] : memref<2x4x3xf32>
          %y = affine.load %B[%d, %b] : memref<3x4xf32>
          %z = affine.load %C[%a, %b, %c] : memref<2x4x4xf32>
          %p = arith.mulf %x, %y : f32
          %q = arith.addf %z, %p : f32
          affine.store %q, %C[%a, %b, %c] : memref<2x4x4xf32>
        }
      }
    }
  }
  return
}

// Accumulated through a local scalar: TTGT needs the output updated in
// place, so the contraction stays generic.
// CHECK-LABEL: func.func @abc_acd_db_local_sum
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic {{.*}}raise.tactic = "TTGT_ABC_ACD_DB"
// REMARK: remark: raised to linalg.generic (TTGT_ABC_ACD_DB; contraction, no TTGT: TTGT needs the output updated in place; accumulated through a local scalar)
func.func @abc_acd_db_local_sum(%A: memref<?x?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?x?xf32>, %Na: index, %Nb: index, %Nc: index, %Nd: index) {
  %sum = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.for %a = 0 to %Na {
    affine.for %b = 0 to %Nb {
      affine.for %c = 0 to %Nc {
        affine.store %zero, %sum[] : memref<f32>
        affine.for %d = 0 to %Nd {
          %x = affine.load %A[%a, %c, %d] : memref<?x?x?xf32>
          %y = affine.load %B[%d, %b] : memref<?x?xf32>
          %s = affine.load %sum[] : memref<f32>
          %p = arith.mulf %x, %y : f32
          %q = arith.addf %s, %p : f32
          affine.store %q, %sum[] : memref<f32>
        }
        %v = affine.load %sum[] : memref<f32>
        affine.store %v, %C[%a, %b, %c] : memref<?x?x?xf32>
      }
    }
  }
  return
}
