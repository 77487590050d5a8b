"""``simulator_misunderstood``: the simulated user met an ask of the agent it could not understand.

A realiser records the event on the user turn that answered (``Turn.user_state["events"]``, JSON), with the agent's
words as the user got them and the asks it could not place. A failing trial with such an event says nothing about
the agent — the simulator's understanding failed, not necessarily the agent — so it is reported as
**inconclusive (simulator)**: like an infrastructure error, it stays out of pass^k, is counted and shown, and the
run's share of inconclusive trials is gated (``--mmtau-max-inconclusive``). A trial that passed anyway keeps its
verdict (the agent coped) and its events are still shown. Imports only the models: reports read this too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .models import Transcript, Turn

MISUNDERSTOOD = "simulator_misunderstood"
_QUOTE_CHARS = 160  # the agent's words as a one-line summary quotes them


ASKED_AGAIN = "asked_again"  # the cause of an event the user inferred from the agent asking again for what it has
MISHEARD = "misheard"  # the cause of an event where the user heard a value of its own unclearly and asked again


def misunderstood_event(agent_words: str, asks: Sequence[str], *, source: str,
                        cause: str | None = None) -> dict[str, Any]:
    """The event a realiser puts in its move's state (``source``: who noticed — rules, an NLU model, the LLM user,
    or hearing; ``cause``: ``asked_again`` when inferred from the agent asking again, ``misheard`` for a value of the
    user's heard unclearly through the voice channel, else None: an ask it could not place)."""
    event = {"kind": MISUNDERSTOOD, "agent": agent_words, "asks": list(asks), "source": source}
    return event if cause is None else {**event, "cause": cause}


def misunderstandings(transcripts: Iterable[Transcript]) -> list[dict[str, Any]]:
    """Every ``simulator_misunderstood`` event of these conversations, in order: ``turn`` is the index of the
    agent turn the user did not understand (``reply_turn`` the user's answer), ``agent`` its words as the user got
    them, ``asks`` the asks it could not place, ``source`` who noticed."""
    found: list[dict[str, Any]] = []
    for conv in transcripts:
        last_agent: int | None = None
        garbled = False  # a voice channel lost a value the user said: asking again is then the agent's to handle
        for turn in conv.turns:
            if turn.role == "agent":
                last_agent = turn.index
                continue
            for event in misunderstood_events(turn):
                if event.get("cause") == ASKED_AGAIN and garbled:
                    continue
                found.append({"turn": last_agent if last_agent is not None else turn.index,
                              "reply_turn": turn.index, "agent": str(event.get("agent", "")),
                              "asks": [str(a) for a in event.get("asks") or ()],
                              "source": str(event.get("source", "rules"))})
            garbled |= any(not f.get("survived", True) for f in turn.channel.get("fields") or ()
                           if isinstance(f, Mapping))
    return found


def misunderstood_events(user_turn: Turn) -> list[Mapping[str, Any]]:
    """The ``simulator_misunderstood`` events one user turn carries (none for an agent turn)."""
    return [e for e in user_turn.user_state.get("events") or ()
            if isinstance(e, Mapping) and e.get("kind") == MISUNDERSTOOD]


def quoted(event: Mapping[str, Any]) -> str:
    """``turn 3 ("What's the six-digit number on your profile?")``: the ask it could not place, else the message."""
    words = " ".join(str((event.get("asks") or [event.get("agent", "")])[0]).split())
    if len(words) > _QUOTE_CHARS:
        words = words[:_QUOTE_CHARS - 1] + "…"
    return f"turn {event.get('turn')} ({words!r})"


def misunderstood_sentence(events: Sequence[Mapping[str, Any]]) -> str | None:
    """The line a report carries for a trial whose simulated user did not understand the agent; None if it did."""
    if not events:
        return None
    more = f" and {len(events) - 1} more time{'s' if len(events) > 2 else ''}" if len(events) > 1 else ""
    return f"the simulated user did not understand the agent at {quoted(events[0])}{more}"
