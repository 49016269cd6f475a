//===- Remarks.cpp - How raise names things in remarks --------------------===//

#include "Remarks.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"

#include <cstdlib>

using namespace llvm;

/// @p Mangled as C++ spells it, without its return type, or empty if it is
/// not an Itanium-mangled function name.
static std::string demangleFunction(const std::string &Mangled) {
  ItaniumPartialDemangler Demangler;
  if (Demangler.partialDemangle(Mangled.c_str()) || !Demangler.isFunction())
    return "";
  std::string Result;
  for (auto Part : {&ItaniumPartialDemangler::getFunctionName,
                    &ItaniumPartialDemangler::getFunctionParameters}) {
    size_t Size = 0;
    char *Text = (Demangler.*Part)(nullptr, &Size);
    if (!Text)
      return "";
    Result += Text;
    std::free(Text);
  }
  return Result;
}

/// @p Mangled as a Fortran programmer names it, or empty if it is not a
/// procedure name flang made unique: `_Q`, then segments each an upper-case
/// tag and a lower-case name (flang lowers Fortran names), modules (`M`),
/// submodules (`S`) and host procedures (`F`, without a name for the main
/// program) before the procedure (`P`), or `QQmain` for the main program.
/// `_QMblasPsgemm` is "sgemm (module blas)", `_QFPrun` "run (in the main
/// program)".
static std::string demangleFlang(StringRef Mangled) {
  if (Mangled == "_QQmain")
    return "the main program";
  if (!Mangled.consume_front("_Q"))
    return "";
  SmallVector<std::pair<char, StringRef>> Segments;
  while (!Mangled.empty()) {
    char Tag = Mangled.front();
    size_t End = Mangled.find_if([](char C) { return C >= 'A' && C <= 'Z'; },
                                 /*From=*/1);
    StringRef Segment = Mangled.slice(1, End);
    // A host procedure without a name: the main program (`_QFPrun`).
    if (Tag == 'F' && Segment.empty() && Segments.empty()) {
      Segments.push_back({Tag, Segment});
      Mangled = Mangled.drop_front();
      continue;
    }
    if (Segment.empty() || !StringRef("MSFP").contains(Tag) ||
        !llvm::all_of(Segment, [](char C) {
          return (C >= 'a' && C <= 'z') || (C >= '0' && C <= '9') || C == '_';
        }))
      return "";
    Segments.push_back({Tag, Segment});
    Mangled = Mangled.drop_front(std::min(End, Mangled.size()));
  }
  if (Segments.empty() || Segments.back().first != 'P')
    return "";
  std::string Result = Segments.back().second.str();
  std::string Where;
  for (auto [Tag, Segment] : llvm::drop_end(Segments)) {
    if (Tag == 'P')
      return "";
    Where += Where.empty() ? "" : ", ";
    Where += Segment.empty() ? std::string("in the main program")
             : Tag == 'M'    ? "module " + Segment.str()
             : Tag == 'S'    ? "submodule " + Segment.str()
                             : "in " + Segment.str();
  }
  if (!Where.empty())
    Result += " (" + Where + ")";
  return Result;
}

std::string raising::getSourceName(const Function &F) {
  // Clones and outlined bodies keep their origin's name with a suffix
  // (`.omp_outlined`, `.raise.0`): demangle the origin, keep the suffix.
  StringRef Name = F.getName();
  auto [Base, Suffix] = Name.split('.');
  std::string Demangled = demangleFunction(Base.str());
  if (Demangled.empty())
    Demangled = demangleFlang(Base);
  if (Demangled.empty())
    return Name.str();
  if (!Suffix.empty())
    Demangled += " (." + Suffix.str() + ")";
  return Demangled;
}
