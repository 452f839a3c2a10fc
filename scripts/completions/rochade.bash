# bash completion for rochade(1). Installed as share/bash-completion/completions/rochade; to try
# it from the source tree: source scripts/completions/rochade.bash
#
# The subcommands and each subcommand's options are read from `rochade --help` and
# `rochade SUBCOMMAND --help` when completing, so a new option completes without editing this
# file. After an option with a fixed list of values (--format, --by, --only, ...) its values
# complete; elsewhere files and directories (the inputs).

# The options of a help text: the first field of each line that starts with spaces and a dash,
# split at commas, the names (what starts with a dash) without a value list ("-o,--output TEXT"
# gives -o and --output, "--no-castling[=COLOUR]:{white,black,both}" --no-castling).
_rochade_options() {
  awk '/^ +-/ { n = split($1, a, ","); for (i = 1; i <= n; i++) if (a[i] ~ /^-/) { sub(/[{:=\[].*/, "", a[i]); print a[i] } }'
}

# The values an option takes, when the help lists them ("--format TEXT:{text,json}=text").
_rochade_choices() {  # help text on stdin, $1: the option
  awk -v opt="$1" '/^ +-/ {
      n = split($1, a, ",")
      for (i = 1; i <= n; i++) { name = a[i]; sub(/[{:=\[].*/, "", name); if (name == opt) hit = 1 }
      if (hit && match($0, /:\{[^}]*\}/)) { s = substr($0, RSTART + 2, RLENGTH - 3); gsub(",", " ", s); print s }
      if (hit) exit
    }'
}

_rochade() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  local prog=${COMP_WORDS[0]} sub="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      -*) ;;
      *) sub=${COMP_WORDS[i]}; break ;;
    esac
  done
  if [[ -z $sub ]]; then
    local subs
    subs=$("$prog" --help 2>/dev/null | awk '/^Subcommands:/ { f = 1; next } f && /^  [a-z]/ { print $1 }')
    if [[ $cur == -* ]]; then
      mapfile -t COMPREPLY < <(compgen -W "--help --version" -- "$cur")
    else
      mapfile -t COMPREPLY < <(compgen -W "$subs" -- "$cur")
    fi
    return 0
  fi
  local help
  help=$("$prog" "$sub" --help 2>/dev/null)
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(printf '%s\n' "$help" | _rochade_options)" -- "$cur")
    return 0
  fi
  if [[ $prev == -* ]]; then
    local choices
    choices=$(printf '%s\n' "$help" | _rochade_choices "$prev")
    if [[ -n $choices ]]; then
      mapfile -t COMPREPLY < <(compgen -W "$choices" -- "$cur")
      ((${#COMPREPLY[@]} > 0)) && return 0  # else an input (optional values: --no-castling)
    fi
  fi
  mapfile -t COMPREPLY < <(compgen -f -- "$cur")
  compopt -o filenames 2>/dev/null
  return 0
}

complete -F _rochade rochade
