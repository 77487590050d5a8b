"""`python -m pytest_mmtau new-domain` writes a domain that passes `check` and its own test as written."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True)


def test_a_new_domain_passes_its_check_and_its_own_test(tmp_path: Path) -> None:
    tools = tmp_path / "agent_tools.json"
    tools.write_text(json.dumps([{"type": "function", "function": {
        "name": "issue_refund", "description": "Refund an order.",
        "parameters": {"type": "object", "properties": {"order_id": {"type": "string"},
                                                        "amount": {"type": "number"}},
                       "required": ["order_id"]}}}]))
    made = run("-m", "pytest_mmtau", "new-domain", "shop", "--tools", str(tools), cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert "def issue_refund(state: dict[str, Any], order_id: str, amount: float | None = None)" in \
        (tmp_path / "domains" / "shop" / "tools.py").read_text()
    checked = run("-m", "pytest_mmtau", "check", "shop", cwd=tmp_path)
    assert checked.returncode == 0 and "shop: 2 tasks, 0 errors, 0 warnings" in checked.stdout, checked.stdout
    tested = run("-m", "pytest", "tests/test_shop.py", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                 cwd=tmp_path)
    assert tested.returncode == 0, tested.stdout[-2000:]
    assert "6 passed" in tested.stdout


def test_it_never_overwrites_and_names_bad_input(tmp_path: Path) -> None:
    assert run("-m", "pytest_mmtau", "new-domain", "shop", cwd=tmp_path).returncode == 0
    again = run("-m", "pytest_mmtau", "new-domain", "shop", cwd=tmp_path)
    assert again.returncode == 4 and "would overwrite" in again.stderr
    bad = run("-m", "pytest_mmtau", "new-domain", "My Shop", cwd=tmp_path)
    assert bad.returncode == 4 and "lower-case letters" in bad.stderr


@pytest.mark.parametrize("content", ["not json", '[{"function": {"name": "two words"}}]'])
def test_unusable_tool_schemas_are_named(tmp_path: Path, content: str) -> None:
    (tmp_path / "t.json").write_text(content)
    result = run("-m", "pytest_mmtau", "new-domain", "shop", "--tools", "t.json", cwd=tmp_path)
    assert result.returncode == 4 and "--tools t.json" in result.stderr
