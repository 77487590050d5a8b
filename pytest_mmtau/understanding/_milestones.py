"""Whether an agent message (or what the user's own tool showed) reports a goal milestone as done: the milestone's
words, or — for an action's outcome — the usual other words for it ("booked" is reported by "scheduled",
"cancelled" by "voided"), and "cannot" by any refusal. Questions, options offered ("Reasons: change of
plan / airline cancelled flight"), conditions and plans waiting for approval report nothing.
"""

from __future__ import annotations

import functools
import re

from ._lexicon import OUTCOMES, inflections
from ._speech import REFUSAL, REFUSAL_WAIVED
from ._text import Segment, compiled, mentions, segments
from ._values import shape, states

# a sentence offering options reports nothing done ("Reasons: change of plan, airline cancelled flight"); a reason
# recorded is no listing ("Your order is cancelled, and I have recorded the reason.")
_OPTIONS = re.compile(r"\b(?:options?|reasons|(?:which|what|a) reason|routes|paths|choices|alternatives|choose|"
                      r"select|pick|either|whether|"
                      r"such as|for example|e\.g\.|"
                      r"compar(?:e|ed|ing|ison)|vs|versus)\b|:$"
                      # "We offer two plans, Basic and Premium"
                      r"|\b(?:we|i|they) (?:offer|carry|sell|have) (?:two|three|four|several|a few|a couple of|\d+|"
                      r"the following)\b"
                      # ("Acme Connect has two plans, basic and premium")
                      r"|\b(?:offers|has) (?:two|three|four|several) (?:plans|tiers|options|models|versions)\b")
# what the agent opened or looked at to read it is no request opened: "I've opened image IMG-4500"
_A_FILE_OPENED = re.compile(r"\b(?:opened|viewed|checked|looked at|pulled up) (?:the |your |that |this )?"
                            r"(?:image|photo|picture|file|attachment|screenshot|link|email)\b")
# nor does the user's choice noted ("Premium for A103 - noted.", "Invoice title noted: …"; not "Your order is
# cancelled, and I've noted the reason.")
_NOTED = re.compile(r"\bnoted(?=\s*(?:[.!:;,]|$))")
# nor does a clause of what could or would happen ("once cancelled, …", "it can be cancelled")
_NOT_DONE = re.compile(r"\b(?:if|once|when|after|before|until|unless|would|can|could|may|might|should|shall|"
                       r"going to|want to|like to|need to|ha(?:ve|s) to|must|'d|"
                       # an offer of help ("Happy to help you move up to premium")
                       r"help(?:ing)? you (?!with anything)|"
                       # what the user tries ("the device you're trying to get online with"), what has not happened
                       # ("Nothing has been submitted yet")
                       r"try(?:ing)? to|hoping to|nothing (?:has|have) been|nothing (?:gets|is|was|will be)|not yet|"
                       r"(?:hasn't|haven't) been|"
                       # what the user asked for, said back ("you've told me you want Premium")
                       r"you(?:'ve| have)? (?:told me |said |mentioned )?(?:that )?(?:you )?(?:want|wanted|asked for|"
                       r"requested|chose|picked)|"
                       r"you(?:'ve| have) (?:already |just )?(?:given|told|sent|shared|provided)|"
                       # what the agent says it will do is not done yet ("I'll move you to Premium"), unlike what
                       # will happen ("it will arrive on February 4")
                       r"(?:i|we)(?:'ll| will)|let me|let's|let us|"
                       # a plan laid out ("Here's the change: A104 moves from Premium down to Basic")
                       r"here(?:'s| is) (?:the|what|how)(?: \w+)?(?: change| plan| summary| i| we| will)|"
                       # a change still asked for or possible ("the request to move you to Premium")
                       r"(?:request|requests|ask|plan|able|ready|way|option|chance|permission)(?: \w+)? to|"
                       # what is still needed ("account A103 needs unlocking and a move to Premium"), a change named
                       # as a gerund ("Moving to Premium takes effect …")
                       r"needs?|requires?|^\s*(?:moving|switching|changing|upgrading|downgrading|going)"
                       r"(?: (?:down|up|over|back))? to|"
                       # a value named for what it is ("As for the cheaper one, that's our Basic plan"), not as
                       # what the user now has
                       r"(?:that|this)(?:'s| is) (?:our|the) (?![^.?!]*\b(?:now|already|active|live)\b)"
                       r"(?:[\w-]+ ){1,2}(?:plan|tier|package|option))\b")
