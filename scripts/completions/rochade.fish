# fish completion for rochade(1). Installed as share/fish/vendor_completions.d/rochade.fish; to
# try it from the source tree: source scripts/completions/rochade.fish
#
# Like the bash completion: subcommands and options are read from `rochade --help` and
# `rochade SUBCOMMAND --help` when completing; the values of options that list them; files.

function __rochade_subcommands
    set -l prog (commandline -opc)[1]
    $prog --help 2>/dev/null | awk '/^Subcommands:/ { f = 1; next }
        f && /^  [a-z]/ { name = $1; sub(/^ +[^ ]+ +/, ""); print name "\t" $0 }'
end

function __rochade_options
    set -l words (commandline -opc)
    $words[1] $words[2] --help 2>/dev/null | awk '/^ +-/ {
        n = split($1, a, ","); for (i = 1; i <= n; i++) if (a[i] ~ /^-/) { sub(/[{:=\[].*/, "", a[i]); print a[i] } }'
end

# The values of the option before the cursor, when its help line lists them.
function __rochade_choices
    set -l words (commandline -opc)
    test (count $words) -ge 3; or return
    $words[1] $words[2] --help 2>/dev/null | awk -v opt=$words[-1] '/^ +-/ {
        n = split($1, a, ",")
        for (i = 1; i <= n; i++) { name = a[i]; sub(/[{:=\[].*/, "", name); if (name == opt) hit = 1 }
        if (hit && match($0, /:\{[^}]*\}/)) { s = substr($0, RSTART + 2, RLENGTH - 3); gsub(",", "\n", s); print s }
        if (hit) exit
      }'
end

complete -c rochade -f -n __fish_use_subcommand -a '(__rochade_subcommands)'
complete -c rochade -f -n __fish_use_subcommand -l help -d 'print the help and exit'
complete -c rochade -f -n __fish_use_subcommand -l version -d 'print the version and the formats read'
complete -c rochade -n 'not __fish_use_subcommand' -a '(__rochade_options)'
complete -c rochade -n 'not __fish_use_subcommand' -a '(__rochade_choices)'
