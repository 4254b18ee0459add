// Reading checked YAML for the data files (tile catalogues, described sets): values with the
// line they came from and one-line "FILE:LINE: what is wrong" messages; the front end reads
// the saved-tiles file with it too. No I/O.
#pragma once

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "carcref/i18n.h"
#include "carcref/status.h"
#include "carcref/words.h"

namespace carcref::yaml_read {

using carcref::Lower;

inline std::string Join(const std::vector<std::string_view>& words, std::string_view sep) {
  std::string out;
  for (std::string_view w : words) {
    if (!out.empty()) out += sep;
    out += w;
  }
  return out;
}

// Messages are one line: text taken from the file must not break that.
inline std::string OneLine(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return s;
}

// How a value looks, for "…, not X" in messages.
inline std::string Shown(const YAML::Node& n) {
  // TRANSLATORS: how a YAML value looks, after "not" ("'edges' must be …, not a list").
  if (!n.IsDefined() || n.IsNull()) return TrContext("yaml value", "nothing");
  if (n.IsScalar()) return "'" + n.Scalar() + "'";
  if (n.IsSequence()) return TrContext("yaml value", "a list");
  return TrContext("yaml value", "a mapping");
}

// Where a message points: "FILE:LINE" from the YAML marks when parsing a file, or one fixed
// prefix for a tile typed by a player (ParseTileNode's `where`).
class Locator {
 public:
  static Locator InFile(std::string_view file) {
    Locator l;
    l.text_ = std::string(file);
    return l;
  }
  static Locator Fixed(std::string_view where) {
    Locator l;
    l.text_ = std::string(where);
    l.fixed_ = true;
    return l;
  }

  std::string Prefix(int line) const { return fixed_ ? text_ : text_ + ":" + std::to_string(line); }
  Status Error(int line, const std::string& what) const {
    std::string prefix = Prefix(line);
    return Status::Corrupt(OneLine(prefix.empty() ? what : prefix + ": " + what));
  }

 private:
  std::string text_;
  bool fixed_ = false;
};

// 1-based line of a node, or `fallback` when it has no position (absent or an empty value).
inline int LineOf(const YAML::Node& node, int fallback) {
  if (!node.IsDefined()) return fallback;
  int line = node.Mark().line;
  return line >= 0 ? line + 1 : fallback;
}

struct Entry {
  YAML::Node value;
  int line = 0;  // of the key
  bool present = false;
};

// The keys of one mapping, each checked: known, given once, the required ones present.
class Mapping {
 public:
  Status Read(const YAML::Node& map, int line, const std::vector<std::string_view>& known,
              const std::vector<std::string_view>& required, const Locator& loc) {
    line_ = line;
    for (YAML::const_iterator it = map.begin(); it != map.end(); ++it) {
      int key_line = LineOf(it->first, line);
      if (!it->first.IsScalar())
        // TRANSLATORS: {1} the keys a mapping may have ("edges, streets, goods").
        return loc.Error(key_line, Fill(Tr("a key must be a plain word (expected one of: {1})"),
                                        {Join(known, ", ")}));
      const std::string name = it->first.Scalar();
      if (std::find(known.begin(), known.end(), name) == known.end())
        // TRANSLATORS: {1} the key as written, {2} the keys a mapping may have.
        return loc.Error(key_line, Fill(Tr("unknown key '{1}' (expected one of: {2})"),
                                        {name, Join(known, ", ")}));
      Entry& e = entries_[name];
      if (e.present)
        // TRANSLATORS: {1} a key, {2} the line it was first given on.
        return loc.Error(key_line, Fill(Tr("key '{1}' is given twice (first on line {2})"),
                                        {name, std::to_string(e.line)}));
      e = {it->second, key_line, true};
    }
    for (std::string_view r : required)
      if (!Has(r))
        // TRANSLATORS: {1} the missing key, {2} the keys that must be given.
        return loc.Error(line, Fill(Tr("missing key '{1}' (required: {2})"),
                                    {std::string(r), Join(required, ", ")}));
    return Status::Ok();
  }

  bool Has(std::string_view key) const {
    auto it = entries_.find(std::string(key));
    return it != entries_.end() && it->second.present;
  }
  // An absent key gives an entry with present == false and the mapping's line.
  Entry Get(std::string_view key) const {
    auto it = entries_.find(std::string(key));
    if (it != entries_.end()) return it->second;
    Entry e;
    e.line = line_;
    return e;
  }

