"""The JSON report's schema, as pydantic models: validates reports and generates docs/report.schema.json."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..models import TrialResult


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RunInfo(BaseModel):
    """What produced the run; extra keys are allowed so later versions can add provenance."""

    model_config = ConfigDict(extra="allow")
    plugin_version: str
    seed: int
    profile: str
    thresholds: list[str]
    simulator: str
    judge: str
    persona_exposure: int = 0
    exposure_inferrer: str = "heuristic"


class SimulatorSummary(_Strict):
    """Simulator quality of a group (``simulator_metrics``): each score's mean over the measured trials where it is
    defined (null: defined in none), the trials measured, how many of them went off script, and in how many the
    simulated user did not understand the agent (``simulator_misunderstood``)."""

    crrs: float | None
    pas: float | None
    bvs: float | None
    tra: float | None
    dei: float | None
    bvs_observed: float | None = None  # BVS on what the messages show (absent in reports before it existed)
    trials: int
    off_script: int
    misunderstood: int = 0


class FailureBreakdown(_Strict):
    """ECom-Bench's classification of a group's failed trials: how many failed, and how many of them failed each
    dimension's checks (action: end state; search: required retrievals; output: keywords; other: none of these).
    A trial can count in several dimensions."""

    failed: int
    action: int
    search: int
    output: int
    other: int


class ItemGroup(_Strict):
    level: Literal["item"]
    key: str
    test: str
    case: str
    persona_exposure: int | None = None  # MM-τ-p²'s p of the item's trials (0 none, 1 persona, 2 context injection)
    trials: int
    passed: int
    errors: int  # inconclusive (infrastructure)
    inconclusive: int = 0  # inconclusive (simulator)
    pass_hat_k: dict[str, float]
    metrics: dict[str, float]
    mm_tap: float | None
    thresholds: list[str]
    gate_failures: list[str]
    cross_modality: dict[str, Any] | None = None  # voice items: MRS, TO, ARGA against the text twin
    failures: FailureBreakdown | None = None  # present when a trial failed
    simulator: SimulatorSummary | None = None
    first_failure: str | None = None  # the reason of the item's first failed trial, when one failed


class FunctionGroup(_Strict):
    level: Literal["test"]
    key: str
    test: str
    items: int
    trials: int
    errors: int
    inconclusive: int = 0
    pass_hat_k: dict[str, float]
    metrics: dict[str, float]
    mm_tap: float | None
    cross_modality: list[dict[str, Any]] | None = None  # per noisy modality: MRS, TO, ARGA against text
    failures: FailureBreakdown | None = None  # present when a trial failed
    simulator: SimulatorSummary | None = None


class RunVerdict(_Strict):
    """The run's one verdict (``_verdict``): what the exit status says, and why."""

    kind: Literal["passed", "gates_failed", "interrupted", "usage_error", "inconclusive"]
    exit_status: int
    reasons: list[str]
    headline: str
    items: int
    trials: int


class BaselineK(_Strict):
    """The run-level baseline test for one k."""

    k: int
    items: int = Field(description="paired items")
    change: float = Field(description="mean over paired items of pass^k(this run) - pass^k(baseline); negative is "
                                      "worse")
    p_value: float = Field(description="one-sided permutation p-value of a change this low")
    mde: float | None = Field(description="smallest drop the run could detect (power 0.8); null: no variation")
    verdict: Literal["PASS", "WARN", "FAIL"]


class BaselineItem(_Strict):
    """One paired item against the baseline: pass rates, change and its exact one-sided p-value."""

    key: str
    baseline_passed: int
    baseline_scored: int
    current_passed: int
    current_scored: int
    change: float = Field(description="pass^1(this run) - pass^1(baseline), in pass-rate points")
    p_value: float = Field(description="exact one-sided p-value (Fisher) in the direction of the change")
    q_value: float = Field(description="Benjamini-Hochberg adjustment of p_value over all paired items")
    verdict: Literal["regressed", "improved", "not significant"] = Field(
        description="regressed or improved when p_value < alpha, else not significant (whatever the change)")


