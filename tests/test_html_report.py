"""The HTML report: a hand-built report rendered and inspected, and a real run opened in headless Chromium."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from pytest_mmtau.report._html import render_html

from report_samples import IMG, SCRIPT, bulky_report, team_report, transcript, trial
CHROMIUM = shutil.which("chromium")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium is not installed (Debian package 'chromium'; `make sysdeps` adds it)")


class Elements(HTMLParser):
    """The elements a browser would build from a page: tag names and their attributes."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def named(self, tag: str) -> list[dict[str, str | None]]:
        return [attrs for t, attrs in self.tags if t == tag]


def assert_nothing_active(page: str) -> None:
    """No script element, no image, no inline event handler, no URL with a scheme anywhere in the markup."""
    elements = Elements(page)
    assert not elements.named("script") and not elements.named("img") and not elements.named("link")
    for tag, attrs in elements.tags:
        assert not [a for a in attrs if a.startswith("on")], (tag, attrs)
        for name in ("src", "href"):
            value = attrs.get(name) or ""
            assert ":" not in value and not value.startswith("//"), (tag, attrs)


# --------------------------------------------------------------------------------------------- hand-built report


@pytest.fixture
def report() -> dict[str, Any]:
    good, bad = "tests/test_bot.py::test_support[ok-easy-voice]", "tests/test_bot.py::test_support[cancel-easy-voice]"
    test = "tests/test_bot.py::test_support"
    trials = [trial(good, 0, "passed"), trial(good, 1, "passed"), trial(bad, 0, "passed"),
              trial(bad, 1, "failed", reason=f"ias = 0.000, required >= 1\nagent said {SCRIPT}",
                     detail=f'test_bot.py:12: in test_support\nE   AssertionError: "{IMG}" <module>',
                     transcript=transcript()),
              trial(bad, 2, "error", reason="provider returned 503", termination=None)]
    item = {"level": "item", "test": test, "trials": 3, "thresholds": ["pass^1>=1"]}
    return {
        "schema_version": 1,
        "run": {"plugin_version": "0.1.0", "seed": 7, "profile": "ci", "thresholds": ["pass^1>=1", "ias>=1"]},
        "trials": trials,
        "groups": [
            item | {"key": good, "case": "ok-easy-voice", "passed": 2, "errors": 0, "trials": 2,
                    "pass_hat_k": {"1": 1.0, "2": 1.0}, "metrics": {"success": 1.0, "ias": 1.0}, "mm_tap": 0.9,
                    "gate_failures": []},
            item | {"key": bad, "case": "cancel-easy-voice", "passed": 1, "errors": 1,
                    "pass_hat_k": {"1": 0.5, "2": 0.0}, "metrics": {"success": 1.0, "ias": 0.5}, "mm_tap": None,
                    "gate_failures": ["pass^1 = 0.500, required pass^1>=1"]},
            {"level": "test", "key": test, "test": test, "items": 2, "trials": 5, "errors": 1,
             "pass_hat_k": {"1": 0.75, "2": 0.5}, "metrics": {"success": 1.0, "ias": 0.75}, "mm_tap": 0.6,
             "cross_modality": [{"modality": "voice", "paired_items": 1, "paired_trials": 2, "mrs": None, "to": 1.5,
                                 "arga": 1.0, "wer": 0.1288,
                                 "evidence": {"mrs": ["undefined: text pass^1 is 0.0"], "to": ["2 pairs"]}}]},
        ],
        "gate_failures": [{"scope": "session", "group": "all", "gate": "session:pass^1>=0.8", "observed": 0.75,
                           "trials": [f"{bad} trial 2/3: agent said {SCRIPT}"]}],
        "baseline": {"path": "baseline.json", "verdict": "FAIL", "notes": [f"judge changed {IMG}"],
                     "results": [{"k": 1, "items": 2, "change": -0.25, "p_value": 0.012, "mde": 0.1, "verdict": "FAIL"},
                                 {"k": 2, "items": 2, "change": 0.0, "p_value": 0.5, "mde": None, "verdict": "PASS"}]},
        "provenance": {"from": "ci", "note": SCRIPT},  # a key this page does not know
    }


