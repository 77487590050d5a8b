"""The understanding corpus (``tests/data/understanding/``) is well formed: every line fits the schema, names tasks,
facts, tools, menu items and values that exist in its domain, keeps its labels consistent with each other, sits in
the split its id assigns, and the corpus covers every domain, category and style in both splits.

Nothing here asserts what the understanding rules recognise: that is ``benchmarks/understanding.py``'s job.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, StrictBool, ValidationError

from pytest_mmtau._discovery import DomainRegistry
from pytest_mmtau.domain import Domain
from pytest_mmtau.models import Task

CORPUS = Path(__file__).parent / "data" / "understanding"
SPLITS = ("dev", "heldout")
DOMAINS = ("mock", "retail", "ecommerce", "restaurant", "telecom")
STYLES = (
    "plain", "polite", "verbose", "terse", "markdown", "numbered_list", "bulleted_list", "multi_ask", "indirect",
    "pronoun", "no_question_mark", "description", "inflection", "settings_path", "check_whether", "toggle",
    "freeform_tool", "multi_tool", "confirmation", "previous", "readback", "wrong_readback", "closing", "escalation",
    "transfer_offer", "refusal", "hard_negative", "unanswerable", "listed_options", "information",
    "request_question", "order_question", "order_readback",
)


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Approval(_Strict):
    action: str | None


class Confirmation(_Strict):
    action: str
    values: dict[str, str | int | float | bool | list[str]]


class OrderAsks(_Strict):
    asked: list[str]
    next: StrictBool


class Labels(_Strict):
    facts: list[str]
    verify: list[str]
    misread: list[str]
    request: StrictBool
    approval: Approval | None
    confirmation: Confirmation | None
    user_tools: list[str]
    order: OrderAsks | None
    closing: StrictBool
    achieved: StrictBool
    clarification: StrictBool
    escalation: StrictBool
    refusal: StrictBool
    unanswerable: StrictBool


class Utterance(_Strict):
    id: str = Field(pattern=r"^(mock|retail|ecommerce|restaurant|telecom)-\d{3,4}$")
    domain: Literal["mock", "retail", "ecommerce", "restaurant", "telecom"]
    task: str
    previous: str | None
    order_context: Literal["start", "items", "full"] | None
    text: str = Field(min_length=1)
    style: list[Literal[STYLES]] = Field(min_length=1)  # type: ignore[valid-type]
    labels: Labels
    note: str | None = None


# teams' own domains (tests/data), which no rule was written for: a corpus of its own, split the same way
OWN_SPLITS = ("own_dev", "own_heldout")
OWN_DOMAINS = ("bank", "claims", "clinic", "gym", "hotel", "isp", "power", "rental", "streamco")


class OwnUtterance(Utterance):
    id: str = Field(pattern=r"^(" + "|".join(OWN_DOMAINS) + r")-\d{3}$")
    domain: Literal[OWN_DOMAINS]  # type: ignore[valid-type]


def split_of(utterance_id: str) -> str:
    """The split an id belongs to: ids pair up (001+002, 003+004, …) and a hash of the pair sends one of each pair
    to dev and the other to heldout, so every domain (and every run of similar lines) is halved evenly, and adding
    lines never moves an existing one."""
    domain, number = utterance_id.rsplit("-", 1)
    n = int(number)
    odd_to_dev = hashlib.sha256(f"{domain}-{(n + 1) // 2}".encode()).digest()[0] % 2 == 0
    return "dev" if (n % 2 == 1) == odd_to_dev else "heldout"


def _lines() -> Iterator[tuple[str, int, str]]:
    for split in SPLITS:
        for number, line in enumerate((CORPUS / f"{split}.jsonl").read_text(encoding="utf-8").splitlines(), 1):
            yield split, number, line


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[Utterance]]:
    problems: list[str] = []
    loaded: dict[str, list[Utterance]] = {split: [] for split in SPLITS}
    for split, number, line in _lines():
        try:
            loaded[split].append(Utterance.model_validate(json.loads(line)))
        except (ValueError, ValidationError) as exc:
            problems.append(f"{split}.jsonl:{number}: {exc}")
    assert not problems, "\n".join(problems)
    return loaded


@pytest.fixture(scope="module")
def domains() -> dict[str, Domain]:
    registry = DomainRegistry()
    return {name: registry.get(name) for name in DOMAINS}


def _all(corpus: Mapping[str, list[Utterance]]) -> list[Utterance]:
    return [u for split in SPLITS for u in corpus[split]]


# --------------------------------------------------------------------------------------------- values in a domain


def _scalars(node: Any) -> Iterator[Any]:
    if isinstance(node, Mapping):
        for value in node.values():
            yield from _scalars(value)
    elif isinstance(node, list | tuple):
        for value in node:
            yield from _scalars(value)
    else:
        yield node


def _order_lines(lines: str) -> Counter[tuple[int, str, frozenset[str]]]:
    """``place_order``'s lines as a multiset of (quantity, item, modifiers), so order and spacing do not matter."""
    found: Counter[tuple[int, str, frozenset[str]]] = Counter()
    for part in (p.strip() for p in lines.split(";") if p.strip()):
        match = re.fullmatch(r"(\d+)\s*x\s*([^()]+?)\s*(?:\(([^)]*)\))?", part, re.IGNORECASE)
        assert match, f"unreadable order line {part!r}"
        mods = frozenset(m.strip().lower() for m in (match.group(3) or "").split(",") if m.strip())
        found[(int(match.group(1)), match.group(2).strip().lower(), mods)] += 1
    return found


