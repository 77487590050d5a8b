"""How robust the understanding is to rewrites that keep a message's meaning: a metamorphic test on the dev corpus.

The held-out half of ``tests/data/understanding/`` must not be read, and hand-written probes only reach the
phrasings their writers think of. This benchmark finds brittleness another way: every dev line is rewritten the way
frontier LLM agents vary the same ask — question marks dropped, sentences bulleted or split into paragraphs, a polite
opener and closer, another wording of the ask ("Could you" → "Would you be able to"), contractions written out or
made, values in bold, a reassurance or an offer to explain after the ask — none of which changes what the message
asks. A rule that reads the original right and the rewrite wrong keys on an incidental surface feature; each such
line is counted as *broken by the rewrite*. Some rewrites change what is asked and carry their own labels: a value
read back with one digit wrong (``wrong_value``); and, asking nothing, an ask turned into thanks for it
(``thanked``) or a report that the user did it (``reported``), a step held off (``not_yet``), done by the agent
(``done_by_agent``) or kept for later (``fallback``), and a fact the agent does not need (``not_needed``).

Per rewrite and category it prints how many items the rewrite broke (a true item lost, or a false item gained) out of
the items the original read right. ``--show N`` lists up to N broken lines per rewrite and category (dev only).

Run from the repository root::

    .venv/bin/python benchmarks/understanding_variants.py            # ~40 s
    .venv/bin/python benchmarks/understanding_variants.py --show 5 --only no_question_mark
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from understanding import (  # noqa: E402
    LABELLER, USER, Case, Category, JudgeReading, UserReading, _matched, _short, as_heard, candidate_call,
    label_as_judge, load, read_as_user,
)

from pytest_mmtau.models import ToolCall  # noqa: E402

_SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=[A-Z*\"(])")
# an id, a phone number, an email with digits: what agents put in bold ("order **E206075**"); not a list marker,
# an amount or a bare day number
_VALUE_TOKEN = re.compile(r"(?<!\S)([(\"']?)([#\w][\w.@/:-]*?)([.,;:!?)\"']*)(?!\S)")


def _bold_token(match: re.Match[str]) -> str:
    lead, core, tail = match.groups()
    is_value = len(core) >= 4 and re.search(r"\d", core) and re.search(r"[A-Za-z@-]", core)
    return f"{lead}**{core}**{tail}" if is_value else match.group(0)


def _sentences(text: str) -> list[str] | None:
    """A one-paragraph message's sentences, or None when it has lines of its own or one sentence."""
    if "\n" in text:
        return None
    parts = _SENTENCE_END.split(text.strip())
    return parts if len(parts) > 1 else None


def _no_question_mark(text: str) -> str | None:
    """Questions left unpunctuated, as agents write them in a hurry ("Which order would you like to return")."""
    return re.sub(r"\?(?=\s|$)", "", text) if "?" in text else None


def _period_for_question_mark(text: str) -> str | None:
    return text.replace("?", ".") if "?" in text else None


def _bulleted(text: str) -> str | None:
    parts = _sentences(text)
    return None if parts is None else "\n".join(f"- {p}" for p in parts)


def _paragraphs(text: str) -> str | None:
    parts = _sentences(text)
    return None if parts is None else "\n\n".join(parts)


def _numbered(text: str) -> str | None:
    parts = _sentences(text)
    return None if parts is None else "\n".join(f"{i}. {p}" for i, p in enumerate(parts, 1))


def _steps(case: Case) -> Case | None:
    """The sentences of a message that asks for steps on the phone, as bold-labelled steps: "**Step 1:** …"."""
    parts = _sentences(case.text) if case.labels["user_tools"] else None
    return None if parts is None else \
        replace(case, text="\n".join(f"**Step {i}:** {p}" for i, p in enumerate(parts, 1)))


def _heading(text: str) -> str:
    return f"**Next step**\n\n{text}"


def _curly(text: str) -> str | None:
    """Typographic quotes and apostrophes, as many chat front ends render them."""
    out = re.sub(r'"([^"]*)"', "\u201c\\1\u201d", text).replace("'", "\u2019")
    return out if out != text else None


def _softened(text: str) -> str | None:
    """A softening lead before the ask: "When you have a moment, could you …", "If you don't mind, please …"."""
    out = re.sub(r"\b(Could|Can|Would) you\b", lambda m: f"When you have a moment, {m.group(1).lower()} you", text,
                 count=1)
    if out == text:
        out = re.sub(r"(?<![\w ])Please (?=[a-z])", "If you don't mind, please ", text, count=1)
    return out if out != text else None


def _reassured(text: str) -> str:
    return f"{text} No rush at all, take your time."


def _open_door(text: str) -> str:
    return f"{text}\n\nIf anything here is unclear, feel free to ask."


