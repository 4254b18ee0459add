// Errors are values (STYLE.md, after LevelDB's Status): engine verbs return a Status or a
// Result<T>; the engine never prints and never exits. The message is interface: the REPL
// prints it as one line and tests compare it exactly.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace carcref {

class [[nodiscard]] Status {
 public:
  enum class Code { kOk, kSyntax, kIllegal, kNotFound, kCorrupt, kIO };

  Status() = default;
  static Status Ok() { return Status(); }
  static Status Syntax(std::string msg, int column = -1) {
    return Status(Code::kSyntax, std::move(msg), column);
  }
  static Status Illegal(std::string msg) { return Status(Code::kIllegal, std::move(msg)); }
  static Status NotFound(std::string msg) { return Status(Code::kNotFound, std::move(msg)); }
  static Status Corrupt(std::string msg) { return Status(Code::kCorrupt, std::move(msg)); }
  static Status IOError(std::string msg) { return Status(Code::kIO, std::move(msg)); }

  bool ok() const { return code_ == Code::kOk; }
  Code code() const { return code_; }
  const std::string& message() const { return message_; }
  // For syntax errors: 0-based column of the offending character in the parsed text, or -1.
  int column() const { return column_; }

 private:
  Status(Code code, std::string msg, int column = -1)
      : code_(code), message_(std::move(msg)), column_(column) {}
  Code code_ = Code::kOk;
  std::string message_;
  int column_ = -1;
};

// A value or the Status saying why there is none.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}          // NOLINT: implicit by design
  Result(Status status) : status_(std::move(status)) {}  // NOLINT: implicit by design

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  const T& value() const { return *value_; }
  T& value() { return *value_; }
  const T& operator*() const { return *value_; }
  const T* operator->() const { return &*value_; }
  T* operator->() { return &*value_; }

 private:
  std::optional<T> value_;
  Status status_;
};

// For a verb called with an answer that is legal by construction (an answer the rules take by
// themselves, a move of bench's random games): a refusal there is a programmer error.
inline void MustSucceed(const Status& s) {
  assert(s.ok() && "a verb with a legal answer by construction was refused");
  (void)s;
}

}  // namespace carcref