def _value_problems(u: Utterance, domain: Domain, task: Task) -> list[str]:
    conf = u.labels.confirmation
    assert conf is not None
    spec = domain.tools[conf.action]
    problems = []
    if set(conf.values) != set(spec.critical):
        problems.append(f"confirmation values {sorted(conf.values)} must be exactly the critical arguments "
                        f"{sorted(spec.critical)} of {conf.action}")
    reference = [a for a in task.reference if a.tool == conf.action and a.side == "agent"]
    known = set(map(str, _scalars(domain.new_state(task)))) | {f.value for f in task.goal.facts}
    for argument, value in conf.values.items():
        if argument == "lines" and domain.name == "restaurant":
            expected = [_order_lines(a.arguments["lines"]) for a in reference]
            if _order_lines(str(value)) not in expected:
                problems.append(f"lines {value!r} are not the task's order")
        elif reference and argument in reference[0].arguments:
            if all(a.arguments.get(argument) != value for a in reference):
                problems.append(f"{argument}={value!r} is not the value of the task's {conf.action} call")
        elif str(value) not in known:
            problems.append(f"{argument}={value!r} appears nowhere in the task's state or facts")
    return problems


def _problems(u: Utterance, domains: Mapping[str, Domain]) -> list[str]:
    domain = domains[u.domain]
    if not u.id.startswith(f"{u.domain}-"):
        return [f"id {u.id} does not start with its domain {u.domain!r}"]
    try:
        task = domain.task(u.task)
    except Exception as exc:
        return [str(exc)]
    lab, problems = u.labels, []
    fact_keys = {f.key for f in task.goal.facts}
    for field in ("facts", "verify", "misread"):
        keys = getattr(lab, field)
        if len(set(keys)) != len(keys):
            problems.append(f"{field} repeats a key")
        if u.domain == "restaurant" and field != "misread" and keys:
            problems.append(f"{field} must be empty in restaurant (its tasks have no facts; see labels.order)")
    if u.domain == "restaurant":
        menu = {item["name"].lower() for item in domain.initial_state["menu"]}
        problems += [f"misread {k!r} is not a menu item" for k in lab.misread if k.lower() not in menu]
        if lab.order is None or u.order_context is None:
            problems.append("restaurant lines need labels.order and order_context")
        else:
            targets = {line.item for line in task.goal.order}
            problems += [f"order.asked {k!r} is not in the task's order" for k in lab.order.asked if k not in targets]
    else:
        problems += [f"unknown fact {k!r}" for f in ("facts", "verify", "misread") for k in getattr(lab, f)
                     if k not in fact_keys]
        if lab.order is not None or u.order_context is not None:
            problems.append("labels.order and order_context are for restaurant lines only")
    problems += [f"unknown user tool {t!r}" for entry in lab.user_tools for t in entry.split("|")
                 if t not in domain.user_tools]
    if lab.approval is not None and lab.approval.action is not None and lab.approval.action not in domain.tools:
        problems.append(f"unknown agent tool {lab.approval.action!r}")
    if lab.confirmation is not None:
        if lab.confirmation.action not in domain.tools:
            problems.append(f"unknown agent tool {lab.confirmation.action!r}")
        elif lab.approval is None or lab.approval.action != lab.confirmation.action:
            problems.append("a confirmation is an approval of the same action")
        else:
            problems += _value_problems(u, domain, task)
        if lab.misread:
            problems.append("a message with a wrong value is never a confirmation")
    if lab.clarification and lab.approval is not None:
        problems.append("a clarification is not an approval request")
    if (lab.facts or lab.verify or lab.request or (lab.order and (lab.order.asked or lab.order.next))) \
            and lab.approval is None and not lab.clarification:
        problems.append("asking for information is a clarification")
    if ("previous" in u.style) != (u.previous is not None):
        problems.append("style 'previous' goes with a previous message, and only with one")
    if len(set(u.style)) != len(u.style):
        problems.append("style repeats a tag")
    return problems