_ABILITY_ASK = re.compile(r"^(?:Could|Can) you (?:please )?(?!like\b|mind\b)(?P<rest>[a-z][^?]*)\?$")


def _indirect(text: str) -> str | None:
    """The first "Could you …?" sentence as a wish: "If you could …, that would be great." """
    if "\n" in text:
        return None
    parts = _SENTENCE_END.split(text.strip())
    for index, part in enumerate(parts):
        if match := _ABILITY_ASK.match(part):
            parts[index] = f"If you could {match['rest']}, that would be great."
            return " ".join(parts)
    return None


_POLITE_OPENING = re.compile(r"(?:(?<=^)|(?<=[.!?]\s))(?:Could|Can|Would) you (?:please |kindly )?(?!like\b|mind\b|"
                             r"be\b|confirm\b)([a-z])([^?]*)\?")


def _terse(text: str) -> str | None:
    """Polite questions cut to the imperative: "Could you restart your phone?" → "Restart your phone." """
    out = _POLITE_OPENING.sub(lambda m: f"{m[1].upper()}{m[2]}.", text)
    out = re.sub(r"(?:(?<=^)|(?<=[.!?]\s))Please ([a-z])", lambda m: m[1].upper(), out)
    return out if out != text else None


_VERBS = {"share": "provide", "provide": "send over", "send me": "share", "tell me": "let me know",
          "let me know": "tell me", "give me": "send me"}


def _verbs(text: str) -> str | None:
    """Verbs of giving information swapped for one another ("share" → "provide", "tell me" → "let me know")."""
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _VERBS), key=len, reverse=True)) + r")\b")
    out = pattern.sub(lambda m: _VERBS[m[1]], text)
    return out if out != text else None


_SPELLINGS = (("cancelled", "canceled"), ("cancelling", "canceling"), ("colour", "color"), ("centre", "center"),
              ("authorise", "authorize"), ("favourite", "favorite"), ("enrol", "enroll"))


def _spelling(text: str) -> str | None:
    """British spellings made American and American ones British."""
    swap = {a: b for a, b in _SPELLINGS} | {b: a for a, b in _SPELLINGS}
    out = re.sub(r"\b(" + "|".join(swap) + r")\b", lambda m: swap[m[1]], text)
    return out if out != text else None


_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


def _date_format(text: str) -> str | None:
    """ISO dates written out ("2026-03-14" → "March 14, 2026"), as agents write them for people."""
    out = re.sub(r"\b(20\d\d)-(0[1-9]|1[0-2])-([0-2]\d|3[01])\b",
                 lambda m: f"{_MONTHS[int(m[2]) - 1]} {int(m[3])}, {m[1]}", text)
    return out if out != text else None


def _phone_format(text: str) -> str | None:
    """US phone numbers with brackets ("415-555-0163" → "(415) 555-0163")."""
    out = re.sub(r"(?<![\d(-])(\d{3})-(\d{3})-(\d{4})\b", r"(\1) \2-\3", text)
    return out if out != text else None


def _id_hash(text: str) -> str | None:
    """Order ids with and without their "#"."""
    out = re.sub(r"#([A-Z]\d{6,})\b", r"\1", text)
    if out == text:
        out = re.sub(r"(?<![#\w])(W\d{7})\b", r"#\1", text)
    return out if out != text else None


def _swapped(text: str, pairs: tuple[tuple[str, str], ...]) -> str | None:
    """Each phrase of ``pairs`` (either side, any case at the start) replaced by its partner."""
    swap = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, swap), key=len, reverse=True)) + r")\b",
                         re.IGNORECASE)

    def partner(m: re.Match[str]) -> str:
        found = swap.get(m[1]) or swap.get(m[1].lower()) or m[1]
        return found[0].upper() + found[1:] if m[1][0].isupper() else found

    out = pattern.sub(partner, text)
    return out if out != text else None


# what people call the same setting or step on a phone
_DEVICE_SYNONYMS = (("airplane mode", "flight mode"), ("mobile data", "cellular data"), ("reboot", "restart"),
                    ("data roaming", "roaming"), ("speed test", "speed check"), ("SIM card", "SIM"),
                    ("network mode", "preferred network type"), ("Wi-Fi calling", "WiFi calling"))
# what people call the same fact
_FACT_SYNONYMS = (("email address", "e-mail address"), ("order number", "order ID"), ("ZIP code", "postal code"),
                  ("date of birth", "birth date"), ("phone number", "mobile number"), ("account ID", "account number"),
                  ("full name", "first and last name"))


_SETTINGS = re.compile(r"\b(airplane mode|flight mode|mobile data|cellular data|data roaming|wi-fi calling|wi-fi|"
                       r"data saver|network mode|vpn|access point names|apn)\b", re.IGNORECASE)


