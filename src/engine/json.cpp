#include "carcref/json.h"

#include <cstdio>

namespace carcref {

std::string JsonString(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

void JsonWriter::Key(std::string_view key) {
  if (need_comma_) out_ += ',';
  if (!key.empty()) out_ += JsonString(key) + ":";
  need_comma_ = true;
}

JsonWriter& JsonWriter::BeginObject(std::string_view key) {
  Key(key);
  out_ += '{';
  need_comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::EndObject() {
  out_ += '}';
  need_comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::BeginArray(std::string_view key) {
  Key(key);
  out_ += '[';
  need_comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::EndArray() {
  out_ += ']';
  need_comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::Value(std::string_view key, std::string_view s) {
  Key(key);
  out_ += JsonString(s);
  return *this;
}

JsonWriter& JsonWriter::Value(std::string_view key, long long n) {
  Key(key);
  out_ += std::to_string(n);
  return *this;
}

JsonWriter& JsonWriter::Value(std::string_view key, bool b) {
  Key(key);
  out_ += b ? "true" : "false";
  return *this;
}

JsonWriter& JsonWriter::Raw(std::string_view key, std::string_view json) {
  Key(key);
  out_ += json;
  return *this;
}

JsonWriter& JsonWriter::Ints(std::string_view key, const std::vector<int>& values) {
  BeginArray(key);
  for (int v : values) Value("", v);
  return EndArray();
}

}  // namespace carcref
