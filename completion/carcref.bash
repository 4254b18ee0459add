# bash completion for carcref(1): commands, their options, and the values of --game, --with,
# --tiles and tiles. Installed as share/bash-completion/completions/carcref.

_carcref() {
  local cur prev words cword
  if declare -F _init_completion >/dev/null; then
    _init_completion || return
  else
    COMPREPLY=()
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
  fi

  local commands="play resume sessions show stats import tiles bench replay export"
  local global_opts="--db --no-color --serve --help --version"

  # The command is the first word that is not an option or an option's value.
  local cmd="" i
  for ((i = 1; i < cword; i++)); do
    case "${words[i]}" in
      --db|--serve) ((i++)) ;;
      -*) ;;
      *) cmd="${words[i]}"; break ;;
    esac
  done

  case "$prev" in
    --db|--script|--svg|--chart|--json|--csv|import)
      if [[ "$prev" != --json || "$cmd" == export ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
        return
      fi
      ;;
    --game)
      if [[ "$cmd" == play ]]; then
        COMPREPLY=($(compgen -W "base mists city" -- "$cur"))
      else
        COMPREPLY=($(compgen -W "base mists gcc city" -- "$cur"))
      fi
      return
      ;;
    --with) COMPREPLY=($(compgen -W "gcc" -- "$cur")); return ;;
    --tiles) COMPREPLY=($(compgen -W "winter" -- "$cur")); return ;;
    --level) COMPREPLY=($(compgen -W "1 2 3 4 5 6" -- "$cur")); return ;;
    tiles) COMPREPLY=($(compgen -W "base winter mists" -- "$cur")); return ;;
    --players|--start|--stacks|--player|--since|--until|--to|--games|--seed|--serve) return ;;
  esac

  local opts
  case "$cmd" in
    "") COMPREPLY=($(compgen -W "$commands $global_opts" -- "$cur")); return ;;
    play)
      opts="--game --with --players --tiles --no-farmers --script --echo --json --level --start
            --no-misty-meeples --facedown-orthogonal --meeples-on-fields --no-burying-hounds
            --unplaceable-loses --marker-from-meeples --calm-unoccupied --fewer-per-area
            --thresholds-before-hounds --evaluate-after-win --bank-takes-tile-ghosts
            --only-scorers-pay --castle-counts-itself
            --no-cemetery-ghost-penalty --fixed-score-order --floor-each-end-feature
            --ghost-per-edge --clear-tile-disperses --mist-per-side --stacks
            --walls-when-stack1-empty --wall-per-feature --walls-need-no-tile --scored-watchmen
            --watchman-per-tile
            --serve --help" ;;
    resume) opts="--serve --help" ;;
    show) opts="--help" ;;
    sessions) opts="--player --game --since --until --help" ;;
    stats) opts="--player --game --help" ;;
    import) opts="--help" ;;
    tiles) opts="--help" ;;
    bench) opts="--games --seed --help" ;;
    replay) opts="--to --help" ;;
    export) opts="--all --svg --chart --json --csv --to --help" ;;
  esac
  COMPREPLY=($(compgen -W "$opts" -- "$cur"))
}

complete -F _carcref carcref
