"""Train the learned second opinion on asked facts (pytest_mmtau/understanding/_fact_model.py) on what the rules
read of each dev line on arrival, and write its weights; or check that the shipped weights are what training gives.

    python benchmarks/train_fact_model.py           # train, write fact_model.json, print figures
    python benchmarks/train_fact_model.py --check   # exit 1 unless the shipped weights match a fresh training

It learns from dev lines only (the held-out split stays a fair test), and from what the rules read of each when it
arrived, before any rule was fixed on it (tests/data/understanding/arrival.jsonl, benchmarks/arrival_readings.py):
today's rules read the dev lines almost perfectly, having been fixed on them, so they would teach the model nothing
of the mistakes they make on a new writer. Restaurant lines with an order goal are read by the order guest and take
no part. scikit-learn (a dev extra) fits the model; the package only sums the weights. Prints the arrival readings
alone and with the model's additions, in sample and by 5-fold cross-validation grouped by the rules commit (the lines of
one blind set are never both trained and scored on).
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
ARRIVAL = DEV.with_name("arrival.jsonl")
WEIGHTS = ROOT / "pytest_mmtau" / "understanding" / _fact_model.WEIGHTS_FILE
C = 3.0  # L2 strength, chosen with the thresholds by cross-validation over the arrival commits
TOLERANCE = 1e-4  # how far a retrained weight may drift (BLAS builds differ in the last digits)


class Row:
    """One fact of one dev line: its features, whether the line asks it, whether the rules read it on arrival, the
    rules commit that read it, and how many sentences the line has."""

    def __init__(self, rules: str, key: str, found: _fact_model.Features, asked: bool, by_rules: bool,
                 sentences: int) -> None:
        self.rules, self.key, self.found, self.asked, self.by_rules = rules, key, found, asked, by_rules
        self.sentences = sentences


def rows() -> list[Row]:
    """Every fact of every dev line that has an arrival reading (the order guest's lines aside)."""
    arrival = {r["id"]: r for r in map(json.loads, ARRIVAL.read_text(encoding="utf-8").splitlines())}
    out: list[Row] = []
    for case in corpus.load(["dev"]):
        reading = arrival.get(case.id)
        if reading is None or case.task.goal.order:
            continue
        truth = {key.lower() for key in case.labels["facts"]}
        by_rules = {key.lower() for key in reading["facts"]}
        vocab = vocabulary(case.task, case.domain.tool_infos)
        sentences = len(segments(case.text))
        for key, found in _fact_model.features(case.text, case.previous or "", vocab).items():
            out.append(Row(reading["rules"], key.lower(), found, key.lower() in truth, key.lower() in by_rules,
                           sentences))
    return out


Model = _fact_model.Model


def fit(data: Sequence[Row]) -> Model:
    """The model, fitted on the facts the rules did not read on arrival (the ones it may add)."""
    part = [row for row in data if not row.by_rules]
    vectorizer = DictVectorizer()
    x = vectorizer.fit_transform([row.found for row in part])
    model = LogisticRegression(C=C, max_iter=10000).fit(x, np.array([row.asked for row in part]))
    names = vectorizer.get_feature_names_out()
    weights = {str(name): round(float(w), 6) for name, w in zip(names, model.coef_[0]) if abs(w) >= 1e-6}
    return round(float(model.intercept_[0]), 6), weights


def _revised(row: Row, model: Model) -> bool:
    """The reading of ``_fact_model.revise`` for one fact, under the given model."""
    return row.by_rules or _fact_model.adds(_fact_model.probability(row.found, model), row.sentences)


def _figures(data: Sequence[Row], predicted: Sequence[bool]) -> str:
    tp = sum(r.asked and p for r, p in zip(data, predicted))
    said, true = sum(predicted), sum(r.asked for r in data)
    return (f"precision {100 * tp / said if said else 100:5.1f}  recall {100 * tp / true if true else 100:5.1f}  "
            f"(missed {true - tp}, wrongly read {said - tp})")


def _report(data: Sequence[Row], model: Model) -> None:
    print(f"arrival readings: {len({r.rules for r in data})} rules commits, {len(data)} candidate facts, "
          f"{sum(r.asked for r in data)} asked; {len(model[1])} weights")
    print(f"  rules on arrival                    {_figures(data, [r.by_rules for r in data])}")
    print(f"  revised, in sample                  {_figures(data, [_revised(r, model) for r in data])}")
    out_of_fold = [False] * len(data)
    groups = np.array([r.rules for r in data])
    for train, test in GroupKFold(n_splits=5).split(np.zeros(len(data)), groups=groups):
        fold = fit([data[i] for i in train])
        for i in test:
            out_of_fold[i] = _revised(data[i], fold)
    print(f"  revised, 5-fold by rules commit     {_figures(data, out_of_fold)}")


def trained(data: Sequence[Row]) -> dict[str, Any]:
    intercept, weights = fit(data)
    return {"about": "pytest-mmtau's learned check on asked facts; written by benchmarks/train_fact_model.py",
            "dev_sha256": _sha(DEV), "arrival_sha256": _sha(ARRIVAL), "C": C, "intercept": intercept,
            "weights": dict(sorted(weights.items()))}


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def differences(shipped: dict[str, Any], fresh: dict[str, Any]) -> list[str]:
    """What keeps the shipped weights from being a fresh training's (empty when they match)."""
    out = [f"trained on another {name}" for name in ("dev_sha256", "arrival_sha256")
           if shipped.get(name) != fresh[name]]
    a = {**shipped["weights"], "(intercept)": shipped["intercept"]}
    b = {**fresh["weights"], "(intercept)": fresh["intercept"]}
    drift = [name for name in sorted(set(a) | set(b)) if abs(a.get(name, 0.0) - b.get(name, 0.0)) > TOLERANCE]
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
    _report(data, (fresh["intercept"], fresh["weights"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
