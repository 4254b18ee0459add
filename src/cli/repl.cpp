// The interactive loop. With a terminal: libedit for line editing, history and tab
// completion of commands and tile ids. Without one (input piped in): plain lines, no prompt.
#include <editline/readline.h>
#include <unistd.h>

#include <clocale>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#include "cli/app.h"
#include "cli/data_files.h"
#include "cli/table.h"

namespace carcref {

namespace {

Table* completing_table = nullptr;

char* CompletionGenerator(const char* text, int state) {
  static std::vector<std::string> words;
  static size_t next;
  if (state == 0) {
    words = completing_table ? completing_table->CompletionWords() : std::vector<std::string>{};
    next = 0;
  }
  size_t len = std::strlen(text);
  while (next < words.size()) {
    const std::string& w = words[next++];
    if (w.compare(0, len, text) == 0) return strdup(w.c_str());
  }
  return nullptr;
}

char** Complete(const char* text, int, int) {
  rl_attempted_completion_over = 1;
  return rl_completion_matches(text, CompletionGenerator);
}

std::string HistoryPath() {
  return (std::filesystem::path(DefaultDatabasePath()).parent_path() / "history").string();
}

}  // namespace

int RunRepl(Table& table) {
  bool interactive = isatty(STDIN_FILENO);
  if (!interactive) {
    std::string line;
    while (!table.quit_requested() && std::getline(std::cin, line)) table.Execute(line);
    return 0;
  }
  // libedit decodes the prompt as multibyte text: without a UTF-8 locale the "·" in the prompts
  // crashed readline. Take the user's locale, and C.UTF-8 when that one is not UTF-8.
  const char* locale = std::setlocale(LC_CTYPE, "");
  if (!locale || (!std::strstr(locale, "UTF-8") && !std::strstr(locale, "utf8")))
    std::setlocale(LC_CTYPE, "C.UTF-8");
  completing_table = &table;
  rl_attempted_completion_function = Complete;
  std::string history = HistoryPath();
  read_history(history.c_str());
  while (!table.quit_requested()) {
    char* raw = readline(table.Prompt().c_str());
    if (!raw) {  // Ctrl-D
      std::cout << "\n";
      break;
    }
    std::string line(raw);
    std::free(raw);
    if (line.find_first_not_of(" \t") != std::string::npos) add_history(line.c_str());
    table.Execute(line);
  }
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(history).parent_path(), ec);
  write_history(history.c_str());
  // Any game: game() is only the base game's (a co-op game has none; asking it crashed).
  if (table.has_game() && table.session_id() > 0 && !table.game_over())
    std::cout << "game " << table.session_id() << " is in the log: carcref resume "
              << table.session_id() << "\n";
  return 0;
}

}  // namespace carcref
