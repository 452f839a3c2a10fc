# bash completion for rochade(1). Installed as share/bash-completion/completions/rochade; to try
# it from the source tree: source scripts/completions/rochade.bash
#
# The subcommands and each subcommand's options are read from `rochade --help` and
# `rochade SUBCOMMAND --help` when completing, so a new option completes without editing this
# file. After an option with a fixed list of values (--format, --by, --only, ...) its values
# complete, also after '=' (--format=json, --illegal-castling=king_moved); after an option whose
# value is no file (--where, -j, --max-games, --tag) nothing; elsewhere files and directories
# (the inputs, -o, --partial).

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

# The type of an option's value as the help writes it after the name ("TEXT" for a file name,
# "UINT", "TEXT:EXPR", "NAME ..."), or nothing for a flag.
_rochade_type() {  # help text on stdin, $1: the option
  awk -v opt="$1" '/^ +-/ {
      line = $0; sub(/^ +/, "", line); split(line, parts, "  +")
      n = split(parts[1], words, " ")
      k = split(words[1], a, ",")
      for (i = 1; i <= k; i++) {
        name = a[i]; sub(/[{:=\[].*/, "", name)
        if (name == opt) { if (n > 1) print words[2]; exit }
      }
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
  # The option whose value is being completed: "--format j"; "--format=j", which bash splits at
  # '=' into --format, = and j (or --format and = when nothing follows); "--format=j" as one word
  # where COMP_WORDBREAKS has no '='.
  local opt="" value=$cur prefix="" joined=0
  if [[ $cur == = && $prev == -* ]]; then
    opt=$prev value="" joined=1
  elif [[ $prev == = ]] && ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[COMP_CWORD - 2]} == -* ]]; then
    opt=${COMP_WORDS[COMP_CWORD - 2]} joined=1
  elif [[ $cur == -*=* ]]; then
    opt=${cur%%=*} value=${cur#*=} prefix=${cur%%=*}= joined=1
  elif [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(printf '%s\n' "$help" | _rochade_options)" -- "$cur")
    return 0
  elif [[ $prev == -* ]]; then
    opt=$prev
  fi
  if [[ -n $opt ]]; then
    local choices type
    choices=$(printf '%s\n' "$help" | _rochade_choices "$opt")
    if [[ -n $choices ]]; then
      mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "$choices" -- "$value")
      # Without '=', a word that is no value is an input (optional values: --no-castling a.pgn).
      ((${#COMPREPLY[@]} > 0 || joined)) && return 0
    fi
    type=$(printf '%s\n' "$help" | _rochade_type "$opt")
    # A value that is no file (a number, --where's expression, a tag name), or '=' after a flag.
    if [[ -z $choices && ( ( -n $type && $type != TEXT ) || ( -z $type && $joined == 1 ) ) ]]; then
      COMPREPLY=()
      return 0
    fi
  fi
  mapfile -t COMPREPLY < <(compgen -f -P "$prefix" -- "$value")
  compopt -o filenames 2>/dev/null || true  # (outside a completion, as in the tests)
  return 0
}

complete -F _rochade rochade
