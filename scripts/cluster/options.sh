# shellcheck shell=bash
# shellcheck disable=SC2154  # cluster_name, cluster_own_options: set by the recipe that sources this
# The options of `rochade stats` as the cluster recipes take them, and what the recipes share:
# reading their command line, checking it with rochade before any job starts, and the work
# folder that holds the jobs' partials. Sourced by parallel.sh and slurm.sbatch (prepare).
#
# The table below is the one list of rochade stats options the recipes know; the test
# tests/cluster/options_table_test.sh compares it with `rochade stats --help`, so an option
# added to rochade fails that test until it is added here. One line per option:
#   SPELLINGS   the names, comma-separated, as `rochade stats --help` lists them
#   ARITY       value (--opt V, --opt=V, and -xV for a short name) or flag
#   ROUTE       partial: passed to each map job, and it shapes the partials (recorded in the
#                        work folder: a rerun with other such options is refused)
#               job:     passed to each map job, no effect on the partials
#               merge:   passed to the merge that writes the result
#               recipe:  the recipe gives it a meaning of its own (its --help says which)
#               refuse:  refused with exit 2 (cluster_refusal says why)
cluster_stats_options='
-h,--help        flag   recipe
-o,--output      value  merge
--format         value  merge
-j,--threads     value  job
--progress       flag   recipe
--no-progress    flag   job
-q,--quiet       flag   job
--max-games      value  refuse
--where          value  partial
--list-inputs    flag   recipe
--dedup          flag   refuse
--by             value  partial
--partial        value  recipe
'

# Why a refused option cannot be split into map jobs.
cluster_refusal() {
  case "$1" in
    --dedup)
      echo "--dedup cannot be split into jobs: a map job sees only its own file's games, so a" \
           "game repeated in two files would count twice. Run rochade stats --dedup as one run" ;;
    --max-games)
      echo "--max-games cannot be split into jobs: it stops after N games in all, in input" \
           "order, and the map jobs run at once, each without the others' count. Run rochade" \
           "stats --max-games as one run" ;;
    *) echo "$1 is not taken by the cluster recipes" ;;
  esac
}

# The table as "NAME ARITY" lines, one per spelling (the test compares these with the help).
cluster_option_names() {
  local spellings arity route name
  while read -r spellings arity route; do
    [[ -n $spellings ]] || continue
    IFS=, read -ra names <<<"$spellings"
    for name in "${names[@]}"; do printf '%s %s\n' "$name" "$arity"; done
  done <<<"$cluster_stats_options"
}

