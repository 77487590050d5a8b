"""Scripted opening turns and per-turn checks: ``converse(agent, script=[...], on_turn=check)``."""

from __future__ import annotations

import pytest

from pytest_mmtau import ConversationSoFar, TurnCheckFailed, UsageError
from pytest_mmtau.models import Termination
from pytest_mmtau.personas import get_persona
from pytest_mmtau.simulator_metrics import off_script, simulator_quality
from pytest_mmtau.user import SimulatedUser
from pytest_mmtau.voice import Heard


def user_for(domain, task_id: str = "cancel_subscription", **options) -> SimulatedUser:
    return SimulatedUser(domain=domain, task=domain.task(task_id), persona=get_persona("none"), **options)


def test_the_script_opens_verbatim_then_the_simulated_user_carries_on(mock_domain) -> None:
    script = ["Hi, I want to cancel.", "Sorry, my account id is A100 if you need it."]
    conv = user_for(mock_domain).converse_sync(mock_domain.agents["reference"](), script=script)
    users = conv.user_turns
    assert [t.text for t in users[:2]] == script
    assert all(t.user_state["scripted"] for t in users[:2])
    assert len(users) > 2 and not any(t.user_state.get("scripted") for t in users[2:])
    assert conv.goal_achieved, conv.success_detail
    # the simulated user knows what the script said: it never gives the account id again as a repeat
    assert not any(a.kind == "repeat" for t in users[2:] for a in t.acts)


def test_scripted_messages_carry_acts_read_from_their_words(mock_domain) -> None:
    conv = user_for(mock_domain).converse_sync(mock_domain.agents["reference"](),
                                              script=["I'd like to cancel my subscription, account A100."])
    first = conv.user_turns[0]
    assert [(a.kind, a.slot) for a in first.acts] == [("request", "cancel_subscription"), ("inform", "account_id")]
    assert first.user_state["tracker"]["disclosed"] == {"account_id": "exact"}


def test_a_scripted_yes_is_an_explicit_affirmation(mock_domain) -> None:
    seen: list[str] = []

    def agree_when_asked(so_far: ConversationSoFar) -> None:
        seen.append(so_far.last.role)

    agent = mock_domain.agents["reference"]()
    first = user_for(mock_domain).converse_sync(agent)
    confirm_at = next(i for i, t in enumerate(first.user_turns) if t.has_act("affirm"))
    script = [t.text for t in first.user_turns[:confirm_at]] + ["Yes, go ahead."]
    conv = user_for(mock_domain).converse_sync(mock_domain.agents["reference"](), script=script,
                                               on_turn=agree_when_asked)
    assert conv.user_turns[confirm_at].has_act("affirm")
    assert conv.goal_achieved
    assert len(seen) == len(conv.turns)


def test_scripted_words_are_not_held_against_the_simulator(mock_domain) -> None:
    conv = user_for(mock_domain).converse_sync(
        mock_domain.agents["reference"](), script=["Cancel my subscription. My order number is 99812, by the way."])
    assert off_script(conv) == ()  # the test author's invented number is not the simulator inventing a fact
    assert simulator_quality(conv).dei == 1.0  # only the simulator's own messages are measured


def test_on_turn_sees_the_conversation_grow_one_turn_at_a_time(mock_domain) -> None:
    lengths: list[int] = []

    async def check(so_far: ConversationSoFar) -> None:  # a coroutine function works too
        lengths.append(len(so_far.turns))
        assert so_far.last is so_far.turns[-1]
        assert so_far.task.id == "cancel_subscription" and so_far.modality == "text"

    conv = user_for(mock_domain).converse_sync(mock_domain.agents["reference"](), on_turn=check)
    assert lengths == list(range(1, len(conv.turns) + 1))


def test_a_failing_check_stops_the_conversation_and_fails_as_the_agent(mock_domain) -> None:
    def never_cancel_before_turn_9(so_far: ConversationSoFar) -> None:
        assert not so_far.called("cancel_subscription"), "cancelled too early"

    user = user_for(mock_domain, seed=3, trial=1)
    with pytest.raises(TurnCheckFailed) as failed:
        user.converse_sync(mock_domain.agents["reference"](), on_turn=never_cancel_before_turn_9)
    conv = failed.value.transcript
    assert user.transcripts == [conv]  # kept for the reports
    assert conv.termination is Termination.CHECK_FAILED and not conv.goal_achieved
    last = conv.turns[-1]
    assert last.role == "agent" and any(c.name == "cancel_subscription" for c in last.tool_calls)
    message = str(failed.value)
    assert message.startswith(f"check test_a_failing_check_stops_the_conversation_and_fails_as_the_agent.<locals>."
                              f"never_cancel_before_turn_9 failed after turn {last.index} (agent): cancelled too early")
    assert "task cancel_subscription, persona none, trial 1, seed 3" in message
    assert conv.success_detail[0] == conv.termination_detail


