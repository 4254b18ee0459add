#include "carcref/settled.h"

#include "carcref/i18n.h"

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

std::string WhyWords(const SettledAnswer& answer) {
  return answer.words ? answer.words() : answer.why;
}

std::string RedundantNote(const SettledAnswer& answer) {
  // TRANSLATORS: an answer the rules had already taken: {1} the command (pass, end …: typed
  // words, kept), {2} why it was taken ("no meeple could be placed").
  return Fill(Tr("{1}: nothing to do, {2} (taken by itself)"),
              {SettledVerb(answer.kind), WhyWords(answer)});
}

std::string OtherAnswer(const SettledAnswer& answer, std::string_view line) {
  std::string typed(line);
  typed.erase(0, typed.find_first_not_of(" \t"));
  typed.erase(typed.find_last_not_of(" \t") + 1);
  // TRANSLATORS: {1} why the rules took an answer by themselves, {2} the command typed.
  return Fill(Tr("taken by itself: {1}; '{2}' names another"), {WhyWords(answer), typed});
}

}  // namespace carcref