# The table by spelling: cluster_arity[-j] = value, cluster_route[-j] = job,
# cluster_long[-j] = --threads.
declare -gA cluster_arity=() cluster_route=() cluster_long=()
cluster_index() {  # cluster_index TABLE ROUTE: adds "SPELLINGS ARITY [ROUTE]" lines to the maps
  local spellings arity route name
  while read -r spellings arity route; do
    [[ -n $spellings ]] || continue
    IFS=, read -ra names <<<"$spellings"
    for name in "${names[@]}"; do
      cluster_arity[$name]=$arity
      cluster_route[$name]=${route:-$2}
      cluster_long[$name]=${names[${#names[@]} - 1]}
    done
  done <<<"$1"
}
cluster_index "$cluster_stats_options" ""

# cluster_usage MESSAGE: a usage error of the recipe $cluster_name (exit 2).
cluster_usage() {
  printf '%s: %s\n' "$cluster_name" "$1" >&2
  printf "Run '%s --help' for the options.\n" "$cluster_name" >&2
  exit 2
}

# cluster_parse ARGS...: reads a recipe's command line. The recipe's own options are the
# "--name ARITY" lines of $cluster_own_options (long names only, none of rochade's). Sets
#   cluster_inputs          the inputs, as named
#   cluster_partial_words   words for each map job that shape the partials (--where=, --by=)
#   cluster_job_words       words for each map job that do not (--threads=, --quiet, ...)
#   cluster_merge_words     words for the merge (--output=, --format=)
#   cluster_set[NAME]       the value (flags: 1) of each recipe option and of each rochade option
#                           given, by its long name (--by: the last one)
# and exits 2 on an unknown, refused or malformed option. Values go on as --name=VALUE, so a
# value that starts with '-' (-o -) reaches rochade as the value it is.
cluster_parse() {
  cluster_inputs=(); cluster_partial_words=(); cluster_job_words=(); cluster_merge_words=()
  declare -gA cluster_set=()
  cluster_index "$cluster_own_options" own
  local arg name value has_value arity route long
  while (($#)); do
    arg=$1; shift
    case "$arg" in
      --) cluster_inputs+=("$@"); break ;;
      -) cluster_usage "standard input (-) cannot be split into map jobs: name files or folders" ;;
      --*=*) name=${arg%%=*}; value=${arg#*=}; has_value=1 ;;
      --*) name=$arg; value=""; has_value=0 ;;
      -?) name=$arg; value=""; has_value=0 ;;
      -*) name=${arg:0:2}; value=${arg:2}; has_value=1 ;;
      *) cluster_inputs+=("$arg"); continue ;;
    esac
    if [[ -z ${cluster_arity[$name]:-} ]]; then
      cluster_usage "unknown option $name (the recipes take rochade stats' options and their own)"
    fi
    arity=${cluster_arity[$name]}; route=${cluster_route[$name]}; long=${cluster_long[$name]}
    if [[ $arity == value ]]; then
      if ((!has_value)); then
        (($#)) || cluster_usage "$name needs a value"
        value=$1; shift
      fi
    elif ((has_value)); then
      if [[ $arg == --* ]]; then cluster_usage "$name takes no value"; fi
      cluster_usage "$name takes no value (give short options one by one: $name -${value:0:1} ...)"
    else
      value=1
    fi
    cluster_set[$long]=$value
    local word=$long
    [[ $arity == value ]] && word="$long=$value"
    case "$route" in
      own | recipe) ;;
      partial) cluster_partial_words+=("$word") ;;
      job) cluster_job_words+=("$word") ;;
      merge) cluster_merge_words+=("$word") ;;
      refuse) cluster_usage "$(cluster_refusal "$long")" ;;
      *) cluster_usage "internal: route $route of $long" ;;
    esac
  done
  ((${#cluster_inputs[@]})) || cluster_usage "no INPUT named"
  local input
  for input in "${cluster_inputs[@]}"; do
    [[ $input != "-" ]] || cluster_usage "standard input (-) cannot be split into map jobs: name files or folders"
    [[ $input != *$'\n'* ]] || cluster_usage "an input name holds a line break: the job list is one name a line"
  done
}

# cluster_absolute_program PATH: PATH made absolute (a bare name is looked up in PATH).
cluster_absolute_program() {
  local p=$1
  if [[ $p != */* ]]; then
    p=$(command -v -- "$p") || { echo "$cluster_name: no $1 in PATH" >&2; exit 2; }
  fi
  [[ -f $p && -x $p ]] || { echo "$cluster_name: no rochade at $p (build it first, or give --rochade)" >&2; exit 2; }
  printf '%s/%s\n' "$(cd "$(dirname -- "$p")" && pwd)" "$(basename -- "$p")"
}

# cluster_list ROCHADE LIST TMPDIR: checks the whole command line with rochade itself before any
# job starts: `rochade stats OPTIONS... --list-inputs -- INPUTS...` validates every option, the
# output paths (-o, --partial) and --format against -o's name, and lists the files rochade would
# read. A usage error exits 2 and an output that cannot be written exits 1, as rochade does.
# Writes the job list to LIST, one input a line: the files of the listing, in its order; a named
# input that rochade cannot list (missing, unreadable, a folder without PGN) is a job of its own,
# in its place, which fails as one run does. Returns 1 when there is such an input, else 0.
cluster_list() {
  local rochade=$1 list=$2 tmp=$3 status=0
  local outputs=("${cluster_merge_words[@]}")
  [[ -n ${cluster_set[--partial]:-} ]] && outputs+=("--partial=${cluster_set[--partial]}")
  "$rochade" stats "${cluster_partial_words[@]}" "${cluster_job_words[@]}" "${outputs[@]}" \
    --list-inputs -- "${cluster_inputs[@]}" >"$list" 2>"$tmp/list.err" || status=$?
  case "$status" in
    0) ;;
    1)
      # An input that cannot be read, or an output that cannot be written: ask about the
      # outputs alone (/dev/null is always an input).
      if ! "$rochade" stats "${cluster_partial_words[@]}" "${cluster_job_words[@]}" \
          "${outputs[@]}" --list-inputs -- /dev/null >/dev/null 2>"$tmp/output.err"; then
        cat "$tmp/output.err" >&2
        echo "$cluster_name: the output cannot be written; no job ran" >&2
        exit 1
      fi
      : >"$list"
      local input
      for input in "${cluster_inputs[@]}"; do
        if "$rochade" stats --list-inputs -- "$input" >"$tmp/one.txt" 2>/dev/null; then
          cat "$tmp/one.txt" >>"$list"
        else
          printf '%s\n' "$input" >>"$list"
        fi
      done
      ;;
    *)
      cat "$tmp/list.err" >&2
      echo "$cluster_name: rochade stats refused the command line (status $status); no job ran" >&2
      exit "$status"
      ;;
  esac
  local twice
  twice=$(sort -- "$list" | uniq -d | head -3)
  if [[ -n $twice ]]; then
    cluster_usage "an input is named twice (${twice//$'\n'/, }): merge refuses to count a file twice"
  fi
  return $((status == 0 ? 0 : 1))
}

# cluster_workdir DIR ROCHADE SCRIPTDIR LIST: makes DIR the work folder of this command line,
# or checks that it is, and holds DIR/lock (flock) until the recipe ends. DIR/recipe.txt records what shapes the partials (the folder the inputs
# are named from, --where, --by, the job list); a DIR whose record differs is refused (exit 2),
# never mixed. Then writes the files the jobs read: files.txt (line K: the input of job K),
# map.args and merge.args (NUL-separated commands), partial.txt (the --partial FILE or empty),
# cwd, job.sh (a copy of scripts/cluster/job.sh); the partials go to DIR/parts.
cluster_workdir() {
  local dir=$1 rochade=$2 scriptdir=$3 list=$4
  local record word line
  record=$(
    echo "rochade cluster work folder 1"
    printf 'cwd %q\n' "$PWD"
    for word in "${cluster_partial_words[@]}"; do printf 'option %q\n' "$word"; done
    while IFS= read -r line; do printf 'job %q\n' "$line"; done <"$list"
  )
  mkdir -p -- "$dir"
  # One command at a time in a work folder (the lock goes when the recipe ends).
  exec 9>>"$dir/lock"
  flock -n 9 || { echo "$cluster_name: another run is using $dir" >&2; exit 2; }
  if [[ -f $dir/recipe.txt ]]; then
    if [[ $(<"$dir/recipe.txt") != "$record" ]]; then
      {
        echo "$cluster_name: $dir holds partials of other inputs or options; use another work folder or remove it:"
        diff <(cat "$dir/recipe.txt") <(printf '%s\n' "$record") | grep '^[<>]' | head -6 |
          sed -e 's/^</  there:/' -e 's/^>/  now:  /' || true
      } >&2
      exit 2
    fi
  else
    local entry
    for entry in "$dir"/* "$dir"/.*; do
      case "${entry##*/}" in
        . | .. | lock | '*' | '.*') ;;
        *) cluster_usage "$dir is neither empty nor a work folder of these recipes (no recipe.txt)" ;;
      esac
    done
  fi
  mkdir -p -- "$dir/parts"
  local tmp=$dir/.writing-$$
  printf '%s\n' "$record" >"$tmp" && mv -f -- "$tmp" "$dir/recipe.txt"
  cp -- "$list" "$tmp" && mv -f -- "$tmp" "$dir/files.txt"
  printf '%s\n' "$PWD" >"$tmp" && mv -f -- "$tmp" "$dir/cwd"
  printf '%s\0' "$rochade" stats "${cluster_partial_words[@]}" "${cluster_job_words[@]}" >"$tmp"
  mv -f -- "$tmp" "$dir/map.args"
  printf '%s\0' "$rochade" merge "${cluster_merge_words[@]}" >"$tmp" && mv -f -- "$tmp" "$dir/merge.args"
  printf '%s\n' "${cluster_set[--partial]:-}" >"$tmp" && mv -f -- "$tmp" "$dir/partial.txt"
  cp -- "$scriptdir/job.sh" "$tmp" && mv -f -- "$tmp" "$dir/job.sh"
}
