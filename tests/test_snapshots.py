"""Golden snapshots of user-facing output: the terminal summary and every usage error message.

Regenerate after an intended change with ``MMTAU_UPDATE_SNAPSHOTS=1 pytest tests/test_snapshots.py`` and review
the diff.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

SNAPSHOTS = Path(__file__).parent / "snapshots"

BAD_TESTS = {
    "unknown persona": '@pytest.mark.domain("mock")\n@pytest.mark.persona("harrd")',
    "unknown domain": '@pytest.mark.domain("mok")',
    "task glob matches nothing": '@pytest.mark.domain("mock", tasks="refund*")',
    "unknown modality": '@pytest.mark.domain("mock")\n@pytest.mark.modality("fax")',
    "persona without domain": '@pytest.mark.persona("easy")',
    "domain with two names": '@pytest.mark.domain("mock", "retail")',
    "unknown domain argument": '@pytest.mark.domain("mock", task="x")',
    "trials not positive": '@pytest.mark.trials(0)',
    "pass_hat_k k above n": '@pytest.mark.trials(2, pass_hat_k={3: 0.5})',
    "pass_hat_k minimum out of range": '@pytest.mark.trials(2, pass_hat_k={1: 1.5})',
    "empty persona list": '@pytest.mark.domain("mock")\n@pytest.mark.persona()',
    "pass_hat_k deeper than the default trials": '@pytest.mark.trials(pass_hat_k={2: 0.5})',
    "unknown noise preset": '@pytest.mark.domain("mock")\n@pytest.mark.modality("voice")\n'
                            '@pytest.mark.voice_profile(noise="loud")',
    "unknown voice_profile argument": '@pytest.mark.domain("mock")\n@pytest.mark.modality("asr-noise")\n'
                                      '@pytest.mark.voice_profile(snr=10)',
    "voice_profile on a text-only test": '@pytest.mark.domain("mock")\n@pytest.mark.voice_profile(noise="phone")',
    "unknown persona exposure": '@pytest.mark.domain("mock")\n@pytest.mark.persona_exposure(0, 3)',
    "persona exposure as a string": '@pytest.mark.domain("mock")\n@pytest.mark.persona_exposure("2")',
    "empty persona exposure list": '@pytest.mark.domain("mock")\n@pytest.mark.persona_exposure()',
    "persona exposure without domain": '@pytest.mark.persona_exposure(2)',
    "absurd trials marker": '@pytest.mark.trials(1000000)',
}

BAD_CONFIG = {
    "unreadable threshold": ["-o", "mmtau_thresholds=pass^1>=x"],
    "unknown metric": ["--mmtau-thresholds=bleu>=0.3"],
    "unknown profile": ["--mmtau-profile=weekly"],
    "trials not a number": ["-o", "mmtau_trials=many"],
    "domains path missing": ["-o", "mmtau_domains=no_such_folder"],
    "unknown TTS backend": ["--mmtau-tts=festival"],
    "unknown ASR backend": ["-o", "mmtau_asr=vosk"],
    "asr-noise WER out of range": ["--mmtau-asr-noise-wer=2"],
    "unknown persona exposure option": ["--mmtau-persona-exposure=3"],
    "persona exposure ini not a level": ["-o", "mmtau_persona_exposure=full"],
    "exposure base URL without a model": ["--mmtau-exposure-api-base=http://localhost:9/v1"],
    "persona path missing": ["-o", "mmtau_personas=no_such_personas.yaml"],
    "gate that can never hold": ["--mmtau-thresholds=ias>=5"],
    "gate that can never fail": ["--mmtau-thresholds=pass^1>=-3"],
    "absurd trial count": ["--mmtau-trials=1000000"],
    "judge model with a space": ["--mmtau-judge-model=has space"],
    "judge base URL without a model": ["--mmtau-judge-api-base=http://localhost:9/v1"],
    "judge base URL not http": ["--mmtau-judge-model=openai/x", "--mmtau-judge-api-base=ftp://x"],
    "empty report path": ["--mmtau-report="],
    "report path under a file": ["--mmtau-report=afile.txt/r.json"],
    "baseline missing": ["--mmtau-baseline=no_such_report.json"],
}

# Persona files under fixtures/personas/, each set checked alone. The plugin prints the message after
# "ERROR: pytest-mmtau: " and stops before collection (test_personas_exposure.py runs one end to end); here the
# registry is loaded directly, which is much faster than a pytest run per case.
BAD_PERSONA_FILES = {
    "persona field out of range": {"grumpy.yaml": "personas:\n  - name: grumpy\n    emotion: angry\n"
                                                  "  - name: grumpier\n    patience: 500\n"},
    "unknown persona field": {"chatty.yaml": "name: chatty\nverbosity: verbose\nmood: cheerful\n"},
    "persona value not allowed": {"odd.yaml": "name: odd\nemotion: livid\n"},
    "persona field of the wrong type": {"odd.json": '{"name": "odd", "ambiguity": "high"}'},
    "persona without a name": {"nameless.yaml": "personas:\n  - emotion: angry\n"},
    "persona name with spaces": {"spaced.yaml": "name: my persona\n"},
    "YAML syntax error": {"broken.yaml": "name: broken\npatience: [3\nemotion: calm\n"},
    "JSON syntax error": {"broken.json": '{"name": "broken",\n "patience": 3,,\n}'},
    "persona file is a bare list": {"list.yaml": "- name: a\n- name: b\n"},
    "empty persona file": {"empty.yaml": ""},
    "extends an unknown preset": {"ext.yaml": "name: harder\nextends: hardest\n"},
    "duplicate persona across files": {"a.yaml": "name: twin\n", "b.yaml": "personas:\n  - name: twin\n"},
    "persona name clashes with a preset": {"mine.yaml": "name: hard\nemotion: angry\n"},
}


def check_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / name
    if os.environ.get("MMTAU_UPDATE_SNAPSHOTS") == "1" or not path.exists():
        path.write_text(text)
        if os.environ.get("MMTAU_UPDATE_SNAPSHOTS") != "1":
            pytest.fail(f"snapshot {name} did not exist; it was written, review and commit it")
    assert text == path.read_text(), f"output differs from snapshot {name}; if intended, regenerate it"


def test_usage_error_messages(pytester: pytest.Pytester) -> None:
    lines = []
    for title, decorators in BAD_TESTS.items():
        pytester.makepyfile(test_bad=f"import pytest\n@pytest.mark.mmtau\n{decorators}\ndef test_x():\n    pass\n")
        result = pytester.runpytest("-q")
        assert result.ret == pytest.ExitCode.USAGE_ERROR, title
        message = next(line for line in result.outlines if line.startswith("pytest-mmtau:"))
        lines.append(f"{title}:\n  {message}\n")
    pytester.makefile(".txt", afile="not a folder")
    for title, args in BAD_CONFIG.items():
        result = pytester.runpytest(*args)
        assert result.ret == pytest.ExitCode.USAGE_ERROR, title
        message = next(line for line in result.errlines if "pytest-mmtau" in line)
        lines.append(f"{title}:\n  {message.replace(str(pytester.path), '<project>')}\n")
    from pytest_mmtau.errors import UsageError
    from pytest_mmtau.personas import load_registry

    for title, files in BAD_PERSONA_FILES.items():
        root = pytester.path / title.replace(" ", "_")
        (root / "fixtures" / "personas").mkdir(parents=True)
        for name, text in files.items():
            (root / "fixtures" / "personas" / name).write_text(text)
        with pytest.raises(UsageError) as problem:
            load_registry(rootdir=root)
        lines.append(f"{title}:\n  {str(problem.value).splitlines()[0]}\n")
    check_snapshot("usage_errors.txt", "\n".join(lines))


def test_terminal_summary(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("""
        import pytest

        @pytest.fixture
        def agent(mmtau_domain, request):
            return mmtau_domain.agents["skips_confirmation" if "flawed" in request.node.name else "reference"]()
    """)
    pytester.makepyfile("""
        import pytest
        from pytest_mmtau import assert_ias

        @pytest.mark.domain("mock", tasks="*_*n*")
        @pytest.mark.persona("none", "hard")
        @pytest.mark.trials(3, pass_hat_k={1: 0.6})
        def test_reference(simulated_user, agent):
            conv = simulated_user.converse_sync(agent)
            assert conv.goal_achieved
            assert_ias(conv)

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.trials(2)
        def test_flawed(simulated_user, agent):
            assert_ias(simulated_user.converse_sync(agent))
    """)
    summaries = []
    for verbosity in ("-q", "", "-v"):  # pytest's verbosity sets how much the summary shows
        result = pytester.runpytest("-p", "no:randomly", *([verbosity] if verbosity else []))
        out = result.stdout.str()
        summary = out[out.index("= mmtau ="):out.index("short test summary")]
        summaries.append(f"--- pytest {verbosity or '(default verbosity)'}\n" + re.sub(r"=+", "=", summary))
    check_snapshot("terminal_summary.txt", "\n".join(summaries))


def test_published_report_schema_is_current_and_reports_validate(pytester: pytest.Pytester) -> None:
    import json

    from pytest_mmtau.report._schema import Report, json_schema

    published = Path(__file__).parent.parent / "docs" / "report.schema.json"
    current = json.dumps(json_schema(), indent=2, sort_keys=True) + "\n"
    if os.environ.get("MMTAU_UPDATE_SNAPSHOTS") == "1":
        published.write_text(current)
    assert published.read_text() == current, "docs/report.schema.json is stale; regenerate with MMTAU_UPDATE_SNAPSHOTS=1"
    pytester.makepyfile("""
        import pytest

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.trials(2)
        def test_flawed(simulated_user, mmtau_domain):
            conv = simulated_user.converse_sync(mmtau_domain.agents["skips_confirmation"]())
            from pytest_mmtau import assert_ias
            assert_ias(conv)
    """)
    pytester.runpytest("--mmtau-report=r.json")
    Report.model_validate_json((pytester.path / "r.json").read_text())


@pytest.mark.parametrize("name", ["tasks", "personas"])
def test_published_domain_file_schemas_are_current(name: str) -> None:
    import json

    from pytest_mmtau import _file_schemas

    published = Path(__file__).parent.parent / "docs" / f"{name}.schema.json"
    current = json.dumps(getattr(_file_schemas, f"{name}_schema")(), indent=2, sort_keys=True) + "\n"
    if os.environ.get("MMTAU_UPDATE_SNAPSHOTS") == "1":
        published.write_text(current)
    assert published.read_text() == current, f"docs/{name}.schema.json is stale; regenerate with MMTAU_UPDATE_SNAPSHOTS=1"


def test_the_built_in_tasks_validate_against_the_published_schema() -> None:
    import json

    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).parent.parent / "docs" / "tasks.schema.json").read_text())
    for folder in sorted((Path(__file__).parent.parent / "domains").iterdir()):
        if (folder / "tasks.json").is_file():
            jsonschema.validate(json.loads((folder / "tasks.json").read_text()), schema)
