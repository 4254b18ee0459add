#include "cli/completion.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <sstream>

#include "carcref/i18n.h"
#include "carcref/rules.h"
#include "cli/data_files.h"

namespace carcref {

namespace {

// An option or a positional argument of a command, as a script completes it.
struct Arg {
  std::string name;  // "--game", or the positional's name ("id")
  std::string help;
  std::string type;  // the CLI11 type name: "FILE", "GAME", "N", ...
  bool takes_value = false;
  bool files = false;               // its value is a file name
  std::vector<std::string> values;  // every value it takes; empty: free text (or a file)
  std::vector<std::string> games;   // the games whose option it is; empty: every game's
};

struct Command {
  std::string name;
  std::string help;
  std::vector<Arg> options;
  std::vector<Arg> positionals;
};

void AddOnce(std::vector<std::string>& to, const std::string& word) {
  if (std::find(to.begin(), to.end(), word) == to.end()) to.push_back(word);
}

std::vector<std::string> GameNames() {
  std::vector<std::string> out;
  for (const GameDefinition& g : GameDefinitions()) out.push_back(g.name);
  return out;
}

// A game option's tile set is played with the base tiles, so only a set with a catalogue
// fits (a described set is refused by ReadTileSet).
std::vector<std::string> CatalogueSets() {
  std::vector<std::string> out;
  for (const std::string& set : AvailableTileSets())
    if (ReadTileSet(set).ok()) out.push_back(set);
  return out;
}

// The descriptions are --help's, but the script is written once (at build time) for every
// user: the builder's own default log path reads as the rule that gives it (data_files.h).
std::string Describe(std::string text) {
  const std::string path = DefaultDatabasePath();
  std::size_t at = text.find(path);
  if (at != std::string::npos) text.replace(at, path.size(), "$XDG_DATA_HOME/carcref/carcref.db");
  return text;
}

Arg ReadArg(const CLI::Option& option) {
  Arg a;
  a.name = option.get_positional() ? option.get_name(true) : "--" + option.get_lnames().front();
  a.help = Describe(option.get_description());
  a.type = option.get_type_name();
  a.takes_value = option.get_items_expected_max() > 0;  // a flag expects none
  if (a.takes_value && a.type == "FILE") a.files = true;
  if (a.takes_value && a.type == "GAME") a.values = GameNames();
  if (a.takes_value && a.type == "SET") a.values = AvailableTileSets();
  if (a.takes_value && a.type == "SHELL") a.values = CompletionShells();
  if (a.takes_value && a.type == "EXPANSION") {
    for (const GameDefinition& g : GameDefinitions())
      if (!g.expands.empty()) {  // `--game base --with gcc` and `--game gcc --with gcc` both
        AddOnce(a.values, g.name);
        AddOnce(a.games, g.expands);
        AddOnce(a.games, g.name);
      }
  }
  bool games_values = false;  // a game's option takes the values the games give, not the type's
  for (const GameDefinition& g : GameDefinitions())
    for (const OptionSpec& spec : g.options) {
      if (spec.name != a.name) continue;
      AddOnce(a.games, g.name);
      if (!games_values) a.values.clear();
      games_values = true;
      std::vector<std::string> values = spec.values;
      if (values.empty() && spec.value_name == "SET") values = CatalogueSets();
      for (const std::string& v : values) AddOnce(a.values, v);
    }
  return a;
}

// The long options and positionals of `app` itself (not of its subcommands).
Command ReadCommand(const CLI::App& app) {
  Command c{app.get_name(), Describe(app.get_description()), {}, {}};
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_positional())
      c.positionals.push_back(ReadArg(*option));
    else if (!option->get_lnames().empty())
      c.options.push_back(ReadArg(*option));
  }
  return c;
}

// What a script is written from: the program itself (its name, global options, no
// positionals: the command comes there) and its commands.
struct Cli {
  Command program;
  std::vector<Command> commands;
  std::vector<std::string> game_options;  // the names of options whose value is the game
  std::vector<std::string> with_options;  // ... and of those whose value is a game expanding it
};