def _quoted_settings(text: str) -> str | None:
    """Settings named in quotes or code marks, as agents set off a label on the screen ("turn on 'Mobile data'")."""
    marks = ("'", '"', "`")
    count = 0

    def quoted(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        mark = marks[count % len(marks)]
        return f"{mark}{m[1]}{mark}"

    out = _SETTINGS.sub(quoted, text)
    return out if out != text else None


def _device_synonyms(text: str) -> str | None:
    return _swapped(text, _DEVICE_SYNONYMS)


def _fact_synonyms(text: str) -> str | None:
    return _swapped(text, _FACT_SYNONYMS)


def _gerund(verb: str) -> str:
    if verb.endswith("e") and not verb.endswith("ee"):
        return verb[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgkmnprt]", verb) and verb not in ("open", "enter"):
        return verb + verb[-1] + "ing"  # run -> running, tap -> tapping
    return verb + "ing"


_ASK_VERB = re.compile(r"(?:(?<=^)|(?<=[.!?]\s))(?:Could|Can|Would) you (?:please )?(?!like\b|mind\b|be\b)([a-z]+)\b(?![-'])")


def _would_you_mind(text: str) -> str | None:
    """"Could you restart your phone?" → "Would you mind restarting your phone?" """
    out = _ASK_VERB.sub(lambda m: f"Would you mind {_gerund(m[1])}", text, count=1)
    return out if out != text else None


_GIVE_ASK = re.compile(r"(?:(?<=^)|(?<=[.!?]\s))(?:Could|Can|Would) you (?:please )?(?:share|provide|give me|send me|"
                       r"tell me|let me know) ((?:your|the) [^?]+)\?")


def _need_form(text: str) -> str | None:
    """"Could you share your email address?" → "I'll need your email address." """
    out = _GIVE_ASK.sub(lambda m: f"I'll need {m[1]}.", text, count=1)
    return out if out != text else None


# the first plain ask of a message: "Please restart …", "Could you restart …?"
# (not a wait or a reply: "Let's hold while I transfer you", "Try replying yes" are no agent's words)
_PLAIN_ASK = re.compile(r"(?:(?<=^)|(?<=[.!?]\s)|(?<=\n))(?:Please|(?:Could|Can|Would) you(?: please)?) "
                        r"(?!like\b|mind\b|be\b|confirm\b|let\b|tell\b|share\b|provide\b|send\b|give\b|hold\b|"
                        r"stay\b|wait\b|reply\b|respond\b|note\b|don't\b|do not\b)([a-z]+)\b(?![-'])"
                        r"((?:[^?.!\n]|\.(?=\d))*)[?.!]?")  # (not "Please note …", "Please don't …", "power-cycle"; "$60.00" goes on)


# the first polite question of a message: "Could you restart …?"
_POLITE_HEAD = re.compile(r"(?:(?<=^)|(?<=[.!?]\s)|(?<=\n))(?:Could|Can|Would) you(?: please)? (?!like\b|mind\b|be\b)"
                          r"([a-z]+)\b([^?\n]*)\?")


def _framed(ask: re.Pattern[str], frame: Callable[[str, str], str]) -> Callable[[str], str | None]:
    """The first ask ``ask`` finds, its verb and the rest put in another ``frame``."""
    def rewrite(text: str) -> str | None:
        out = ask.sub(lambda m: frame(m[1], m[2]), text, count=1)
        return out if out != text else None
    return rewrite


REWRITE_FRAMES = {
    "hedged": _framed(_POLITE_HEAD, lambda verb, rest: f"Could you just quickly {verb}{rest}?"),
    "trailing_please": _framed(_POLITE_HEAD, lambda verb, rest: f"Could you {verb}{rest}, please?"),
    "may_i_ask": _framed(_POLITE_HEAD, lambda verb, rest: f"May I ask you to {verb}{rest}?"),
    "possible": _framed(_POLITE_HEAD, lambda verb, rest: f"Would it be possible for you to {verb}{rest}?"),
    "sequenced": _framed(_POLITE_HEAD, lambda verb, rest: f"Next, could you {verb}{rest}?"),
    "emoji": _framed(_POLITE_HEAD, lambda verb, rest: f"Could you {verb}{rest}? \U0001f642"),
    "try_gerund": _framed(_PLAIN_ASK, lambda verb, rest: f"Try {_gerund(verb)}{rest}."),  # "Try restarting …"
    "need_you_to": _framed(_PLAIN_ASK, lambda verb, rest: f"I need you to {verb}{rest}."),
    "lets": _framed(_PLAIN_ASK, lambda verb, rest: f"Let's {verb}{rest}."),
    "go_ahead_and": _framed(_PLAIN_ASK, lambda verb, rest: f"Go ahead and {verb}{rest}."),
}


def _step_framed(frame: Callable[[str, str], str]) -> Callable[[Case], Case | None]:
    """A message asking the user to operate their phone, its first plain ask put in another ``frame`` (a step's
    frame: "You could try pleasing share …" is no agent's wording of a fact's ask)."""
    rewrite = _framed(_PLAIN_ASK, frame)
    return lambda case: None if not case.labels["user_tools"] or (text := rewrite(case.text)) is None \
        else replace(case, text=text)


# what an agent says of the phone's other settings without asking anything of them
_ASIDES = ("There's no need to restart your phone for this.", "Your SIM card looks fine on our side.",
           "Airplane mode isn't the problem here, so you can leave it as it is.",
           "I've already checked the network in your area and it's working normally.")


def _aside(case: Case) -> Case | None:
    """A step's message with a remark on other settings after it, asking nothing more."""
    if not case.labels["user_tools"] or case.domain.name != "telecom":
        return None
    remark = _ASIDES[sum(map(ord, case.id)) % len(_ASIDES)]
    return replace(case, text=f"{case.text}\n\n{remark}")


def _greeting(text: str) -> str:
    return f"Hi there! {text}"


_NOTHING_ASKED = {"facts": [], "verify": [], "misread": [], "request": False, "approval": None, "confirmation": None,
                  "user_tools": [], "closing": False, "achieved": False, "clarification": False, "escalation": False,
                  "refusal": False, "unanswerable": False}
# (an adverb before the verb is left out: "Could you also send me …" → "Thanks for sending me …")
_ONE_ASK = re.compile(r"^(?:(?:Could|Can|Would) you(?: please)?|Please)(?: also| just)? ([a-z]+)\b([^?.!]*)[?.!]?$")
# what makes the rest of an ask more than one step: "… and tell me …" still asks
_MORE_THAN_ONE = re.compile(r"\band\b|[,;\u2014]| - ")


_NOT_A_STEP = ("confirm", "hold", "stay", "wait", "let", "bear")


def _one_step_ask(case: Case, skipped: tuple[str, ...]) -> re.Match[str] | None:
    """A message that is one ask of one step, its verb not in ``skipped``: its verb and the rest."""
    ask = _ONE_ASK.match(case.text)
    if ask is None or case.previous or case.task.goal.order or case.labels["approval"] is not None \
            or ask[1] in skipped or _MORE_THAN_ONE.search(ask[2]):
        return None
    return ask


def _thanked(case: Case) -> Case | None:
    """A one-sentence ask turned into thanks for what was asked, done: the same words, nothing asked ("Could you
    share your email?" → "Thanks for sharing your email.")."""
    ask = _one_step_ask(case, _NOT_A_STEP)
    return None if ask is None else replace(case, text=f"Thanks for {_gerund(ask[1])}{ask[2]}.",
                                            labels={**case.labels, **_NOTHING_ASKED})


_ASKS_FACTS_ONLY = ("verify", "misread", "user_tools", "closing", "achieved", "escalation", "refusal", "unanswerable")


@functools.cache
def _fact_asks_by_task() -> dict[str, list[Case]]:
    """Dev lines of one paragraph that ask for facts and nothing else, by task."""
    out: dict[str, list[Case]] = {}
    for case in load(("dev",)):
        labels = case.labels
        if labels["facts"] and labels["approval"] is None and not any(labels[k] for k in _ASKS_FACTS_ONLY) \
                and not case.previous and not case.task.goal.order and "\n" not in case.text:
            out.setdefault(case.task.id, []).append(case)
    return out


def _two_asks(case: Case) -> Case | None:
    """Two asks of the same task in one message ("… ? Also, what's …?"), each fact asked still
    asked. The variant's id names both lines (``a+b``): what it breaks is compared with both originals."""
    ids = [p.id for p in _fact_asks_by_task().get(case.task.id, [])]
    if case.id not in ids:
        return None
    later = _fact_asks_by_task()[case.task.id][ids.index(case.id) + 1:]
    other = next((p for p in later if not set(p.labels["facts"]) & set(case.labels["facts"])), None)
    if other is None:
        return None
    facts = [*case.labels["facts"], *other.labels["facts"]]
    text = f"{case.text} Also, {other.text[0].lower()}{other.text[1:]}"
    return replace(case, id=f"{case.id}+{other.id}", text=text,
                   labels={**case.labels, "facts": facts, "request": case.labels["request"] or other.labels["request"],
                           "clarification": True})


_PAST = {"run": "ran", "take": "took", "send": "sent", "make": "made", "go": "went", "tell": "told", "give": "gave",
         "read": "read", "put": "put", "set": "set", "reset": "reset", "hold": "held", "pay": "paid", "find": "found"}


def _past(verb: str) -> str:
    if verb in _PAST:
        return _PAST[verb]
    if verb.endswith("e"):
        return verb + "d"
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgmnpt]", verb) and verb not in ("open",):
        return verb + verb[-1] + "ed"
    return verb + "ed"


