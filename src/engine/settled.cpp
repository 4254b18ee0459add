#include "carcref/settled.h"

namespace carcref {

const char* SettledVerb(SettledAnswer::Kind kind) {
  switch (kind) {
    case SettledAnswer::Kind::kPass:
      return "pass";
    case SettledAnswer::Kind::kGhost:
      return "ghost";
    case SettledAnswer::Kind::kCemetery:
      return "cemetery";
    case SettledAnswer::Kind::kBury:
      return "bury";
    case SettledAnswer::Kind::kDone:
      return "done";
    case SettledAnswer::Kind::kEnd:
      return "end";
    case SettledAnswer::Kind::kHaunt:
      return "haunt";
  }
  return "";
}

std::string RedundantNote(const SettledAnswer& answer) {
  return std::string(SettledVerb(answer.kind)) + ": nothing to do, " + answer.why +
         " (taken by itself)";
}

std::string OtherAnswer(const SettledAnswer& answer, std::string_view line) {
  std::string typed(line);
  typed.erase(0, typed.find_first_not_of(" \t"));
  typed.erase(typed.find_last_not_of(" \t") + 1);
  return "taken by itself: " + answer.why + "; '" + typed + "' names another";
}

}  // namespace carcref
