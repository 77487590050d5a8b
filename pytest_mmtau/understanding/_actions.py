"""Which agent actions a text names — by the tool's verb in any form ("cancel", "cancelling", "the
cancellation"), a verb of the same action ("call off", "upgrade" for a change), a generic verb with the action's
object ("proceed with the price protection"), or a phrase the tool declares.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence

from ._lexicon import ACTION_NOUNS, GENERIC_ACTION_VERBS, PARTICLES
from ._memo import PerVocabulary
from ._text import Segment
from ._values import other_values, states
from ._vocabulary import ActionSense, Vocabulary


_PARTICLE_WORDS = ("on", "off", "up", "down", "in", "out", "back", "over", "away")
_OPPOSITE_PARTICLE = {"on": "off", "off": "on", "up": "down", "down": "up", "in": "out", "out": "in"}


@functools.lru_cache(maxsize=8192)
def _form_pattern(form: str) -> re.Pattern[str]:
    """A verb form; a particle verb may take its object in between ("call the order off", "top it up")."""
    head, _, particle = form.partition(" ")
    if particle:
        # "switch off roaming on 312-…" is no "switch … on": another particle right after the verb is its own
        others = "|".join(p for p in _PARTICLE_WORDS if p != particle.split()[0])
        opposite = _OPPOSITE_PARTICLE.get(particle.split()[0], "")
        # ("turn roaming off on 312-…" neither: the other particle between them is the verb's own)
        between = rf"(?!{opposite}\b)" if opposite else ""
        return re.compile(rf"\b{re.escape(head)}\b(?!\s+(?:{others})\b)(?:\s+{between}[^\s.?!;:,]+){{0,6}}?\s+"
                          rf"{re.escape(particle)}\b")
    # a verb with "up" after it is another verb ("set that up" is no "set", "look it up" no "look"), and so is one
    # with a particle that makes a verb of the lexicon ("check out", "send back")
    particles = "|".join(re.escape(p) for p in sorted(PARTICLES.get(form, ()), key=len, reverse=True))
    other_verb = rf"(?!\s+(?:{particles})\b)" if particles else ""
    return re.compile(rf"(?<![a-z0-9-]){re.escape(form)}(?![a-z0-9-])(?!(?:\s+[\w'-]+)?\s+up\b){other_verb}")


# "your line is suspended", "the order has been cancelled", "you've paid the bill": a state or a thing done, not an
# action being proposed
# ("I'll now create a return" is the agent's step, not a state)
_STATE = re.compile(r"(?:\b(?:is|are|was|were|been|got|gets|remains?|stays?|already|currently|"
                    # ("I can still cancel it" proposes it)
                    r"(?<!\bcan )(?<!\bcould )(?<!'ll )(?<!\bwill )(?<!\bwould )still|"
                    r"(?<!'ll )(?<!\bwill )(?<!\bcan )(?<!\bi )(?<!\bwe )(?<!\blet me )now|have|has|"
                    r"had)|'ve)"
                    r"(?: \w+ly| not| now| still| already| currently)?\s*$")


def _own_objects(sense: ActionSense, vocab: Vocabulary) -> set[str]:
    """The nouns and values an action applies to ("plan", "Premium") that no other irreversible tool's have."""
    def objects(a: ActionSense) -> set[str]:
        return {w for group in (*a.name_nouns, *a.objects) for w in group}

    others = {w for a in vocab.actions if a is not sense and a.alters for w in objects(a)}
    return objects(sense) - others


# "lift the suspension", "undo the cancellation": the opposite action, named by the one it undoes
_UNDONE = re.compile(r"\b(?:lift|lifting|lifted|remove|removing|end|ending|undo|undoing|reverse|reversing|clear|"
                     r"clearing)\s+(?:the |that |this |your |its )?(?:[\w-]+ )?$"
                     # "take the line off suspension", "bring it out of suspension"
                     r"|\b(?:off|out of)\s+(?:the |its )?$")


# "our billing team", "the returns department": an action's word naming who does it, not the action
_DEPARTMENT = re.compile(r"\s+(?:team|department|dept|desk|specialists?|agents?|colleagues?|representatives?|"
                         r"support|staff|unit|squad)\b")


