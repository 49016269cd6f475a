//===- BufferCache.cpp - Heap buffers of generated code -------------------===//

#include "BufferCache.h"
#include "RuntimeIR.h"

#include "translate/ExportToLLVM.h"

#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace raising;

/// The definitions, in LLVM IR: written out rather than built instruction by
/// instruction so that they read as what they are. Every name is versioned
/// (.v2): translation units compiled by different versions of raise must
/// not share one definition. A slot is {buffer, capacity, in use}.
static const char *const CacheIR = R"IR(
@raise.buffers.v2 = linkonce_odr hidden thread_local global [4 x { ptr, i64, i8 }] zeroinitializer
@raise.buffers.registered.v2 = linkonce_odr hidden thread_local global i8 0
@__dso_handle = external hidden global i8

declare extern_weak i32 @__cxa_thread_atexit_impl(ptr, ptr, ptr)
declare noalias ptr @aligned_alloc(i64, i64)
declare void @free(ptr)

define linkonce_odr hidden ptr @raise.alloc.v2(i64 %align, i64 %size) nounwind {
entry:
  %small = icmp ule i64 %align, 64
  %fits = icmp ule i64 %size, 67108864
  %cacheable = and i1 %small, %fits
  br i1 %cacheable, label %scan, label %direct

; The free slot with the smallest buffer that holds %size (best fit), and
; the free slot with the smallest buffer, to grow if none holds it.
scan:
  %s = phi i32 [ 0, %entry ], [ %s.next, %scan ]
  %best = phi i32 [ -1, %entry ], [ %best.next, %scan ]
  %best.cap = phi i64 [ -1, %entry ], [ %best.cap.next, %scan ]
  %low = phi i32 [ -1, %entry ], [ %low.next, %scan ]
  %low.cap = phi i64 [ -1, %entry ], [ %low.cap.next, %scan ]
  %cap = call i64 @raise.buffers.free.capacity.v2(i32 %s)
  %usable = icmp ne i64 %cap, -1
  %holds = icmp uge i64 %cap, %size
  %nonempty = icmp ne i64 %cap, 0
  %fit.0 = and i1 %usable, %holds
  %fit = and i1 %fit.0, %nonempty
  %tighter = icmp ult i64 %cap, %best.cap
  %better = and i1 %fit, %tighter
  %best.next = select i1 %better, i32 %s, i32 %best
  %best.cap.next = select i1 %better, i64 %cap, i64 %best.cap
  %lower = icmp ult i64 %cap, %low.cap
  %low.next = select i1 %lower, i32 %s, i32 %low
  %low.cap.next = select i1 %lower, i64 %cap, i64 %low.cap
  %s.next = add i32 %s, 1
  %more = icmp ult i32 %s.next, 4
  br i1 %more, label %scan, label %chosen

chosen:
  %hit = icmp ne i32 %best.next, -1
  br i1 %hit, label %take, label %miss
take:
  %p = call ptr @raise.buffers.take.v2(i32 %best.next)
  ret ptr %p
miss:
  %any = icmp ne i32 %low.next, -1
  br i1 %any, label %register, label %direct

register:
  %registered = load i8, ptr @raise.buffers.registered.v2
  %done = icmp ne i8 %registered, 0
  br i1 %done, label %grow, label %atexit
atexit:
  %known = icmp ne ptr @__cxa_thread_atexit_impl, null
  br i1 %known, label %call, label %direct
call:
  %failed = call i32 @__cxa_thread_atexit_impl(ptr @raise.buffers.drop.v2, ptr null, ptr @__dso_handle)
  %ok = icmp eq i32 %failed, 0
  br i1 %ok, label %mark, label %direct
mark:
  store i8 1, ptr @raise.buffers.registered.v2
  br label %grow
grow:
  %q = call ptr @raise.buffers.grow.v2(i32 %low.next, i64 %size)
  ret ptr %q

direct:
  %a = call i64 @llvm.umax.i64(i64 %align, i64 1)
  %am1 = sub i64 %a, 1
  %up = add i64 %size, %am1
  %neg = sub i64 0, %a
  %rounded = and i64 %up, %neg
  %d = call ptr @aligned_alloc(i64 %a, i64 %rounded)
  ret ptr %d
}