class Baseline(_Strict):
    """The comparison with ``--mmtau-baseline`` (``report._baseline``)."""

    path: str
    verdict: Literal["PASS", "WARN", "FAIL"]
    results: list[BaselineK]
    items: list[BaselineItem] = Field(description="every paired item, significant regressions first")
    notes: list[str]


class Infrastructure(_Strict):
    """Trials that hit infrastructure errors (excluded from pass^k) against the run's budget (reports written
    before ``inconclusive`` took its place)."""

    errors: int
    trials: int
    limit: float = Field(description="share of trials allowed to hit infrastructure errors")
    exceeded: bool = Field(description="the share went past the limit: the run is inconclusive")


class FuzzFailure(_Strict):
    """A Hypothesis test over mmtau's fixtures that failed (``report._fuzz``): what it shrank to."""

    nodeid: str
    test: str
    error: str = Field(description="the exception of the shrunk example, its first lines")
    falsifying_example: str = Field(description="Hypothesis's falsifying example (the arguments it shrank to)")
    notes: list[str] = Field(description="what the simulated user noted per conversation (task, seed, persona)")
    reproduce: str | None = Field(description="a command replaying the failing conversation")
    expected_failure: bool = Field(description="the test is marked xfail: a known failure kept as an example")


class Criteria(_Strict):
    """Plain-language criteria over the run: verdicts of each kind, and the trials that asked for criteria."""

    met: int
    unmet: int
    inconclusive: int
    skipped: int = Field(description="not checked: no judge model")
    trials: int


class InconclusiveShare(_Strict):
    """How many trials could not be judged, by cause, against the run's limit (``--mmtau-max-inconclusive``)."""

    trials: int = Field(description="inconclusive trials, both causes")
    infrastructure: int = Field(description="provider or endpoint faults after retries, trials the harness cut")
    simulator: int = Field(description="failed after the simulated user did not understand the agent")
    total: int = Field(description="every trial of the run")
    share: float
    limit: float = Field(description="share of trials allowed to be inconclusive")
    exceeded: bool = Field(description="the share went past the limit: the run is inconclusive")


class Misunderstood(_Strict):
    """A trial whose simulated user did not understand the agent (``simulator_misunderstood``)."""

    nodeid: str
    trial: int = Field(description="0-based, as in the trial's record")
    of: int = Field(description="the item's trials")
    outcome: str = Field(description="inconclusive when it failed afterwards; passed when the agent coped")
    turns: list[int | None] = Field(description="agent turns the user did not understand")
    first: str = Field(description="the first of them, quoted")


class Report(_Strict):
    """A pytest-mmtau JSON report (``--mmtau-report``)."""

    schema_version: Literal[1]
    run: RunInfo
    trials: list[TrialResult]
    groups: list[Annotated[ItemGroup | FunctionGroup, Field(discriminator="level")]]
    baseline: Baseline | None = None
    gate_failures: list[dict[str, Any]] = []  # test/domain/session gates that failed
    verdict: RunVerdict | None = None  # absent in reports from before verdicts existed
    inconclusive: InconclusiveShare | None = None  # absent in reports from before the simulator cause existed
    infrastructure: Infrastructure | None = None  # reports from before "inconclusive" replaced it
    misunderstood: list[Misunderstood] = []  # trials whose simulated user did not understand the agent
    fuzz_failures: list[FuzzFailure] = []
    simulator: SimulatorSummary | None = None  # simulator quality over the whole run, when it was measured
    criteria: Criteria | None = None  # present when a test asked for plain-language criteria


def json_schema() -> dict[str, Any]:
    schema = Report.model_json_schema()
    schema["$id"] = "https://pytest-mmtau.invalid/report.schema.json"
    return schema
