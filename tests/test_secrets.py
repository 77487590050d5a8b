"""Secret scrubbing keeps serialised JSON valid and masks what it should."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from pytest_mmtau._secrets import MASK, scrub

secretish = st.sampled_from(["api_key=sk-abcdef0123456789", "Bearer abcdefghijklmnop", "password: hunter2hunter2",
                             'secret="x\\"y', "token\\", "sk-", "\\u0000", "é"])


@given(st.lists(st.one_of(st.text(max_size=20), secretish), max_size=6).map("".join))
def test_scrubbed_json_stays_valid_json(text: str) -> None:
    json.loads(scrub(json.dumps({"reason": text})))


def test_masks_env_secrets_and_credential_shapes(monkeypatch) -> None:
    monkeypatch.setenv("PAYMENTS_API_TOKEN", "zzz-private-value-42")
    out = scrub("use zzz-private-value-42 with sk-live0123456789 and Authorization: Bearer eyJhbGciOi.x and api_key=abcd1234")
    assert "zzz-private-value-42" not in out and "sk-live0123456789" not in out and "eyJhbGciOi" not in out
    assert "abcd1234" not in out and out.count(MASK) == 4


# Fake values of each common credential shape, written for this test (none is a real credential).
SHAPES = {
    "aws access key id": "AKIAZ7QK4WMT2PL9XV3R",
    "aws temporary key id": "ASIAQW3ER5TY7UI9OP1A",
    "github classic token": "ghp_" + "Zx9Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0LmNbVc",
    "github fine-grained token": "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuv",
    "gitlab token": "glpat-Ab3De6Gh9Jk2Mn5Pq8St",
    "google api key": "AIza" + "SyD4f6h8j0l2n4p6r8t0v2x4z6B8d0F2h4J",
    "slack token": "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    "stripe live key": "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "jwt": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtbXRhdSJ9.c2lnbmF0dXJlLW5vdC1yZWFs",
    "openai-style key": "sk-proj-Q1w2E3r4T5y6U7i8O9p0",
    "sendgrid key": "SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG",
}
CONTEXTS = {
    "bearer header": ("Authorization: Bearer Zq8Wm3Np5Rt7Vx9Yb2", "Zq8Wm3Np5Rt7Vx9Yb2"),
    "basic header": ("Authorization: Basic dXNlcjpodW50ZXIyaHVudGVy", "dXNlcjpodW50ZXIyaHVudGVy"),
    "url credentials": ("connect to https://admin:S3cr3tPassw0rd@db.example.test/app", "S3cr3tPassw0rd"),
    "assignment": ("password=correct-horse-battery", "correct-horse-battery"),
    "private key block": ("-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAx1x2x3x4\n-----END RSA PRIVATE KEY-----",
                          "MIIEowIBAAKCAQEAx1x2x3x4"),
}


import pytest  # noqa: E402


@pytest.mark.parametrize("shape", list(SHAPES))
def test_every_common_key_shape_is_masked(shape: str) -> None:
    value = SHAPES[shape]
    out = scrub(f"The agent said: your key is {value}, keep it safe.")
    assert value not in out and MASK in out, out
    assert json.loads(scrub(json.dumps({"text": value})))


@pytest.mark.parametrize("context", list(CONTEXTS))
def test_credentials_in_context_are_masked(context: str) -> None:
    text, secret = CONTEXTS[context]
    out = scrub(text)
    assert secret not in out and MASK in out, out


def test_secret_looking_env_values_are_masked_down_to_six_characters(monkeypatch) -> None:
    monkeypatch.setenv("MY_SERVICE_AUTH", "qz81kd")
    monkeypatch.setenv("SHOP_DSN", "postgres://shop:pw@db/shop")
    monkeypatch.setenv("MMTAU_JUDGE_API_KEY", "j9x")
    out = scrub("auth qz81kd dsn postgres://shop:pw@db/shop judge j9x")
    assert "qz81kd" not in out and "postgres://shop:pw@db/shop" not in out and "j9x" not in out


def test_a_spoken_secret_is_masked_too(monkeypatch) -> None:
    from pytest_mmtau.voice._spoken import spoken_form

    monkeypatch.setenv("OPENAI_API_KEY", "oaikey-P0O9xx12345abc")
    said = spoken_form("my key is oaikey-P0O9xx12345abc").tts_text
    assert "P. zero O. nine" in said
    out = scrub(json.dumps({"tts_text": said}))
    assert "P. zero O. nine" not in out and MASK in out


def test_scrubbing_happens_before_truncation() -> None:
    from pytest_mmtau._llm_transport import clean_error

    key = "sk-" + "A" * 600
    assert "AAAAAAAA" not in clean_error(RuntimeError(f"bad key {key}"))


def test_audio_file_names_never_carry_a_secret(monkeypatch) -> None:
    from pytest_mmtau.voice._artifacts import safe_name

    monkeypatch.setenv("SUPPORT_API_TOKEN", "tok-98765-secret")
    assert "98765" not in safe_name("test_x.py::test_voice[tok-98765-secret]")


def test_the_llm_judge_sends_no_secret_to_its_provider(monkeypatch) -> None:
    import asyncio

    from fake_openai import FakeOpenAI, content_reply

    from pytest_mmtau import FunctionAgent, LLMJudge
    from pytest_mmtau._discovery import DomainRegistry
    from pytest_mmtau.personas import get_persona
    from pytest_mmtau.user import SimulatedUser

    monkeypatch.setenv("PAYMENTS_API_TOKEN", "pay-live-55aa77bb")
    domain = DomainRegistry().get("mock")
    leaky = FunctionAgent(lambda r: f"Debug: token pay-live-55aa77bb and {SHAPES['github classic token']}. Bye.")
    conv = SimulatedUser(domain=domain, task=domain.task("cancel_subscription"),
                         persona=get_persona("none")).converse_sync(leaky)
    verdict = json.dumps({"confirmation_request": False, "confirms_tool": None, "clarification": False,
                          "escalation": False, "refusal": False, "information": True})
    with FakeOpenAI(lambda req, n: content_reply(verdict)) as server:
        judge = LLMJudge("openai/fake-judge", api_base=server.base_url, api_key="k", samples=1)
        asyncio.run(judge.evaluate(conv))
        sent = json.dumps(server.bodies)
    assert server.bodies and "pay-live-55aa77bb" not in sent and SHAPES["github classic token"] not in sent


def test_loading_the_detectors_leaves_warnings_alone() -> None:
    import subprocess
    import sys

    code = ("import warnings; shown = warnings.showwarning\n"
            "from pytest_mmtau._secrets import scrub; scrub('x')\n"
            "assert warnings.showwarning is shown, warnings.showwarning")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_generated_looking_value_is_masked_whatever_its_name(monkeypatch) -> None:
    monkeypatch.setenv("SHOP_BACKEND_HANDLE", "Zq8Wm3Np5Rt7Vx9Yb2Lk4Hj6")
    monkeypatch.setenv("BUILD_LABEL", "2026.11.23-release-build-0001")
    out = scrub("handle Zq8Wm3Np5Rt7Vx9Yb2Lk4Hj6 build 2026.11.23-release-build-0001")
    assert "Zq8Wm3Np5Rt7Vx9Yb2Lk4Hj6" not in out and "2026.11.23-release-build-0001" in out


@pytest.mark.voice
def test_a_voice_item_writes_no_spoken_secret(pytester, monkeypatch) -> None:
    import shutil

    if shutil.which("flite") is None:
        pytest.skip("flite is not installed")
    monkeypatch.setenv("SUPPORT_API_KEY", "oaikey-P0O9xx12345abc")
    pytester.makepyfile(test_suite="""
        import pytest
        from pytest_mmtau import FunctionAgent

        @pytest.mark.domain("mock", tasks="balance_inquiry")
        @pytest.mark.modality("voice")
        @pytest.mark.trials(1)
        def test_leak(simulated_user, voice_channel):
            agent = FunctionAgent(lambda r: "Your key is oaikey-P0O9xx12345abc. Goodbye.")
            conv = simulated_user.converse_sync(agent, channel=voice_channel)
            assert False, "fail so that the transcript is written"
    """)
    pytester.runpytest_subprocess("-p", "no:randomly", "--mmtau-report=r.json", "--mmtau-html=r.html")
    for name in ("r.json", "r.json.items.jsonl", "r.html"):
        text = (pytester.path / name).read_text()
        assert "oaikey-P0O9xx12345abc" not in text and "P. zero O. nine" not in text, name
    for audio in pytester.path.rglob("*.wav"):
        assert "P0O9" not in audio.name
