// The interactive loop. With a terminal: libedit for line editing, history and tab
// completion; Ctrl-C clears the line being typed, the history is on disk after every line,
// and a line that ends a turn is followed by one status line. Without one (input piped in):
// plain lines, no prompt, no status line (scripts and transcripts stay as they were).
#include <editline/readline.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <clocale>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#include "carcref/i18n.h"
#include "cli/app.h"
#include "cli/data_files.h"
#include "cli/table.h"

namespace carcref {

namespace {

Table* completing_table = nullptr;
std::string completing_before;  // the line up to the word being completed

char* CompletionGenerator(const char* text, int state) {
  static std::vector<std::string> words;
  static size_t next;
  if (state == 0) {
    words = completing_table ? completing_table->CompletionWords(completing_before)
                             : std::vector<std::string>{};
    next = 0;
  }
  size_t len = std::strlen(text);
  while (next < words.size()) {
    const std::string& w = words[next++];
    if (w.compare(0, len, text) == 0) return strdup(w.c_str());
  }
  return nullptr;
}

char** Complete(const char* text, int start, int) {
  rl_attempted_completion_over = 1;
  completing_before.assign(rl_line_buffer ? rl_line_buffer : "",
                           static_cast<size_t>(std::max(start, 0)));
  return rl_completion_matches(text, CompletionGenerator);
}

std::string HistoryPath() {
  return (std::filesystem::path(DefaultDatabasePath()).parent_path() / "history").string();
}

// Ctrl-C: the signal only marks it; the key reader below turns the interrupted read into the
// key kInterruptKey, whose libedit function ends the line, and the loop drops that line.
volatile std::sig_atomic_t interrupted = 0;
constexpr int kInterruptKey = 3;  // ^C, also when the terminal sends it as a key

extern "C" void OnSigint(int) { interrupted = 1; }

// One key as libedit wants it: a whole UTF-8 character as its code point, or -1 at the end.
// An interrupted read (Ctrl-C) is kInterruptKey.
int ReadKey(FILE*) {
  auto read_byte = [](unsigned char* b) {
    for (;;) {
      ssize_t n = read(STDIN_FILENO, b, 1);
      if (n == 1) return 1;
      if (n == 0) return 0;
      if (errno != EINTR) return -1;
      if (interrupted) return 2;
    }
  };
  unsigned char b = 0;
  int got = read_byte(&b);
  if (got == 2) return kInterruptKey;
  if (got != 1) return -1;
  int more = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
  int code = more == 3 ? (b & 0x07) : more == 2 ? (b & 0x0F) : more == 1 ? (b & 0x1F) : b;
  for (int i = 0; i < more; ++i) {
    unsigned char c = 0;
    got = read_byte(&c);
    if (got == 2) return kInterruptKey;
    if (got != 1) return -1;
    code = (code << 6) | (c & 0x3F);
  }
  return code;
}

// Bound to kInterruptKey: the line typed so far is dropped (the loop sees `interrupted`).
int InterruptLine(int, int) {
  interrupted = 1;
  rl_done = 1;
  return 0;
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
  table.set_turn_lines(true);
  rl_attempted_completion_function = Complete;
  // Words break at blanks only: "1,0", "winter/RC" and "-1,2" are one word each.
  static char word_breaks[] = " \t\n";
  rl_basic_word_break_characters = word_breaks;
  rl_completer_word_break_characters = word_breaks;
  // Before libedit starts (read_history starts it): the key reader, then Ctrl-C's function.
  rl_getc_function = ReadKey;
  struct sigaction on_int {};
  on_int.sa_handler = OnSigint;
  sigemptyset(&on_int.sa_mask);
  on_int.sa_flags = 0;  // no SA_RESTART: the read is interrupted
  struct sigaction before_int {};
  sigaction(SIGINT, &on_int, &before_int);
  rl_initialize();
  rl_add_defun("carcref-interrupt", InterruptLine, kInterruptKey);
  std::string history = HistoryPath();
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(history).parent_path(), ec);
  read_history(history.c_str());
  while (!table.quit_requested()) {
    interrupted = 0;
    char* raw = readline(table.Prompt().c_str());
    if (interrupted) {  // Ctrl-C: the line is dropped, the game goes on
      std::free(raw);
      std::cout << "^C\n" << std::flush;
      continue;
    }
    if (!raw) {  // Ctrl-D
      std::cout << "\n";
      break;
    }
    std::string line(raw);
    std::free(raw);
    if (line.find_first_not_of(" \t") != std::string::npos) {
      add_history(line.c_str());
      // On disk at once: a killed session keeps its history too.
      write_history(history.c_str());
    }
    table.Execute(line);  // a line that ends a turn ends with its status line (set_turn_lines)
    std::cout << std::flush;
  }
  sigaction(SIGINT, &before_int, nullptr);
  write_history(history.c_str());
  // Any game: game() is only the base game's (a co-op game has none; asking it crashed).
  if (table.has_game() && table.session_id() > 0 && !table.game_over())
    // TRANSLATORS: {1} the game's number in the log.
    std::cout << Fill(Tr("game {1} is in the log: carcref resume {1}"),
                      {std::to_string(table.session_id())})
              << "\n";
  return 0;
}

}  // namespace carcref