 private:
  std::map<std::string, Entry> entries_;
  int line_ = 0;
};

inline Result<std::string> Word(const Entry& e, std::string_view key, std::string_view expected,
                                const Locator& loc) {
  if (!e.value.IsScalar() || e.value.Scalar().empty())
    // TRANSLATORS: {1} a key, {2} what it must be ("a tile id such as D"), {3} what it is.
    return loc.Error(e.line, Fill(Tr("'{1}' must be {2}, not {3}"),
                                  {std::string(key), std::string(expected), Shown(e.value)}));
  return e.value.Scalar();
}

inline Result<int> Number(const Entry& e, std::string_view key, int max, const Locator& loc,
                          int min = 0) {
  // TRANSLATORS: {1} the least value, {2} the greatest.
  std::string expected =
      Fill(Tr("a whole number from {1} to {2}"), {std::to_string(min), std::to_string(max)});
  if (!e.value.IsScalar())
    return loc.Error(e.line, Fill(Tr("'{1}' must be {2}, not {3}"),
                                  {std::string(key), expected, Shown(e.value)}));
  const std::string& s = e.value.Scalar();
  int value = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size() || value < min || value > max)
    return loc.Error(e.line, Fill(Tr("'{1}' must be {2}, not {3}"),
                                  {std::string(key), expected, "'" + s + "'"}));
  return value;
}

inline Result<bool> Flag(const Entry& e, std::string_view key, const Locator& loc) {
  std::string s = e.value.IsScalar() ? Lower(e.value.Scalar()) : std::string();
  if (s == "true") return true;
  if (s == "false") return false;
  // TRANSLATORS: {1} a key, {2} what it is.
  return loc.Error(
      e.line, Fill(Tr("'{1}' must be true or false, not {2}"), {std::string(key), Shown(e.value)}));
}

// A list value; `example` shows the expected shape.
inline Status List(const Entry& e, std::string_view key, std::string_view example,
                   const Locator& loc) {
  if (e.value.IsSequence()) return Status::Ok();
  // TRANSLATORS: {1} a key, {2} an example ("[N, S]"), {3} what it is.
  return loc.Error(e.line, Fill(Tr("'{1}' must be a list, e.g. {2}, not {3}"),
                                {std::string(key), std::string(example), Shown(e.value)}));
}

inline bool ValidId(std::string_view id) {
  if (id.empty() || id.front() == '/' || id.back() == '/') return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '_' || c == '-' ||
           c == '.';
  });
}

inline bool ValidSetName(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

// Where each YAML document of a text and its root start. yaml-cpp 0.7's LoadAll() loops
// forever, allocating, when a document starts with a stray ',' (jbeder/yaml-cpp#1319; Load()
// quietly returns null for it), so documents are counted with the event parser instead,
// stopping after two. (The same probe as ParseCatalog's.)
class DocumentProbe : public YAML::EventHandler {
 public:
  struct Document {
    int start_line = 1;  // 1-based, of the document (its `---` if it has one)
    std::size_t root_pos = 0;
    int root_line = 1;
    bool null_root = true;
  };
  const std::vector<Document>& documents() const { return documents_; }

  void OnDocumentStart(const YAML::Mark& mark) override {
    Document d;
    d.start_line = mark.line + 1;
    documents_.push_back(d);
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { Root(mark, true); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { Root(mark, false); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                const std::string&) override {
    Root(mark, false);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    Root(mark, false);
    ++depth_;
  }
  void OnSequenceEnd() override { --depth_; }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    Root(mark, false);
    ++depth_;
  }
  void OnMapEnd() override { --depth_; }

 private:
  void Root(const YAML::Mark& mark, bool null) {
    if (depth_ != 0 || documents_.empty()) return;
    Document& d = documents_.back();
    d.root_pos = mark.pos >= 0 ? static_cast<std::size_t>(mark.pos) : 0;
    d.root_line = mark.line + 1;
    d.null_root = null;
  }
  std::vector<Document> documents_;
  int depth_ = 0;
};

// Loads a text that must be one YAML document. An empty text (or comments only) gives a null
// node. A second document is "LINE: <what> is one YAML document; a second one starts here";
// syntax errors are "LINE: YAML syntax: …". May throw YAML::Exception only from the final
// Load(), which the caller catches like any YAML error.
inline Result<YAML::Node> LoadOneDocument(const std::string& text, std::string_view what,
                                          const Locator& loc) {
  const int last_line = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentProbe probe;
  for (int i = 0; i < 2 && parser.HandleNextDocument(probe); ++i) {
  }
  const std::vector<DocumentProbe::Document>& docs = probe.documents();
  if (docs.size() >= 2 && docs[1].null_root && docs[1].root_pos == docs[0].root_pos &&
      docs[0].root_pos < text.size())  // the parser is stuck on a character
    return loc.Error(docs[0].root_line,
                     Fill(Tr("YAML syntax: unexpected '{1}'"), {text.substr(docs[0].root_pos, 1)}));
  if (docs.size() >= 2)
    // TRANSLATORS: {1} what the text is ("a tile", "the catalogue").
    return loc.Error(
        std::min(docs[1].start_line, last_line),
        Fill(Tr("{1} is one YAML document; a second one starts here"), {std::string(what)}));
  if (docs.empty() || docs[0].null_root) return YAML::Node();
  return YAML::Load(text);
}

}  // namespace carcref::yaml_read