Cli ReadCli(const CLI::App& app) {
  Cli cli{ReadCommand(app), {}, {}, {}};
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    cli.commands.push_back(ReadCommand(*sub));
    for (const Arg& a : cli.commands.back().options) {
      if (a.type == "GAME") AddOnce(cli.game_options, a.name);
      if (a.type == "EXPANSION") AddOnce(cli.with_options, a.name);
    }
  }
  return cli;
}

// `text` as one shell word, in single quotes.
std::string Quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string Join(const std::vector<std::string>& words, const std::string& between) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : between) + w;
  return out;
}

// The options offered for `game` (empty: no game given, every option).
std::vector<std::string> OptionNames(const Command& c, const std::string& game) {
  std::vector<std::string> out;
  for (const Arg& a : c.options)
    if (game.empty() || a.games.empty() ||
        std::find(a.games.begin(), a.games.end(), game) != a.games.end())
      out.push_back(a.name);
  return out;
}

bool HasGameOptions(const Command& c) {
  return std::any_of(c.options.begin(), c.options.end(),
                     [](const Arg& a) { return !a.games.empty(); });
}

// ---------------------------------------------------------------------------------------------
// bash
// ---------------------------------------------------------------------------------------------

// The bash line that offers what `compgen ARGS` gives for the word being typed (one a line, so
// that a file name may hold spaces).
std::string BashReply(const std::string& args) {
  return "mapfile -t COMPREPLY < <(compgen " + args + " -- \"$cur\")";
}

// The `case "$prev"` arms of a command: what follows each option that takes a value.
void BashValueArms(std::ostream& out, const std::vector<Arg>& options, const std::string& indent) {
  std::vector<std::string> files, free_text;
  for (const Arg& a : options) {
    if (!a.takes_value) continue;
    if (a.files)
      files.push_back(a.name);
    else if (a.values.empty())
      free_text.push_back(a.name);
    else
      out << indent << a.name << ") " << BashReply("-W " + Quote(Join(a.values, " ")))
          << "; return ;;\n";
  }
  if (!files.empty())
    out << indent << Join(files, "|") << ") " << BashReply("-f") << "; return ;;\n";
  if (!free_text.empty()) out << indent << Join(free_text, "|") << ") return ;;\n";
}

void BashCommand(std::ostream& out, const Command& c, const std::vector<std::string>& games) {
  out << "    " << c.name << ")\n";
  out << "      case \"$prev\" in\n";
  BashValueArms(out, c.options, "        ");
  out << "      esac\n";
  // The first argument, where it has values (not while an option is being typed).
  if (!c.positionals.empty() && (c.positionals[0].files || !c.positionals[0].values.empty())) {
    const Arg& a = c.positionals[0];
    out << "      if [[ \"$cur\" != -* ]]; then\n        "
        << BashReply(a.files ? "-f" : "-W " + Quote(Join(a.values, " "))) << "\n"
        << "        return\n      fi\n";
  }
  if (!HasGameOptions(c)) {
    out << "      opts=" << Quote(Join(OptionNames(c, ""), " ")) << " ;;\n";
    return;
  }
  out << "      case \"$game\" in\n";
  for (const std::string& g : games)
    out << "        " << g << ") opts=" << Quote(Join(OptionNames(c, g), " ")) << " ;;\n";
  out << "        *) opts=" << Quote(Join(OptionNames(c, ""), " ")) << " ;;\n";
  out << "      esac ;;\n";
}

