//===- BufferCache.cpp - Heap buffers of generated code -------------------===//

#include "BufferCache.h"

#include "translate/ExportToLLVM.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace raising;

/// The definitions, in LLVM IR: written out rather than built instruction by
/// instruction so that they read as what they are. Every name is versioned
/// (.v1): translation units compiled by different versions of raise must
/// not share one definition. A slot is {buffer, capacity, in use}.
static const char *const CacheIR = R"IR(
@raise.buffers.v1 = linkonce_odr hidden thread_local global [2 x { ptr, i64, i8 }] zeroinitializer
@raise.buffers.registered.v1 = linkonce_odr hidden thread_local global i8 0
@__dso_handle = external hidden global i8

declare extern_weak i32 @__cxa_thread_atexit_impl(ptr, ptr, ptr)
declare noalias ptr @aligned_alloc(i64, i64)
declare void @free(ptr)

define linkonce_odr hidden ptr @raise.alloc.v1(i64 %align, i64 %size) nounwind {
entry:
  %small = icmp ule i64 %align, 64
  %fits = icmp ule i64 %size, 67108864
  %cacheable = and i1 %small, %fits
  br i1 %cacheable, label %reuse, label %direct

reuse:
  %r = phi i32 [ 0, %entry ], [ %r.next, %reuse.next ]
  %hit = call i1 @raise.buffers.fits.v1(i32 %r, i64 %size)
  br i1 %hit, label %take, label %reuse.next
take:
  %p = call ptr @raise.buffers.take.v1(i32 %r)
  ret ptr %p
reuse.next:
  %r.next = add i32 %r, 1
  %r.more = icmp ult i32 %r.next, 2
  br i1 %r.more, label %reuse, label %register

register:
  %registered = load i8, ptr @raise.buffers.registered.v1
  %done = icmp ne i8 %registered, 0
  br i1 %done, label %grow, label %atexit
atexit:
  %known = icmp ne ptr @__cxa_thread_atexit_impl, null
  br i1 %known, label %call, label %direct
call:
  %failed = call i32 @__cxa_thread_atexit_impl(ptr @raise.buffers.drop.v1, ptr null, ptr @__dso_handle)
  %ok = icmp eq i32 %failed, 0
  br i1 %ok, label %mark, label %direct
mark:
  store i8 1, ptr @raise.buffers.registered.v1
  br label %grow

grow:
  %g = phi i32 [ 0, %register ], [ 0, %mark ], [ %g.next, %grow.next ]
  %q = call ptr @raise.buffers.grow.v1(i32 %g, i64 %size)
  %none = icmp eq ptr %q, inttoptr (i64 -1 to ptr)
  br i1 %none, label %grow.next, label %grown
grown:
  ret ptr %q
grow.next:
  %g.next = add i32 %g, 1
  %g.more = icmp ult i32 %g.next, 2
  br i1 %g.more, label %grow, label %direct

direct:
  %a = call i64 @llvm.umax.i64(i64 %align, i64 1)
  %am1 = sub i64 %a, 1
  %up = add i64 %size, %am1
  %neg = sub i64 0, %a
  %rounded = and i64 %up, %neg
  %d = call ptr @aligned_alloc(i64 %a, i64 %rounded)
  ret ptr %d
}

; Slot %s is free and holds at least %size bytes.
define linkonce_odr hidden i1 @raise.buffers.fits.v1(i32 %s, i64 %size) nounwind {
  %cap.at = getelementptr [2 x { ptr, i64, i8 }], ptr @raise.buffers.v1, i32 0, i32 %s, i32 1
  %busy.at = getelementptr [2 x { ptr, i64, i8 }], ptr @raise.buffers.v1, i32 0, i32 %s, i32 2
  %cap = load i64, ptr %cap.at
  %busy = load i8, ptr %busy.at
  %free = icmp eq i8 %busy, 0
  %big = icmp uge i64 %cap, %size
  %nonempty = icmp ne i64 %cap, 0
  %r0 = and i1 %free, %big
  %r = and i1 %r0, %nonempty
  ret i1 %r
}

; Marks slot %s in use and returns its buffer.
define linkonce_odr hidden ptr @raise.buffers.take.v1(i32 %s) nounwind {
  %p.at = getelementptr [2 x { ptr, i64, i8 }], ptr @raise.buffers.v1, i32 0, i32 %s, i32 0
  %busy.at = getelementptr [2 x { ptr, i64, i8 }], ptr @raise.buffers.v1, i32 0, i32 %s, i32 2
  store i8 1, ptr %busy.at
  %p = load ptr, ptr %p.at
  ret ptr %p
}

