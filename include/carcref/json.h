// A small JSON writer: the rules modules' state as JSON (GameRules::StateJson), --json output
// and the log's event records. Reading back is done with yaml-cpp (JSON is YAML).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace carcref {

std::string JsonString(std::string_view s);  // quoted and escaped

// Builds an object or array by appending members; commas are handled.
class JsonWriter {
 public:
  JsonWriter& BeginObject(std::string_view key = {});
  JsonWriter& EndObject();
  JsonWriter& BeginArray(std::string_view key = {});
  JsonWriter& EndArray();
  JsonWriter& Value(std::string_view key, std::string_view s);
  JsonWriter& Value(std::string_view key, const char* s) { return Value(key, std::string_view(s)); }
  JsonWriter& Value(std::string_view key, long long n);
  JsonWriter& Value(std::string_view key, int n) { return Value(key, static_cast<long long>(n)); }
  JsonWriter& Value(std::string_view key, bool b);
  JsonWriter& Raw(std::string_view key, std::string_view json);
  JsonWriter& Ints(std::string_view key, const std::vector<int>& values);  // an array
  const std::string& str() const { return out_; }

 private:
  void Key(std::string_view key);
  std::string out_;
  bool need_comma_ = false;
};

}  // namespace carcref