# --------------------------------------------------------------------------------------------- tests


def test_every_line_fits_the_schema_and_its_domain(corpus, domains) -> None:
    problems = [f"{u.id}: {p}" for u in _all(corpus) for p in _problems(u, domains)]
    assert not problems, "\n".join(problems)


def test_ids_are_unique_and_each_line_is_in_its_split(corpus) -> None:
    ids = Counter(u.id for u in _all(corpus))
    assert not [i for i, n in ids.items() if n > 1]
    misplaced = [f"{u.id} is in {split}.jsonl, its id belongs to {split_of(u.id)}"
                 for split in SPLITS for u in corpus[split] if split_of(u.id) != split]
    assert not misplaced, "\n".join(misplaced)


def _numbers_by_domain(utterances: Iterable[Utterance]) -> dict[str, list[int]]:
    """The numbers of each domain's ids, in order."""
    by_domain: dict[str, list[int]] = {}
    for u in utterances:
        by_domain.setdefault(u.domain, []).append(int(u.id.rsplit("-", 1)[1]))
    return {d: sorted(n) for d, n in by_domain.items()}


def test_ids_are_numbered_without_gaps(corpus) -> None:
    by_domain = _numbers_by_domain(_all(corpus))
    assert by_domain == {d: list(range(1, len(n) + 1)) for d, n in by_domain.items()}


def test_size_and_split_balance(corpus) -> None:
    everything = _all(corpus)
    per_domain = Counter(u.domain for u in everything)
    assert len(everything) >= 650
    assert set(per_domain) == set(DOMAINS) and min(per_domain.values()) >= 60
    assert min(per_domain["retail"], per_domain["telecom"]) > max(per_domain[d] for d in ("mock", "ecommerce",
                                                                                           "restaurant"))
    for domain, total in per_domain.items():
        in_dev = sum(u.domain == domain for u in corpus["dev"])
        assert abs(in_dev - total / 2) <= 1, (domain, in_dev, total)


def _categories(u: Utterance) -> set[str]:
    lab = u.labels
    found = {name for name in ("facts", "verify", "misread", "user_tools") if getattr(lab, name)}
    found |= {name for name in ("request", "closing", "achieved", "clarification", "escalation", "refusal",
                                "unanswerable") if getattr(lab, name)}
    if lab.approval is not None:
        found.add("approval")
    if lab.confirmation is not None:
        found.add("confirmation")
    if lab.order is not None and lab.order.asked:
        found.add("order_asked")
    if lab.order is not None and lab.order.next:
        found.add("order_next")
    if len(lab.user_tools) > 1:
        found.add("several_user_tools")
    if len(lab.facts) > 1:
        found.add("several_facts")
    if not (found - {"achieved"}):
        found.add("nothing_asked")
    return found


# the least each split holds of each category: enough that a recall or precision on it means something
MINIMUM_PER_SPLIT = {
    "facts": 60, "several_facts": 10, "verify": 8, "misread": 15, "request": 6, "approval": 45,
    "confirmation": 35, "user_tools": 35, "several_user_tools": 8, "order_asked": 8, "order_next": 5,
    "closing": 12, "achieved": 12, "clarification": 80, "escalation": 8, "refusal": 8, "unanswerable": 8,
    "nothing_asked": 30,
}


def test_every_category_and_style_is_in_both_splits(corpus) -> None:
    counts = {split: Counter(c for u in corpus[split] for c in _categories(u)) for split in SPLITS}
    short = [f"{split}: {category} {counts[split][category]} < {least}"
             for split in SPLITS for category, least in MINIMUM_PER_SPLIT.items() if counts[split][category] < least]
    assert not short, "\n".join(short)
    styles = {split: Counter(s for u in corpus[split] for s in u.style) for split in SPLITS}
    lopsided = [f"{style}: dev {styles['dev'][style]}, heldout {styles['heldout'][style]}" for style in STYLES
                if min(styles["dev"][style], styles["heldout"][style]) < 2]
    assert not lopsided, "\n".join(lopsided)