std::string BashScript(const Cli& cli) {
  std::ostringstream out;
  out << "# bash completion for carcref(1): the commands, their options, the games and each\n"
         "# game's options, the tile sets. Written by `carcref completion bash` from what this\n"
         "# carcref knows; load it with: source <(carcref completion bash)\n\n";
  out << "_carcref() {\n"
         "  local cur prev words cword\n"
         "  if declare -F _init_completion >/dev/null; then\n"
         "    _init_completion || return\n"
         "  else\n"
         "    COMPREPLY=()\n"
         "    cur=\"${COMP_WORDS[COMP_CWORD]}\"\n"
         "    prev=\"${COMP_WORDS[COMP_CWORD-1]}\"\n"
         "    words=(\"${COMP_WORDS[@]}\")\n"
         "    cword=$COMP_CWORD\n"
         "  fi\n\n";
  std::vector<std::string> global_values;
  for (const Arg& a : cli.program.options)
    if (a.takes_value) global_values.push_back(a.name);
  out << "  # The command is the first word that is not an option or an option's value.\n"
         "  local cmd=\"\" i\n"
         "  for ((i = 1; i < cword; i++)); do\n"
         "    case \"${words[i]}\" in\n";
  if (!global_values.empty()) out << "      " << Join(global_values, "|") << ") ((i++)) ;;\n";
  out << "      -*) ;;\n"
         "      *) cmd=\"${words[i]}\"; break ;;\n"
         "    esac\n"
         "  done\n";
  out << "  # The game: the value of --game, or of --with (the game that expands it).\n"
         "  local game=\"\" with=\"\"\n"
         "  for ((i = 1; i < cword - 1; i++)); do\n"
         "    case \"${words[i]}\" in\n";
  if (!cli.game_options.empty())
    out << "      " << Join(cli.game_options, "|") << ") game=\"${words[i+1]}\" ;;\n";
  if (!cli.with_options.empty())
    out << "      " << Join(cli.with_options, "|") << ") with=\"${words[i+1]}\" ;;\n";
  out << "    esac\n"
         "  done\n"
         "  [[ -n \"$with\" ]] && game=\"$with\"\n\n";

  std::vector<std::string> top;
  for (const Command& c : cli.commands) top.push_back(c.name);
  for (const Arg& a : cli.program.options) top.push_back(a.name);
  out << "  local opts=\"\"\n"
         "  case \"$cmd\" in\n"
         "    \"\")\n"
         "      case \"$prev\" in\n";
  BashValueArms(out, cli.program.options, "        ");
  out << "      esac\n"
      << "      opts=" << Quote(Join(top, " ")) << " ;;\n";
  for (const Command& c : cli.commands) BashCommand(out, c, GameNames());
  out << "  esac\n"
         "  "
      << BashReply("-W \"$opts\"")
      << "\n"
         "}\n\n"
         "complete -F _carcref carcref\n";
  return out.str();
}

// ---------------------------------------------------------------------------------------------
// zsh
// ---------------------------------------------------------------------------------------------

// `text` with the characters that end a part of an _arguments spec escaped.
std::string ZshEscape(const std::string& text, const std::string& special) {
  std::string out;
  for (char c : text) {
    if (c == '\\' || special.find(c) != std::string::npos) out += '\\';
    out += c;
  }
  return out;
}

// ":MESSAGE:ACTION" for an argument's value.
std::string ZshValue(const Arg& a) {
  std::string message = a.name.rfind("--", 0) == 0 ? a.name.substr(2) : a.name;
  std::string action = a.files ? "_files" : a.values.empty() ? "" : "(" + Join(a.values, " ") + ")";
  return ":" + ZshEscape(message, ":") + ":" + action;
}

std::string ZshOption(const Arg& a) {
  std::string exclusive = a.name == "--help" || a.name == "--version" ? "(- *)" : "";
  return Quote(exclusive + a.name + "[" + ZshEscape(a.help, "[]") + "]" +
               (a.takes_value ? ZshValue(a) : ""));
}