# "a copy of the cancellation confirmation", "the return policy": a record or rule about the action, not the action
_RECORD = re.compile(r"\s+(?:confirmations?|receipts?|emails?|policy|policies|fees?|status|window|notices?|history|"
                     r"terms|deadlines?|period|rules?)\b")


# "the card ending in 5443": digits that a number ends or starts with describe it, no action is ended
_DIGITS_AFTER = re.compile(r"\s+(?:in|with)\s+(?:\d|[*x\u2022.]{2,})")
_ENDING_DIGITS = re.compile(r"\s+\d{2,}")  # "the card ending 0574"


# "the bill", "your charge": a verb form after a determiner is a noun, which names an action only when it is one
# of the action's own nouns ("the cancellation", "the refund")
# (an adjective of which one between: "the right file")
_DETERMINER = re.compile(r"\b(?:the|a|an|your|my|our|this|that|these|those|its|their|each|every|any)\s+"
                         r"(?:(?:right|correct|wrong|same|whole|original|other|last|first|next)\s+)?$")


def _as_noun(text: str, form: str, at: int, action: ActionSense) -> bool:
    """The verb form at ``at`` stands after a determiner and is none of the actions' nouns, nor one of ``action``'s
    own words ("register the claim" names ``file_claim``)."""
    return form not in ACTION_NOUNS and form not in action.own_words and not form.endswith("ing") \
        and _DETERMINER.search(text[:at]) is not None


# "I can't cancel #W3125736 myself": an action the agent says it cannot do is not the one it asks about
# ("I can't make changes myself", "I'm unable to process a cancellation": a light verb before the action's noun;
# "Price protection doesn't apply here")
_DECLINED = re.compile(r"\b(?:can't|cannot|can not|unable to|not able to|won't be able to|couldn't|doesn't|does not|"
                       r"won't|will not)\s+(?:\w+ly\s+)?(?:be\s+|get\s+)?"  # ("it can't be changed anymore")
                       r"(?:(?:make|do|process|carry out|perform|complete|issue|offer|apply)\s+(?:any\s+|the\s+|a\s+|an\s+|"
                       r"that\s+|this\s+)?)?$")


# "Price protection doesn't apply here, but …", "a refund isn't possible", "not eligible for an exchange": an action
# ruled out, which is not the one offered beside it
_RULED_OUT_AFTER = re.compile(r"(?:\s+[\w'-]+){0,3}?\s+(?:doesn't|does not|don't|do not|won't|will not|isn't|is not|"
                              r"aren't|are not|can't|cannot|can not|wouldn't|would not)\s+(?:be\s+)?(?:apply|applied|"
                              r"work|cover|covered|possible|available|an option|eligible|allowed|permitted|offered|"
                              r"valid)\b")
_RULED_OUT_BEFORE = re.compile(r"(?:\bnot |n't |\bno longer |\bin)eligible for (?:a |an |the )?$|\b(?:doesn't|does not|don't|"
                               r"do not|won't|will not) qualify for (?:a |an |the )?$")


