"""How much a learned check could correct the rules' reading of requests to operate the user's own tools: a study on
the arrival readings, not a shipped model.

    python benchmarks/arrival_tools.py

For every dev line of a domain with user tools that has an arrival reading (tests/data/understanding/arrival.jsonl:
what the rules read of it before any rule was fixed on it) and every user tool of its domain, a logistic regression
over the message's words (the words of its asking sentences, all its words and word pairs, each also crossed with the
tool) learns whether the line asks for the tool: one model for the tools the rules read (may it drop them?), one for
those they did not (may it add them?). Prints the rules' arrival reading and the reading the models would give, by
5-fold cross-validation grouped by the rules commit, at a few thresholds, scored over the labelled tools of each line
as benchmarks/understanding.py scores them. The numbers say whether a learned check on tool requests is worth
building (measured: it is not); docs/understanding.md gives them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from sklearn.feature_extraction import DictVectorizer  # type: ignore[import-untyped]  # noqa: E402
from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]  # noqa: E402
from sklearn.model_selection import GroupKFold  # type: ignore[import-untyped]  # noqa: E402

import understanding as corpus  # noqa: E402
from pytest_mmtau.understanding import segments  # noqa: E402
from pytest_mmtau.understanding._text import words  # noqa: E402

ARRIVAL = ROOT / "tests" / "data" / "understanding" / "arrival.jsonl"
C = 1.0
DROPS, ADDS = (0.0, 0.1, 0.2, 0.3), (1.01, 0.8)


def _features(tool: str, text: str, read: set[str]) -> dict[str, int]:
    segs = segments(text)
    said = [word for seg in segs for word in words(seg.text)]
    asking = {word for seg in segs if seg.asks for word in words(seg.text)}
    found = {"bias": 1, "tool=" + tool: 1, f"n_read={min(len(read), 3)}": 1,
             f"n_asks={min(sum(seg.asks for seg in segs), 3)}": 1}
    found |= {f"a={word}": 1 for word in asking} | {f"{tool}|a={word}": 1 for word in asking}
    found |= {f"{tool}|w={word}": 1 for word in said}
    found |= {f"{tool}|b={a} {b}": 1 for a, b in zip(said, said[1:])}
    return found | {f"{tool}|also={other}": 1 for other in read - {tool}}


Row = tuple[str, dict[str, int], bool, bool, str, str]


def rows() -> list[Row]:
    """(rules commit, features, asked, read by the rules on arrival, line id, tool) for every line and user tool; a tool
    is asked when a label names it, alone or as one of its alternatives ("check_status_bar|check_network_status")."""
    arrival = {r["id"]: r for r in map(json.loads, ARRIVAL.read_text(encoding="utf-8").splitlines())}
    out = []
    for case in corpus.load(["dev"]):
        reading: Any = arrival.get(case.id)
        if reading is None or reading["user_tools"] is None or not case.domain.user_tools:
            continue
        truth, read = case.labels["user_tools"], set(reading["user_tools"])
        out += [(reading["rules"], _features(tool, case.text, read),
                 any(corpus._same_tool(label, tool) for label in truth), tool in read, case.id, tool)
                for tool in case.domain.user_tools]
    return out


def _figures(data: list[Row], predicted: list[bool], labels: dict[str, list[str]]) -> str:
    """Precision and recall over the labelled tools of each line, as benchmarks/understanding.py scores them (a label
    of alternatives is met by any one of them)."""
    said: dict[str, list[str]] = {}
    for row, p in zip(data, predicted):
        said.setdefault(row[4], [])
        if p:
            said[row[4]].append(row[5])
    tp = sum(corpus._matched(list(labels[line]), tools, corpus._same_tool) for line, tools in said.items())
    true, told = sum(len(labels[line]) for line in said), sum(map(len, said.values()))
    return f"precision {100 * tp / told:5.1f}  recall {100 * tp / true:5.1f}  (missed {true - tp}, wrong {told - tp})"


def main() -> int:
    data = rows()
    labels = {case.id: case.labels["user_tools"] for case in corpus.load(["dev"])}
    print(f"{len(data)} line-and-tool pairs, {sum(r[2] for r in data)} asked")
    print(f"  rules on arrival                 {_figures(data, [r[3] for r in data], labels)}")
    chance = [0.0] * len(data)
    for train, test in GroupKFold(n_splits=5).split(np.zeros(len(data)), groups=[r[0] for r in data]):
        for side in (True, False):
            fit_on = [i for i in train if data[i][3] is side]
            scored = [i for i in test if data[i][3] is side]
            vectorizer = DictVectorizer()
            model = LogisticRegression(C=C, max_iter=5000).fit(
                vectorizer.fit_transform([data[i][1] for i in fit_on]), [data[i][2] for i in fit_on])
            for i, p in zip(scored, model.predict_proba(vectorizer.transform([data[i][1] for i in scored]))[:, 1]):
                chance[i] = float(p)
    for drop in DROPS:
        for add in ADDS:
            predicted = [p >= drop if row[3] else p >= add for row, p in zip(data, chance)]
            print(f"  dropped below {drop:.1f}, added at {add:.2f}  {_figures(data, predicted, labels)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
