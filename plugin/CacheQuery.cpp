//===- CacheQuery.cpp - The running core's caches, for generated code -----===//

#include "CacheQuery.h"
#include "RuntimeIR.h"

#include "mlir-passes/lowering/target/CacheModel.h"

#include "llvm-c/Target.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace raising;

/// The definitions, in LLVM IR (RuntimeIR.h).
/// raise.caches.v2 holds the seven numbers: L1 bytes and ways, L2's, L3's,
/// the vendor.
/// The first call fills it (concurrent first calls write the same values)
/// and then publishes it with a release store that later calls acquire.
static const char *const QueryIR = R"IR(
@raise.caches.v2 = linkonce_odr hidden global [7 x i64] zeroinitializer
@raise.caches.known.v2 = linkonce_odr hidden global i8 0

define linkonce_odr hidden i64 @raise.cache.v2(i32 %what) nounwind {
entry:
  %known = load atomic i8, ptr @raise.caches.known.v2 acquire, align 1
  %ready = icmp ne i8 %known, 0
  br i1 %ready, label %read, label %query
query:
  call void @raise.caches.query.v2()
  store atomic i8 1, ptr @raise.caches.known.v2 release, align 1
  br label %read
read:
  %in = icmp ult i32 %what, 7
  br i1 %in, label %load, label %none
load:
  %i = zext i32 %what to i64
  %p = getelementptr [7 x i64], ptr @raise.caches.v2, i64 0, i64 %i
  %v = load atomic i64, ptr %p monotonic, align 8
  ret i64 %v
none:
  ret i64 0
}

define linkonce_odr hidden { i32, i32, i32, i32 } @raise.cpuid.v1(i32 %leaf, i32 %sub) nounwind {
  %r = call { i32, i32, i32, i32 } asm sideeffect "cpuid", "={ax},={bx},={cx},={dx},{ax},{cx},~{dirflag},~{fpsr},~{flags}"(i32 %leaf, i32 %sub)
  ret { i32, i32, i32, i32 } %r
}

define linkonce_odr hidden void @raise.caches.query.v2() nounwind {
entry:
  %v = call { i32, i32, i32, i32 } @raise.cpuid.v1(i32 0, i32 0)
  %max = extractvalue { i32, i32, i32, i32 } %v, 0
  %vendor = extractvalue { i32, i32, i32, i32 } %v, 1
    ; "Auth" of AuthenticAMD, "Hygo" of HygonGenuine: AMD's leaf.
  %amd = icmp eq i32 %vendor, 1752462657
  %hygon = icmp eq i32 %vendor, 1869052232
  %amdlike = or i1 %amd, %hygon
    ; "Genu" of GenuineIntel.
  %isintel = icmp eq i32 %vendor, 1970169159
  %code.0 = select i1 %isintel, i64 1, i64 0
  %code = select i1 %amdlike, i64 2, i64 %code.0
  %pv = getelementptr [7 x i64], ptr @raise.caches.v2, i64 0, i64 6
  store atomic i64 %code, ptr %pv monotonic, align 8
  br i1 %amdlike, label %ext, label %intel
ext:
  %e = call { i32, i32, i32, i32 } @raise.cpuid.v1(i32 2147483648, i32 0)
  %emax = extractvalue { i32, i32, i32, i32 } %e, 0
  %hasext = icmp uge i32 %emax, 2147483677
  br i1 %hasext, label %scan, label %done
intel:
  %has4 = icmp uge i32 %max, 4
  br i1 %has4, label %scan, label %done
scan:
  %leaf = phi i32 [ 2147483677, %ext ], [ 4, %intel ]
  br label %loop
loop:
  %sub = phi i32 [ 0, %scan ], [ %sub.next, %next ]
  %r = call { i32, i32, i32, i32 } @raise.cpuid.v1(i32 %leaf, i32 %sub)
  %a = extractvalue { i32, i32, i32, i32 } %r, 0
  %b = extractvalue { i32, i32, i32, i32 } %r, 1
  %c = extractvalue { i32, i32, i32, i32 } %r, 2
  %type = and i32 %a, 31
  %end = icmp eq i32 %type, 0
  br i1 %end, label %done, label %cache
cache:
  ; Data (1) and unified (3) caches of levels 1 to 3.
  %level = lshr i32 %a, 5
  %lvl = and i32 %level, 7
  %instr = icmp eq i32 %type, 2
  %low = icmp ult i32 %lvl, 1
  %high = icmp ugt i32 %lvl, 3
  %skip.0 = or i1 %instr, %low
  %skip = or i1 %skip.0, %high
  br i1 %skip, label %next, label %record
record:
  %ways.0 = lshr i32 %b, 22
  %ways = add i32 %ways.0, 1
  %parts.0 = lshr i32 %b, 12
  %parts.1 = and i32 %parts.0, 1023
  %parts = add i32 %parts.1, 1
  %line.0 = and i32 %b, 4095
  %line = add i32 %line.0, 1
  %sets = add i32 %c, 1
  %w64 = zext i32 %ways to i64
  %p64 = zext i32 %parts to i64
  %l64 = zext i32 %line to i64
  %s64 = zext i32 %sets to i64
  %size.0 = mul i64 %w64, %p64
  %size.1 = mul i64 %size.0, %l64
  %size = mul i64 %size.1, %s64
  %slot = sub i32 %lvl, 1
  %slot2 = shl i32 %slot, 1
  %si = zext i32 %slot2 to i64
  %wi = add i64 %si, 1
  %ps = getelementptr [7 x i64], ptr @raise.caches.v2, i64 0, i64 %si
  %pw = getelementptr [7 x i64], ptr @raise.caches.v2, i64 0, i64 %wi
  store atomic i64 %size, ptr %ps monotonic, align 8
  store atomic i64 %w64, ptr %pw monotonic, align 8
  br label %next
next:
  %sub.next = add i32 %sub, 1
  %more = icmp ult i32 %sub.next, 16
  br i1 %more, label %loop, label %done
done:
  ret void
}
)IR";

bool raising::supportsCacheQuery(const Triple &T) { return T.isX86(); }

/// The query reads CPUID by inline assembly, which the code generator emits
/// through the target's assembly parser: clang registers it, flang-22 does
/// not, and stopped with "Inline asm not supported by this streamer because
/// we don't have an asm parser for this target". The parser is registered
/// here where it is missing, as clang does at start-up.
static void registerAsmParser(const Triple &T) {
  std::string Error;
  const Target *TheTarget = TargetRegistry::lookupTarget(T, Error);
  if (TheTarget && !TheTarget->hasMCAsmParser())
    LLVMInitializeX86AsmParser();
}

Error raising::defineCacheQuery(Module &M) {
  Function *Query = M.getFunction(mlir::raise::CacheQueryFunction);
  if (!Query || !Query->isDeclaration())
    return Error::success();
  registerAsmParser(M.getTargetTriple());
  return linkRuntimeIR(M, QueryIR, "cache query");
}
