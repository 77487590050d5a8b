"""The built wheel works on its own: a non-editable install in a fresh venv, with the built-in domains inside.

``pyproject.toml`` force-includes the top-level ``domains/`` folder into the wheel as
``pytest_mmtau/_builtin_domains``, and ``pytest_mmtau._discovery`` searches both places. An editable install (as in
``.venv``) only ever exercises the source-checkout path, so here the wheel is built with ``pip wheel`` (no build
isolation: hatchling is already installed, and no network is needed), its contents are checked, and it is installed
into a brand-new venv whose pytest then runs a small plugin test in a folder outside the repository, where the
source tree cannot be imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
BUILTIN = "pytest_mmtau/_builtin_domains"
# Pinned so pip resolves quickly from the local mirror instead of weighing every version.
PINS = ("pytest==9.2.0", "pydantic==2.14.3", "pluggy==1.7.0", "pyyaml==6.0.3", "numpy==2.4.6")

TEST_FILE = '''\
import pytest


@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.trials(2)
def test_cancel(simulated_user, agent):
    conv = simulated_user.converse_sync(agent)
    assert conv.goal_achieved, conv.success_detail
'''

CONFTEST = '''\
import pytest


@pytest.fixture
def agent(mmtau_domain):
    return mmtau_domain.agents["reference"]()
'''

# Asks the installed package where it lives and where it finds its built-in domains.
WHERE = """\
import json, sysconfig
import pytest_mmtau
from pytest_mmtau._discovery import builtin_roots
print(json.dumps({"file": pytest_mmtau.__file__, "purelib": sysconfig.get_paths()["purelib"],
                  "roots": [str(p) for p in builtin_roots()]}))
"""


def _env() -> dict[str, str]:
    """The current environment minus anything that would leak this repo or this pytest run into the child."""
    env = dict(os.environ)
    for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTEST_ADDOPTS", "PYTEST_PLUGINS",
                 "PYTEST_DISABLE_PLUGIN_AUTOLOAD", "PYTHONSTARTUP"):
        env.pop(name, None)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(args: list[str | Path], *, cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], cwd=cwd, env=_env(), capture_output=True, text=True,
                          timeout=timeout, check=False)


def _explain(proc: subprocess.CompletedProcess[str]) -> str:
    return (f"command {proc.args} exited with {proc.returncode}\n"
            f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}")


def _ok(proc: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert proc.returncode == 0, _explain(proc)
    return proc


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheelhouse")
    _ok(_run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet", "-w", out, REPO],
             cwd=out, timeout=300))
    wheels = sorted(out.glob("pytest_mmtau-*.whl"))
    assert len(wheels) == 1, f"expected one pytest_mmtau wheel in {out}, found {sorted(p.name for p in out.iterdir())}"
    return wheels[0]


def test_wheel_contains_builtin_domains_and_entry_point(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        for required in ("mock/tasks.json", "mock/tools.py", "mock/policy.md"):
            assert f"{BUILTIN}/{required}" in names, f"{wheel.name} lacks {BUILTIN}/{required}; it has {sorted(names)}"
        assert not any(n.startswith("domains/") for n in names), "domains/ must not be a top-level folder in the wheel"
        # the learned check on asked facts reads its weights from the package at run time
        assert "pytest_mmtau/understanding/fact_model.json" in names, f"{wheel.name} lacks the fact model's weights"
        entry_points = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        assert len(entry_points) == 1, f"{wheel.name} has no single entry_points.txt: {entry_points}"
        text = zf.read(entry_points[0]).decode()
    assert "[pytest11]" in text, text
    assert "pytest_mmtau.plugin" in text, text
    assert "pytest_mmtau._hypothesis_entry:register" in text, text  # st.from_type(Persona) → personas()


def test_wheel_works_in_fresh_venv(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    _ok(_run([sys.executable, "-m", "venv", venv], cwd=tmp_path, timeout=300))
    python = venv / "bin" / "python"
    _ok(_run([python, "-m", "pip", "install", "--quiet", wheel, *PINS], cwd=tmp_path, timeout=600))

    # A project folder outside the repository: nothing from /work/main is importable from here.
    project = tmp_path / "project"
    project.mkdir()
    (project / "pytest.ini").write_text("[pytest]\n")  # pins rootdir here, so no outer config is picked up
    (project / "conftest.py").write_text(CONFTEST)
    (project / "test_installed.py").write_text(TEST_FILE)

    where = json.loads(_ok(_run([python, "-c", WHERE], cwd=project, timeout=120)).stdout)
    purelib = Path(where["purelib"]).resolve()
    installed = Path(where["file"]).resolve()
    assert installed.is_relative_to(purelib), f"pytest_mmtau imported from {installed}, not from {purelib}"
    assert not installed.is_relative_to(REPO), f"pytest_mmtau imported from the source tree: {installed}"
    assert [Path(r).resolve() for r in where["roots"]] == [purelib / BUILTIN], where["roots"]

    listed = _ok(_run([python, "-m", "pytest", "-p", "no:cacheprovider", "--mmtau-list", "domains"],
                      cwd=project, timeout=120))
    assert "mock" in listed.stdout.split(), _explain(listed)

    ran = _run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--mmtau-report=r.json"],
               cwd=project, timeout=300)
    assert ran.returncode == 0, _explain(ran)
    assert "1 passed" in ran.stdout, _explain(ran)
    report_path = project / "r.json"
    assert report_path.is_file(), _explain(ran)
    report = json.loads(report_path.read_text())
    assert report["schema_version"] == 1, report