# a change named as a thing ("a colleague who can look at the move to Premium") reports it only said to be done
_CHANGE_NAMED = re.compile(r"\b(?:a|the|your|this|that) (?:[\w-]+ )?(?:move|switch|change|upgrade|downgrade) to\b")
_SAID_DONE = re.compile(r"\b(?:complete|completed|done|through|live|in place|in effect|active|finished|processed|"
                        r"succeeded|successful)\b")
# a clause joined by "and" with no subject of its own goes on under the modal of the one before ("a colleague who
# can unlock it and move you to Premium")
_OWN_SUBJECT = re.compile(r"^(?:i|we|you|he|she|it|they|your|my|our|the|this|that|these|those|there|its|their|his|"
                          r"her|a|an|everything|all|both|each)\b|^\w+(?:'s|'re|'ve)\b")
_CLAUSE = re.compile(r"[,;]\s*|\s-\s|\s(?:and|but|so|which|while)\s")  # " - ": a dash joins two clauses
_REFUSED = ("cannot", "can't", "can not", "unable", "not able")


def reporting(message: str, *, plan: bool) -> list[str]:
    """The clauses of an agent message that report something as it is or as done (none when the message lays out
    a plan it asks the user to approve)."""
    segs = segments(message)
    said = [c for k, s in enumerate(segs) if not s.asks and not _offered(segs, k) and not _OPTIONS.search(s.text)
            and not _NOTED.search(s.text)
            and not _CONSEQUENCE.search(s.text) and not (plan and s.item and _introduced(segs, k))
            for c in _done_clauses(s, _in_a_listing(segs, k))]
    # a plan laid out for approval is no report, but a state said beside it is ("Great, you're back online! Now,
    # regarding the plan: I'll move A104 to Basic. Reply yes to confirm.")
    # ("So that's account A104 switched down to Basic. Go ahead?": the plan said back, no state)
    return [c for c in said if _STATE.search(c) and not _FUTURE.search(c) and not _PLAN_SAID_BACK.match(c.strip())] \
        if plan else said


# a date's day and year stay in one clause ("delivered February 19, 2026")
_BRACKETED = re.compile(r"\([^()]*\)")
_DAY_AND_YEAR = re.compile(r"(\b\d{1,2}(?:st|nd|rd|th)?), (\d{4})\b")


def _done_clauses(seg: Segment, listing: bool) -> list[str]:
    """The clauses of a sentence that say nothing of what could, would or will be done."""
    done: list[str] = []
    undone_before = False
    text = _A_FILE_OPENED.sub(" ", _DAY_AND_YEAR.sub(r"\1 \2", seg.text))  # ("I've opened image IMG-4500")
    # a list in brackets stays with its clause ("you've given me both (A103, Premium)")
    text = _BRACKETED.sub(lambda bracket: bracket.group(0).replace(",", ""), text)
    for n, clause in enumerate(_CLAUSE.split(text)):
        if not clause or (listing and n == 0):
            continue
        joined = f" and {clause}" in text
        undone = _NOT_DONE.search(clause) is not None or (
            _CHANGE_NAMED.search(clause) is not None and _SAID_DONE.search(clause) is None) or (
            joined and undone_before and _OWN_SUBJECT.match(clause.strip()) is None)
        undone_before = undone
        if not undone:
            done.append(clause)
    return done


def _in_a_listing(segs: tuple[Segment, ...], k: int) -> bool:
    """A row of a table of two or more rows (its header row names the columns and is no segment): its first cell
    names one of several things compared ("| Premium | $25 | Unlimited |"), nothing done."""
    if not segs[k].table:
        return False
    start, end = k, k
    while start > 0 and segs[start - 1].table:
        start -= 1
    while end + 1 < len(segs) and segs[end + 1].table:
        end += 1
    return end > start


_STATE = re.compile(r"\b(?:is|are|'s|'re|'ve|has|have|was|were|now|back|already)\b")
_PLAN_SAID_BACK = re.compile(r"^(?:(?:so|okay|ok|right|then),? )*(?:that's|that is|that'd be|that would be)\b")
_FUTURE = re.compile(r"\b(?:will|'ll|going to|gonna|about to|next|shall)\b")


# a sentence led by a condition says what will follow it, never what is done ("Once we've scheduled the move-out,
# the account will close on that date"); a past "when" still reports ("When I checked, it was already cancelled")
_CONSEQUENCE = re.compile(r"^(?:\w+,? )?(?:if|once|as soon as|after|unless|until|when)\b.*\b(?:will|'ll|would|won't|"
                          r"can|could|may|might)\b")