def _reported(case: Case) -> Case | None:
    """A one-step ask turned into a report that the user did it already: the same words, nothing asked ("Could
    you turn on mobile data?" → "I can see you already turned on mobile data.")."""
    # (nor a verb of giving information: "you already told me your email" is no report of a step)
    ask = _one_step_ask(case, (*_NOT_A_STEP, "tell", "give", "send", "share", "provide", "try"))
    return None if ask is None else replace(case, text=f"I can see you already {_past(ask[1])}{ask[2]}.",
                                            labels={**case.labels, **_NOTHING_ASKED})


# verbs of giving information: "don't tell me your email yet" is no step held off
_INFORMING = ("tell", "give", "send", "share", "provide", "try", "check", "look", "read", "let", "confirm", "mind")


_IMPERATIVE = re.compile(r"(?:Please|Then|Next|Now|Also|Try|Tap|Go|Open|Turn|Switch|Let me know|Tell me)\b")


def _step_ask(case: Case, rewrite: Callable[[str, str], str], skipped: tuple[str, ...] = ()) -> Case | None:
    """A message whose one ask is one step on the user's own phone, one sentence among statements, that
    sentence rewritten by ``rewrite(verb, rest)`` into one that asks nothing: labelled as asking nothing."""
    if len(case.labels["user_tools"]) != 1 or case.labels["facts"] or case.previous or "\n" in case.text:
        return None
    parts = _sentences(case.text) or [case.text.strip()]
    asks = [(i, m) for i, part in enumerate(parts) if (m := _ONE_ASK.match(part))]
    others = [part for i, part in enumerate(parts) if i != (asks[0][0] if asks else -1)]
    if len(asks) != 1 or any("?" in p or _IMPERATIVE.match(p) for p in others):
        return None
    index, ask = asks[0]
    if ask[1] in (*_NOT_A_STEP, *_INFORMING, *skipped) or _MORE_THAN_ONE.search(ask[2]):
        return None
    parts[index] = rewrite(ask[1], ask[2])
    return replace(case, text=" ".join(parts), labels={**case.labels, **_NOTHING_ASKED})


