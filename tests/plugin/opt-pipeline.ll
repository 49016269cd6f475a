; The plugin loads into opt: `raise` parses as a function pass, alone or
; nested, and the plugin inserts it at the vectorizer start of -O2/-O3 only.
;
; RUN: %opt -passes=raise -disable-output %s
; RUN: %opt -passes='function(raise,instcombine)' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=NESTED
; RUN: %opt -passes='default<O3>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=O3
; RUN: %opt -passes='default<O2>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=O3
; RUN: %opt -passes='default<O1>' -print-pipeline-passes -disable-output %s | FileCheck %s --check-prefix=O1
; RUN: not %opt -passes=raise-no-such-pass -disable-output %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN

; NESTED: function(raise,instcombine<{{.*}}>)
; The vectorizer-start extension point is just before loop-vectorize.
; O3: {{,raise,.*loop-vectorize<}}
; The raise function pass is not in -O1 (only the tactics-file check is).
; O1-NOT: {{[(,]raise[,)]}}
; UNKNOWN: unknown pass name 'raise-no-such-pass'

define void @empty() {
  ret void
}