@functools.lru_cache(maxsize=4096)
def _with_heads(forms: frozenset[str] | tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each form with its first word, which a text must hold to hold the form (a vocabulary's forms are looked for in
    every clause: split once)."""
    return tuple((f, f.partition(" ")[0]) for f in forms)


def _first(text: str, forms: frozenset[str] | tuple[str, ...], *, proposed: bool = False,
           verbs_for: ActionSense | None = None) -> int | None:
    """Where the first of ``forms`` stands in ``text``; ``verbs_for``: the forms are verbs naming that action, so
    one used as a noun ("the bill") or declined ("I can't cancel") does not count."""
    found = [m.start() for f, head in _with_heads(forms) if head in text for m in _form_pattern(f).finditer(text)
             if not (proposed and (_STATE.search(text[:m.start()]) or _RULED_OUT_AFTER.match(text, m.end())
                                   or _RULED_OUT_BEFORE.search(text[:m.start()])))
             and not _UNDONE.search(text[:m.start()])
             and not _DEPARTMENT.match(text, m.end()) and not _RECORD.match(text, m.end())
             and not _DIGITS_AFTER.match(text, m.end())
             and not (f.startswith("end") and _ENDING_DIGITS.match(text, m.end()))
             and not (verbs_for is not None and (_as_noun(text, f, m.start(), verbs_for)
                                                 or _DECLINED.search(text[:m.start()])
                                                 or _THING_OPENED.match(text, m.end())))]
    return min(found) if found else None


# what the verb acts on is a thing of a screen or a parcel, no action's object: "so I open the right file", "open the
# app", "file the photo under your case"
_THING_OPENED = re.compile(r"\s+(?:up\s+)?(?:the|a|an|your|this|that|my)\s+(?:[a-z]+\s+)?(?:file|app|application|"
                           r"page|link|tab|window|menu|attachment|image|photo|picture|screenshot|door|box|package|"
                           r"settings?)\b")


# a hand-over named by the person it goes to: "speak with a human agent", "get a supervisor to look into this",
# "connect you with someone from billing"
_TO_A_PERSON = re.compile(r"\b(?:connect|transfer|put|speak|talk|chat|hand|pass|loop in|bring in|get|escalate|raise|"
                          r"continue|route)\b"
                          r"[\w' -]{0,32}?\b(?:human|live person|real person|supervisor|manager|representative|"
                          r"person|colleague|specialist|agent|team member|member of (?:staff|the team)|staff member|"
                          r"technician|receptionist|advis[eo]r|expert|department|team|someone (?:from|at|in|on))s?\b"
                          r"|\b(?:send|pass|put|hand|point) you (?:their|his|her|its) way\b"
                          # "want me to put you through?": connected by phone, to whoever was named
                          r"|\b(?:put|patch) you (?:through|across)\b"
                          # a person who is no software, whatever the verb ("a human agent to take over")
                          r"|\b(?:human|live|real) (?:agents?|persons?|people|colleagues?|representatives?|reps?)\b"
                          r"|\b(?:a|one of (?:our|my)) humans?\b"
                          # "have a colleague handle the invoice", "like a specialist to take this over"
                          r"|\b(?:have|like|want|prefer|let|rather)(?: for)? (?:a|an|one of (?:our|my)|our|my) (?:colleague|"
                          r"specialist|supervisor|manager|teammate|team member|representative)s? (?:to )?(?:handle|take|"
                          r"deal|sort|pick)\b")


# a verb of handing over whose object is a thing, not the user or the conversation
_MOVES_A_THING = re.compile(r"\b(?:transfer|forward|route)(?:s|red|ring)?\s+(?:the |your |my |this |that |a |an )?"
                            r"(?!(?:you|me|us|it|this|that|them|call|chat|case|issue|matter|conversation|request|"
                            r"problem|query|ticket|over|through)\b)[a-z][a-z-]*")


# "I'll pass it to the kitchen": a thing handed on to a place or a process, not the user to a person
_TO_A_PLACE = re.compile(r"\b(?:pass|passing|passed|send|sending|sent|hand|handing|handed|forward|forwarding|forwarded)"
                         r"(?: (?:it|this|that|them|the \w+|your \w+))(?: (?:on|over|along|through|off|across))? to (?:the|our) "
                         r"(?!(?:\w+ )?(?:team|department|desk|specialists?|colleagues?|agents?|supervisors?|managers?|"
                         r"person|people|staff|humans?|representatives?|advis[eo]rs?|experts?)\b)[a-z]+")


def action_score(text: str, sense: ActionSense, *, proposed: bool = False) -> tuple[int, int] | None:
    """(score, position) of the action named in ``text``, or None when it is not named. ``proposed``: only as an
    action to do, not as a state something is in ("the line is suspended")."""
    phrase = _first(text, sense.phrases, proposed=proposed) if sense.phrases else None
    if phrase is not None:
        return 8, phrase
    person = _TO_A_PERSON.search(text) if sense.transfer else None
    if person is not None:  # the user is who is sent on: no "send" of another action
        return 6, person.start()
    if sense.transfer and (_MOVES_A_THING.search(text) or _TO_A_PLACE.search(text)):
        return None  # "transfer membership M-3303 to the Millbrook club" moves a thing, hands nobody over
    found = [at for group in sense.objects if (at := _first(text, tuple(group))) is not None]
    objects = len(found)
    own = _first(text, sense.verbs, proposed=proposed, verbs_for=sense)
    if own is not None:
        return 5 + objects, own
    # (a synonym the user is the subject of is no action of the agent's: "You gave the number …" names no "give")
    synonym = _first(_without_the_users_verbs(text), sense.synonyms, proposed=proposed, verbs_for=sense)
    if synonym is not None:
        return 2 + objects, synonym
    if found:  # "proceed with the price protection": a generic verb with the action's object right after it
        generic = _first(text, GENERIC_ACTION_VERBS, proposed=proposed, verbs_for=sense)
        if generic is not None and generic < min(found) and len(text[generic:min(found)].split()) <= 5:
            return 1 + objects, generic
    return None


# (the user as subject: "You gave …", "… and you've paid it"; not the object: "hand you over", "top you up")
_YOUR_VERB = re.compile(r"(^|[,;:.!?]\s|\b(?:and|but|so|if|as|since|because|that|when|once) )"
                        r"(you(?:'ve| have| had)?(?: just| already)? [a-z]+)\b")


@functools.lru_cache(maxsize=512)
def _without_the_users_verbs(text: str) -> str:
    """The text with each verb the user is the subject of blanked (positions stay where they were). Remembered: every
    action of the vocabulary is looked for in the same text."""
    return _YOUR_VERB.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)


_PREFIXED = re.compile(r"\b(un|re|de)-(?=[a-z])")


_TOPIC_OF_A_NOTE = re.compile(r"\b(?:note|notes|summary|message|context|heads-up|handover)\s+(?:about|on|regarding|"
                              r"of|explaining|covering|describing)\b[^.?!,;]*")


# where the cost of another change goes, said of it after a comma (not "charge it to your PayPal instead?" nor "Should
# the order be charged to your PayPal?", the change itself)
_DECLINE_BUTTON = re.compile(r"\[\s*(?:cancel|reject|decline|deny|no)\s*\]")
_WHERE_IT_IS_CHARGED = re.compile(r"(?<=, )(?:charged|billed) (?:to|on) (?:the|your) [^.,;?!]{0,50}"
                                  # "It's free of charge": a price, no charge made
                                  r"|\b(?:free of|at no|no extra|no additional|without (?:any )?)(?: extra)? charge\b")


@functools.lru_cache(maxsize=256)
def _identifier(tool: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(tool.lower())}(?![\w-])")


# per vocabulary, the actions a text names (the rules of one message ask it of the same sentence a few times)
_NAMED_ACTIONS: PerVocabulary[tuple[tuple[str, int, int], ...]] = PerVocabulary(1024)


def named_actions(text: str, vocab: Vocabulary, *, proposed: bool = False, writes: bool = False,
                  by_object: bool = False) -> list[tuple[str, int, int]]:
    """(tool, score, position) of the agent actions ``text`` names, best first; the goal's own actions first on a
    tie. ``writes``: only actions that change something (``ActionSense.changes``). ``by_object``: when no verb
    names an action, the one action a noun of its own names ("lock in the 14th for the installation")."""
    key = (text, proposed, writes, by_object)
    cached = _NAMED_ACTIONS.get(vocab, key)
    if cached is None:
        cached = _NAMED_ACTIONS.put(vocab, key, tuple(_named_actions(text, vocab, proposed, writes, by_object)))
    return list(cached)


_GENERIC_NAME_VERBS = frozenset({"set", "apply", "add", "make", "create", "request", "update", "change"})


@functools.lru_cache(maxsize=256)
def _compound(action: ActionSense) -> re.Pattern[str]:
    """The nouns of an action's name in order, as one phrase ("late checkout", "late check-out")."""
    nouns = [sorted((w for w in group if " " not in w), key=len)[0] for group in action.name_nouns]
    return re.compile(r"\b" + r"[\s-]?".join(re.escape(n) for n in nouns) + r"s?\b")


def _named_actions(text: str, vocab: Vocabulary, proposed: bool, writes: bool,
                   by_object: bool) -> list[tuple[str, int, int]]:
    text = _PREFIXED.sub(r"\1", text)  # "un-suspend", "re-activate"
    text = _TOPIC_OF_A_NOTE.sub(" ", text)  # "pass you over with a note about the plan change": a topic, no action
    text = _WHERE_IT_IS_CHARGED.sub(" ", text)  # "…, charged to the PayPal account the order was paid with"
    text = _DECLINE_BUTTON.sub(" ", text)  # "[ Approve ]  [ Cancel ]": a button declining the pending action
    # a tool's own identifier ("`modify_pending_order_items` only works while …") names that tool and no other by its
    # words, and weighs least: an agent narrating its tools names them beside the action it offers
    quoted = {a.tool: m.start() for a in vocab.actions if (m := _identifier(a.tool).search(text)) is not None}
    for tool in quoted:
        text = _identifier(tool).sub(lambda m: " " * len(m.group(0)), text)
    found = [(a.tool, *score) for a in vocab.actions if (not writes or a.changes)
             and (score := action_score(text, a, proposed=proposed)) is not None]
    named = {tool for tool, _, _ in found}
    # "a late checkout at 13:00 - shall I arrange it?": a tool named by a generic verb and a compound noun
    # (set_late_checkout) is named by the compound alone, as "a refund" names a refund
    joined = re.sub(r"(?<=[a-z])-(?=[a-z])", "", text)
    found += [(a.tool, 2, m.start()) for a in vocab.actions if a.tool not in named and len(a.name_nouns) >= 2
              and a.verb in _GENERIC_NAME_VERBS and (not writes or a.changes)
              and (m := _compound(a).search(joined)) is not None]
    named = {tool for tool, _, _ in found}
    found += [(a.tool, 1, quoted[a.tool]) for a in vocab.actions if a.tool in quoted and a.tool not in named
              and (not writes or a.changes)]
    if not found and by_object:
        found = [(a.tool, 1, at) for a in vocab.actions if a.alters
                 and (at := _first(joined, tuple(_own_objects(a, vocab)))) is not None]  # ("check-out")
        found = found if len(found) == 1 else []
    accepted = vocab.goal.accepts
    return sorted(found, key=lambda f: (-f[1], f[0] not in accepted, f[2]))


def names_another_value(segs: Sequence[Segment], action: str, values: Mapping[str, object], vocab: Vocabulary) -> bool:
    """Whether the agent's sentence proposing the action states another value of a kind the message lists several
    of, and not the value ("… two entries: TX-7002 and TX-7003. I'll dispute TX-7002 …" proposes TX-7002, whatever
    else it lists; what a change starts from, "from …", is no proposal)."""
    proposing = [_FROM_TO.sub(" to ", seg.text) for seg in segs
                 if (seg.question or _AGENT_PROPOSES.search(seg.text)) and not _ALTERNATIVE.search(seg.text)
                 and any(tool == action for tool, _, _ in named_actions(seg.text, vocab, proposed=True))]
    return any(isinstance(value, str) and other_values(said, value) and not states(said, value)
               for value in values.values() for said in proposing)


_AGENT_PROPOSES = re.compile(r"\b(?:i|we)(?:'ll| will|'m going to| am going to| can| could| would)\b"
                             r"|\b(?:shall|should|may|can) (?:i|we)\b|\bwant me to\b|\blet me\b")
# another way offered beside the proposal ("If you'd rather use your credit card ending in 0078, I can do that instead")
_ALTERNATIVE = re.compile(r"\b(?:if you(?:'d| would)? (?:rather|prefer)|instead|alternatively)\b")
_FROM_TO = re.compile(r"\bfrom\b[^.;!?]{1,80}?(?:\bto\b|(?=[.;!?]|$))")  # ("… book the move from December 3?")
