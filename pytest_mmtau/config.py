"""One frozen configuration object, built once per run, and the one place precedence is decided.

Precedence, for every setting: **marker > command line > ini > profile > default**. Markers are per test and are
applied in :func:`item_settings`; everything else is folded into :class:`MmtauConfig` by :func:`build_config`.
Thresholds merge per metric name with the same precedence, so a marker's ``pass_hat_k={1: 0.9}`` replaces only
the ``pass^1`` gate from ini, not ``ias>=1``. With no ``pass^k`` gate at all, every trial must pass (pass^1 >= 1).
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import UsageError, allowed

# Per-conversation metrics, in report order (metrics.PER_CONVERSATION computes them; a test keeps both in step).
METRIC_NAMES = ("success", "cfa", "te", "ues", "ues_count", "err", "rtc", "ias", "sr", "safety_precision", "cp", "cr")
SUMMARY_METRICS = ("success", "cfa", "ias", "te", "ues")  # the columns of the terminal summary
_OPS: dict[str, Callable[[float, float], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt, "==": operator.eq,
}
_THRESHOLD = re.compile(r"^(?:(?P<scope>[a-z]+):)?(?P<metric>pass\^(?P<k>\d+)|[a-z_]+)(?P<op>>=|<=|==|>|<)"
                        r"(?P<value>-?\d+(\.\d+)?)$")
SCOPES = ("item", "test", "domain", "session")  # where a gate is judged; item is the default

PROFILES: Mapping[str, Mapping[str, Any]] = {
    "default": {},
    "smoke": {"trials": 1, "max_turns": 20},
    "ci": {"trials": 4},
    "nightly": {"trials": 8, "concurrency": 32},
}


@dataclass(frozen=True, kw_only=True)
class Limits:
    """When one conversation is cut short."""

    max_turns: int = 40
    max_tool_errors: int = 4
    max_tool_steps: int = 12
    timeout_s: float = 60.0
    timeout_fails: bool = True  # a conversation that ends on its time limit fails its task

    def turns_for(self, optimal_turns: int) -> int:
        """The turn limit of one task: ``max_turns``, but never below ``TURNS_PER_OPTIMAL_TURN`` turns (both
        sides) per agent turn the task needs at best, so a long task is never failed by the limit alone while
        its agent is making progress with a vague, hedging or one-step-at-a-time user."""
        return max(self.max_turns, TURNS_PER_OPTIMAL_TURN * optimal_turns)


# measured: the scripted user's slowest personas (hard, indirect) need at most 7.5 turns per optimal agent turn on
# the built-in domains with their reference agents
TURNS_PER_OPTIMAL_TURN = 8


@dataclass(frozen=True, kw_only=True)
class Threshold:
    metric: str  # "pass^3" or a metric name
    op: str
    value: float
    scope: str = "item"

    @property
    def key(self) -> str:
        return f"{self.scope}:{self.metric}"

    @property
    def k(self) -> int | None:
        return int(self.metric[5:]) if self.metric.startswith("pass^") else None

    def holds(self, observed: float) -> bool:
        return _OPS[self.op](observed, self.value)

    def __str__(self) -> str:
        prefix = "" if self.scope == "item" else f"{self.scope}:"
        return f"{prefix}{self.metric}{self.op}{self.value:g}"


def parse_thresholds(text: str, *, source: str) -> dict[str, Threshold]:
    """Parse ``"pass^1>=0.8 ias>=1.0 session:pass^3>=0.6"`` into gates keyed by scope and metric.

    ``source`` names where the text came from, for the error message. Scopes: item (default), test, domain, session.
    """
    out: dict[str, Threshold] = {}
    for token in text.replace(",", " ").split():
        m = _THRESHOLD.match(token)
        if not m:
            raise UsageError(f"{source}: cannot read threshold {token!r}; write e.g. 'pass^1>=0.8 ias>=1.0' "
                             f"(operators {' '.join(_OPS)}; optional scope prefix {', '.join(SCOPES)})")
        metric, scope = m["metric"], m["scope"] or "item"
        if scope not in SCOPES:
            raise UsageError(f"{source}: {token!r}: unknown scope {scope!r}; allowed: {allowed(SCOPES)}")
        if m["k"] is not None and int(m["k"]) < 1:
            raise UsageError(f"{source}: {token!r}: k in pass^k must be at least 1")
        if m["k"] is None and metric not in METRIC_NAMES:
            raise UsageError(f"{source}: {token!r}: unknown metric {metric!r}; allowed: pass^<k>, "
                             f"{allowed(METRIC_NAMES)}")
        gate = Threshold(metric=metric, op=m["op"], value=float(m["value"]), scope=scope)
        _check_meaningful(gate, token, source)
        out[gate.key] = gate
    return out


# The range each gated value can take; everything not listed is a share in [0, 1] (pass^k, success, cfa, ias…).
_RANGES = {"ues": (0.0, math.inf), "ues_count": (0.0, math.inf), "rtc": (0.0, math.inf)}
MAX_TRIALS = 1000  # more trials per item than any CI budget runs; a larger number is a typo


def _check_meaningful(gate: Threshold, token: str, source: str) -> None:
    """A gate that can never hold, or can never fail, is a mistake in the configuration, not a gate."""
    low, high = _RANGES.get(gate.metric, (0.0, 1.0))
    at_least, at_most = gate.op in (">=", ">"), gate.op in ("<=", "<")
    # (a bound at the edge, like pass^1>=0, is allowed: it is how a test says "report, don't gate")
    never_fails = (at_least and gate.value < low) or (at_most and gate.value > high)
    never_holds = not never_fails and (not low <= gate.value <= high or (gate.op == ">" and gate.value >= high)
                                       or (gate.op == "<" and gate.value <= low))
    if never_holds or never_fails:
        span = f"[{low:g}, {high:g}]" if high != math.inf else f"at least {low:g}"
        raise UsageError(f"{source}: {token!r} can never {'hold' if never_holds else 'fail'}: {gate.metric} is "
                         f"{span}; give a bound inside that range")


@dataclass(frozen=True, kw_only=True)
class MmtauConfig:
    trials: int = 1
    # trials in flight per item: enough for every trial of a large item at once, since a run of model calls is
    # bound by their latency (benchmarks/llm_path.py); lower it for a provider that rate-limits
    concurrency: int = 128
    seed: int = 0
    thresholds: Mapping[str, Threshold] = field(default_factory=dict)
    limits: Limits = Limits()
    report: Path | None = None
    profile: str = "default"
    domain_paths: tuple[Path, ...] = ()
    judge_model: str | None = None  # None: the offline rule judge
    judge_api_base: str | None = None
    judge_samples: int = 3
    user_model: str | None = None  # None: the scripted simulated user; a litellm model: the LLM realiser
    user_api_base: str | None = None
    user_temperature: float | None = None  # None: the LLM realiser's default (low)
    user_nlu_model: str | None = None  # a litellm model reading agent messages for the scripted user; None: rules
    user_nlu_api_base: str | None = None
    voice: Mapping[str, str] = field(default_factory=dict)  # voice settings from CLI/ini (voice._profile)
    html: Path | None = None
    markdown: Path | None = None
    baseline: Path | None = None
    baseline_margin: float = 0.05
    baseline_alpha: float = 0.05
    # the share of trials that may be inconclusive (infrastructure errors and trials the simulated user did not
    # understand, together) before the run's verdict is inconclusive
    max_inconclusive_share: float = 0.10
    infra_retries: int = 2
    infra_backoff_s: float = 0.5
    persona_exposure: int = 0  # MM-τ-p²'s p when a test has no persona_exposure marker (exposure.py)
    persona_inject: str = "start"  # when exposure 1 starts: "start" or "after_verification" (exposure.py)
    exposure_model: str | None = None  # litellm model of the context-injection inferrer; None: the heuristic
    exposure_api_base: str | None = None


def _positive_int(value: Any, source: str, *, minimum: int = 1) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise UsageError(f"{source}: expected an integer, got {value!r}") from None
    if number < minimum:
        raise UsageError(f"{source}: must be at least {minimum}, got {number}")
    return number


EXPOSURE_LEVELS = (0, 1, 2)  # MM-τ-p²'s p: nothing, the persona, context injection (exposure.py)
_EXPOSURE_MEANING = ("none", "the persona", "context injection")


def check_level(value: Any, source: str, *, text: bool = True) -> int:
    """``value`` as a persona exposure level, else a UsageError naming ``source`` and the allowed levels; ``text``
    also accepts a level written as a string (command line, ini)."""
    if text and isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or value not in EXPOSURE_LEVELS:
        levels = ", ".join(f"{p} ({m})" for p, m in zip(EXPOSURE_LEVELS, _EXPOSURE_MEANING))
        raise UsageError(f"{source}: unknown persona exposure {value!r}; allowed: {levels}")
    return value


EXPOSURE_INJECT = ("start", "after_verification")  # when the persona of exposure 1 reaches the agent


def check_inject(value: Any, source: str) -> str:
    """``value`` as an exposure-1 injection point, else a UsageError naming ``source`` and the allowed values."""
    if value not in EXPOSURE_INJECT:
        raise UsageError(f"{source}: unknown injection point {value!r}; allowed: {allowed(EXPOSURE_INJECT)}")
    return str(value)


def _exposure_settings(pick: Callable[[str, str, Any], tuple[Any, str]]) -> tuple[int, str | None, str | None]:
    """Persona exposure (0, 1, 2) and the context-injection inferrer's model and base URL."""
    level, source = pick("persona_exposure", "mmtau_persona_exposure", 0)
    model, base = _model_and_base(pick, "exposure", "the persona inferrer")
    return check_level(level, source), model, base