; The capacity of slot %s if it is free, -1 if it is in use.
define linkonce_odr hidden i64 @raise.buffers.free.capacity.v2(i32 %s) nounwind {
  %cap.at = getelementptr [4 x { ptr, i64, i8 }], ptr @raise.buffers.v2, i32 0, i32 %s, i32 1
  %busy.at = getelementptr [4 x { ptr, i64, i8 }], ptr @raise.buffers.v2, i32 0, i32 %s, i32 2
  %cap = load i64, ptr %cap.at
  %busy = load i8, ptr %busy.at
  %free = icmp eq i8 %busy, 0
  %r = select i1 %free, i64 %cap, i64 -1
  ret i64 %r
}

; Marks slot %s in use and returns its buffer.
define linkonce_odr hidden ptr @raise.buffers.take.v2(i32 %s) nounwind {
  %p.at = getelementptr [4 x { ptr, i64, i8 }], ptr @raise.buffers.v2, i32 0, i32 %s, i32 0
  %busy.at = getelementptr [4 x { ptr, i64, i8 }], ptr @raise.buffers.v2, i32 0, i32 %s, i32 2
  store i8 1, ptr %busy.at
  %p = load ptr, ptr %p.at
  ret ptr %p
}

; Replaces the buffer of free slot %s by one of %size bytes (rounded up to
; 64) and takes it; null if that allocation failed.
define linkonce_odr hidden ptr @raise.buffers.grow.v2(i32 %s, i64 %size) nounwind {
  %p.at = getelementptr [4 x { ptr, i64, i8 }], ptr @raise.buffers.v2, i32 0, i32 %s, i32 0
  %cap.at = getelementptr [4 x { ptr, i64, i8 }], ptr @raise.buffers.v2, i32 0, i32 %s, i32 1
  %busy.at = getelementptr [4 x { ptr, i64, i8 }], ptr @raise.buffers.v2, i32 0, i32 %s, i32 2
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

define linkonce_odr hidden void @raise.free.v2(ptr %p) nounwind {
entry:
  br label %slot
slot:
  %s = phi i32 [ 0, %entry ], [ %s.next, %slot.next ]
  %mine = call i1 @raise.buffers.release.v2(i32 %s, ptr %p)
  br i1 %mine, label %done, label %slot.next
slot.next:
  %s.next = add i32 %s, 1
  %more = icmp ult i32 %s.next, 4
  br i1 %more, label %slot, label %direct
direct:
  call void @free(ptr %p)
  br label %done
done:
  ret void
}

; Marks slot %s free if %p is its buffer in use.
define linkonce_odr hidden i1 @raise.buffers.release.v2(i32 %s, ptr %p) nounwind {
entry:
  %p.at = getelementptr [4 x { ptr, i64, i8 }], ptr @raise.buffers.v2, i32 0, i32 %s, i32 0
  %busy.at = getelementptr [4 x { ptr, i64, i8 }], ptr @raise.buffers.v2, i32 0, i32 %s, i32 2
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
define linkonce_odr hidden void @raise.buffers.drop.v2(ptr %unused) nounwind {
entry:
  br label %slot
slot:
  %s = phi i32 [ 0, %entry ], [ %s.next, %slot ]
  %p.at = getelementptr [4 x { ptr, i64, i8 }], ptr @raise.buffers.v2, i32 0, i32 %s, i32 0
  %p = load ptr, ptr %p.at
  call void @free(ptr %p)
  %s.next = add i32 %s, 1
  %more = icmp ult i32 %s.next, 4
  br i1 %more, label %slot, label %done
done:
  store [4 x { ptr, i64, i8 }] zeroinitializer, ptr @raise.buffers.v2
  store i8 0, ptr @raise.buffers.registered.v2
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
  if (Error E = linkRuntimeIR(M, CacheIR, "buffer cache"))
    return E;
  for (const char *Name : {AllocFunction, FreeFunction})
    if (M.getFunction(Name)->isDeclaration())
      return createStringError(inconvertibleErrorCode(),
                               Twine("the buffer cache does not define ") +
                                   Name);
  return Error::success();
}
