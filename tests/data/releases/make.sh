#!/bin/sh
# Writes this directory's logs with the nightsim installed in a checkout of a release:
#   git worktree add --detach /tmp/ns-030 c3f7862   # 0.3.0  (0.2.0: e1a3b58)
#   python3 -m venv /tmp/ns-030/.venv && /tmp/ns-030/.venv/bin/pip install -e /tmp/ns-030
#   sh tests/data/releases/make.sh /tmp/ns-030/.venv/bin/nightsim 0.3.0
# README.md here lists the exact command behind each file.
set -eu
NS=$1
V=$2
DIR=$(dirname "$0")
run() { out=$1; shift; "$NS" run --format jsonl --no-log "$@" > "$DIR/v$V-$out.jsonl"; }
run encounter-seed-9 --seed 9
run journey-3-nights --seed journey --nights 3
run sleep-in-shifts-seed-3 --seed 3 --set rules.sleep_in=true \
  --set 'watch.shifts=[{name="Wren",hours=2.5},{name="Sir Aldric",hours=3},{name="Sister Ysolde",hours=2.5}]'
run ukrainian-party-seed-4 --seed 4 \
  --set 'party.Sir Aldric.name=Олекса' --set 'party.Sister Ysolde.name=Ірина' \
  --set 'party.Moss.name=Мох' --set 'party.Wren.name=Ярема' \
  --set 'evening.site=["Ірина"]' --set 'evening.firewood=["Ярема","Мох"]' \
  --set 'evening.water=["Олекса"]' --set 'evening.cook=Ярема' --set 'evening.entertain=Мох' \
  --set 'watch.rota=["Олекса","Ярема","Ірина","Мох"]'