def _model_and_base(pick: Callable[[str, str, Any], tuple[Any, str]], role: str,
                    what: str) -> tuple[str | None, str | None]:
    """A litellm model name and an optional OpenAI-compatible base URL (``--mmtau-<role>-model`` and
    ``--mmtau-<role>-api-base``, or their ini keys), checked; a base URL needs a model."""
    model, model_source = pick(f"{role}_model", f"mmtau_{role}_model", None)
    base, base_source = pick(f"{role}_api_base", f"mmtau_{role}_api_base", None)
    if model is not None and (not str(model).strip() or any(c.isspace() for c in str(model))):
        raise UsageError(f"{model_source}: expected a litellm model name such as 'openai/gpt-4o-mini', got {model!r}")
    if base is not None and not re.match(r"^https?://[^\s/]+", str(base)):
        raise UsageError(f"{base_source}: expected an http(s) URL such as http://localhost:8000/v1, got {base!r}")
    if base is not None and model is None:
        raise UsageError(f"{base_source}: needs a model for {what} (--mmtau-{role.replace('_', '-')}-model or ini "
                         f"mmtau_{role}_model)")
    return model, base


def build_config(option: Callable[[str], Any], ini: Callable[[str], Any]) -> MmtauConfig:
    """Fold CLI (``option``), ini (``ini``), profile and defaults into one MmtauConfig."""
    profile_name = option("mmtau_profile") or ini("mmtau_profile") or "default"
    if profile_name not in PROFILES:
        raise UsageError(f"--mmtau-profile/ini mmtau_profile: unknown profile {profile_name!r}; "
                         f"allowed: {allowed(PROFILES)}")
    profile = PROFILES[profile_name]
    defaults = MmtauConfig()

    def pick(name: str, cli_dest: str, default: Any) -> tuple[Any, str]:
        for value, source in ((option(cli_dest), f"--{cli_dest.replace('_', '-')}"),
                              (ini(cli_dest), f"ini {cli_dest}")):
            if value not in (None, ""):
                return value, source
        return profile.get(name, default), f"profile {profile_name!r}"

    trials = _positive_int(*pick("trials", "mmtau_trials", defaults.trials))
    if trials > MAX_TRIALS:
        raise UsageError(f"--mmtau-trials/ini mmtau_trials: {trials} trials per item is more than the maximum "
                         f"{MAX_TRIALS}")
    concurrency = _positive_int(*pick("concurrency", "mmtau_concurrency", defaults.concurrency))
    seed = _positive_int(*pick("seed", "mmtau_seed", defaults.seed), minimum=0)
    max_turns = _positive_int(*pick("max_turns", "mmtau_max_turns", defaults.limits.max_turns), minimum=2)
    timeout_raw, timeout_source = pick("timeout", "mmtau_timeout", defaults.limits.timeout_s)
    try:
        timeout = float(timeout_raw)
    except (TypeError, ValueError):
        timeout = -1.0
    if not timeout > 0:
        raise UsageError(f"{timeout_source}: expected a positive number of seconds, got {timeout_raw!r}")
    thresholds = parse_thresholds(ini("mmtau_thresholds") or "", source="ini mmtau_thresholds")
    thresholds.update(parse_thresholds(option("mmtau_thresholds") or "", source="--mmtau-thresholds"))
    for folder in ini("mmtau_domains") or ():
        if not Path(folder).is_dir():
            raise UsageError(f"ini mmtau_domains: {str(folder)!r} is not a folder")
    judge_samples = _positive_int(*pick("judge_samples", "mmtau_judge_samples", defaults.judge_samples))
    infra_retries = _positive_int(*pick("infra_retries", "mmtau_infra_retries", defaults.infra_retries), minimum=0)

    def unit(name: str, cli: str, default: float, *, upper: float = 1.0) -> float:
        raw, source = pick(name, cli, default)
        try:
            value = float(raw)
        except (TypeError, ValueError):
            value = -1.0
        if not 0.0 <= value <= upper:
            raise UsageError(f"{source}: expected a number between 0 and {upper:g}, got {raw!r}")
        return value

    def path(cli: str, *, output: bool = True) -> Path | None:
        raw = option(cli)
        if raw is None:
            return None
        flag = f"--{cli.replace('_', '-')}"
        if not str(raw).strip():
            raise UsageError(f"{flag}: expected a file path, got an empty value")
        chosen = Path(raw)
        if chosen.is_dir():
            raise UsageError(f"{flag}: {raw!r} is a folder; give a file path")
        if output:
            try:  # found now, not after the whole run
                chosen.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise UsageError(f"{flag}: cannot create the folder of {raw!r} ({exc.strerror})") from None
        elif not chosen.is_file():
            raise UsageError(f"{flag}: {raw!r} does not exist")
        return chosen

    user_model, user_api_base, user_temperature = _user_settings(pick)
    judge_model, judge_api_base = _model_and_base(pick, "judge", "the LLM judge")
    persona_exposure, exposure_model, exposure_api_base = _exposure_settings(pick)
    user_nlu_model, user_nlu_api_base = _model_and_base(pick, "user_nlu", "the simulated user's understanding")
    if user_nlu_model is not None and user_model is not None:
        raise UsageError("--mmtau-user-nlu-model/ini mmtau_user_nlu_model: is for the scripted user, and "
                         "--mmtau-user-model selects the LLM user, which reads the agent's messages itself; give one "
                         "of them")
    from .voice._profile import run_settings  # light: validates names only

    return MmtauConfig(
        voice=run_settings(option, ini),
        html=path("mmtau_html"), markdown=path("mmtau_markdown"), baseline=path("mmtau_baseline", output=False),
        baseline_margin=unit("baseline_margin", "mmtau_baseline_margin", defaults.baseline_margin),
        baseline_alpha=unit("baseline_alpha", "mmtau_baseline_alpha", defaults.baseline_alpha),
        max_inconclusive_share=_max_inconclusive(pick, unit, defaults.max_inconclusive_share),
        infra_retries=infra_retries,
        infra_backoff_s=unit("infra_backoff_s", "mmtau_infra_backoff", defaults.infra_backoff_s, upper=60.0),
        judge_model=judge_model, judge_api_base=judge_api_base,
        judge_samples=judge_samples,
        user_model=user_model, user_api_base=user_api_base, user_temperature=user_temperature,
        user_nlu_model=user_nlu_model, user_nlu_api_base=user_nlu_api_base,
        trials=trials, concurrency=concurrency, seed=seed, thresholds=thresholds,
        limits=Limits(max_turns=max_turns, timeout_s=timeout), report=path("mmtau_report"),
        profile=profile_name, domain_paths=tuple(Path(p) for p in (ini("mmtau_domains") or ())),
        persona_exposure=persona_exposure, exposure_model=exposure_model, exposure_api_base=exposure_api_base,
        persona_inject=check_inject(*pick("persona_inject", "mmtau_persona_inject", "start")),
    )


