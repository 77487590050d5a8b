"""How much the scripted user knows about the product, and how that shows (``Persona.expertise``).

- A **novice** asks what jargon means before it takes a step that needs it ("Sorry, what's an APN?"), once per
  term and once per instruction. It describes settings by what it sees ("the icons along the top of the screen")
  when it reports what it did, and it takes one step at a time, whatever its execution style. With ``ambiguity``
  it is also MM-τ-p²'s Hard user: it sometimes misunderstands what it is asked (it gives another detail than the
  one asked for, or checks another setting than the one named) and writes its identifiers inconsistently
  (``a100`` first, ``A100`` later). Each of these is drawn once per fact or tool, with the persona's ambiguity as
  the chance, and happens at most once per conversation for each kind.
- An **expert** reports what its own tools showed in the product's own terms, tersely.
- ``intermediate`` and ``none`` (not stated: the neutral baseline) behave as an ordinary customer.

Whatever a novice does, a correct agent can still succeed: a question about a term is answered by repeating the
instruction, a wrong detail or a wrong check is corrected by asking again (a wrong check only ever reads, so it
changes nothing the agent must fix), and an identifier is the same value in another case or spacing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ..models import Persona, UserFact
from ..understanding import mentions

# Terms a novice does not know and asks about before acting on them: (as it says them, what it guesses they are).
JARGON: Mapping[str, tuple[str, str]] = {
    "apn": ("an APN", "some internet setting"),
    "mms": ("MMS", "picture messages"),
    "vpn": ("a VPN", "that key icon"),
    "data roaming": ("data roaming", "something for using the phone abroad"),
    "roaming": ("roaming", "something for using the phone abroad"),
    "network mode": ("the network mode", "the 4G thing"),
}
# How a novice names the settings it sees, in its reports.
_SEEN: Mapping[str, str] = {
    "airplane mode": "the little plane symbol", "status bar": "the icons along the top of the screen",
    "apn": "the page with the internet settings", "sim card": "the little card inside the phone",
    "sim": "the little card inside the phone", "wi-fi calling": "the calling-over-Wi-Fi switch",
    "wi-fi": "the Wi-Fi symbol", "mobile data": "the mobile data switch", "data roaming": "the abroad switch",
    "data saver": "the data-saving switch", "vpn": "the key symbol", "network mode": "the 4G/5G setting",
    "router": "the box with the blinking lights", "connection": "the connection page",
    "speed test": "the speed check", "permissions": "the app's settings page", "mms": "a picture message",
}
_READ_ONLY = re.compile(r"^(check|can|run|get|view|show|look|read|open)_")
_IDENTIFIER = re.compile(r"^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9-]+$|^\d{3}-\d{3}-\d{4}$")


def is_novice(persona: Persona) -> bool:
    return persona.expertise == "novice"


def unknown_terms(text: str, asked: Sequence[str]) -> list[str]:
    """Jargon in ``text`` (the step a novice is about to take) that it has not asked about yet (each once)."""
    found: list[str] = []
    for term in JARGON:
        known = [*asked, *found]  # "roaming" was answered with "data roaming"
        if mentions(text, term) and not any(term in other or other in term for other in known):
            found.append(term)
    return found


def what_is(term: str, variant: int) -> str:
    said, guess = JARGON[term]
    return ("Sorry, what's {said}? Is that {guess}?", "I don't know what {said} is. Where do I find that?",
            "Before I touch anything: what's {said}? I've never had to change that.")[variant % 3].format(
        said=said, guess=guess)


def seen_as(tool: str) -> str:
    """How a novice names what a tool of its own touches: by what it looks like."""
    words = tool.replace("_", " ")
    return next((plain for term, plain in _SEEN.items() if term in words),
                "the thing you mentioned" if _READ_ONLY.match(tool) else "the setting you mentioned")


def report(persona: Persona, tool: str, shown: str, said: str, variant: int) -> str:
    """The user telling the agent what one of its own tools did: ``said`` is the ordinary user's words for what it
    showed (``shown``, the tool's own output), which an expert gives in the product's terms instead."""
    words = tool.replace("_", " ")
    if persona.expertise == "expert":
        return f"{words[:1].upper()}{words[1:]}: {shown}."
    if is_novice(persona):
        did = "I had a look at" if _READ_ONLY.match(tool) else "I found and changed"
        return (f"OK, {did} {seen_as(tool)}. {said}" if variant % 2 == 0
                else f"{did} {seen_as(tool)}, I think. {said}")
    return said


def another_check(tool: str, tools: Sequence[str], variant: int) -> str | None:
    """A read-only tool a confused user operates instead of the read-only ``tool`` it was asked for (None when the
    user has no other, or ``tool`` changes something: a wrong change could break what the agent must fix)."""
    if not _READ_ONLY.match(tool):
        return None
    others = [t for t in tools if t != tool and _READ_ONLY.match(t)]
    return others[variant % len(others)] if others else None


def loose_form(fact: UserFact) -> str | None:
    """An identifier as a novice might first type it: lower case, or a phone number with spaces; None when the
    fact is not identifier-shaped (names, addresses, e-mails, dates and plain numbers stay as they are)."""
    value = fact.value
    if not _IDENTIFIER.match(value):
        return None
    if re.fullmatch(r"\d{3}-\d{3}-\d{4}", value):
        return value.replace("-", " ")
    loose = value.lower()
    return loose if loose != value else None