def _not_yet(case: Case) -> Case | None:
    """A step the agent asks the user to hold off on: the same words, nothing asked ("Could you restart your
    phone?" → "Please don't restart your phone just yet; I'll tell you when.")."""
    return _step_ask(case, lambda verb, rest: f"Please don't {verb}{rest} just yet; I'll tell you when.")


def _done_by_agent(case: Case) -> Case | None:
    """A step the agent says it did itself, from its side: the same words, nothing asked ("Could you turn on
    mobile data?" → "I've turned on mobile data from my side, so there's nothing you need to do there.")."""
    def done(verb: str, rest: str) -> str:
        rest = re.sub(r"\byour\b", "the", rest)
        return f"I've {_past(verb)}{rest} from my side, so there's nothing you need to do there."

    return _step_ask(case, done, ("restart", "reboot", "reseat", "remove", "insert", "open", "go", "tap", "swipe"))


def _fallback(case: Case) -> Case | None:
    """A step kept for later, should the first fix fail: nothing asked now ("Could you toggle airplane mode?" →
    "If the signal doesn't come back by itself, the next thing to try would be toggling airplane mode.")."""
    return _step_ask(case, lambda verb, rest: "If the signal doesn't come back by itself, the next thing to try "
                                              f"would be {_gerund(verb)}{rest}.")


def _not_needed(case: Case) -> Case | None:
    """A fact the agent says it does not need: the same words, nothing asked ("Could you share your email?" →
    "There's no need to share your email for this.")."""
    ask = _one_step_ask(case, (*_NOT_A_STEP, "try", "check", "look", "read"))
    if ask is None or not case.labels["facts"] or case.labels["user_tools"]:
        return None
    return replace(case, text=f"There's no need to {ask[1]}{ask[2]} for this.", labels={**case.labels, **_NOTHING_ASKED})


def _lowered_first(text: str) -> str:
    return text if re.match(r"I\b|I'", text) else text[0].lower() + text[1:]


def _okay_so(case: Case) -> Case | None:
    """A step's message after a conversational lead: "Is Data Saver on?" → "Okay, so is Data Saver on?"."""
    return replace(case, text=f"Okay, so {_lowered_first(case.text)}") if case.labels["user_tools"] else None


def _on_your_end(case: Case) -> Case | None:
    """Where the user is, said after the step's first sentence: "Please switch Flight Mode off on your end."."""
    if not case.labels["user_tools"]:
        return None
    text = re.sub(r"(\w)([?.])(\s|$)", r"\1 on your end\2\3", case.text, count=1)
    return replace(case, text=text) if text != case.text else None


