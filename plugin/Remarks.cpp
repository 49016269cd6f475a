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

std::string raising::getSourceName(const Function &F) {
  // Clones and outlined bodies keep their origin's name with a suffix
  // (`.omp_outlined`, `.raise.0`): demangle the origin, keep the suffix.
  StringRef Name = F.getName();
  auto [Base, Suffix] = Name.split('.');
  std::string Demangled = demangleFunction(Base.str());
  if (Demangled.empty())
    return Name.str();
  if (!Suffix.empty())
    Demangled += " (." + Suffix.str() + ")";
  return Demangled;
}
