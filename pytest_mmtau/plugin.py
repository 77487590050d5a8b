"""pytest hooks of pytest-mmtau: options, markers, parametrisation, running trials, aggregation, summary.

Nothing heavy is imported at load time: this module is imported by every pytest run in the environment.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

_INI = {
    "mmtau_trials": "default number of trials per item",
    "mmtau_concurrency": "trials in flight at once inside one item (default 128)",
    "mmtau_seed": "base seed; each trial's seed derives from it and the item id",
    "mmtau_thresholds": "gates such as 'pass^1>=0.8 ias>=1.0'",
    "mmtau_profile": "named settings profile (default, smoke, ci, nightly)",
    "mmtau_max_turns": "turn limit of one conversation",
    "mmtau_timeout": "time limit of one conversation, in seconds",
    "mmtau_judge_model": "litellm model string for the LLM judge (default: the offline rule judge)",
    "mmtau_judge_api_base": "base URL of the judge model's OpenAI-compatible endpoint",
    "mmtau_judge_samples": "judge samples per agent turn (majority vote)",
    "mmtau_user_model": "litellm model string for the LLM simulated user (default: the offline scripted user)",
    "mmtau_user_api_base": "base URL of the simulated user model's OpenAI-compatible endpoint",
    "mmtau_user_temperature": "sampling temperature of the LLM simulated user (default 0.2)",
    "mmtau_user_nlu_model": "litellm model string reading the agent's messages for the scripted user (default: "
                            "its rules)",
    "mmtau_user_nlu_api_base": "base URL of the understanding model's OpenAI-compatible endpoint",
    "mmtau_baseline_margin": "tolerated pass^k drop against the baseline",
    "mmtau_baseline_alpha": "one-sided significance level of the baseline test",
    "mmtau_max_inconclusive": "share of trials allowed to be inconclusive (infrastructure errors, or the simulated "
                              "user did not understand the agent) before the run is inconclusive (default 0.1)",
    "mmtau_max_infra_errors": "former name of mmtau_max_inconclusive",
    "mmtau_infra_retries": "retries of a trial that hit an infrastructure error",
    "mmtau_infra_backoff": "seconds before the first retry (doubling)",
    "mmtau_persona_exposure": "persona exposure when a test has no persona_exposure marker: 0, 1 or 2",
    "mmtau_persona_inject": "when exposure 1 hands the persona to the agent: start (default) or after_verification",
    "mmtau_exposure_model": "litellm model inferring the persona for exposure 2 (default: the offline heuristic)",
    "mmtau_exposure_api_base": "base URL of the exposure model's OpenAI-compatible endpoint",
}


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mmtau", "conversational agent regression testing (pytest-mmtau)")
    group.addoption("--mmtau-trials", dest="mmtau_trials", type=int, help="trials per item (k)")
    group.addoption("--mmtau-concurrency", dest="mmtau_concurrency", type=int, help="trials in flight per item (default 128)")
    group.addoption("--mmtau-seed", dest="mmtau_seed", type=int, help="base seed of every trial")
    group.addoption("--mmtau-thresholds", dest="mmtau_thresholds", help="gates, e.g. 'pass^1>=0.8 ias>=1.0'")
    group.addoption("--mmtau-profile", dest="mmtau_profile", help="settings profile")
    group.addoption("--mmtau-max-turns", dest="mmtau_max_turns", type=int, help="turn limit per conversation")
    group.addoption("--mmtau-timeout", dest="mmtau_timeout", type=float, help="seconds per conversation")
    group.addoption("--mmtau-report", dest="mmtau_report", metavar="PATH", help="write the JSON report here")
    group.addoption("--mmtau-judge-model", dest="mmtau_judge_model", metavar="MODEL",
                    help="label agent turns with this litellm model (key from MMTAU_JUDGE_API_KEY or the provider's)")
    group.addoption("--mmtau-judge-api-base", dest="mmtau_judge_api_base", metavar="URL",
                    help="OpenAI-compatible base URL for the judge model")
    group.addoption("--mmtau-judge-samples", dest="mmtau_judge_samples", type=int, help="judge samples per turn")
    group.addoption("--mmtau-user-model", dest="mmtau_user_model", metavar="MODEL",
                    help="write the simulated user's messages with this litellm model, one call per user turn "
                         "(key from MMTAU_USER_API_KEY or the provider's)")
    group.addoption("--mmtau-user-api-base", dest="mmtau_user_api_base", metavar="URL",
                    help="OpenAI-compatible base URL for the simulated user's model")
    group.addoption("--mmtau-user-temperature", dest="mmtau_user_temperature", metavar="T",
                    help="sampling temperature of the LLM simulated user (default 0.2)")
    group.addoption("--mmtau-user-nlu-model", dest="mmtau_user_nlu_model", metavar="MODEL",
                    help="the scripted user reads each agent message with this litellm model, one small call per "
                         "agent turn, instead of its rules (key from MMTAU_USER_NLU_API_KEY or the provider's)")
    group.addoption("--mmtau-user-nlu-api-base", dest="mmtau_user_nlu_api_base", metavar="URL",
                    help="OpenAI-compatible base URL for the understanding model")
    group.addoption("--mmtau-html", dest="mmtau_html", metavar="PATH", help="write a single-file HTML report")
    group.addoption("--mmtau-markdown", dest="mmtau_markdown", metavar="PATH",
                    help="append a Markdown summary (e.g. $GITHUB_STEP_SUMMARY)")
    group.addoption("--mmtau-baseline", dest="mmtau_baseline", metavar="PATH",
                    help="compare with an earlier JSON report; fail only on a significant pass^k drop")
    group.addoption("--mmtau-baseline-margin", dest="mmtau_baseline_margin", type=float,
                    help="tolerated pass^k drop against the baseline (default 0.05)")
    group.addoption("--mmtau-baseline-alpha", dest="mmtau_baseline_alpha", type=float,
                    help="one-sided significance level of the baseline test (default 0.05)")
    group.addoption("--mmtau-max-inconclusive", dest="mmtau_max_inconclusive", metavar="SHARE",
                    help="share of trials allowed to be inconclusive — infrastructure errors, or the simulated user "
                         "did not understand the agent — before the run's verdict is inconclusive (default 0.1)")
    group.addoption("--mmtau-max-infra-errors", dest="mmtau_max_infra_errors", metavar="SHARE",
                    help="former name of --mmtau-max-inconclusive")
    group.addoption("--mmtau-infra-retries", dest="mmtau_infra_retries", type=int,
                    help="retries of a trial that hit an infrastructure error (default 2)")
    group.addoption("--mmtau-fuzz-profile", dest="mmtau_fuzz_profile", choices=("ci", "dev"),
                    help="load the mmtau-ci / mmtau-dev Hypothesis profile (example database replayed first)")
    group.addoption("--mmtau-persona-exposure", dest="mmtau_persona_exposure", metavar="P",
                    help="what the agent is told about the user when a test has no persona_exposure marker: 0 "
                         "nothing (default), 1 the persona, 2 a persona inferred from the conversation")
    group.addoption("--mmtau-exposure-model", dest="mmtau_exposure_model", metavar="MODEL",
                    help="infer the persona for exposure 2 with this litellm model (key from "
                         "MMTAU_EXPOSURE_API_KEY or the provider's; default: the offline heuristic)")
    group.addoption("--mmtau-exposure-api-base", dest="mmtau_exposure_api_base", metavar="URL",
                    help="OpenAI-compatible base URL for the exposure model")
    group.addoption("--mmtau-list", dest="mmtau_list", metavar="WHAT",
                    help="print domains, personas[:<domain>] or tasks:<domain>[:<glob>] and exit")
    for name, help_text in _INI.items():
        parser.addini(name, help_text, default="")
    from .record import add_options as add_record_options  # light: no litellm

    add_record_options(group, parser)
    from .voice._profile import RUN_SETTINGS  # names only; the voice stack loads on first use

    for flag, name, help_text in RUN_SETTINGS.values():
        group.addoption(flag, dest=name, help=help_text)
        parser.addini(name, help_text, default="")
    parser.addini("mmtau_domains", "folders holding extra domains", type="paths", default=[])
    parser.addini("mmtau_personas", "persona files (YAML/JSON) or folders of them, besides fixtures/personas/",
                  type="paths", default=[])


def pytest_addhooks(pluginmanager: pytest.PytestPluginManager) -> None:
    from . import hookspec

    pluginmanager.add_hookspecs(hookspec)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> int | None:
    what = config.getoption("mmtau_list")
    if not what:
        return None
    from ._listing import list_names
    from .errors import UsageError

    try:
        names = list_names(what, config.getini("mmtau_domains"), config=config)
    except UsageError as exc:
        sys.stderr.write(f"ERROR: --mmtau-list: {exc}\n")
        return int(pytest.ExitCode.USAGE_ERROR)
    for name in names:
        sys.stdout.write(f"{name}\n")
    sys.stdout.write(f"{len(names)} {what.split(':')[0]}\n")
    return int(pytest.ExitCode.OK)


def pytest_configure(config: pytest.Config) -> None:
    from . import fixtures
    from .config import build_config
    from .errors import UsageError
    from .markers import MARKERS
    from .session import STATE, Domains, RunState

    for help_text in MARKERS.values():
        config.addinivalue_line("markers", help_text)
    try:
        cfg = build_config(lambda name: config.getoption(name, None), config.getini)
        from ._persona_files import user_files_present  # path checks only: no pydantic for runs without mmtau

        if user_files_present(config.rootpath, config.getini("mmtau_personas"), config.getini("mmtau_domains")):
            from .personas import registry_for

            registry_for(config)  # the project's persona files are validated before collection
    except UsageError as exc:
        raise pytest.UsageError(f"pytest-mmtau: {exc}") from None
    config.stash[STATE] = RunState(config=cfg, domains=Domains(config, cfg))
    if cfg.user_nlu_model is not None:  # the understanding's answers are cached within one run
        from .user._nlu import new_run

        new_run()
    profile = config.getoption("mmtau_fuzz_profile")
    if profile:
        try:
            from hypothesis import settings
        except ImportError:
            raise pytest.UsageError(f"pytest-mmtau: --mmtau-fuzz-profile {profile} needs Hypothesis, which is not "
                                    'installed; install it with: pip install "pytest-mmtau[fuzz]" (or pip install '
                                    "hypothesis)") from None

        from .strategies import register_profiles

        register_profiles(config.rootpath / ".hypothesis" / "mmtau")
        settings.load_profile(f"mmtau-{profile}")
    config.pluginmanager.register(fixtures, "mmtau-fixtures")
    config.pluginmanager.register(_Aggregator(config), "mmtau-aggregator")
    from .record import RecordPlugin

    config.pluginmanager.register(RecordPlugin(config), "mmtau-record")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    node = metafunc.definition
    from ._scope import is_mmtau_test

    if not is_mmtau_test(metafunc.fixturenames, node):
        return  # another suite's own `domain`/`trials`/... markers are none of our business
    from .config import item_settings
    from .errors import UsageError
    from .markers import CASE_ARG, cases, parse_trials
    from .personas import registry_for
    from .session import state
    from .voice import MODALITIES

    try:
        trials = parse_trials(node.get_closest_marker("trials"))
        settings = item_settings(state(metafunc.config).config, trials.n, trials.pass_hat_k, trials.thresholds)
        for gate in settings.thresholds:
            if gate.k is not None and gate.k > settings.trials:
                raise UsageError(f"gate {gate} needs at least {gate.k} trials but the test runs {settings.trials}; "
                                 "raise n in @pytest.mark.trials(n) or --mmtau-trials, or lower k")
        found = cases(node, state(metafunc.config).domains, registry_for(metafunc.config), MODALITIES)
        if getattr(metafunc.function, "is_hypothesis_test", False) and node.get_closest_marker("trials"):
            raise UsageError("@pytest.mark.trials does not combine with @given (each example would run a whole "
                             "search per trial); run k trials inside the example with "
                             "`await simulated_user.converse_trials(agent, k)`")
        if found is None and "simulated_user" in metafunc.fixturenames:
            raise UsageError("the simulated_user fixture needs @pytest.mark.domain(name) on the test")
    except UsageError as exc:
        raise pytest.Collector.CollectError(f"pytest-mmtau: {node.nodeid}: {exc}") from None
    if found is None:
        return
    if CASE_ARG not in metafunc.fixturenames:
        metafunc.fixturenames.append(CASE_ARG)
    metafunc.parametrize(CASE_ARG, found, ids=[c.id for c in found])


def _is_hypothesis_test(item: pytest.Item) -> bool:
    return bool(getattr(getattr(item, "obj", None), "is_hypothesis_test", False))


def _runs_trials(item: pytest.Item) -> bool:
    """An mmtau item whose body the plugin runs k times: a domain case, or an mmtau test with a trials marker."""
    from ._scope import is_mmtau_item
    from .markers import CASE_ARG

    if not isinstance(item, pytest.Function) or _is_hypothesis_test(item) or not is_mmtau_item(item):
        return False
    callspec = getattr(item, "callspec", None)
    return (callspec is not None and CASE_ARG in callspec.params) or item.get_closest_marker("trials") is not None


_NOT_RERUN = pytest.StashKey[int]()  # mmtau items pytest-rerunfailures' --reruns would otherwise have rerun


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from ._scope import MMTAU_FIXTURES

    for item in items:
        if _is_hypothesis_test(item) and MMTAU_FIXTURES & set(getattr(item, "fixturenames", ())):
            # mmtau's fixtures are factories (each converse() starts fresh), so reusing them across examples is
            # safe; tell Hypothesis so instead of failing the function-scoped-fixture health check
            from hypothesis import HealthCheck, settings

            inner = item.obj  # type: ignore[attr-defined]
            current = getattr(inner, "_hypothesis_internal_use_settings", None) or settings()
            inner._hypothesis_internal_use_settings = settings(  # noqa: SLF001 - what @settings itself sets
                current, suppress_health_check=[*current.suppress_health_check, HealthCheck.function_scoped_fixture])
    trial_items = [item for item in items if _runs_trials(item)]
    if not trial_items:
        return
    from ._asyncio_interop import check_event_loops
    from ._interop import disable_reruns
    from ._item import install_body
    from .errors import UsageError

    from ._check import check_for_collection
    from .markers import CASE_ARG

    try:
        check_event_loops(config, trial_items)
        config.stash[_NOT_RERUN] = disable_reruns(config, trial_items)
        cases = [item.callspec.params[CASE_ARG] for item in trial_items  # type: ignore[attr-defined]
                 if CASE_ARG in getattr(getattr(item, "callspec", None), "params", {})]
        check_for_collection(config, {(c.domain, c.split, c.tasks_file) for c in cases})
    except UsageError as exc:
        raise pytest.UsageError(f"pytest-mmtau: {exc}") from None
    for item in trial_items:
        install_body(item)  # type: ignore[arg-type]
    from ._secrets import warm_up

    warm_up()  # the first scrub imports detect-secrets' detectors: never inside an item's time limit
    config.stash[_RUNS_TRIALS] = True


_RUNS_TRIALS = pytest.StashKey[bool]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> None:
    """Before the first item: import litellm when the run names a model that may go through it, so its import
    (seconds) does not land inside the first trial."""
    config = session.config
    if config.option.collectonly or not config.stash.get(_RUNS_TRIALS, False):
        return
    import dataclasses

    from .session import state

    cfg = state(config).config
    if any(getattr(cfg, f.name) for f in dataclasses.fields(cfg) if f.name.endswith("_model")):  # any LLM role
        from ._llm_transport import preload

        preload()


@pytest.hookimpl(specname="pytest_pyfunc_call", wrapper=True, tryfirst=True)
def pytest_pyfunc_call__judge(pyfuncitem: pytest.Function) -> Any:
    """Whoever ran the body (pytest, pytest-asyncio, anyio, or the plugin's own loop below), the finished trials
    are judged here, on the main thread."""
    from .session import PROGRESS

    try:
        result = yield
    finally:
        if PROGRESS in pyfuncitem.stash:  # the live status goes before pytest writes the item's result
            pyfuncitem.stash[PROGRESS].close()
            del pyfuncitem.stash[PROGRESS]  # the item object outlives its run; its status need not
    from ._item import FINISHED

    finished = pyfuncitem.stash.get(FINISHED, None)
    if finished is not None:
        from ._item import finish_item

        # the item object lives until the session ends: drop its trials (transcripts, final states) once judged,
        # so memory stays flat however many items run
        del pyfuncitem.stash[FINISHED]
        finish_item(pyfuncitem, finished)
    return result


@pytest.hookimpl(specname="pytest_pyfunc_call")
def pytest_pyfunc_call__own_loop(pyfuncitem: pytest.Function) -> bool | None:
    """An async mmtau item that no async plugin took (anyio's runs first; pytest-asyncio has made it sync): its
    trials run on a loop of the plugin's own."""
    import inspect

    if not hasattr(pyfuncitem.obj, "mmtau_original") or not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    from ._item import run_own_loop

    run_own_loop(pyfuncitem, {arg: pyfuncitem.funcargs[arg] for arg in pyfuncitem._fixtureinfo.argnames})
    return True


def _on_a_plugin_loop(item: pytest.Item) -> bool:
    """The item's trials run on pytest-asyncio's or anyio's loop, in the main thread: a stuck agent there can only
    be stopped from outside, so pytest-timeout's own timer stays as the last resort."""
    return item.get_closest_marker("asyncio") is not None or "anyio_backend" in getattr(item, "fixturenames", ())


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool | None:
    """pytest-timeout's limit on an mmtau item becomes the item's deadline: trials still running then are cut
    (errors, never the agent's failures) and the finished ones are judged and reported, instead of a signal or a
    thread dump killing the item (or the whole process) with nothing written. On a plugin's loop the deadline comes
    at 90 % of the limit and pytest-timeout keeps its timer for an agent that never gives the loop back."""
    if not _runs_trials(item):
        return None
    import time

    from ._item import ITEM_DEADLINE

    limit = float(settings.timeout)
    backstop = _on_a_plugin_loop(item)
    item.stash[ITEM_DEADLINE] = (time.monotonic() + (0.9 * limit if backstop else limit),
                                 f"cut short by pytest-timeout's {limit:g} s limit on the item before it finished")
    return None if backstop else True


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_timeout_cancel_timer(item: pytest.Item) -> bool | None:
    return True if _runs_trials(item) and not _on_a_plugin_loop(item) else None


def pytest_assertrepr_compare(config: pytest.Config, op: str, left: object, right: object) -> list[str] | None:
    from .assertions import explain
    from .models import Score

    score = left if isinstance(left, Score) else right if isinstance(right, Score) else None
    if score is None:
        return None
    other = right if score is left else left
    return [f"{score!r} {op} {other!r}", *explain(score)]


class _Aggregator:
    """Collects item records from reports (in-process, or on the xdist controller) and reports them."""

    def __init__(self, config: pytest.Config) -> None:
        self._config = config
        self._is_worker = hasattr(config, "workerinput")
        self._is_controller = bool(getattr(config.option, "numprocesses", None))  # xdist: reports come from workers
        self._journal: Any = None
        self._journal_lines: dict[str, int] = {}  # node id -> where its line starts in the journal
        self._report: dict[str, Any] | None = None  # the run's report, once the session has finished
        self._usage: list[str] = []  # usage errors met at collection, setup or in a trial
        self._other_failures = 0  # failed tests that are not mmtau items
        from ._kept_reports import ReportSharing

        self._sharing = ReportSharing()  # on the xdist controller: what pytest keeps of each report, shared

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        text = str(report.longrepr) if report.failed else ""
        if "pytest-mmtau:" in text:
            self._usage.append(text[text.index("pytest-mmtau:"):].splitlines()[0])

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
        report = yield
        from . import session
        from ._scope import is_mmtau_item

        if call.when == "call" and session.ITEM_RECORD in item.stash:  # travels with the report, xdist too
            setattr(report, session.RECORD_ATTRIBUTE, item.stash[session.ITEM_RECORD])
            setattr(report, session.UNJUDGED_ATTRIBUTE, item.stash.get(session.ITEM_UNJUDGED, False))
            del item.stash[session.ITEM_RECORD]
            if session.ITEM_UNJUDGED in item.stash:
                del item.stash[session.ITEM_UNJUDGED]
        if call.excinfo is not None and report.failed:
            from .errors import UsageError

            if call.excinfo.errisinstance(UsageError):
                message = f"{item.nodeid}: {call.excinfo.value}"
                report.user_properties.append((session.USAGE_PROPERTY, message[:1000]))
        if call.when == "call" and call.excinfo is not None and (report.failed or hasattr(report, "wasxfail")) \
                and _is_hypothesis_test(item) and is_mmtau_item(item):
            import json

            from .report._fuzz import fuzz_failures

            found = fuzz_failures(item.nodeid, call.excinfo.value, expected=not report.failed)
            setattr(report, session.FUZZ_ATTRIBUTE, json.dumps(found))
        return report

    def _journal_for_writing(self) -> Any:
        """This run's journal, opened with the first finished item (a --co run or a run of no mmtau item leaves
        any earlier journal where it is); every finished item goes there at once, so a kill loses nothing."""
        from .session import state

        config = state(self._config).config
        if self._journal is None and config.report is not None:
            from . import __version__
            from .report._finish import run_metadata
            from .report._journal import open_journal

            self._journal = open_journal(config.report, config, run_metadata(config, __version__))
        elif self._journal is None:  # no report asked for: a scratch journal, so memory stays flat all the same
            from .report._journal import open_scratch_journal

            self._journal = open_scratch_journal()
        return self._journal

    def pytest_unconfigure(self) -> None:
        if self._journal is not None:  # normally closed with its end line at session finish
            self._journal.close()
        if "pytest_mmtau._loop_resources" in sys.modules:  # HTTP clients left on loops that are still open
            sys.modules["pytest_mmtau._loop_resources"].close_all()

    def pytest_report_teststatus(self, report: pytest.TestReport) -> Any:
        from .session import UNJUDGED_ATTRIBUTE

        if report.when == "call" and report.failed and getattr(report, UNJUDGED_ATTRIBUTE, False):
            return "error", "E", ("ERROR", {"red": True})
        return None

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> Any:
        if not self._is_worker:
            self._take(report)
        result = yield
        from .session import RECORD_ATTRIBUTE

        # pytest keeps every report to the end of the run; once every plugin has seen this one (xdist has sent it
        # to the controller), the item's record, already taken and journalled, need not stay on it
        if hasattr(report, RECORD_ATTRIBUTE):
            delattr(report, RECORD_ATTRIBUTE)
        return result

    def _take(self, report: pytest.TestReport) -> None:
        from .session import FUZZ_ATTRIBUTE, RECORD_ATTRIBUTE, USAGE_PROPERTY

        if self._is_controller:  # xdist made new objects of each report's fields: shared, as pytest keeps them all
            self._sharing.share(report)
        properties = dict(report.user_properties)
        raw = getattr(report, RECORD_ATTRIBUTE, None)
        if report.failed and USAGE_PROPERTY in properties:
            self._usage.append(str(properties[USAGE_PROPERTY]))
        elif report.failed and raw is None:
            self._other_failures += 1
        if report.when != "call":
            return
        fuzz = getattr(report, FUZZ_ATTRIBUTE, None)
        if fuzz is not None:
            import json

            from .session import state

            found = json.loads(fuzz)
            state(self._config).fuzz.extend(found)
            from .report._journal import fuzz_line

            journal = self._journal_for_writing()  # a report rebuilt from the journal shows what fuzzing found too
            journal.write(fuzz_line(found) + "\n")
            journal.flush()
        if raw is not None:
            from .report import ItemRecord
            from .session import state

            record = ItemRecord.from_json(str(raw))
            journal = self._journal_for_writing()
            self._journal_lines[report.nodeid] = journal.tell()
            journal.write(f"{raw}\n")
            journal.flush()
            # the journal has the rest; the reports read it back
            state(self._config).items[report.nodeid] = record.for_aggregates()

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        from .session import state

        run = state(self._config)
        if self._report is None or self._is_worker:
            return
        from ._display import printable
        from .report._terminal import render_terminal

        terminalreporter.write_sep("=", "mmtau")
        not_rerun = self._config.stash.get(_NOT_RERUN, 0)
        if not_rerun:
            from ._interop import REASON

            terminalreporter.write_line(f"reruns: --reruns is off for {not_rerun} mmtau items ({REASON})")
        for line, tone in render_terminal(self._report, self._config.get_verbosity()):
            terminalreporter.write_line(printable(line), **({tone: True} if tone else {}))
        for label, path in (("report", run.config.report), ("html", run.config.html),
                            ("markdown", run.config.markdown)):
            if path is not None:
                terminalreporter.write_line(f"{label}: {path}")
        self._release(run)

    def _release(self, run: Any) -> None:
        """Once the summary is printed nothing of ours reads the report, the records or the journal offsets again:
        dropped before the plugins after us print theirs (Hypothesis's imports Hypothesis, about 8 MB), so that
        memory is reused instead of added to the run's peak."""
        self._report = None
        self._journal_lines = {}
        run.items.clear()

    @pytest.hookimpl(tryfirst=True)  # before junitxml writes its file and the terminal prints the summary
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        from .session import state

        if self._is_worker:
            return
        run = state(self._config)
        interrupted = "the run was interrupted (Ctrl-C or a crash of the test code) before it finished" \
            if exitstatus == pytest.ExitCode.INTERRUPTED and not self._usage else ""
        try:
            self._finish_session(session, run, interrupted)
        finally:
            if self._journal is not None and run.config.report is None:
                self._journal.close()  # the scratch journal: removed as it is closed
                self._journal = None
            elif self._journal is not None:
                from .report._journal import close_journal

                close_journal(self._journal, int(session.exitstatus), other_failures=self._other_failures)
                self._journal = None

    def _finish_session(self, session: pytest.Session, run: Any, interrupted: str) -> None:
        if not run.items and not run.fuzz:
            if self._usage:  # a usage error with nothing run: the setup's problem, said with its own status
                session.exitstatus = pytest.ExitCode.USAGE_ERROR
            return
        from . import __version__
        from .report._finish import finish

        full_trials = None
        if self._journal is not None:
            from .report._journal import journal_path, trials_reader

            self._journal.flush()
            full_trials = trials_reader(self._journal if run.config.report is None
                                        else journal_path(run.config.report), self._journal_lines)
        outcome = finish(list(run.items.values()), run.config, __version__, usage=tuple(self._usage),
                         interrupted=interrupted, other_failures=self._other_failures, full_trials=full_trials,
                         fuzz=run.fuzz)
        self._report = outcome.report
        if outcome.verdict.exit_status or session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = outcome.verdict.exit_status
        from .report._junit import add_suite_properties, suite_properties

        add_suite_properties(self._config, suite_properties(outcome.report))
