"""The learned second opinion on asked facts (``understanding/_fact_model.py``): what it adds, in a new sentence of a
kind it learned from the rules' arrival readings, that it never takes a fact away or reads a one-sentence message, and
that the weights the package ships are the ones training on today's dev split and arrival readings gives (so a dev
line appended without retraining fails here)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.models import Task, ToolInfo
from pytest_mmtau.understanding import _fact_model, _reading, vocabulary
from pytest_mmtau.understanding._memo import PerVocabulary
from test_understanding_facts import _read

ROOT = Path(__file__).resolve().parents[1]
TRAIN = ROOT / "benchmarks" / "train_fact_model.py"


@pytest.fixture
def rules_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read with the rules alone (and forget readings remembered with the model)."""
    monkeypatch.setattr(_fact_model, "ENABLED", False)
    monkeypatch.setattr(_reading, "_READ", PerVocabulary(512))


def _asked(where: tuple[str, str], text: str) -> list[str]:
    return sorted(fact.key for fact in _read(where, text).asked)


ADDED = [  # asked as what the agent needs, of a thing the user may have
    (("ecommerce", "E206456/"),
     "Thanks for the details. If you happened to take a screenshot of the cheaper listing, the file reference "
     "attached to it is all I need to look into a refund.", ["screenshot"]),
]


@pytest.mark.parametrize(("where", "text", "asked"), ADDED)
def test_the_model_adds_what_the_rules_missed(where: tuple[str, str], text: str, asked: list[str]) -> None:
    assert _asked(where, text) == asked
    assert not _read(where, text).unmatched  # the sentence that asked it is no misunderstanding


@pytest.mark.parametrize(("where", "text", "asked"), ADDED)
def test_the_rules_alone_miss_it(rules_only: None, where: tuple[str, str], text: str, asked: list[str]) -> None:
    """Without the model the sentence above reads otherwise: the test above pins the model's part."""
    assert _asked(where, text) != asked


def test_the_model_never_takes_a_fact_away(monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked by "it" in the next sentence: whatever the model gives "the account ID" (here: nothing at all), the
    rules' reading stands."""
    monkeypatch.setattr(_fact_model, "_weights", lambda: (-50.0, {}))
    monkeypatch.setattr(_reading, "_READ", PerVocabulary(512))
    where, text = ("mock", "cancel_subscription"), "For security I check the account ID first. What is it, please?"
    assert _asked(where, text) == ["account_id"]


def test_a_one_sentence_message_is_the_rules_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_fact_model, "ADD_AT", 0.0)  # the model would add every fact of the task
    vocab = vocabulary(*_task(("mock", "cancel_subscription")))
    one, two = "Thanks for waiting.", "Thanks for waiting. I am looking now."
    assert _fact_model.revise({}, one, "", vocab) == ({}, set())
    assert set(_fact_model.revise({}, two, "", vocab)[0]) == {sense.fact.key for sense in vocab.facts}


def _task(where: tuple[str, str]) -> tuple[Task, tuple[ToolInfo, ...]]:
    domain = DomainRegistry().get(where[0])
    return next(t for t in domain.tasks if t.id.startswith(where[1])), domain.tool_infos


def test_the_weights_were_trained_on_todays_dev_split() -> None:
    shipped = json.loads((ROOT / "pytest_mmtau" / "understanding" / _fact_model.WEIGHTS_FILE).read_text("utf-8"))
    for name in ("dev", "arrival"):
        data = ROOT / "tests" / "data" / "understanding" / f"{name}.jsonl"
        assert shipped[f"{name}_sha256"] == hashlib.sha256(data.read_bytes()).hexdigest(), (
            f"tests/data/understanding/{name}.jsonl changed since the fact model was trained: "
            "run `python benchmarks/train_fact_model.py` and commit fact_model.json")


def test_every_dev_line_since_the_benchmark_has_an_arrival_reading() -> None:
    """A set appended without ``benchmarks/arrival_readings.py`` would train nothing; the lines before the benchmark
    existed (the first 347) have none."""
    folder = ROOT / "tests" / "data" / "understanding"
    dev = [json.loads(line)["id"] for line in (folder / "dev.jsonl").read_text("utf-8").splitlines()]
    read = {json.loads(line)["id"] for line in (folder / "arrival.jsonl").read_text("utf-8").splitlines()}
    assert read <= set(dev)
    assert len(set(dev) - read) <= 347


def test_retraining_gives_the_shipped_weights() -> None:
    done = subprocess.run([sys.executable, str(TRAIN), "--check"], capture_output=True, text=True, cwd=ROOT,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