std::vector<std::string> ZshSpecs(const Command& c, const std::string& game, bool common) {
  std::vector<std::string> out;
  for (std::size_t i = 0; common && i < c.positionals.size(); ++i) {
    const Arg& a = c.positionals[i];
    std::string action = a.files            ? "_files"
                         : a.values.empty() ? ""
                                            : "(" + Join(a.values, " ") + ")";
    out.push_back(Quote(std::to_string(i + 1) + ":" + ZshEscape(a.help, ":") + ":" + action));
  }
  for (const Arg& a : c.options) {
    bool own = game.empty() || std::find(a.games.begin(), a.games.end(), game) != a.games.end();
    if (common ? a.games.empty() : !a.games.empty() && own) out.push_back(ZshOption(a));
  }
  return out;
}

void ZshLines(std::ostream& out, const std::vector<std::string>& lines, const std::string& indent) {
  for (const std::string& l : lines) out << indent << l << "\n";
}

std::string ZshScript(const Cli& cli) {
  std::ostringstream out;
  out << "#compdef carcref\n"
         "# zsh completion for carcref(1): the commands, their options, the games and each game's\n"
         "# options, the tile sets. Written by `carcref completion zsh` from what this carcref\n"
         "# knows; installed as _carcref in a directory of $fpath.\n\n";
  out << "_carcref() {\n"
         "  local curcontext=\"$curcontext\" state line\n"
         "  typeset -A opt_args\n"
         "  local -a commands specs\n"
         "  commands=(\n";
  for (const Command& c : cli.commands)
    out << "    " << Quote(ZshEscape(c.name, ":") + ":" + c.help) << "\n";
  out << "  )\n"
         "  _arguments -C \\\n";
  for (const Arg& a : cli.program.options) out << "    " << ZshOption(a) << " \\\n";
  out << "    '1:command:->command' \\\n"
         "    '*::argument:->argument' && return\n\n"
         "  case $state in\n"
         "    command) _describe -t commands 'carcref command' commands ;;\n"
         "    argument)\n"
         "      # The game: the value of --game, or of --with (the game that expands it).\n"
         "      local game=\"\" with=\"\" i\n"
         "      for ((i = 1; i < $#words; i++)); do\n"
         "        case $words[i] in\n";
  if (!cli.game_options.empty())
    out << "          " << Join(cli.game_options, "|") << ") game=$words[i+1] ;;\n";
  if (!cli.with_options.empty())
    out << "          " << Join(cli.with_options, "|") << ") with=$words[i+1] ;;\n";
  out << "        esac\n"
         "      done\n"
         "      [[ -n $with ]] && game=$with\n"
         "      case $line[1] in\n";
  for (const Command& c : cli.commands) {
    out << "        " << c.name << ")\n          specs=(\n";
    ZshLines(out, ZshSpecs(c, "", true), "            ");
    out << "          )\n";
    if (HasGameOptions(c)) {
      out << "          case $game in\n";
      for (const std::string& g : GameNames()) {
        out << "            " << g << ") specs+=(\n";
        ZshLines(out, ZshSpecs(c, g, false), "              ");
        out << "            ) ;;\n";
      }
      out << "            *) specs+=(\n";
      ZshLines(out, ZshSpecs(c, "", false), "              ");
      out << "            ) ;;\n          esac\n";
    }
    out << "          ;;\n";
  }
  out << "      esac\n"
         "      (( $#specs )) && _arguments $specs ;;\n"
         "  esac\n"
         "}\n\n"
         "_carcref \"$@\"\n";
  return out.str();
}

}  // namespace

const std::vector<std::string>& CompletionShells() {
  static const std::vector<std::string> shells = {"bash", "zsh"};
  return shells;
}

Result<std::string> CompletionScript(const CLI::App& app, const std::string& shell) {
  if (shell == "bash") return BashScript(ReadCli(app));
  if (shell == "zsh") return ZshScript(ReadCli(app));
  // TRANSLATORS: {1} the shell asked for, {2} those carcref writes one for ("bash and zsh").
  return Status::Syntax(Fill(Tr("no completion for shell '{1}'; there is one for {2}"),
                             {shell, Join(CompletionShells(), " and ")}));
}

}  // namespace carcref
