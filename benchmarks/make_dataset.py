"""The cuberail self-play dataset, one command: games of every title as Parquet, with a card.

    python benchmarks/make_dataset.py --out dataset              # 10,000 games per title
    python benchmarks/make_dataset.py --out small --games 40     # a quick look

For each title, ``cuberail selfplay TITLE --format parquet`` plays ``--games`` seeded
4-player games between bots of one documented level (``--bots``, default ``medium``:
the heuristic, so the policy columns hold the move played with one visit and the
value column is null; a search level such as ``mcts:50`` fills them from its root
visits, at about ten times the cost per game). The shards land in ``OUT/TITLE/``.
Then ``OUT/DATASET.md`` and ``OUT/manifest.json`` record what a paper must cite: the
cuberail version and build, the rules, action-scheme and data-schema versions, the
exact commands, the seed, games, decisions and bytes per title, the production time
(wall and CPU seconds), the SHA-256 of every shard, and the licence (CC0-1.0: the
games are generated data, dedicated to the public domain; the code stays MIT).

The schema is documented in docs/research.md ("Self-play data") and in each shard's
metadata; the games replay exactly from the metadata (seed, bots, options).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

LICENCE = "CC0-1.0"
TITLES = ("chicago-express", "trans-siberian")


def selfplay_command(title: str, args: argparse.Namespace) -> list[str]:
    """The selfplay run of one title, exactly as it is executed (and recorded)."""
    return [sys.executable, "-m", "cuberail.cli.main", "selfplay", title, "--bots", args.bots,
            "--players", "4", "--games", str(args.games), "--seed", str(args.seed),
            "--shard-games", str(args.shard_games), "--format", "parquet",
            "--jobs", str(args.jobs), "--out", str(Path(args.out) / title)]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_title(title: str, args: argparse.Namespace) -> dict[str, Any]:
    """Play one title's games; returns its manifest entry."""
    command = selfplay_command(title, args)
    cpu, wall = children_cpu(), time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"make_dataset: {title} failed ({done.returncode}):\n{done.stderr}")
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    folder = Path(args.out) / title
    shards = sorted(folder.glob("*.parquet"))
    return {
        "title": title, "command": " ".join(command[1:]).replace("-m cuberail.cli.main",
                                                                 "cuberail", 1),
        "games": summary["games"], "decisions": summary["decisions"],
        "bytes": sum(s.stat().st_size for s in shards),
        "wall_seconds": round(time.monotonic() - wall, 1),
        "cpu_seconds": round(children_cpu() - cpu, 1),
        "shards": {s.name: sha256(s) for s in shards},
    }


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def versions() -> dict[str, Any]:
    """The versions a reader needs to interpret (and reproduce) the data."""
    from cuberail import __version__
    from cuberail._compiled import build_note
    from cuberail.env.actions import ACTION_SCHEME_VERSION
    from cuberail.env.selfplay_parquet import SCHEMA_VERSION
    from cuberail.games import get_game

    return {"cuberail": __version__, "build": build_note(),
            "python": platform.python_version(), "machine": platform.machine(),
            "action_scheme_version": ACTION_SCHEME_VERSION, "schema_version": SCHEMA_VERSION,
            "rules_versions": {t: get_game(t).rules_version for t in TITLES}}


def card(manifest: dict[str, Any]) -> str:
    """DATASET.md: the dataset card, from the manifest."""
    rows = "\n".join(
        f"| {t['title']} | {t['games']:,} | {t['decisions']:,} | {t['bytes'] / 1e6:.1f} MB"
        f" | {t['wall_seconds']:,.0f} s | {t['cpu_seconds']:,.0f} s |"
        for t in manifest["titles"])
    commands = "\n".join(f"    {t['command']}" for t in manifest["titles"])
    v = manifest["versions"]
    return f"""# cuberail self-play dataset

Games of Chicago Express and Trans-Siberian Railroad played by cuberail's
`{manifest['bots']}` bots, four seats, seed {manifest['seed']}, one row per decision
(observation, legal action ids, the move, search visits and value where the bot
searches, final outcome). Licence: {LICENCE}. Made by `{manifest['made_by']}` on
{manifest['date']} with cuberail {v['cuberail']} ({v['build']}), action-id scheme
v{v['action_scheme_version']}, data schema v{v['schema_version']}, rules versions
{v['rules_versions']}.

| title | games | decisions | size | wall | CPU |
|---|---|---|---|---|---|
{rows}

The runs, exactly:

{commands}

Every shard's SHA-256 is in manifest.json. The schema: docs/research.md
("Self-play data") and each shard's key-value metadata.
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="the dataset folder (created)")
    parser.add_argument("--games", type=int, default=10_000, help="games per title")
    parser.add_argument("--bots", default="medium", help="the bot level of every seat")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--shard-games", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes per title")
    parser.add_argument("--only", choices=TITLES, help="one title")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.shard_games < 1:
        parser.error("--games, --jobs and --shard-games take whole numbers of at least 1")
    Path(args.out).mkdir(parents=True, exist_ok=True)
    entries = [run_title(t, args) for t in TITLES if args.only in (None, t)]
    manifest = {"licence": LICENCE, "bots": args.bots, "seed": args.seed,
                "date": time.strftime("%Y-%m-%d"), "versions": versions(),
                "made_by": "python benchmarks/make_dataset.py " + " ".join(argv or sys.argv[1:]),
                "titles": entries}
    (Path(args.out) / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    (Path(args.out) / "DATASET.md").write_text(card(manifest))
    print(card(manifest))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