def test_the_page_is_self_contained_and_runs_nothing(report: dict[str, Any]) -> None:
    page = render_html(report, base_dir="/runs/out")
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    assert not any(marker in page for marker in ("http://", "https://", "url(", "@import"))
    assert_nothing_active(page)


def test_everything_from_agents_tools_and_tracebacks_is_escaped(report: dict[str, Any]) -> None:
    page = render_html(report)
    assert SCRIPT not in page and "<img" not in page and "<b>now" not in page
    assert html.escape(f"Done {SCRIPT} {IMG}") in page  # the agent's turn, shown as text
    assert html.escape(f"account_id={json.dumps(IMG)}") in page  # a tool argument
    assert html.escape(json.dumps({"note": SCRIPT})) in page  # a tool result
    assert html.escape(f"no account {IMG}") in page  # a tool error
    assert html.escape(f'AssertionError: "{IMG}" <module>') in page  # the traceback
    assert html.escape("Dana cancels <b>now</b>.") in page  # the task, from a domain file
    assert html.escape(f"agent said {SCRIPT}") in page and html.escape(f"judge changed {IMG}") in page
    assert page.count("onerror") == page.count("&lt;img src=x onerror")


def test_headline_summary_tables_and_plots(report: dict[str, Any]) -> None:
    page = render_html(report)
    assert ("Gates failed: 1 of 2 items failed their gates; 1 gate above the item failed; the baseline comparison "
            "failed") in page
    assert "2 items · 5 trials · 3 passed · 1 failed · 1 infrastructure errors · pass rate 75%" in page
    assert "<dt>profile</dt><dd>ci</dd>" in page and "pass^1&gt;=1, ias&gt;=1" in page
    elements = Elements(page)
    # only the item below 1.0 is drawn, then the mean over all items
    assert [a["class"] for a in elements.named("polyline")] == ["s0", "s-all"]
    assert "pass^k against k for the 1 least reliable of the 1 items that are not at 1.0" in page
    assert "<th>pass^1</th><th>pass^2</th>" in page and "<th>mm_tap</th>" in page
    assert '<a class="jump" href="#trial-3">' in page and 'id="trial-3"' in page and 'id="trial-4"' in page
    assert "irreversible calls confirmed first" in page  # the metric table explains each metric
    assert "<h4>Against the text modality</h4>" in page and "<td>1.500</td>" in page and "2 pairs" in page
    assert "<h2>Other report fields</h2>" in page and "&quot;from&quot;: &quot;ci&quot;" in page


def test_gates_above_the_item_and_the_baseline(report: dict[str, Any]) -> None:
    page = render_html(report)
    assert "<h2>Gates above the item</h2>" in page and "session:pass^1&gt;=0.8" in page and "<td>0.750</td>" in page
    assert '<div class="banner fail">Baseline comparison: FAIL</div>' in page
    assert "<th>change</th><th>one-sided p</th>" in page and "<td>-0.250</td><td>0.012</td>" in page
    assert "<td>0.500</td><td>–</td>" in page  # no smallest detectable drop when nothing varied
    report["baseline"]["verdict"] = "WARN"
    del report["gate_failures"]
    report["groups"][1]["gate_failures"] = []
    page = render_html(report)
    assert "All gates passed (2 items)" in page and '<div class="banner warn">baseline comparison: WARN</div>' in page


def test_the_failing_trial_shows_its_transcript(report: dict[str, Any]) -> None:
    page = render_html(report)
    assert "heard: Cancel my plan, account A 100." in page  # differs from what was said
    assert "inform(account_id, A100)" in page and 'class="badge vague"' in page
    assert "cancel_subscription(" in page and ">irreversible</span>" in page and "hosted by agent" in page
    assert "ias = 0.000, required &gt;= 1\nagent said" in page
    assert "state accounts.A100.status is &#x27;active&#x27;" in page
    assert "No conversation was recorded for this trial." in page  # the infrastructure error
    assert "provider returned 503" in page
    assert "agent was told (inferred by heuristic from the last 5 messages after 3 user messages): Terse" in page


