"""Every Python example in the docs (``docs/*.md``) and in ``README.md`` runs, so the docs cannot drift from the code.

How a fenced block is run:

- A block with a title (```` ```yaml title="fixtures/personas/shoppers.yaml" ````) that is not a test is a file of
  the page's example project: it is written under that path for the page's later test examples.
- A Python block that defines a ``test_`` function is a test file (named by its title, if any): it runs with
  pytester, in a project holding the page's earlier titled files and, unless the page gives its own
  ``conftest.py`` or the block its own ``agent`` fixture, a conftest whose ``agent`` is the mock domain's reference
  agent (as in ``example_tests/conftest.py``). Every test in it must pass.
- Any other Python block is a snippet, run as plain code in a fresh namespace.
- A block that is deliberately not runnable is preceded by ``<!-- docs-test: skip (why) -->``. Keep them rare.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
_FENCE = re.compile(r"^(?P<indent> *)```(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.S | re.M)
_SKIP = re.compile(r"<!--\s*docs-test:\s*skip\s*\((?P<why>[^)]+)\)\s*-->\s*$")
_TITLE = re.compile(r'title="(?P<path>[^"]+)"')
AGENT_CONFTEST = '''
import pytest


@pytest.fixture
def agent(mmtau_domain):
    return mmtau_domain.agents["reference"]()
'''


@dataclass(frozen=True)
class Block:
    page: Path
    line: int
    language: str
    title: str | None
    code: str
    skipped: str | None

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def is_test(self) -> bool:
        return re.search(r"^\s*(async )?def test_", self.code, re.M) is not None


def blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    found = []
    for match in _FENCE.finditer(text):
        info = match["info"].strip()
        language = (info.split()[0] if info else "").lstrip("{.").rstrip("}")
        title = _TITLE.search(info)
        before = text[:match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        skip = _SKIP.search(before)
        body = "\n".join(line[len(match["indent"]):] for line in match["body"].splitlines())
        found.append(Block(page, text[:match.start()].count("\n") + 2, language, title["path"] if title else None,
                           body + "\n", skip["why"] if skip else None))
    return found


ALL = [b for page in PAGES for b in blocks(page)]
RUN = [b for b in ALL if b.language in ("python", "py") and b.skipped is None and (b.is_test or b.title is None)]


def test_the_docs_have_examples_and_few_are_skipped() -> None:
    python = [b for b in ALL if b.language in ("python", "py")]
    skipped = [b for b in python if b.skipped]
    assert len(RUN) >= 20
    assert len(skipped) <= max(2, len(python) // 10), [b.where for b in skipped]


def test_titled_python_files_are_used_by_a_test_example() -> None:
    for page in PAGES:
        mine = blocks(page)
        if any(b.title and b.language == "python" for b in mine):
            assert any(b.is_test and b.skipped is None for b in mine), f"{page.name}: titled files but no test"


@pytest.mark.parametrize("block", [b for b in RUN if not b.is_test], ids=lambda b: b.where)
def test_snippet_runs(block: Block) -> None:
    exec(compile(block.code, block.where, "exec"), {"__name__": "docs_example"})


@pytest.mark.parametrize("block", [b for b in RUN if b.is_test], ids=lambda b: b.where)
def test_example_test_passes(block: Block, pytester: pytest.Pytester) -> None:
    if re.search(r"modality\([^)]*\"voice\"", block.code) and shutil.which("flite") is None:
        pytest.skip("the offline voice stack needs flite (make sysdeps)")
    files = {b.title: b.code for b in blocks(block.page) if b.title and not b.is_test and b.line < block.line}
    if "conftest.py" not in files and not re.search(r"^def agent\(", block.code, re.M):
        files["conftest.py"] = AGENT_CONFTEST
    for path, code in files.items():
        target = pytester.path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(code, encoding="utf-8")
    name = block.title or "test_docs_example.py"
    (pytester.path / name).write_text(block.code, encoding="utf-8")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-q", name)
    outcomes = result.parseoutcomes()
    assert result.ret == 0 and outcomes.get("passed", 0) >= 1, f"{block.where}:\n{result.stdout.str()[-3000:]}"