_SEPARATORS = (" › ", " -> ", " / ", " » ")


def _path_separators(case: Case) -> Case | None:
    """A settings path written with another separator ("Settings › Cellular", "Settings -> Cellular")."""
    if " > " not in case.text or not case.labels["user_tools"]:
        return None
    return replace(case, text=case.text.replace(" > ", _SEPARATORS[sum(map(ord, case.id)) % len(_SEPARATORS)]))


def _can_we(case: Case) -> Case | None:
    """A step put as done together: "Could you disable Airplane Mode?" → "Can we disable Airplane Mode?"."""
    if not case.labels["user_tools"]:
        return None
    text = re.sub(r"\b(?:Could|Can) you\b", "Can we", case.text, count=1)
    return replace(case, text=text) if text != case.text else None


_FACT_ASK = re.compile(r"(?:(?<=^)|(?<=[.!] ))(?:Could|Can|Would) you (?:please )?(?:share|provide|tell me|give me|"
                       r"send me) ([^?]{3,80})\?")
_FAVOURS = ("Mind sharing {}?", "Do you have {} handy?", "Do you happen to have {}?", "Can I grab {}?",
            "Any chance you could send over {}?", "Mind if I ask for {}?", "Let me have {}.",
            "To get started, I need: {}.", "Next up: {}.", "**Needed:** {}")


def _favour_forms(case: Case) -> Case | None:
    """An ask for a fact put as a favour, a question of having it or a label ("Could you share your email?" → "Do
    you happen to have your email?", "Mind if I ask for your email?", "Next up: your email."), one form per line."""
    ask = _FACT_ASK.search(case.text) if case.labels["facts"] else None
    if ask is None:
        return None
    form = _FAVOURS[sum(map(ord, case.id)) % len(_FAVOURS)]
    return replace(case, text=case.text[:ask.start()] + form.format(ask[1]) + case.text[ask.end():])


_SMALL_TALK = ("Is now still a good time?", "Did you know you can also manage this in our app?", "Does that make sense?",
               "Does this sound fair?", "How's your day going so far?", "Any questions so far?")


def _small_talk(case: Case) -> Case | None:
    """A question of small talk after the message, asking nothing the user must place ("Is now still a good time?",
    "Does that make sense?"), one per line."""
    return replace(case, text=f"{case.text}\n\n{_SMALL_TALK[sum(map(ord, case.id)) % len(_SMALL_TALK)]}")


def _off_by_one(value: str) -> str:
    """The value with its last digit changed: what an agent reads back when it mistyped or misheard it."""
    digits = [i for i, c in enumerate(value) if c.isdigit()]
    at = digits[-1]
    return value[:at] + str((int(value[at]) + 1) % 10) + value[at + 1:]


def _wrong_value(case: Case) -> Case | None:
    """A confirmation that reads one of the user's values back wrong (its last digit changed): it must not count
    as confirming the call, and the user must say which value is wrong."""
    confirmation = case.labels["confirmation"]
    if confirmation is None or case.task.goal.order:
        return None
    facts = {str(f.value).lower(): f.key for f in case.task.goal.facts}
    for value in map(str, confirmation["values"].values()):
        if any(c.isdigit() for c in value) and value.lower() in facts and value in case.text:
            labels = {**case.labels, "confirmation": None, "misread": [facts[value.lower()]]}
            return replace(case, text=case.text.replace(value, _off_by_one(value)), labels=labels)
    return None


def _split_previous(case: Case) -> Case | None:
    """A read-back above the approval ask sent as a message of its own, the ask alone after it ("Shall I?")."""
    labels = case.labels
    if case.previous or case.task.goal.order or labels["approval"] is None \
            or any(labels[k] for k in ("facts", "verify", "misread", "user_tools", "refusal", "achieved")):
        return None
    parts = _sentences(case.text)
    if parts is None or "?" not in parts[-1] or any("?" in p for p in parts[:-1]):
        return None
    return replace(case, previous=" ".join(parts[:-1]), text=parts[-1])


def _tools_after_previous(case: Case) -> Case | None:
    """What the agent found, sent as a message of its own, and the step it asks for after it ("Airplane mode is
    on." then "Could you turn it off?")."""
    if case.previous or not case.labels["user_tools"]:
        return None
    parts = _sentences(case.text)
    if parts is None or any("?" in p or re.match(r"(?:Please|Could|Can|Would|Try|Open|Tap|Go|Turn|Check)\b", p)
                            for p in parts[:-1]):
        return None
    return replace(case, previous=" ".join(parts[:-1]), text=parts[-1])


# the last sentence of a message, when it is an approval's ask ("… 5-7 days. Would you like me to go ahead?")
_LAST_ASK = re.compile(r"(?<=[.!]) +((?:Shall|Should|Would|Do|Can|May) (?:I|you)\b[^?\n]*\?)\s*$")