def _introduced(segs: tuple[Segment, ...], k: int) -> bool:
    """A list item under a sentence that introduces the list (a plan's steps under "Here's the plan:"); items with
    none above them are the message's own sentences set as a list."""
    return any(not s.item for s in segs[:k])


def _offered(segs: tuple[Segment, ...], k: int) -> bool:
    """A list item under a question or an ask offers an option."""
    if not segs[k].item:
        return False
    header = next((s for s in reversed(segs[:k]) if not s.item), None)
    return header is not None and header.asks


# a negation in a statement: "no …", "not", "doesn't", "without", "unable", "never"
_NEGATION = r"(?:\b(?:no|not|never|none|without|cannot|unable)\b|n't\b)"
_CONDITION = re.compile(r"^\s*(?:if|unless|whether|in case)\b")
NEGATED = "not:"  # a milestone or output keyword met by any statement that negates its word ("not:install")


@functools.lru_cache(maxsize=256)
def _negated(word: str) -> re.Pattern[str]:
    stem = rf"(?<![a-z0-9]){re.escape(' '.join(word.lower().split()))}"
    # the negation close to the word, before it ("doesn't come with an installation service", "can't see any
    # visible damage") or just after it ("the damage is not visible"): "couldn't find the photo of the damage"
    # negates the finding, not the damage
    return re.compile(rf"{_NEGATION}(?:\W+[\w'-]+){{0,3}}?\W+{stem}|{stem}[\w-]*(?:\W+[\w'-]+){{0,2}}?\W*{_NEGATION}")


def negated_word(alternative: str) -> str | None:
    """The word of a ``not:<word>`` alternative (of a goal marker or an output keyword), else None."""
    alternative = alternative.strip()
    return alternative[len(NEGATED):] if alternative.lower().startswith(NEGATED) else None


def negates(message: str, word: str) -> bool:
    """Whether a statement of the message negates ``word`` (its stem: "install" also stands for "installation"),
    however it is said: "not:install" is met by "it doesn't come with an installation service" and by "there is
    no installation for it", never by a question or a condition ("if it isn't installed…")."""
    pattern = _negated(word)
    return any(pattern.search(c) and not _CONDITION.search(c)
               for s in segments(message) if not s.asks for c in _CLAUSE.split(s.text.lower()))


def reports(clauses: list[str], refusal: bool, alternative: str) -> bool:
    """Whether the reporting clauses (or, for "cannot", a refusal) report one milestone alternative."""
    if alternative.strip().lower() in _REFUSED and refusal:
        return True
    if shape(alternative.strip()) == "date":  # a date however it is written ("Delivered February 19, 2026")
        return any(states(c, alternative.strip()) for c in clauses)
    forms = _forms(alternative.strip().lower())
    done_noun = _noun_in_place(alternative.strip().lower())
    return any((mentions(c, form) and not _described(c, form) and not _alternative(c, form))
               for c in clauses for form in forms) \
        or (done_noun is not None and any(done_noun.search(c) for c in clauses))


# what a request or a change is said to be once it is done: "in" or "through" ("Your return request for the Water
# Bottle is in", "the update went through"), not still under way ("is being processed") nor a word a problem takes too
# ("your issue has been logged" issues nothing)
_IN_PLACE = (r"(?:(?:is|are|has|have|'s)(?: now| already)?(?: been)? (?:in|through)|(?:went|has gone|have gone) "
             r"(?:in|through))\b(?! (?:yet|progress|review|process|transit)\b)")


@functools.lru_cache(maxsize=256)
def _noun_in_place(alternative: str) -> re.Pattern[str] | None:
    """For an outcome said by a participle ("requested"), its noun said to be in place ("your return request … is
    in"); None for any other milestone (a value, a phrase)."""
    if " " in alternative or not alternative.endswith("ed"):
        return None
    # the verb is one of the participle's stems (request-ed, update-d, cancel-led): a stem that is no word names
    # nothing an agent writes
    stems = [v for v in (alternative[:-1], alternative[:-2], alternative[:-3]) if len(v) >= 4
             and alternative in inflections(v)]
    nouns = sorted({n for v in stems for n in inflections(v) if not n.endswith(("ed", "ing", "s"))})
    if not nouns:
        return None
    return re.compile(rf"\b(?:{'|'.join(map(re.escape, nouns))})\b(?: [\w'#-]+){{0,6}}? {_IN_PLACE}")


def _alternative(clause: str, form: str) -> bool:
    """Whether the clause names the milestone's word as one of alternatives ("Basic or Premium"), not as done."""
    return compiled(rf"\bor (?:the |a |an )?{re.escape(form)}\b|\b{re.escape(form)}(?: \w+)? or\b").search(
        clause) is not None