def test_channel_details_wer_players_and_the_rest(report: dict[str, Any], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # where the run wrote its audio
    turn = report["trials"][3]["transcript"]["turns"][0]
    turn["channel"]["audio"] = {"tts": str(tmp_path / "mmtau-audio" / "t0.wav"), "heard": "mmtau-audio/t0-heard.ogg",
                                "same": "mmtau-audio/t0-heard.ogg"}
    turn["channel"]["words"] = [{"word": "cancel", "confidence": 0.91}, {"word": "A100", "confidence": 0.3}]
    page = render_html(report, base_dir=tmp_path / "html")
    assert '<div class="facts">WER 0.250 · confidence 0.412</div>' in page
    assert [a["src"] for a in Elements(page).named("audio")] == ["../mmtau-audio/t0.wav", "../mmtau-audio/t0-heard.ogg"]
    assert "heard = same <audio" in page  # one player per file, named by every key that points at it
    assert "<dt>WER</dt><dd>0.250</dd>" in page and "<dd>pocketsphinx</dd>" in page
    assert "word cancel, confidence 0.91; word A100, confidence 0.3" in page
    assert "<summary>channel details</summary>" in page


def test_an_audio_path_can_never_become_a_script_url(report: dict[str, Any]) -> None:
    report["trials"][3]["transcript"]["turns"][0]["channel"] = {"audio": 'javascript:alert(1)//".wav'}
    page = render_html(report)
    assert [a["src"] for a in Elements(page).named("audio")] == ["javascript%3Aalert%281%29//%22.wav"]


def test_a_clean_run(report: dict[str, Any]) -> None:
    report["trials"] = [t for t in report["trials"] if t["outcome"] == "passed"]
    report["groups"] = [g | {"gate_failures": []} for g in report["groups"]]
    del report["gate_failures"], report["baseline"]
    page = render_html(report)
    assert "All gates passed (2 items)" in page and "None: every trial passed." in page
    assert "<title>mmtau report: gates passed</title>" in page


def test_failing_trials_are_grouped_by_item_with_a_filter(report: dict[str, Any]) -> None:
    page = render_html(report)
    groups = Elements(page).named("details")
    item_groups = [g for g in groups if "item-group" in (g.get("class") or "")]
    assert [g["class"] for g in item_groups] == ["item-group has-error has-failed t0"]
    assert "<b>tests/<wbr>test_bot.py::<wbr>test_support[<wbr>cancel-easy-voice]</b> · 2 of 3 trials did not pass " \
           "(1 infrastructure errors, 1 agent failures)" in page
    radios = [r["id"] for r in Elements(page).named("input") if r.get("type") == "radio"]
    assert radios == ["show-all", "show-failed", "show-error"]  # one test: no test filter
    assert "#show-failed:checked ~ .by-item details.item-group:not(.has-failed), #show-failed:checked ~ .by-item " \
           "article.trial:not(.failed) { display: none; }" in page
    section = page[page.index('<div class="failures">'):]
    assert section.index('id="trial-3"') < section.index('id="trial-4"')  # the item's trials, inside its group


def test_the_baseline_change_of_every_item_with_its_p_value(report: dict[str, Any]) -> None:
    good, bad = (g["key"] for g in report["groups"][:2])
    report["baseline"]["items"] = [
        {"key": bad, "baseline_passed": 4, "baseline_scored": 4, "current_passed": 0, "current_scored": 4,
         "change": -1.0, "p_value": 0.0143, "q_value": 0.0286, "verdict": "regressed"},
        {"key": good, "baseline_passed": 1, "baseline_scored": 2, "current_passed": 2, "current_scored": 2,
         "change": 0.5, "p_value": 0.5, "q_value": 0.5, "verdict": "not significant"}]
    page = render_html(report)
    assert "<h3>Items that changed (2; 1 significantly)</h3>" in page
    assert '<span class="worse">-1.00 (p=0.014)</span>' in page and "<td>+0.50 (p=0.500)</td>" in page
    assert '<span class="badge regressed">regressed</span>' in page
    assert "<details><summary>1 items changed without significance</summary>" in page


def test_falsifying_examples_from_fuzzing(report: dict[str, Any]) -> None:
    report["fuzz_failures"] = [{
        "nodeid": "t.py::test_fuzz[cancel-none-text]", "test": "t.py::test_fuzz", "expected_failure": False,
        "error": f"AssertionError: ias = 0.000 {SCRIPT}", "notes": ['mmtau: task=cancel seed=3 persona={"emotion":'
                                                                    '"angry"}'],
        "falsifying_example": "Falsifying example: test_fuzz(\n    persona=Persona(emotion='angry'),\n)",
        "reproduce": "python -m pytest_mmtau.replay --domain mock --seed 3"}]
    page = render_html(report)
    assert "<h2>Falsifying examples (1)</h2>" in page and html.escape(f"ias = 0.000 {SCRIPT}") in page
    assert "<h4>Falsifying example</h4><pre>Falsifying example: test_fuzz(\n    persona=Persona(emotion=&#x27;angry" \
           in page
    assert "<code>python -m pytest_mmtau.replay --domain mock --seed 3</code>" in page
    assert_nothing_active(page)


def test_a_green_suite_plots_how_items_spread_instead_of_flat_lines(report: dict[str, Any]) -> None:
    report["trials"] = [t for t in report["trials"] if t["outcome"] == "passed"]
    for i, g in enumerate(report["groups"]):
        g.update(gate_failures=[], pass_hat_k={"1": 1.0, "2": 1.0}, metrics={"success": 1.0, "te": 0.3 + 0.4 * i})
    page = render_html(report)
    elements = Elements(page)
    assert not elements.named("polyline") and len(elements.named("rect")) == 10  # one histogram: te
    assert "How the 2 items spread on the metrics that vary between them" in page
    assert "The same for every item: pass^1 1.00, success 1.00." in page


def test_a_report_of_a_1mb_per_turn_agent_stays_quick_to_open() -> None:
    """The size a browser has to lay out is bounded whatever the agent says and however many trials fail (timed
    in benchmarks/html_report.py: this page opens in Chromium in about a second)."""
    from pytest_mmtau.report import Scrubbed
    from pytest_mmtau.report._html import TRANSCRIPT_BUDGET

    # as the run hands them over: secrets already masked (scanning 58 MB for them is not what is tested here)
    small, large = render_html(Scrubbed(bulky_report(2))), render_html(Scrubbed(bulky_report(60)))
    assert len(small) < 1_000_000 and small.count("more characters in the JSON report") == 2 * 4 * (12 + 1)
    # 240 failing trials of 12 turns of 20,000 characters: 58 MB of conversation in the JSON report
    assert len(large) < TRANSCRIPT_BUDGET + 1_000_000
    assert "The conversation and traceback are left out of this page to keep it quick to open" in large


def test_secrets_are_masked(report: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUPPORT_BOT_TOKEN", "tok-5f4e3d2c1b0a")
    report["trials"][3]["reason"] = "401 with token tok-5f4e3d2c1b0a"
    page = render_html(report)
    assert "tok-5f4e3d2c1b0a" not in page and "[REDACTED]" in page


# --------------------------------------------------------------------------------------------- a real run

from test_plugin import AGENT_CONFTEST, SUPPORT_TEST  # the same support suite the plugin tests run

# FunctionAgent is imported from its own module, the way the engine sees it.
HOSTILE_TEST = f"""
import pytest
from pytest_mmtau.agents import FunctionAgent

SCRIPT, IMG = {SCRIPT!r}, {IMG!r}

def hostile(request):
    if not any(m.role == "tool" for m in request.messages):
        return {{"text": "One moment.", "tool_calls": [{{"name": "get_account", "arguments": {{"account_id": IMG}}}}]}}
    return f"Sorry {{SCRIPT}} I cannot {{IMG}}"

@pytest.mark.domain("mock", tasks="cancel_subscription")
@pytest.mark.persona("easy")
@pytest.mark.trials(2)
async def test_hostile(simulated_user):
    conv = await simulated_user.converse(FunctionAgent(hostile))
    assert conv.goal_achieved, conv.success_detail
"""


def run_plugin(pytester: pytest.Pytester) -> dict[str, Any]:
    """Reference agent (passes), the agent that skips confirmation (ias fails), and one that says markup."""
    pytester.makeconftest(AGENT_CONFTEST)
    pytester.makepyfile(test_good=SUPPORT_TEST.format(agent="reference"),
                        test_flawed=SUPPORT_TEST.format(agent="skips_confirmation"), test_hostile=HOSTILE_TEST)
    result = pytester.runpytest("--mmtau-report=r.json")
    result.assert_outcomes(passed=2, failed=3)
    return json.loads((pytester.path / "r.json").read_text())


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Headless Chromium with everything that would reach for the network switched off."""
    command = [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--disable-dev-shm-usage", f"--user-data-dir={tmp_path / 'chromium-profile'}", *args]
    env = os.environ | {"HOME": str(tmp_path)}
    return subprocess.run(command, capture_output=True, text=True, timeout=90, env=env, check=False)


def test_a_real_run_renders(pytester: pytest.Pytester) -> None:
    page = render_html(run_plugin(pytester))
    assert "Gates failed: 3 of 5 items" in page
    for test in ("test_good.py::<wbr>test_support", "test_flawed.py::<wbr>test_support",
                 "test_hostile.py::<wbr>test_hostile"):
        assert f"<code>{test}</code>" in page
    assert "cancel_subscription(account_id=&quot;A100&quot;)" in page and ">irreversible</span>" in page
    assert html.escape(f"Sorry {SCRIPT} I cannot {IMG}") in page
    assert_nothing_active(page)


# Measures the page in a browser: a wrapper page (scripts allowed there, not in the report) loads the report in an
# iframe of the given width, opens every <details>, optionally ticks one of the page's filter buttons, and writes
# into its own DOM what overflows and which failing items and trials stay visible.
MEASURE = """<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="{page}" style="width:{width}px;height:1000px;border:0"></iframe>
<script>
document.getElementById("f").addEventListener("load", () => {{
  const d = document.getElementById("f").contentDocument, root = d.documentElement;
  const pick = "{pick}";
  if (pick) d.getElementById(pick).checked = true;
  else d.querySelectorAll("details").forEach(e => {{ e.open = true; }});
  const what = e => e.tagName.toLowerCase() + " " + [...e.querySelectorAll("th")].slice(0, 4).map(t => t.textContent);
  const clipped = [...d.querySelectorAll("*")].filter(e => ["auto", "hidden", "scroll"].includes(
      getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1).map(what);
  const wider = [...d.body.querySelectorAll("*")].filter(e => e.getBoundingClientRect().right > root.clientWidth + 0.5);
  const shown = sel => [...d.querySelectorAll(sel)].filter(e => getComputedStyle(e).display !== "none");
  document.body.setAttribute("data-measured", JSON.stringify({{
    scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, clipped, wider: wider.slice(0, 10).map(what),
    groups: shown("details.item-group").map(e => e.querySelector("summary b").textContent),
    trials: shown("details.item-group article.trial").map(e => e.id)}}));
}});
</script></body></html>"""


def measure(tmp_path: Path, page: Path, width: int, pick: str = "") -> dict[str, Any]:
    wrapper = page.with_name(f"measure-{width}-{pick or 'open'}.html")
    wrapper.write_text(MEASURE.format(page=page.name, width=width, pick=pick), encoding="utf-8")
    shown = chromium(tmp_path, "--dump-dom", "--allow-file-access-from-files", "--virtual-time-budget=20000",
                     wrapper.as_uri())
    assert shown.returncode == 0, shown.stderr[-2000:]
    found = re.search(r'data-measured="([^"]*)"', shown.stdout)
    assert found, shown.stdout[-2000:]
    return json.loads(html.unescape(found.group(1)))


def screenshots(tmp_path: Path, page: Path) -> list[Path]:
    """The page at 1280 and 1920 px; kept in $MMTAU_SCREENSHOTS when set, to look at."""
    shots = []
    for width in (1280, 1920):
        shot = tmp_path / f"{page.stem}-{width}.png"
        taken = chromium(tmp_path, f"--screenshot={shot}", f"--window-size={width},2400", page.as_uri())
        assert taken.returncode == 0 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", taken.stderr[-2000:]
        assert shot.stat().st_size > 20_000  # a rendered page, not a blank one
        if os.environ.get("MMTAU_SCREENSHOTS"):
            Path(os.environ["MMTAU_SCREENSHOTS"]).mkdir(parents=True, exist_ok=True)
            shutil.copy(shot, Path(os.environ["MMTAU_SCREENSHOTS"]) / shot.name)
        shots.append(shot)
    return shots


@pytest.mark.slow
@needs_chromium
def test_chromium_shows_the_report_and_runs_none_of_the_agents_markup(pytester: pytest.Pytester,
                                                                       tmp_path: Path) -> None:
    page = tmp_path / "report" / "mmtau.html"
    page.parent.mkdir()
    page.write_text(render_html(run_plugin(pytester), base_dir=page.parent), encoding="utf-8")

    shown = chromium(tmp_path, "--dump-dom", page.as_uri())
    assert shown.returncode == 0, shown.stderr[-2000:]
    dom = shown.stdout
    assert "<h1>mmtau report</h1>" in dom and "Gates failed: 3 of 5 items" in dom
    assert "5 items · 14 trials · 6 passed · 8 failed" in dom
    assert "test_flawed.py::<wbr>test_support[<wbr>cancel_subscription-easy-text]" in dom
    assert "The subscription on account A100 is now cancelled" in dom  # the flawed agent's turn
    assert "ias = 0.000, required &gt;= 1" in dom  # the failure reason
    assert "UNCONFIRMED" in dom  # the traceback
    # the hostile agent's words are text in the page, never elements
    assert '&lt;script&gt;alert("x")&lt;/script&gt;' in dom and "&lt;img src=x onerror=alert(1)&gt;" in dom
    elements = Elements(dom)
    assert not elements.named("script") and not elements.named("img")
    assert not any(a.startswith("on") for _, attrs in elements.tags for a in attrs)
    assert len(elements.named("polyline")) == 3 + 1  # the three failing items, and the mean over all five
    screenshots(tmp_path, page)

    for width in (1280, 1920):  # every <details> open: nothing wider than the window, no table cut
        layout = measure(tmp_path, page, width)
        assert layout["scrollWidth"] <= layout["clientWidth"] and not layout["clipped"] and not layout["wider"], layout
    everything = measure(tmp_path, page, 1280)["trials"]
    assert len(everything) == 8
    # the CSS-only filter: one test's failing items, then one outcome
    hostile = measure(tmp_path, page, 1280, pick="in-t1")
    assert hostile["groups"] == ["test_hostile.py::test_hostile[cancel_subscription-easy-text]"]


@pytest.mark.slow
@needs_chromium
def test_a_teams_suite_fits_the_window_and_filters_without_script(tmp_path: Path) -> None:
    page = tmp_path / "team.html"
    page.write_text(render_html(team_report()), encoding="utf-8")
    assert_nothing_active(page.read_text())
    screenshots(tmp_path, page)
    for width in (1280, 1920):
        layout = measure(tmp_path, page, width)
        assert layout["scrollWidth"] <= layout["clientWidth"] and not layout["clipped"] and not layout["wider"], layout
    everything = measure(tmp_path, page, 1280, pick="show-all")
    assert len(everything["groups"]) == 34 and len(everything["trials"]) == 34 * 3
    errors = measure(tmp_path, page, 1280, pick="show-error")
    assert len(errors["groups"]) == 34 and len(errors["trials"]) == 34  # one infrastructure error per item
    one_test = measure(tmp_path, page, 1280, pick="in-t3")
    assert one_test["groups"] and all("test_customer_journeys_03.py" in g for g in one_test["groups"])