; If slot %s is free: replaces its buffer by one of %size bytes (rounded up
; to 64) and takes it; null if that allocation failed. -1 if the slot is in
; use.
define linkonce_odr hidden ptr @raise.buffers.grow.v1(i32 %s, i64 %size) nounwind {
entry:
  %p.at = getelementptr [2 x { ptr, i64, i8 }], ptr @raise.buffers.v1, i32 0, i32 %s, i32 0
  %cap.at = getelementptr [2 x { ptr, i64, i8 }], ptr @raise.buffers.v1, i32 0, i32 %s, i32 1
  %busy.at = getelementptr [2 x { ptr, i64, i8 }], ptr @raise.buffers.v1, i32 0, i32 %s, i32 2
  %busy = load i8, ptr %busy.at
  %free = icmp eq i8 %busy, 0
  br i1 %free, label %grow, label %inuse
inuse:
  ret ptr inttoptr (i64 -1 to ptr)
grow:
  %old = load ptr, ptr %p.at
  call void @free(ptr %old)
  %up = add i64 %size, 63
  %rounded = and i64 %up, -64
  %bytes = call i64 @llvm.umax.i64(i64 %rounded, i64 64)
  %new = call ptr @aligned_alloc(i64 64, i64 %bytes)
  store ptr %new, ptr %p.at
  %got = icmp ne ptr %new, null
  %cap = select i1 %got, i64 %bytes, i64 0
  store i64 %cap, ptr %cap.at
  %b = zext i1 %got to i8
  store i8 %b, ptr %busy.at
  ret ptr %new
}

define linkonce_odr hidden void @raise.free.v1(ptr %p) nounwind {
entry:
  br label %slot
slot:
  %s = phi i32 [ 0, %entry ], [ %s.next, %slot.next ]
  %mine = call i1 @raise.buffers.release.v1(i32 %s, ptr %p)
  br i1 %mine, label %done, label %slot.next
slot.next:
  %s.next = add i32 %s, 1
  %more = icmp ult i32 %s.next, 2
  br i1 %more, label %slot, label %direct
direct:
  call void @free(ptr %p)
  br label %done
done:
  ret void
}

; Marks slot %s free if %p is its buffer in use.
define linkonce_odr hidden i1 @raise.buffers.release.v1(i32 %s, ptr %p) nounwind {
entry:
  %p.at = getelementptr [2 x { ptr, i64, i8 }], ptr @raise.buffers.v1, i32 0, i32 %s, i32 0
  %busy.at = getelementptr [2 x { ptr, i64, i8 }], ptr @raise.buffers.v1, i32 0, i32 %s, i32 2
  %mine = load ptr, ptr %p.at
  %busy = load i8, ptr %busy.at
  %same = icmp eq ptr %mine, %p
  %used = icmp ne i8 %busy, 0
  %match = and i1 %same, %used
  br i1 %match, label %release, label %other
release:
  store i8 0, ptr %busy.at
  ret i1 true
other:
  ret i1 false
}

; At thread exit: frees the thread's buffers.
define linkonce_odr hidden void @raise.buffers.drop.v1(ptr %unused) nounwind {
entry:
  br label %slot
slot:
  %s = phi i32 [ 0, %entry ], [ %s.next, %slot ]
  %p.at = getelementptr [2 x { ptr, i64, i8 }], ptr @raise.buffers.v1, i32 0, i32 %s, i32 0
  %p = load ptr, ptr %p.at
  call void @free(ptr %p)
  %s.next = add i32 %s, 1
  %more = icmp ult i32 %s.next, 2
  br i1 %more, label %slot, label %done
done:
  store [2 x { ptr, i64, i8 }] zeroinitializer, ptr @raise.buffers.v1
  store i8 0, ptr @raise.buffers.registered.v1
  ret void
}

declare i64 @llvm.umax.i64(i64, i64)
)IR";

bool raising::supportsBufferCache(const Triple &T) {
  return T.isOSLinux() && T.isArch64Bit();
}

Error raising::defineBufferCache(Module &M) {
  Function *Alloc = M.getFunction(AllocFunction);
  Function *Free = M.getFunction(FreeFunction);
  if ((!Alloc || !Alloc->isDeclaration()) && (!Free || !Free->isDeclaration()))
    return Error::success();
  // The parser needs value names; clang's context discards them.
  LLVMContext &Ctx = M.getContext();
  bool Discard = Ctx.shouldDiscardValueNames();
  Ctx.setDiscardValueNames(false);
  SMDiagnostic Diag;
  std::unique_ptr<Module> Cache = parseAssemblyString(CacheIR, Diag, Ctx);
  Ctx.setDiscardValueNames(Discard);
  if (!Cache) {
    std::string Message;
    raw_string_ostream OS(Message);
    Diag.print("raise buffer cache", OS);
    return createStringError(inconvertibleErrorCode(), Message);
  }
  Cache->setDataLayout(M.getDataLayout());
  Cache->setTargetTriple(M.getTargetTriple());
  // raise's own code: not looked at again (nor remarked on) by raise.
  for (Function &F : *Cache)
    if (!F.isDeclaration())
      F.addFnAttr(GeneratedAttr);
  if (Linker::linkModules(M, std::move(Cache)))
    return createStringError(inconvertibleErrorCode(),
                             "linking the buffer cache failed");
  for (const char *Name : {AllocFunction, FreeFunction})
    if (M.getFunction(Name)->isDeclaration())
      return createStringError(inconvertibleErrorCode(),
                               Twine("the buffer cache does not define ") +
                                   Name);
  return Error::success();
}