def _max_inconclusive(pick: Callable[[str, str, Any], tuple[Any, str]], unit: Callable[..., float],
                      default: float) -> float:
    """``--mmtau-max-inconclusive`` (ini ``mmtau_max_inconclusive``); ``--mmtau-max-infra-errors`` (ini
    ``mmtau_max_infra_errors``), its name from before the simulator could be the cause, still sets it."""
    if pick("max_inconclusive_share", "mmtau_max_inconclusive", None)[0] is None \
            and pick("max_infra_share", "mmtau_max_infra_errors", None)[0] is not None:
        return unit("max_infra_share", "mmtau_max_infra_errors", default)
    return unit("max_inconclusive_share", "mmtau_max_inconclusive", default)


def _user_settings(pick: Callable[[str, str, Any], tuple[Any, str]]) -> tuple[str | None, str | None, float | None]:
    """The LLM simulated user's model, base URL and temperature; a model selects the LLM realiser for every item."""
    model, base = _model_and_base(pick, "user", "the simulated user")
    raw, temperature_source = pick("user_temperature", "mmtau_user_temperature", None)
    temperature: float | None = None
    if raw is not None:
        try:
            temperature = float(raw)
        except (TypeError, ValueError):
            temperature = -1.0
        if not 0.0 <= temperature <= 2.0:
            raise UsageError(f"{temperature_source}: expected a number between 0 and 2, got {raw!r}")
        if model is None:
            raise UsageError(f"{temperature_source}: needs a model for the simulated user (--mmtau-user-model or "
                             "ini mmtau_user_model)")
    return model, base, temperature


@dataclass(frozen=True, kw_only=True)
class ItemSettings:
    trials: int
    thresholds: tuple[Threshold, ...]


def item_settings(config: MmtauConfig, trials: int | None, pass_hat_k: Mapping[int, float] | None,
                  thresholds: str = "") -> ItemSettings:
    """Apply a test's ``trials`` marker (already validated) on top of the run configuration."""
    merged = dict(config.thresholds)
    merged.update(parse_thresholds(thresholds, source="@pytest.mark.trials(thresholds=...)"))
    for k, minimum in (pass_hat_k or {}).items():
        gate = Threshold(metric=f"pass^{k}", op=">=", value=float(minimum))
        merged[gate.key] = gate
    item_gates = [t for t in merged.values() if t.scope == "item"]
    if not any(t.k for t in item_gates):
        item_gates.append(Threshold(metric="pass^1", op=">=", value=1.0))
    n = trials or config.trials
    return ItemSettings(trials=n, thresholds=tuple(sorted(item_gates, key=lambda t: (t.k is None, t.metric))))
