"""Train the learned second opinion on asked facts (pytest_mmtau/understanding/_fact_model.py) on the corpus's dev
split and write its weights, or check that the shipped weights are what training gives.

    python benchmarks/train_fact_model.py           # train, write fact_model.json, print dev figures
    python benchmarks/train_fact_model.py --check   # exit 1 unless the shipped weights match a fresh training

Only dev lines train it (the held-out split stays a fair test); restaurant lines with an order goal are read by the
order guest and take no part. scikit-learn (a dev extra) fits the model; the package only sums the weights.
Prints, on dev: the rules alone and the rules with the model's opinion, in sample and by 5-fold cross-validation
grouped by line (the rules were fixed on these very lines, so their dev figures flatter them; docs/understanding.md
gives the figures on blind sets and the held-out split).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any, Sequence

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from sklearn.feature_extraction import DictVectorizer  # type: ignore[import-untyped]  # noqa: E402
from sklearn.linear_model import LogisticRegression  # type: ignore[import-untyped]  # noqa: E402
from sklearn.model_selection import GroupKFold  # type: ignore[import-untyped]  # noqa: E402

import understanding as corpus  # noqa: E402
from pytest_mmtau.understanding import _fact_model, segments  # noqa: E402
from pytest_mmtau.understanding._transcript import vocabulary  # noqa: E402

DEV = ROOT / "tests" / "data" / "understanding" / "dev.jsonl"
WEIGHTS = ROOT / "pytest_mmtau" / "understanding" / _fact_model.WEIGHTS_FILE
C = 0.3  # L2 strength, chosen with the thresholds on blind sets before the held-out check
TOLERANCE = 1e-4  # how far a retrained weight may drift (BLAS builds differ in the last digits)


class Row:
    """One fact of one dev line: its features, whether the line asks it, whether the rules read it, and how many
    sentences the line has."""

    def __init__(self, line: int, key: str, found: _fact_model.Features, asked: bool, by_rules: bool,
                 sentences: int) -> None:
        self.line, self.key, self.found, self.asked, self.by_rules = line, key, found, asked, by_rules
        self.sentences = sentences


def rows() -> list[Row]:
    """Every fact of every dev line the user reads (the order guest's lines aside), with the rules' reading alone."""
    _fact_model.ENABLED = False  # the rules alone; the model's features never depend on their reading
    out: list[Row] = []
    for n, case in enumerate(c for c in corpus.load(["dev"]) if not c.task.goal.order):
        truth = {key.lower() for key in case.labels["facts"]}
        by_rules = {key.lower() for key in corpus.read_as_user(case).facts or ()}
        vocab = vocabulary(case.task, case.domain.tool_infos)
        sentences = len(segments(case.text))
        for key, found in _fact_model.features(case.text, case.previous or "", vocab).items():
            out.append(Row(n, key.lower(), found, key.lower() in truth, key.lower() in by_rules, sentences))
    return out


def fit(data: Sequence[Row]) -> tuple[float, dict[str, float]]:
    vectorizer = DictVectorizer()
    x = vectorizer.fit_transform([row.found for row in data])
    model = LogisticRegression(C=C, max_iter=5000).fit(x, np.array([row.asked for row in data]))
    names = vectorizer.get_feature_names_out()
    weights = {str(name): round(float(w), 6) for name, w in zip(names, model.coef_[0]) if abs(w) >= 1e-6}
    return round(float(model.intercept_[0]), 6), weights


def _gated(row: Row, intercept: float, weights: dict[str, float]) -> bool:
    """The reading of ``_fact_model.revise`` for one fact, under the given weights."""
    return row.by_rules or _fact_model.adds(_fact_model.probability(row.found, intercept, weights), row.sentences)


def _figures(data: Sequence[Row], predicted: Sequence[bool]) -> str:
    tp = sum(r.asked and p for r, p in zip(data, predicted))
    said, true = sum(predicted), sum(r.asked for r in data)
    return (f"precision {100 * tp / said if said else 100:5.1f}  recall {100 * tp / true if true else 100:5.1f}  "
            f"(missed {true - tp}, wrongly read {said - tp})")


def _report(data: Sequence[Row], intercept: float, weights: dict[str, float]) -> None:
    print(f"dev: {len({r.line for r in data})} lines, {len(data)} candidate facts, {sum(r.asked for r in data)} asked; "
          f"{len(weights)} weights")
    print(f"  rules alone                         {_figures(data, [r.by_rules for r in data])}")
    print(f"  rules + model, in sample            "
          f"{_figures(data, [_gated(r, intercept, weights) for r in data])}")
    out_of_fold = [False] * len(data)
    groups = np.array([r.line for r in data])
    for train, test in GroupKFold(n_splits=5).split(np.zeros(len(data)), groups=groups):
        b, w = fit([data[i] for i in train])
        for i in test:
            out_of_fold[i] = _gated(data[i], b, w)
    print(f"  rules + model, 5-fold by line       {_figures(data, out_of_fold)}")


def trained(data: Sequence[Row]) -> dict[str, Any]:
    intercept, weights = fit(data)
    return {"about": "pytest-mmtau's learned check on asked facts; written by benchmarks/train_fact_model.py",
            "dev_sha256": hashlib.sha256(DEV.read_bytes()).hexdigest(), "C": C, "intercept": intercept,
            "weights": dict(sorted(weights.items()))}


def differences(shipped: dict[str, Any], fresh: dict[str, Any]) -> list[str]:
    """What keeps the shipped weights from being a fresh training's (empty when they match)."""
    out = [] if shipped["dev_sha256"] == fresh["dev_sha256"] else ["trained on another dev.jsonl"]
    every = set(shipped["weights"]) | set(fresh["weights"]) | {"(intercept)"}
    a = {**shipped["weights"], "(intercept)": shipped["intercept"]}
    b = {**fresh["weights"], "(intercept)": fresh["intercept"]}
    drift = [name for name in sorted(every) if abs(a.get(name, 0.0) - b.get(name, 0.0)) > TOLERANCE]
    return out + ([f"{len(drift)} weights differ, e.g. {drift[:5]}"] if drift else [])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare with the shipped weights; write nothing")
    args = parser.parse_args()
    data = rows()
    fresh = trained(data)
    if args.check:
        problems = differences(json.loads(WEIGHTS.read_text(encoding="utf-8")), fresh)
        print("\n".join(problems) or "the shipped weights are a fresh training's")
        return 1 if problems else 0
    WEIGHTS.write_text(json.dumps(fresh, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {WEIGHTS.relative_to(ROOT)}")
    _report(data, fresh["intercept"], fresh["weights"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