def _dash_ask(case: Case) -> Case | None:
    """The approval's ask joined to the sentence before it by a dash ("… within 5-7 days - would you like me to go
    ahead?"): the ask is still the approval, and the clause before it only what it is about."""
    ask = _LAST_ASK.search(case.text) if case.labels["approval"] is not None else None
    if ask is None:
        return None  # (an ask in a paragraph of its own, under a list, stays there)
    head = case.text[:ask.start()].rstrip(" .!")
    return replace(case, text=f"{head} - {ask.group(1)[0].lower()}{ask.group(1)[1:]}")


def _polite(text: str) -> str:
    return f"Thank you so much for your patience while I look into this. {text}\n\nI really appreciate your help."


_REWORDINGS = (
    (r"\bCould you please\b", "Would you mind helping me and"),
    (r"\bCould you\b", "Would you be able to"),
    (r"\bCan you\b", "Could you please"),
    (r"\bcan you\b", "could you please"),
    (r"\bWhat's\b", "What is"),
    (r"\bShall I\b", "Should I"),
    (r"\bWould you like me to\b", "Do you want me to"),
    (r"\bIs that correct\b", "Is that right"),
    (r"\bIs that right\b", "Is that correct"),
    (r"\bPlease provide\b", "Please share"),
    (r"\bplease provide\b", "please share"),
    (r"\bLet me know\b", "Just let me know"),
    (r"\bgo ahead\b", "proceed"),
)


def _reworded(text: str) -> str | None:
    out = text
    for pattern, replacement in _REWORDINGS:
        out, n = re.subn(pattern, replacement, out, count=1)
        if n:
            break  # one rewording per message, so a broken line points at one change
    return out if out != text else None


_EXPANSIONS = (("I'll", "I will"), ("you'd", "you would"), ("You'd", "You would"), ("don't", "do not"),
               ("it's", "it is"), ("It's", "It is"), ("that's", "that is"), ("I'm", "I am"), ("you're", "you are"),
               ("we'll", "we will"), ("I've", "I have"), ("can't", "cannot"))


def _expanded(text: str) -> str | None:
    out = text
    for short, long in _EXPANSIONS:
        out = re.sub(rf"\b{re.escape(short)}\b", long, out)
    return out if out != text else None


def _contracted(text: str) -> str | None:
    out = text
    for short, long in _EXPANSIONS:
        out = re.sub(rf"\b{re.escape(long)}\b", short, out)
    return out if out != text else None


def _bold_values(text: str) -> str | None:
    if "**" in text:
        return None  # bold already: the message chose what to stress
    out = _VALUE_TOKEN.sub(_bold_token, text)
    return out if out != text else None


TEXT_REWRITES: dict[str, Callable[[str], str | None]] = {
    "no_question_mark": _no_question_mark, "period": _period_for_question_mark, "bulleted": _bulleted,
    "paragraphs": _paragraphs, "numbered": _numbered, "heading": _heading, "curly_quotes": _curly,
    "softened": _softened, "reassured": _reassured, "open_door": _open_door, "polite": _polite,
    "reworded": _reworded, "expanded": _expanded, "contracted": _contracted, "bold_values": _bold_values,
    "indirect": _indirect, "terse": _terse, "verbs": _verbs, "spelling": _spelling, "date_format": _date_format,
    "phone_format": _phone_format, "id_hash": _id_hash, "greeting": _greeting, "device_synonyms": _device_synonyms,
    "fact_synonyms": _fact_synonyms, "quoted_settings": _quoted_settings, "would_you_mind": _would_you_mind,
    "need_form": _need_form, **REWRITE_FRAMES,
}


def _on_text(rewrite: Callable[[str], str | None]) -> Callable[[Case], Case | None]:
    return lambda case: None if (text := rewrite(case.text)) is None else replace(case, text=text)


REWRITES: dict[str, Callable[[Case], Case | None]] = {
    **{name: _on_text(rewrite) for name, rewrite in TEXT_REWRITES.items()}, "split_previous": _split_previous,
    "tools_after_previous": _tools_after_previous, "thanked": _thanked,
    "two_asks": _two_asks, "wrong_value": _wrong_value, "reported": _reported,
    "aside": _aside, "steps": _steps, "not_yet": _not_yet, "done_by_agent": _done_by_agent, "fallback": _fallback,
    "not_needed": _not_needed, "okay_so": _okay_so, "on_your_end": _on_your_end,
    "path_separators": _path_separators, "can_we": _can_we, "favour_forms": _favour_forms,
    "small_talk": _small_talk, "dash_ask": _dash_ask,
    # "You could try restarting your phone.", "It would really help if you turned off the VPN."
    "you_could_try": _step_framed(lambda verb, rest: f"You could try {_gerund(verb)}{rest}."),
    "would_help_if": _step_framed(lambda verb, rest: f"It would really help if you {_past(verb)}{rest}."),
    # the line as the user hears it through the voice channel with agent_asr (spoken, recognised without an error,
    # written back with the pauses and questions of the speech); the labeller reads what the agent wrote, so only
    # the user's categories are compared
    "heard": as_heard,
}
USER_SIDE_ONLY = frozenset({"heard"})


