#!/usr/bin/env bash
# Rebuilds tests/data from the corpus (ROCHADE_CORPUS_DIR, default ../shared/corpus): the sample of
# real games the default test suite reads, in the corpus's own layout, copied unchanged, and the
# perft rows the default run checks (perft/perft-sample.tsv). See README.md here for the list.
set -euo pipefail
cd "$(dirname "$0")"
C=${1:-../../../shared/corpus}
[[ -d $C ]] || { echo "update.sh: no corpus at $C" >&2; exit 1; }
copy() { for f in "$@"; do mkdir -p "$(dirname "$f")"; cp "$C/$f" "$f"; chmod 644 "$f"; done; }
# broken and odd files: every edge/ file under 64 KiB, and one Lichess export with clocks
(cd "$C" && find edge -type f -size -64k | LC_ALL=C sort) | while read -r f; do copy "$f"; done
copy edge/shakmaty/benches/lichess_db_100k.pgn
# historical: the castling incidents, two 19th/20th-century collections
copy historical/castling-incidents/castling-mate-puzzles.pgn \
     historical/castling-incidents/karpov-miles-tilburg-1986.gnuchess-book.pgn \
     historical/castling-incidents/karpov-miles-tilburg-1986.pgn \
     historical/castling-incidents/korobov-solak-eur-2015.pgn \
     historical/mir_khan.pgn historical/chessnostalgia-1800-1900.pgn \
     historical/chessnostalgia-1901-1920.pgn
# masters, Lichess/chess.com with clocks, a broadcast, Chess960 (TCEC, zstd)
copy masters/Anand_Kramnik.pgn \
     lichess/pgn2data-lichess_manwithavan_2021-07-25.pgn lichess/lichess-export-ChessGPT.pgn \
     lichess/chesscom-export-ChessGPT.pgn lichess/scalachess-uzchesscup.pgn \
     chess960/TCEC_Season_19_-_Frc2_Testing2.pgn.zst \
     chess960/TCEC_Season_16_-_Frc_Cpu_League_2_Playoff.pgn.zst \
     perft/CPW-standard-positions.txt
# perft: the chess and Chess960 rows of at most 200,000 nodes, every 7th (what the corpus run of
# tests/chess/perft_test.cpp checks), and the header
awk -F'\t' 'NR == 1 { print; next }
            ($4 == "chess" || $4 == "chess960") && $3 <= 200000 { if (n++ % 7 == 0) print }' \
  "$C/perft/ALL-perft-normalized.tsv" > perft/perft-sample.tsv
# PROVENANCE.md: the corpus's provenance line of every file copied, under a short preface
{ cat <<'HEAD'
# tests/data — the real games the default test suite reads

A sample of the project's test corpus (`ROCHADE_CORPUS_DIR`, see tests/CMakeLists.txt), in the
corpus's own layout, so that a fresh clone tests every layer on real data: masters, Lichess and
chess.com games with `[%clk]` comments, Chess960 (TCEC, zstd), the historical castling incidents
(Karpov–Miles, Tilburg 1986; Korobov–Solak 2015; mates by castling), 19th-century collections,
and the broken and odd files of 16 PGN parser projects (every `edge/` file under 64 KiB). Every
file is copied unchanged, except `perft/perft-sample.tsv` (see below). `update.sh` rebuilds all of
it, this file included, from the corpus. Game counts are the lines that start with `[Event `.

`perft/perft-sample.tsv`: the rows of the corpus's `perft/ALL-perft-normalized.tsv` (a merge of
the perft suites of shakmaty, scalachess, python-chess, pychess, Ethereal, Stockfish and
chess-library; sources never disagree) that are chess or Chess960 with at most 200,000 nodes,
every 7th of them: the rows the corpus run of tests/chess/perft_test.cpp checks.

Columns (as in the corpus): file · origin (GitHub repository, or Debian package) · path in the
origin · commit or archive · licence as stated by the origin · games · bytes · notes.

| file | origin | path in origin | commit / archive | licence | games | size | notes |
|---|---|---|---|---|---:|---:|---|
HEAD
  find . -type f ! -name PROVENANCE.md ! -name update.sh ! -name perft-sample.tsv | sed 's|^\./||' |
    LC_ALL=C sort | while read -r f; do
      line=$(grep -F "| $f |" "$C/PROVENANCE.md" | head -n 1 || true)
      [[ -n $line ]] || { echo "update.sh: no provenance line for $f" >&2; exit 1; }
      echo "$line"
    done
} > PROVENANCE.md
