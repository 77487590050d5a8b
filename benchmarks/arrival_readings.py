"""Record what the rules read of each dev line when the line arrived, before any rule was fixed on it.

    python benchmarks/arrival_readings.py   # append the lines not yet recorded to arrival.jsonl

The rules were fixed on the dev split, so what they read of a dev line today says little about a new writer's
lines. What they read of it on arrival does: for every commit of the project's history that added dev lines, this
checks out the commit before it (a git worktree), reads the added lines there with that commit's own
``benchmarks/understanding.py`` (the labels are today's), and writes one JSON line per corpus line. The learned check
on asked facts (``benchmarks/train_fact_model.py``) learns from these readings what the rules get wrong on lines
they have not seen. Lines from before the benchmark existed have no reading. Needs the git history (a full clone).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEV = "tests/data/understanding/dev.jsonl"
ARRIVAL = ROOT / "tests" / "data" / "understanding" / "arrival.jsonl"


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False).stdout


def _ids(revision: str) -> set[str]:
    return {json.loads(line)["id"] for line in _git("show", f"{revision}:{DEV}").splitlines() if line.strip()}


def additions() -> list[tuple[str, set[str]]]:
    """Each commit that added dev lines, oldest first, with the ids it added."""
    commits = _git("log", "--format=%H", "--reverse", "--", DEV).split()
    return [(commit, added) for commit in commits if (added := _ids(commit) - _ids(commit + "^"))]


def read_in(tree: Path, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the checkout at ``tree`` reads of each row (run in a process of its own: it imports that tree)."""
    sys.path.insert(0, str(tree))
    spec = importlib.util.spec_from_file_location("arrival_benchmark", tree / "benchmarks" / "understanding.py")
    assert spec is not None and spec.loader is not None
    bench: Any = importlib.util.module_from_spec(spec)  # an older checkout's benchmark, typed by none of ours
    sys.modules["arrival_benchmark"] = bench
    spec.loader.exec_module(bench)
    scratch = Path(tempfile.mkdtemp())
    (scratch / "heldout.jsonl").write_text("", encoding="utf-8")
    bench.CORPUS = scratch
    out = []
    for row in rows:
        (scratch / "dev.jsonl").write_text(json.dumps(row) + "\n", encoding="utf-8")
        try:
            [case] = bench.load(["dev"])
            user = bench.read_as_user(case)
            judge = bench.label_as_judge(case, bench.candidate_call(case)[0])
        except Exception as error:  # a task the older domains lack: no reading
            print(f"  {row['id']}: {error!r:.120}", file=sys.stderr)
            continue
        action = None if user.confirmation is None else user.confirmation[0]
        out.append({"id": row["id"], "facts": sorted(getattr(user, "facts", ()) or ()),
                    "user_tools": None if user.user_tools is None else list(user.user_tools),
                    "approval": user.approval, "confirmation_action": action,
                    "confirmation_request": bool(judge.confirmation_request), "confirms_call": judge.confirms_call})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--read", nargs=2, metavar=("TREE", "LINES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.read:  # the child process: read LINES in TREE, print JSON lines
        rows = [json.loads(line) for line in Path(args.read[1]).read_text("utf-8").splitlines() if line.strip()]
        for reading in read_in(Path(args.read[0]), rows):
            print(json.dumps(reading, sort_keys=True))
        return 0
    today = {json.loads(line)["id"]: line for line in (ROOT / DEV).read_text("utf-8").splitlines() if line.strip()}
    done = {json.loads(line)["id"] for line in ARRIVAL.read_text("utf-8").splitlines()} if ARRIVAL.exists() else set()
    for commit, added in additions():
        wanted = [today[i] for i in sorted(added) if i in today and i not in done]
        parent = _git("rev-parse", "--short", commit + "^").strip()
        if not wanted or not _git("ls-tree", parent, "benchmarks/understanding.py").strip():
            continue
        with tempfile.TemporaryDirectory() as scratch:
            tree, lines = Path(scratch) / "tree", Path(scratch) / "lines.jsonl"
            _git("worktree", "add", "--detach", str(tree), parent)
            lines.write_text("\n".join(wanted) + "\n", encoding="utf-8")
            try:
                child = subprocess.run([sys.executable, __file__, "--read", str(tree), str(lines)], cwd=tree,
                                       capture_output=True, text=True, check=True)
            finally:
                _git("worktree", "remove", "--force", str(tree))
        readings = [{**json.loads(line), "rules": parent} for line in child.stdout.splitlines()]
        with ARRIVAL.open("a", encoding="utf-8") as out:
            out.writelines(json.dumps(r, sort_keys=True) + "\n" for r in readings)
        done |= {r["id"] for r in readings}
        print(f"{parent}: {len(readings)} of {len(wanted)} lines read")
    return 0


if __name__ == "__main__":
    sys.exit(main())