def _right_items(category: Category, case: Case, reading: object) -> tuple[int, int, int] | None:
    """(true items read, false items read, true items) of a category, or None where it does not apply."""
    truth = category.truth(case)
    predicted = category.predicted(case, reading)
    if truth is None or predicted is None:
        return None
    hits = _matched(truth, predicted, category.same)
    return hits, len(predicted) - hits, len(truth)


@dataclass(frozen=True)
class Broken:
    """A dev line whose rewrite reads a category worse than the original: true items lost, false items gained."""

    case: Case
    variant: Case
    lost: int
    gained: int


@dataclass(frozen=True)
class Outcome:
    """One rewrite over the dev lines: how many it applied to, and per category the items the original read right
    and the lines the rewrite broke."""

    lines: int
    right: Mapping[str, int]
    broken: Mapping[str, list[Broken]]

    def count(self, category: str) -> int:
        return sum(b.lost + b.gained for b in self.broken[category])


CATEGORIES = [("user", c) for c in USER] + [("labeller", c) for c in LABELLER]


@functools.cache
def _dev_readings() -> tuple[list[Case], dict[str, ToolCall | None], dict[str, tuple[UserReading, JudgeReading]]]:
    """The dev lines, each one's candidate call and its original reading (read once per process: a test per rewrite
    shares them)."""
    cases = load(("dev",))
    calls = {case.id: candidate_call(case)[0] for case in cases}
    return cases, calls, {c.id: (read_as_user(c), label_as_judge(c, calls[c.id])) for c in cases}


def measure(names: Iterable[str]) -> dict[str, Outcome]:
    """Each named rewrite over every dev line, compared with the original's reading."""
    cases, calls, original = _dev_readings()
    cases_by_id = {c.id: c for c in cases}
    outcomes = {}
    for name in names:
        variants = [(c, v) for c in cases if (v := REWRITES[name](c)) is not None]
        broken: dict[str, list[Broken]] = {c.name: [] for _, c in CATEGORIES}
        right = Counter[str]()
        for case, variant in variants:
            readings = (read_as_user(variant),
                        original[case.id][1] if name in USER_SIDE_ONLY else label_as_judge(variant, calls[case.id]))
            parts = [cases_by_id[i] for i in variant.id.split("+")]  # a variant of two lines: both originals
            for side, category in CATEGORIES:
                if side == "labeller" and name in USER_SIDE_ONLY:
                    continue
                index = 0 if side == "user" else 1
                each = [_right_items(category, c, original[c.id][index]) for c in parts]
                before = None if any(e is None for e in each) else \
                    tuple(sum(e[k] for e in each if e is not None) for k in range(3))
                after = _right_items(category, variant, readings[index])
                if before is None or after is None:
                    continue
                right[category.name] += before[0]
                # (a rewrite that changes what is asked, "thanked", compares with the rewrite's own truth)
                lost, gained = min(before[0], after[2]) - after[0], after[1] - before[1]
                if lost > 0 or gained > 0:
                    broken[category.name].append(Broken(case, variant, max(lost, 0), max(gained, 0)))
        outcomes[name] = Outcome(lines=len(variants), right=right, broken=broken)
    return outcomes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", type=int, default=0, metavar="N", help="list up to N broken lines per cell")
    parser.add_argument("--only", choices=sorted(REWRITES), action="append", help="run only these rewrites")
    args = parser.parse_args(argv)
    print("Rewrites of the dev lines; per category: items broken by the rewrite / items read right")
    print(f"  {'rewrite':<18} {'lines':>5}  " + "  ".join(f"{c.name[:14]:>14}" for _, c in CATEGORIES))
    total = Counter[str]()
    for name, outcome in measure(args.only or REWRITES).items():
        cells = []
        for _, category in CATEGORIES:
            count = outcome.count(category.name)
            total[category.name] += count
            cells.append(f"{count}/{outcome.right[category.name]}" if count else "-")
        print(f"  {name:<18} {outcome.lines:>5}  " + "  ".join(f"{c:>14}" for c in cells))
        for category_name, rows in outcome.broken.items():
            for b in rows[: args.show]:
                print(f"      {category_name} {b.case.id} lost {b.lost} gained {b.gained}: "
                      f"{_short(b.variant.text, 200)}")
    print(f"  {'total broken':<18} {'':>5}  " + "  ".join(f"{total[c.name] or '-':>14}" for _, c in CATEGORIES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