def test_every_domain_asks_for_information_and_approval(corpus) -> None:
    for domain in DOMAINS:
        mine = [c for u in _all(corpus) if u.domain == domain for c in _categories(u)]
        asks = "order_asked" if domain == "restaurant" else "facts"
        assert {asks, "confirmation", "approval", "clarification", "closing", "nothing_asked"} <= set(mine), domain
    telecom = Counter(tool for u in _all(corpus) if u.domain == "telecom"
                      for entry in u.labels.user_tools for tool in entry.split("|"))
    assert len(telecom) >= 20  # most of the phone's tools are asked for somewhere


def _benchmark(monkeypatch) -> Any:
    import importlib.util

    path = Path(__file__).parent.parent / "benchmarks" / "understanding.py"
    spec = importlib.util.spec_from_file_location("_understanding_benchmark", path)
    assert spec is not None and spec.loader is not None
    benchmark = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, benchmark)  # dataclasses look their module up there
    spec.loader.exec_module(benchmark)
    return benchmark


def test_the_benchmark_runs_and_never_shows_held_out_lines(capsys, monkeypatch) -> None:
    """``benchmarks/understanding.py`` reads the corpus as documented; its misses come from dev only."""
    benchmark = _benchmark(monkeypatch)
    assert benchmark.main(["--split", "heldout", "--show-misses", "1000"]) == 0
    printed = capsys.readouterr().out
    assert "== heldout: " in printed and "simulated user" in printed and "labeller" in printed
    held_out = {json.loads(line)["id"] for line in (CORPUS / "heldout.jsonl").read_text().splitlines()}
    shown = set(re.findall(r"^    ((?:mock|retail|ecommerce|restaurant|telecom)-\d{3,4}) ", printed, re.MULTILINE))
    assert shown and not shown & held_out


# --------------------------------------------------------------------------------------------- teams' own domains


def own_problems(path: Path, domains: Mapping[str, Domain]) -> list[str]:
    """What is wrong with the lines of one file of the own-domain corpus (also run on a new set before it lands)."""
    problems = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            u = OwnUtterance.model_validate(json.loads(line))
        except (ValueError, ValidationError) as exc:
            problems.append(f"{path.name}:{number}: {exc}")
            continue
        problems += [f"{path.name}:{number} {u.id}: {p}" for p in _problems(u, domains)]
    return problems


@pytest.fixture(scope="module")
def own_domains() -> dict[str, Domain]:
    registry = DomainRegistry([CORPUS.parent])
    return {name: registry.get(name) for name in OWN_DOMAINS}


@pytest.fixture(scope="module")
def own_corpus(own_domains) -> dict[str, list[OwnUtterance]]:
    problems = [p for split in OWN_SPLITS for p in own_problems(CORPUS / f"{split}.jsonl", own_domains)]
    assert not problems, "\n".join(problems)
    return {split: [OwnUtterance.model_validate_json(line)
                    for line in (CORPUS / f"{split}.jsonl").read_text(encoding="utf-8").splitlines()]
            for split in OWN_SPLITS}


def test_the_own_domain_corpus_is_placed_numbered_and_covers_every_domain(own_corpus) -> None:
    misplaced = [f"{u.id} is in {split}.jsonl, its id belongs to own_{split_of(u.id)}"
                 for split in OWN_SPLITS for u in own_corpus[split] if f"own_{split_of(u.id)}" != split]
    assert not misplaced, "\n".join(misplaced)
    by_domain = _numbers_by_domain(u for split in OWN_SPLITS for u in own_corpus[split])
    assert set(by_domain) == set(OWN_DOMAINS)
    assert by_domain == {d: list(range(1, len(n) + 1)) for d, n in by_domain.items()}
    for split in OWN_SPLITS:
        found = Counter(c for u in own_corpus[split] for c in _categories(u))
        assert min(found[c] for c in ("facts", "approval", "confirmation", "user_tools", "nothing_asked")) >= 8, found


def test_the_benchmark_scores_the_own_domains_and_never_shows_their_held_out_half(capsys, monkeypatch) -> None:
    assert _benchmark(monkeypatch).main(["--split", "own", "--show-misses", "1000"]) == 0
    printed = capsys.readouterr().out
    assert "== own_dev: " in printed and "== own_heldout: " in printed and "example misses, own_dev" in printed
    held_out = {json.loads(line)["id"] for line in (CORPUS / "own_heldout.jsonl").read_text().splitlines()}
    shown = set(re.findall(r"^    ((?:" + "|".join(OWN_DOMAINS) + r")-\d{3}) ", printed, re.MULTILINE))
    assert shown and not shown & held_out