def _described(clause: str, form: str) -> bool:
    """Whether the clause is about the milestone's word as a thing in general, its subject ("Premium costs a little
    more", "Basic has lower speeds", "the Premium plan includes …", "cancelled orders are refunded"), priced or
    compared ("Basic is $10 a month", "Overview: Basic at $10", "Premium is faster", "with Premium, you'd get …"),
    not a report that it happened."""
    word, said = re.escape(form), clause.strip()
    return compiled(rf"(?:[\w '-]{{1,60}}: )?(?:(?:and|but|while) )?(?:with |on )?(?:the |our |a |an )?{word}"
                    rf"(?: [a-z]+)?(?: (?:costs?|includes?|offers?|comes? with|gives?|adds?|provides?|brings?|covers?|"
                    rf"means?|can|will|would|has(?! been\b))\b"
                    rf"|(?: is| at|:) ?\$|{_COMPARED}|{_ATTRIBUTE}"
                    rf"|(?: (?:is|are))?,? you(?:'d| would)? (?:get|have|pay)\b)").match(said) is not None \
        or compiled(rf"with (?:{word}|the {word}(?: plan)?)").fullmatch(said) is not None


# an attribute of the thing named ("the Premium rate kicks in from your next billing cycle")
_ATTRIBUTE = r"(?= (?:rate|price|pricing|fee|cost|charge|features?|speeds?|perks?|benefits?|allowance)\b)"
_COMPARED = r" (?:is|are) (?:cheaper|pricier|dearer|more|less|better|bigger|smaller|slower|faster)\b"


def _forms(alternative: str) -> tuple[str, ...]:
    """An outcome in its own words and the usual others ("booked": scheduled, reserved); a noun and its participle
    also the other way round ("dispute opened": "opened a dispute")."""
    parts = alternative.split()
    turned = tuple(f"{parts[1]} {article} {parts[0]}" for article in ("a", "an", "the", "your")) \
        if len(parts) == 2 and parts[1].endswith("ed") else ()
    return (alternative, *OUTCOMES.get(alternative, ()), *turned)


def refusals(message: str) -> list[str]:
    """The statements of a message that turn something down ("I can't cancel it: it has shipped")."""
    return [s.text for s in segments(message) if not s.asks and _declines(s.text)]


def refuses(message: str) -> bool:
    return any(_declines(s.text) for s in segments(message))


@functools.lru_cache(maxsize=4096)  # every milestone and labeller rule asks it of the same segments
def _declines(text: str) -> bool:
    return REFUSAL.search(text) is not None and REFUSAL_WAIVED.search(text) is None and not _AFTERWARDS.match(text) \
        and not _SHOULD_IT.match(text)


# a decline only in a case that may not arise: "If the account does turn out to be locked, I won't be able to …"
_SHOULD_IT = re.compile(r"^(?:\w+,? )?(?:if|should|in case) (?:it|the \w+|your \w+|that|this|they|there)\b"
                        r"(?:'s| is| are| was| were| does| do| did| has| have)? (?:turn out|prove|happen)")


# what cannot be undone once an action is done, said before doing it: "Once it's booked I can't move or cancel it"
_AFTERWARDS = re.compile(r"^(?:\w+,? )?(?:(?:just )?(?:note|remember)(?: that)?,? )?(?:once|after|when) "
                         r"(?:it|this|that|the \w+|your \w+)(?:'s| is| has been| gets| goes) "
                         r"(?:through|in|done|placed|[a-z]+(?:ed|en))\b")


# a statement of something completed: "has been moved", "I've added", "is now", "all set", "went through"
_COMPLETED = re.compile(r"\b(?:has|have) been\b|\b(?:i|we)(?:'ve| have) (?!to\b|no\b|not\b)|\b(?:is|are) now\b|"
                        r"\ball (?:set|done|sorted)\b|\b(?:went|gone) through\b|\bdone\b")


def reports_done_as_approved(message: str, values: dict[str, object]) -> bool:
    """Whether a statement of the message reports done the change the user approved, by one of its values that is
    no identifier ("Your return date has been moved to December 20" after approving the return date
    2026-12-20): the outcome in the agent's own words, which no milestone word lists."""
    changed = [v for v in values.values() if not isinstance(v, bool) and shape(str(v)) != "id"]
    return any(_COMPLETED.search(c) and any(states(c, v) for v in changed) for c in reporting(message, plan=False))