def test_an_exception_in_a_check_is_a_usage_error_not_the_agents_fault(mock_domain) -> None:
    def broken(so_far: ConversationSoFar) -> None:
        so_far.turns[0].text.nonexistent  # type: ignore[attr-defined]  # noqa: B018

    with pytest.raises(UsageError, match=r"on_turn check .*broken raised AttributeError: .* \(after turn 0 \(user\)\)"):
        user_for(mock_domain).converse_sync(mock_domain.agents["reference"](), on_turn=broken)


def test_an_infrastructure_error_in_a_check_stays_infrastructure(mock_domain) -> None:
    from pytest_mmtau import InfrastructureError

    def asks_a_model(so_far: ConversationSoFar) -> None:
        raise InfrastructureError("judge model unreachable")

    with pytest.raises(InfrastructureError, match="judge model unreachable"):
        user_for(mock_domain).converse_sync(mock_domain.agents["reference"](), on_turn=asks_a_model)


@pytest.mark.parametrize(("script", "message"), [
    ("I want to cancel", r"takes a list of user messages, got str \(wrap a single message in a list\)"),
    (["ok", ""], r"message 1 must be a non-empty string, got ''"),
    ([1], r"message 0 must be a non-empty string, got 1"),
])
def test_a_malformed_script_is_a_usage_error(mock_domain, script, message) -> None:
    with pytest.raises(UsageError, match=message):
        user_for(mock_domain).converse_sync(mock_domain.agents["reference"](), script=script)


def test_on_turn_must_be_callable(mock_domain) -> None:
    with pytest.raises(UsageError, match="on_turn=...\\) takes a function"):
        user_for(mock_domain).converse_sync(mock_domain.agents["reference"](), on_turn="check")  # type: ignore


class ShoutingChannel:
    """A channel that makes every user message upper case, to see which messages went through it."""

    modality = "text"

    async def transmit(self, text: str, *, speaker: str) -> Heard:
        return Heard(text=text.upper() if speaker == "user" else text, details={"through": "channel"})


def test_scripted_turns_go_through_the_channel(mock_domain) -> None:
    conv = user_for(mock_domain).converse_sync(mock_domain.agents["reference"](), channel=ShoutingChannel(),
                                              script=["please cancel my subscription"])
    first = conv.user_turns[0]
    assert first.text == "please cancel my subscription" and first.heard == "PLEASE CANCEL MY SUBSCRIPTION"
    assert first.channel == {"through": "channel"}


def test_in_a_test_a_failing_check_is_a_failed_trial_with_its_message(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import pytest

        @pytest.fixture
        def agent(mmtau_domain):
            return mmtau_domain.agents["reference"]()

        def no_cancellation(so_far):
            assert not so_far.called("cancel_subscription"), "the agent cancelled"

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.trials(2)
        async def test_script(simulated_user, agent):
            await simulated_user.converse(agent, script=["I want to cancel"], on_turn=no_cancellation)
    """)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*2 trials: 0 passed, 2 failed, 0 infrastructure errors*",
                                 "*trial 1/2*FAILED: check no_cancellation failed after turn * (agent): "
                                 "the agent cancelled*[[]check_failed: *"])


def test_in_a_test_a_broken_check_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import pytest

        @pytest.fixture
        def agent(mmtau_domain):
            return mmtau_domain.agents["reference"]()

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        def test_script(simulated_user, agent):
            simulated_user.converse_sync(agent, on_turn=lambda so_far: 1 / 0)
    """)
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stdout.fnmatch_lines(["*UsageError: the on_turn check *<lambda> raised ZeroDivisionError*"])


def test_by_voice_scripted_turns_are_heard_through_the_asr_noise_channel(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import pytest

        @pytest.fixture
        def agent(mmtau_domain):
            return mmtau_domain.agents["reference"]()

        @pytest.mark.domain("mock", tasks="cancel_subscription")
        @pytest.mark.modality("asr-noise")
        @pytest.mark.voice_profile(wer=0.5)
        def test_script(simulated_user, voice_channel, agent):
            conv = simulated_user.converse_sync(agent, channel=voice_channel,
                                                script=["I would like to cancel my subscription today please"])
            first = conv.user_turns[0]
            assert first.user_state["scripted"] and "wer" in first.channel
            assert first.heard != first.text
    """)
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)


def test_the_llm_user_sees_the_scripted_messages_as_its_own(mock_domain) -> None:
    from fake_openai import FakeOpenAI
    from test_llm_user import brain, notes

    with FakeOpenAI(brain) as server:
        user = user_for(mock_domain, "upgrade_plan", user_model="openai/fake-user", user_api_base=server.base_url,
                        user_api_key="sk-not-real-1")
        conv = user.converse_sync(mock_domain.agents["reference"](), script=["Hello, I'm on account A101."])
    assert conv.user_turns[0].text == "Hello, I'm on account A101." and conv.goal_achieved, conv.success_detail
    assert len(server.requests) == len(conv.user_turns) - 1  # the scripted message costs no call
    first = server.bodies[0]
    history = first["messages"][1]["content"]
    assert '{"role": "you", "content": "Hello, I\'m on account A101."}' in history
    account = next(f for f in notes(first)["TRACKER"]["facts"] if f["key"] == "account_id")
    assert account["status"] == "given exactly"
    assert conv.user_turns[0].user_state["realiser"] == "llm"
