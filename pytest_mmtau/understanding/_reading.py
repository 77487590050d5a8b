"""Reading one agent message: what it asks of the user, as one value both the simulated user and the labeller
act on."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from ..models import TRANSFER_TOOLS, UserFact
from ._actions import named_actions, names_another_value
from ._conversation import WH_WORD, about_the_conversation, answered_by_itself
from ._approvals import (STATUS_QUO, act_or_not, action_for, after_the_wait, approval, approval_kind,
                         checks_before_a_look_up, offers_information, other_variant_parts, plan_read_back,
                         points_at_a_value, read_back)
from . import _fact_model
from ._facts import (already_had, asked_in, distinguished, format_candidates, misread, named, offered, offers_choice,
                     options_named, passes_on, shares_a_name)
from ._lexicon import ORDER_NOUNS, SCREEN_NOUNS, singular
from ._milestones import refuses
from ._memo import PerVocabulary
from ._speech import (APPROVE_ACTION, ASK_FOR_INFO, CHOICE, CLOSING, COURTESY, ESCALATION, GOAL_QUESTION, IDENTITY,
                      MORE_ITEMS, PRONOUN, PURPOSE, REPEAT)
from ._text import (DASH_OR_COLON, Segment, compiled, has_change_table, header_of, is_directive, is_pleasantry,
                    normalise, phrase_pattern, segments, words)
from ._user_tools import (NAVIGATION, look_by_keywords, names_device_thing, requested_tools, tool_by_keywords,
                          tool_by_site)
from ._values import all_stated, other_values, states
from ._vocabulary import FactSense, Vocabulary, content_words


@dataclass(frozen=True, kw_only=True)
class Reading:
    """What one agent message asks of the user.

    ``asked``: the user's facts it asks for. ``confirmation``: it asks the user to approve an action;
    ``verification``: it asks the user to check values it read back (no action). ``action``: the agent tool whose
    action the approval names (in the message or, when the message names none, in the agent's message just
    before). ``values``: the action's critical arguments with the task's values when the message states them all
    (in it, or unambiguously in the message before) and reads nothing back wrongly — a confirmation of exactly
    that call — else None. ``verified``: facts read back with the user's value in a check. ``misread``: facts
    read back with another value. ``tools``: the user's own tools it asks the user to operate, in order.
    ``anything_else``: it offers further help or signs off. ``more_items``: for an ordering goal, it asks what
    (else) to order. ``goal_question``: it asks what the user needs. ``repeat``: it asks the user to say it again.
    ``choice``: it offers options. ``actions_offered``: the agent's own actions it asks the user to choose
    among or order ("Which would you like me to start with - the refund or the return?"), as named, in order.
    ``order_lines``: target order lines whose item an ask names.
    ``escalation``/``refusal``: it hands over to a human / declines. ``information``: it states something.
    ``unmatched``: its asks that match nothing the user can answer or do, in the agent's words.
    """

    asked: tuple[UserFact, ...] = ()
    confirmation: bool = False
    verification: bool = False
    action: str | None = None
    values: Mapping[str, Any] | None = None
    verified: tuple[UserFact, ...] = ()
    misread: tuple[UserFact, ...] = ()
    anything_else: bool = False
    more_items: bool = False
    tools: tuple[str, ...] = ()
    goal_question: bool = False
    repeat: bool = False
    choice: bool = False
    actions_offered: tuple[str, ...] = ()
    order_lines: tuple[int, ...] = ()
    escalation: bool = False
    refusal: bool = False
    information: bool = False
    unmatched: tuple[str, ...] = ()

    @property
    def clarification(self) -> bool:
        """It asks the user for information it needs (and is not a confirmation request)."""
        return not self.confirmation and bool(self.asked or self.verification or self.goal_question or self.choice
                                              or self.actions_offered or self.repeat or self.order_lines
                                              or self.unmatched)


# a question that asks which of the agent's actions to take, or to take first
_WHICH_ACTION = re.compile(r"\bwhich (?:one |of (?:these|those|the two|them) )?(?:would you like|do you want|"
                           r"should (?:i|we)|shall (?:i|we)|(?:would|do) you prefer)\b"
                           r"|\bwhich (?:one |of (?:these|those|them) )?(?:first|comes first)\b"
                           r"|\b(?:would you like|do you want|should|shall) (?:me|us|i|we) to (?:\w+ )?(?:with )?"
                           r"(?:the |your )?[\w -]{2,40},? or\b")
_FIRST = re.compile(r"\b(?:first|start(?:ed)? with|begin with|one at a time)\b")


def _actions_offered(sentence: str, text: str, vocab: Vocabulary) -> tuple[str, ...]:
    """The agent's own actions (writes) a question asks the user to choose among or to order: two or more named
    in the question itself ("… the price protection or the return?"), or in the message when the question asks
    which to do first ("Both need their own yes. Which would you like me to set up first?")."""
    if _WHICH_ACTION.search(sentence) is None:
        return ()
    # (the message around the question, not the question's own verb: "Which would you like me to set up first?")
    for where in (sentence, text.replace(sentence, " ")) if _FIRST.search(sentence) else (sentence,):
        # (a synonym alone names no one action: "set up" sets up a return as well as an installation)
        found = {tool: at for tool, score, at in named_actions(where, vocab, proposed=True, writes=True)
                 if score > 2}
        for tool, at in _actions_by_name(where, vocab):  # "the price protection or the return?": named by nouns
            found.setdefault(tool, at)
        tools = tuple(tool for tool, _ in sorted(found.items(), key=lambda f: f[1]) if tool not in TRANSFER_TOOLS)
        if len(tools) >= 2:
            return tools
    return ()


# words of a tool's name too common to name its action alone ("resume_line": "the line")
_BARE_OBJECTS = frozenset({"line", "lines", "order", "orders", "account", "item", "items", "user", "details", "data",
                           "pending", "delivered"})


def _actions_by_name(text: str, vocab: Vocabulary) -> list[tuple[str, int]]:
    """(tool, position) of the agent's writes a text names by the nouns of their name ("the price protection",
    "the installation") or by their verb as a noun ("the refuel", "the return")."""
    writes = [sense for sense in vocab.actions if sense.alters]
    nouns_of = {sense.tool: tuple(sense.tool.lower().split("_")[1:]) for sense in writes}
    out = []
    for sense in writes:
        nouns = nouns_of[sense.tool]
        # (nouns two tools share name neither: "roaming" is enabled and disabled)
        own = bool(set(nouns) - _BARE_OBJECTS) and list(nouns_of.values()).count(nouns) == 1
        named = [r"\b" + r"[ -]".join(map(re.escape, nouns)) + r"s?\b"] if own else []
        verb_as_noun = r"\b(?:the|a|your) (?:" + "|".join(map(re.escape, sorted(sense.verbs))) + r")\b"
        hit = compiled("|".join([*named, verb_as_noun])).search(text)
        if hit is not None:
            out.append((sense.tool, hit.start()))
    return out


def _checked_clauses(segs: tuple[Segment, ...], kinds: Mapping[Segment, str], vocab: Vocabulary, text: str) -> str:
    """What a check asks about: the clauses that ask, when each states a value ("I found an account under Jonas
    Jensen - can you confirm 81230 is the ZIP code on it?" checks the ZIP), else the whole message ("I have you as
    Freya Petrov, ZIP 38892. Both correct?", a list of details under "Please confirm these:")."""
    own = [_asking_clause(seg.text) for seg in segs if seg in kinds]
    stating = own and all(any(states(clause, s.fact.value) for s in vocab.facts) for clause in own)
    return " ".join(own) if stating else text


# a clause that reports what the agent found, before the one that asks ("I found an account under Jonas Jensen - …";
# not a greeting: "Thanks, Priya Raman - and your birthday is …?")
_FOUND_FIRST = re.compile(r"\b(?:found|came up|comes up|located|pulled up|shows?|showing|matches|matched)\b")


def _asking_clause(text: str) -> str:
    """The clause of a sentence that asks, when a clause reporting a finding comes before it, else the sentence."""
    *head, tail = DASH_OR_COLON.split(text)
    return tail if head and _FOUND_FIRST.search(" ".join(head)) else text


def _order_lines(text: str, vocab: Vocabulary) -> list[int]:
    """Target lines whose item the text names, in full or by a word no other target item has ("which salmon
    side?")."""
    found = [o.index for o in vocab.order
             if compiled(rf"(?<![a-z0-9]){re.escape(o.item)}(?:s|es)?(?![a-z0-9])").search(text)]
    if found:
        return found
    said = {singular(w) for w in words(text)}
    for o in vocab.order:
        own = {singular(w) for w in o.item.split() if len(w) >= 4 and w not in ORDER_NOUNS}
        others = {singular(w) for p in vocab.order if p is not o for w in p.item.split()}
        if own & said - others:
            found.append(o.index)
    return found


# a directive to the user of its own (not a line about the agent's action next to an approval)
# a step of the user's own beside an approval: "After that, please enable data roaming in your phone settings",
# "You'll also want to turn on data roaming on your phone", "flip Data roaming ON in your phone's mobile data settings"
_TO_USER = re.compile(r"^(?:(?:[\w' ]{1,30}, ){1,2}|[^.?!]*?(?:[:;]|\s-)\s+)?(?:(?:also|then|now|just) )*"
                      r"(?:please|kindly)\b"
                      r"|^(?:[\w' ]{1,30}, )?you(?:'ll| will)? (?:(?:also|then|now|just) )*(?:need|want|have) to\b"
                      r"|^.*\b(?:on|in|from) your (?:phone|device|handset)(?:'s(?: [\w-]+){0,3})?(?: settings)?\W*$"
                      # "Let's start with the phone part: Settings > Apps > Messages > Permissions": a path to tap
                      r"|.*\bsettings ?>")
_READ: PerVocabulary[Reading] = PerVocabulary(512)


def read(text: str, vocab: Vocabulary, *, previous: str = "", previous_asked: tuple[UserFact, ...] = ()) -> Reading:
    """Read one agent message. ``previous`` is the agent's message just before (where an approval's action or
    values may have been named), ``previous_asked`` the facts it asked for (what "it" may refer to). The same
    message in the same context reads the same (remembered: the labeller reads what the user read)."""
    key = (text, previous, tuple(f.key for f in previous_asked))
    cached = _READ.get(vocab, key)
    return cached if cached is not None else _READ.put(vocab, key, _read(text, vocab, previous, previous_asked))


def _read(text: str, vocab: Vocabulary, previous: str, previous_asked: tuple[UserFact, ...]) -> Reading:
    segs = segments(text)
    asking = [s for s in segs if s.asks]
    kinds = {s: kind for s in asking if (kind := approval(s.text, vocab)) is not None}
    kinds |= {s: "check" for k, s in enumerate(segs) if k and s.asks and s not in kinds  # "I have 631-555-3438. Is that
              and points_at_a_value(s.text, segs[k - 1].text, vocab)}  # the number registered with us?"
    if not kinds:  # "To confirm: resume line 415-555-0136 on account C1002.": a plan read back for a yes
        kinds = {s: "action" for s in segs if plan_read_back(s.text, vocab)}
    if not kinds and (offer := act_or_not(segs, vocab)) is not None:
        kinds = {offer: "action"}  # "How would you like to proceed? 1. Yes, cancel it 2. No, keep the order"
    # "Would March 13 work for the installation? If so, I'll lock it in.": the question is the approval's own
    for k, seg in enumerate(segs):
        if kinds.get(seg) == "action" and k and segs[k - 1].asks and _IF_SO.match(seg.text):
            kinds = {s: kinds.get(s, "action") for s in segs if s in kinds or s is segs[k - 1]}
    approvals = list(kinds)
    asked: dict[str, UserFact] = {}
    # the user's own steps: not in an approval, nor in a line stating the agent's own action around one
    own_action = {s for s in segs if kinds and named_actions(s.text, vocab, proposed=True, writes=True)
                  and not (s not in kinds and _TO_USER.match(s.text))}  # "Meanwhile, please turn data on."
    # the items of a list under "What I've handed over:" report what was passed on ("- Request: switch to Premium")
    reported = {k for k, s in enumerate(segs) if s.item and s.asks and _under_a_statement(segs, k)}
    # ("Wondering whether clearing the cache will wipe your history? It won't": a worry voiced and answered)
    requested = requested_tools(segs, [s.asks and s not in kinds and s not in own_action and k not in reported
                                       and not (s.question and _WORRY_VOICED.match(s.text))
                                       for k, s in enumerate(segs)], vocab, previous=previous)
    # "Can you tell me what's going on with your internet connection?" asks for the problem, not for a look
    # ("Can you confirm the line with no service is 206-555-0128?" checks the number, not the phone's service)
    requested = [(k, tool) for k, tool in requested if not (_PROBLEM_TOLD.search(segs[k].text)
                                                            and not _ON_THE_SCREEN.search(segs[k].text))
                 and not _checks_a_value(segs[k].text, vocab)
                 and not (k and _READ_IT_OUT.match(segs[k].text) and _A_CODE.search(segs[k - 1].text))]
    tools = list(dict.fromkeys(tool for _, tool in requested))  # "shall I enable roaming?" is the agent's own
    understood: set[int] = {k for k, _ in requested} | reported
    if tools:  # "Would you mind opening Settings > Apps > Messages?" before the steps on that screen: the way there
        understood |= {k for k, s in enumerate(segs) if s.asks and _TO_A_SCREEN.search(s.text)}
        # "Look at the connection picture - what does it say now? Online, or still offline?": more of the same look
        look_tools = {u.tool for u in vocab.user_tools if u.verb == "check"}
        looks = {k for k, tool in requested if tool in look_tools}
        understood |= {k for k, s in enumerate(segs) if s.question and looks & {k - 1, k - 2}
                       and _LOOK_FOLLOW_UP.match(s.text)}
    passing: set[int] = set()  # asks understood as ones the user answers in passing: small talk, courtesy, offers
    goal_q = repeat = choice = closing = more = False
    offered_actions: tuple[str, ...] = ()
    lines: list[int] = []
    asked_until: list[int] = []  # how many facts were asked before each sentence
    for k, seg in enumerate(segs):
        asked_until.append(len(asked))
        way = _IDENTIFY_BY.search(seg.text)  # "I can also look you up by your full name and date of birth"
        for sense in asked_in(seg.text[way.end():], vocab) if way else ():
            asked.setdefault(sense.fact.key, sense.fact)
        if not seg.asks:
            # (the options of an approval, to act or keep things as they are, ask for no fact: "downgrade A104 to
            # Basic now, or keep Premium for the time being")
            approval_options = bool(kinds) and STATUS_QUO.search(seg.text) is not None
            closing |= CLOSING.search(seg.text) is not None and not (vocab.order and _more_to_order(seg.text)) \
                and not _NEED_NOTHING_ELSE.search(seg.text)
            more |= bool(vocab.order) and MORE_ITEMS.match(seg.text) is not None  # "Anything to drink with that"
            repeat |= REPEAT.search(seg.text) is not None
            # "1. Your email address": a list item naming a fact without its value asks for it; so does a bare
            # noun phrase ("Great - now the order ID.", "Next: the reason for cancelling.")
            # (a table states, unless asked for; so does an item that is a clause: "I verify your account using
            # your email", "Verified your identity (name and date of birth)", "New shipping address: updated")
            if (seg.item and not seg.table and not seg.status
                    and (not _STATED_ITEM.search(seg.text) or _NAMED_BY_CLAUSE.match(seg.text))
                    and not _under_a_statement(segs, k)) \
                    or _BARE_ASK.match(seg.text):
                # (a value after the label, in a list a yes is asked about, is read back: "2. New option: olive, US
                # 11" above "Shall I proceed?" states the option, right or wrong)
                labelled = bool(kinds) and _LABELLED_VALUE.match(seg.text) is not None
                for sense in asked_in(seg.text, vocab) if not (labelled or approval_options) else ():
                    asked.setdefault(sense.fact.key, sense.fact)
            # "And the order number, that's the one starting with E", "… - first + last name and zip code then": a
            # bare noun phrase with a word on what it is, or offered instead
            elliptic = _ELLIPTIC_ASK.match(seg.text) or _FALLBACK_ASK.search(seg.text) \
                or _OTHERWISE_ASK.search(seg.text) \
                or (_TOO_ASK.match(seg.text) if asked else None)
            for sense in asked_in(elliptic.group("np"), vocab) if elliptic and not seg.table else ():
                asked.setdefault(sense.fact.key, sense.fact)
            # "I'll need two things. The first is your full name …": each of the things announced
            counted = (k > 0 and _NEEDS_SOME.search(segs[k - 1].text) is not None) or (
                k > 1 and _NEEDS_SOME.search(segs[k - 2].text) is not None
                and _ONE_OF_THEM.match(segs[k - 1].text) is not None)
            for sense in asked_in(seg.text, vocab) if counted and _ONE_OF_THEM.match(seg.text) else ():
                asked.setdefault(sense.fact.key, sense.fact)
            for sense in _names_under_a_label(seg.text, vocab):  # "To proceed with verification: full name + DOB."
                asked.setdefault(sense.fact.key, sense.fact)
            for sense in vocab.facts:  # "… whichever of these fits: no longer needed, or ordered by mistake."
                if offers_choice(seg.text, sense) and not seg.table and not approval_options:
                    asked.setdefault(sense.fact.key, sense.fact)
            given = _IF_YOU_GIVE.search(seg.text)  # "If you share your number, I'll check …"
            for sense in asked_in(given.group(0), vocab) if given else ():
                asked.setdefault(sense.fact.key, sense.fact)
            for clause in _CLAUSES.split(seg.text) if _SUFFICES.search(seg.text) else ():
                for sense in asked_in(clause, vocab) if _SUFFICES.search(clause) and not _GIVEN.search(clause) else ():
                    asked.setdefault(sense.fact.key, sense.fact)
            continue
        hit = seg in approvals
        # an approval may ask for a fact too ("tell me the invoice title and confirm the order is E206019"); a
        # purpose clause names what the fact is for ("… so I can pull up your orders"); "please confirm the new
        # address:" above the address itself asks to check it, not for it
        checking = _asks_to_check(seg.text)
        device = k in understood  # the sentence asks the user to operate a tool of their own
        # "Did you get the confirmation email?", "keep an eye on your inbox": about the chat, no fact asked for
        chat = about_the_conversation(seg.text)
        # "Why can't it be cancelled? Because it has shipped.": the agent answers its own question, asks no reason
        # (the first thing the message says, after a greeting or thanks at most, may echo the user's problem)
        opens = seg.question and not named(seg.text, vocab) and all(_lead_in(s, vocab) for s in segs[:k])
        rhetorical = seg.question and answered_by_itself(seg.text, _statement_after(segs, k), opens=opens) \
            and not _choices_follow(segs, k, vocab)
        wants_facts = not rhetorical and (not chat or _ASK_VERB.search(seg.text) is not None)
        # a step of the user's own in a list ("1. Log in with your email"): the fact is what the step uses
        wants_facts &= not (seg.item and _USES_IT.match(seg.text) is not None)
        # ("Here's my plan: … 3. Read the new address back to you": the agent's own step)
        wants_facts &= not (seg.item and _under_a_statement(segs, k))
        # ("The only thing I'm missing is the title. What should it say?": "it" is what the sentence before asked)
        follows_an_ask = k > 0 and asked_until[k] > asked_until[k - 1] and _IT_SAYS.search(seg.text) is not None
        for sense in (_asked_for(_question_after_statement(seg.text), vocab) or (
                _asked_of_antecedent(seg.text, segs[:k], vocab, previous)
                if not (follows_an_ask or _picks_a_listed_option(seg, segs, vocab)) else [])) \
                if wants_facts else ():
            if device and not _named_specifically(sense, seg.text, vocab):
                continue  # "read me the number on your meter": what the device shows, not the account number
            # (a value among options offered is no read-back: "… a morning or afternoon slot and I'll check
            # availability" asks which)
            if checking and (states(text, sense.fact.value) or _another_option(seg.text, sense)) \
                    and not offered(seg.text, sense):
                hit = True  # (a value read back to check, right or wrong: "please check this: Premium for A104")
                continue
            if seg.table and (states(seg.text, sense.fact.value) or (kinds and _BLANK_CELL.search(seg.text) is None)):
                # "| Order | E206019 |" above "please confirm these details": a value to check, not to give; in a
                # table laid out for a yes, a row with a value of its own is a record ("| tool | change_plan |"),
                # one left blank asks ("| ZIP | ? |")
                hit = True
                continue
            if seg not in approvals or (not read_back(seg.text, sense)
                                        and _ASK_VERB.search(_ASSENT_WANTED.sub(" ", seg.text))):
                asked.setdefault(sense.fact.key, sense.fact)
                hit = True
        if vocab.order and _more_to_order(seg.text):
            more = hit = True
        elif CLOSING.search(seg.text):
            closing = hit = True
        # (an ask to approve is answered yes or no: "Just to confirm, is cancelling it what you want?")
        if GOAL_QUESTION.search(seg.text) and not CLOSING.search(seg.text) and seg not in kinds \
                and not _seen_on_a_tool(seg.text, vocab):
            goal_q = hit = True
        if REPEAT.search(seg.text):
            repeat = hit = True
            # "Sorry, I didn't catch that - could you type it again?": again what the message before asked
            if ASK_FOR_INFO.search(seg.text) and not named(seg.text, vocab):
                for fact in previous_asked:
                    asked.setdefault(fact.key, fact)
        if seg.question and seg not in approvals and not device and not offered_actions \
                and (offered_actions := _actions_offered(seg.text, text, vocab)):
            hit = True  # "Which would you like me to do first - the refund or the return?"
        # ("Is Data roaming on or off?" asks what the user's phone shows: a step of theirs, not a choice)
        if CHOICE.search(seg.text) and seg not in approvals and not device:
            choice = True
            hit = hit or bool(vocab.order)
        # "Would you like to add a dessert?" offers one more line: a drink or a dessert is no detail of a line asked
        # ("Anything to drink with the nachos?" names the nachos as what the drink goes with)
        # ("Would you like to add avocado to the salad?" adds to a line: a detail of it)
        more_only = bool(vocab.order) and MORE_ITEMS.search(seg.text) is not None \
            and _LINE_DETAIL.isdisjoint(singular(w) for w in words(seg.text)) and not _ONTO_A_LINE.search(seg.text)
        if vocab.order and seg.question and not ORDER_NOUNS.isdisjoint(singular(w) for w in words(seg.text)):
            choice = hit = True  # "And for the dressing?": an ordering guest is asked about its order
        # "Shall I add three Garlic Knots?" asks to approve adding a line, not about one of the guest's lines
        found_lines = _order_lines(seg.text, vocab) if seg not in kinds and not more_only and not rhetorical else []
        if more_only and seg not in kinds and _order_lines(seg.text, vocab):
            choice = hit = True  # still a question about the guest's order
        if not found_lines and vocab.order and k and seg.asks and seg not in kinds and not segs[k - 1].asks \
                and _describes_a_line(segs[k - 1].text) and not _ELSE.search(seg.text):
            # "The salmon comes with a side. Would you like mashed potatoes or rice?", "The Garlic Knots come with a
            # dip - marinara or garlic butter. What would you like": the line just described (not "What else …?")
            found_lines = _order_lines(segs[k - 1].text, vocab)
        if found_lines:
            lines += [i for i in found_lines if i not in lines]
            hit = True
        # "Shall I explain …?" is answered yes or no
        if hit or chat or rhetorical or COURTESY.search(seg.text) or offers_information(seg.text):
            understood.add(k)
            if not hit:
                passing.add(k)
    # "It should start with a W and have seven digits." after "What's the order number?": a hint at the format of
    # what the message before asked, in a message that asks nothing else, is that ask still open
    if previous_asked and not asked and not approvals and not tools and not any(s.asks for s in segs):
        said = " ".join(s.text for s in segs)
        for sense in format_candidates(said, vocab):
            if sense.fact in previous_asked and not other_values(said, sense.fact.value) \
                    and not states(said, sense.fact.value):
                asked.setdefault(sense.fact.key, sense.fact)
    rechecked = _resolve_references(segs, vocab, previous_asked, asked, understood, bool(tools or approvals),
                                    previous)
    # "I can either return the mat or exchange it. Which would you prefer?": a choice between the actions just named
    chosen = {k for k, seg in enumerate(segs) if k and seg.asks and seg.question and k not in understood
              and seg not in kinds and _BARE_CHOICE.match(seg.text)
              and len({tool for tool, _, _ in named_actions(segs[k - 1].text, vocab)}) >= 2}
    understood |= chosen
    for k, seg in enumerate(segs):  # "Your order contains: - Earbuds - Phone Case. Which would you like to return?"
        # (a question that opens by picking one of them does so even when it asks for more: "Which one do you want
        # to exchange, and for what?")
        if seg.asks and (k not in understood or _WHICH_ONE.search(seg.text)) and seg not in kinds \
                and k not in chosen and (
                _WHICH_ONE.search(seg.text) or _WHICH_OF_THEM.search(seg.text)):
            # "I see a few orders on your account. Which one did you mean?": one of the things just named
            lead = seg.text[:seg.text.find("which")] if "which" in seg.text else ""  # "I see a few orders - which …"
            # (the message's first sentence picks among what the message before listed: "You can switch to Basic or
            # Premium." … "Which one would you like?")
            earlier = segments(previous) if previous and _opens(segs, k, vocab) else ()
            # ("… it's on Basic right now. Premium adds the faster speed tier. Which of the two …?": the options)
            named_before = " ".join(s.text for s in segs[:k] if not s.asks)
            for sense in (_listed(segs, vocab) or _plural_before(segs[:k], vocab, lead)
                          or (_listed(earlier, vocab) or _plural_before(earlier, vocab) if earlier else [])
                          or [s for s in vocab.facts if options_named(named_before, s)][:1]):
                asked.setdefault(sense.fact.key, sense.fact)
                understood.add(k)
    # "I can change the payment method on that order. What would you like to use instead?": a question that names
    # nothing, about the one fact the statement just before names (and gives no value of)
    for k, seg in enumerate(segs):
        if k and seg.asks and seg.question and k not in understood and seg not in kinds and _WHICH.match(seg.text) \
                and _ELLIPTIC.search(seg.text) and not segs[k - 1].asks and not named(seg.text, vocab):
            before = [h.sense for h in named(segs[k - 1].text, vocab) if h.weight >= 2]
            if len(before) == 1 and not (states(segs[k - 1].text, before[0].fact.value)
                                         or other_values(segs[k - 1].text, before[0].fact.value)):
                asked.setdefault(before[0].fact.key, before[0].fact)
                understood.add(k)
    # "Which location would you like to switch to? We have Harbour Street and Millbrook.": a which-question whose
    # options the sentence next to it lists, two or more of one fact's own
    for k, seg in enumerate(segs):
        if seg.asks and k not in understood and seg not in kinds and (
                (seg.question and _WHICH.match(seg.text)) or _WHICH_WANTED.search(seg.text)):
            start = max(k - 1, 0)
            while start > 0 and segs[start].item and not segs[start - 1].asks:
                start -= 1  # the whole list laid out just before ("Freeze options: - 1 month - 2 months …")
            near = " ".join(s.text for s in segs[start:k + 2] if not s.asks)
            if previous and _opens(segs, k, vocab):  # the options listed in the message before
                near = " ".join(s.text for s in segments(previous) if not s.asks) + " " + near
            laid_out = [s for s in segs[start:k] if s.item and not s.asks]
            for sense in ([s for s in vocab.facts if len(s.options) > 1 and offered(near, s)]
                          or (_listed(tuple(laid_out), vocab) if len(laid_out) >= 2 else []))[:1]:
                asked.setdefault(sense.fact.key, sense.fact)
                understood.add(k)
    # "Which speed tier were you thinking of moving to?": a which-question after the target of a move is the one fact
    # with options the goal's own action takes, however the agent names its kind
    for k, seg in enumerate(segs):
        if seg.asks and k not in understood and seg not in kinds and seg.question and _WHICH.match(seg.text) \
                and _MOVE_TARGET.search(seg.text):
            targets = [s for s in vocab.facts if len(s.options) > 1 and set(s.tools) & set(vocab.goal.accepts)]
            if len(targets) == 1:
                asked.setdefault(targets[0].fact.key, targets[0].fact)
                understood.add(k)
    # "What's her full name as it appears on her licence?": a third person's name is the name of the one fact that
    # names another person by role (driver_name, recipient_name), never the user's own (last_name, full_name), also
    # beside another fact the sentence asks ("I'll need their full name and their licence number")
    for k, seg in enumerate(segs):
        if seg.asks and seg not in kinds and _THEIR_NAME.search(seg.text):
            roles = [s for s in vocab.facts if s.head == "name" and len(s.fact.key.split("_")) == 2
                     and s.fact.key.split("_")[0] not in _OWN_NAME_WORDS]
            if len(roles) == 1:
                asked.setdefault(roles[0].fact.key, roles[0].fact)
                understood.add(k)
    # "What's the order number for the invoice? And the exact name you'd like on it?": a question that points back
    # at what this message asks is part of that ask, unless it wants an identifier of its own ("… and its SKU?")
    if asked or tools or approvals:
        understood |= {k for k, seg in enumerate(segs) if seg.asks and seg.question and k not in understood
                       and seg not in kinds and PRONOUN.search(seg.text) and not _IDENTIFIER.search(seg.text)}
    # "Do you want Premium from today or from the next cycle?": a yes/no question about the user's own request (one
    # of its values, an action its goal takes) is answered from that request, unless it wants a detail of its own
    understood |= {k for k, seg in enumerate(segs) if seg.asks and seg.question and k not in understood
                   and seg not in kinds and not WH_WORD.search(seg.text) and not _IDENTIFIER.search(seg.text)
                   and _about_the_request(seg.text, vocab)}
    for k, seg in enumerate(segs):  # "Can you verify your identity first?": the facts an account look-up takes
        if seg.asks and k not in understood and IDENTITY.search(seg.text):
            if not asked:
                for fact in _identity_facts(vocab):
                    asked.setdefault(fact.key, fact)
            understood.add(k)
    # "So I can find your account, what should I search for? Your name and ZIP code do the trick.": the facts the
    # statements after it name are the ask (none named: those an account look-up takes)
    for k, seg in enumerate(segs):
        if seg.question and k not in understood and _SEARCH_BY.search(seg.text):
            hints = [h.sense.fact for s in segs[k + 1:k + 3] if not s.asks for h in named(s.text, vocab)]
            for fact in hints or ([] if asked else _identity_facts(vocab)):
                asked.setdefault(fact.key, fact)
            understood.add(k)
    # "I'll need to verify your identity." before the ask that says how is a preamble, not an ask of its own (small
    # talk after it says no how: "I'll need the account PIN you chose. Did you know you can also use our app?")
    if asked or tools or any(segs[k].asks for k in understood - passing):
        understood |= _preambles(segs)
    # "Open Settings", "Tap Connections": how to get to a step the message asks for
    def on_the_way() -> set[int]:
        return {k for k, seg in enumerate(segs) if seg.asks and NAVIGATION.search(seg.text)} if tools else set()

    understood |= on_the_way()
    # the items of a list answered in part are one ask ("- Street address / - City / - State")
    for k, seg in enumerate(segs):
        if seg.item and seg.asks and not seg.question and k not in understood:
            header = next((j for j in range(k - 1, -1, -1) if not segs[j].item), None)
            siblings = [j for j in range(header + 1 if header is not None else 0, len(segs)) if segs[j].item]
            # … but not an item that wants an identifier no fact of the user's is ("- your company's VAT number")
            # (nor one naming a thing on the user's device, a look of its own: "- the figure on your meter's display")
            if any(j in understood for j in siblings) and not (_IDENTIFIER.search(seg.text)
                                                               and not asked_in(seg.text, vocab)) \
                    and not (vocab.user_tools and _names_a_thing(seg.text) and names_device_thing(seg.text, vocab)):
                understood.add(k)
    # options offered for what the user needs ("what isn't working? Is it: - calls - data") are that question's
    if goal_q:
        understood |= {k for k, seg in enumerate(segs) if seg.asks and (seg.item or seg.header)}
    # a header's items carry its ask
    def carried_by_items() -> set[int]:
        return {k for k, seg in enumerate(segs)
                if (seg.header or (seg.asks and _FORWARD.search(seg.text) is not None and k + 1 < len(segs)
                                   and segs[k + 1].item))  # "Could you provide one of the following?"
                and (any(j in understood for j in range(k + 1, len(segs)) if segs[j].item) or asked)}

    understood |= carried_by_items()
    # the last resort: an ask nothing else read that names one of the user's own tools by the words of the tool's
    # name and description ("Try logging out of the app and logging back in" for sign_out_and_back_in)
    def _look(text: str, read_so_far: list[str]) -> str | None:
        # a look named by a word alone adds no step beside others read ("Is the connection any quicker? The easiest
        # way to find out is a speed test." asks the one test), though it may report on one ("… and tell me what
        # happens?" after the steps)
        # (or the step after one read: "Once you're in, tap the QR symbol and tell me whether the code shows")
        found = look_by_keywords(text, vocab)
        return found if not read_so_far or found in read_so_far or _AFTER_THAT.match(text) else None

    for k, seg in enumerate(segs):
        if seg.asks and k not in understood and seg not in kinds and vocab.user_tools \
                and not _OFFER.search(seg.text) and not _ONCE_I_HAVE.match(seg.text) \
                and not _wants_a_detail(seg.text, vocab):  # "the PUK code printed on the SIM card holder" is a detail
            # (a list item by a look alone: the items together may name another of the user's tools, below)
            # (an item that names a thing of the user's device, under an ask: "I'll need two things: … - The number
            # on your meter's display" asks what it shows)
            found = (_look(seg.text, tools) or (_look("what's " + seg.text.strip(" ?.!"), tools)
                                                if _names_a_thing(seg.text) and names_device_thing(seg.text, vocab)
                                                else None)) if seg.item \
                else tool_by_keywords(seg.text, vocab) or tool_by_site(seg.text, vocab) or _look(seg.text, tools)
            if found is not None:
                tools += [] if found in tools else [found]
                understood.add(k)
    understood |= carried_by_items() | on_the_way()  # (of the steps a look read, too)
    # "Press the button again to switch it back on" after "Press that and all the lights should go off": the second
    # half of a power cycle asked apart from the first (in the message before, or a sentence before)
    if not tools and vocab.user_tools:
        for k, seg in enumerate(segs):
            if seg.asks and k not in understood and _BACK_ON.search(seg.text):
                off = _SWITCHED_OFF.search(" ".join([normalise(previous), *(s.text for s in segs[:k + 1])]))
                thing = f"the {off['device']}" if off and off["device"] else "it"
                cycled = requested_tools(segments(f"Please turn {thing} off and back on."), [True], vocab) \
                    if off else []
                if len(cycled) == 1:
                    tools.append(cycled[0][1])
                    understood.add(k)
                break
    # one tool's steps split over list items ("1. Sign out of the club app / 2. Log in again" for
    # sign_out_and_back_in): read together when no item placed alone and the message named no tool otherwise (not
    # the settings paths of one step on two phones: "Turn on mobile data: - iPhone: Settings > … - Android: …")
    for run in _unplaced_item_runs(segs, understood, kinds, vocab) if vocab.user_tools else ():
        if tools and all(" > " in segs[k].text for k in run):
            continue  # the menu paths of a step read above, one per phone
        found = tool_by_keywords(", then ".join(segs[k].text for k in run), vocab)
        if found is not None:
            tools += [] if found in tools else [found]
            understood.update(run)
            understood |= _preambles(segs)  # as for any ask placed: "Let me know once you've done that" goes with it
    # "Could you pop over to where the router is for me?": going to the device a step read is on
    if tools:
        understood |= {k for k, seg in enumerate(segs) if seg.asks and _TO_THE_DEVICE.search(seg.text)
                       and names_device_thing(seg.text, vocab)}
    # "Let's get your membership paused", "Let's see what we can do": what the agent sets out to do with the user, an
    # aim that names no step nothing else placed (a step the user can take was placed above); "If you ever want …,
    # just let us know": an offer for later, nothing to answer now; "I'll verify the booking, then check …": the
    # agent's own steps; "Just give that number at the counter": what to say elsewhere later
    understood |= {k for k, seg in enumerate(segs) if seg.asks and k not in understood and seg not in kinds
                   and (((_AGENTS_AIM.match(seg.text) or _OPEN_INVITATION.match(seg.text)
                          or _AGENTS_OWN_STEPS.search(seg.text) or _ANY_PREFERENCE.match(seg.text))
                         and not _wants_a_detail(seg.text, vocab)) or _AT_PICKUP.search(seg.text))}
    # "your account number and the current figure from your meter's display": a look asked beside a fact
    for found in (found for k in sorted(understood) if asked and segs[k].asks and segs[k] not in kinds
                  for found in _looks_beside(segs[k].text, vocab)):
        tools += [] if found in tools else [found]
    unknown = [part for k in sorted(understood) if segs[k].asks and segs[k] not in kinds
               for part in _unknown_things(segs[k].text, vocab)]
    for key in _put_off(segs, vocab) & asked.keys():  # "I'll need your account ID later - no need to find it yet"
        del asked[key]
    shown = {w for sense in vocab.user_tools if sense.tool in tools for w in sense.keywords}
    for key in _read_off_a_screen(segs, shown, vocab) & asked.keys():
        del asked[key]
    # "… read the number shown before kWh. Either way, send me just the whole number": the look's own reading
    understood |= {k for k, seg in enumerate(segs) if seg.asks and not (shown & _READINGS).isdisjoint(words(seg.text))}
    # "I can verify you by name and ZIP. I already have your name, so all I need is the ZIP": the name is had
    for key in {key for seg in segs for key in already_had(seg.text, vocab)} & asked.keys():
        del asked[key]
    confirmation, verification = approval_kind(kinds, segs, previous, vocab, asks_facts=bool(asked))
    # "I'll assume you mean your most recent order, W3127322, unless you tell me otherwise": a value to check
    assumed = [k for k, seg in enumerate(segs) if _ASSUMED.search(seg.text)
               and any(read_back(seg.text, sense) or (sense.kind in ("id", "email", "phone")
                                                      and other_values(seg.text, sense.fact.value))
                       for sense in vocab.facts)]
    if assumed and not kinds:
        verification = True
        understood.update(assumed)
    # "I have your account down as A140. Could you double-check that against your bill?": a check of what is held
    if not kinds and any(k and seg.asks and PRONOUN.search(seg.text) and _holds_a_value(segs[k - 1], vocab)
                         for k, seg in enumerate(segs)):
        verification = True
    listed_under = {k for k, seg in enumerate(segs) if seg.item and header_of(segs, k) in kinds} if kinds else set()
    if confirmation:  # the plan an approval asks about: its list, the agent's own steps in it, the values laid out
        # under a bid to look them over ("Here's the booking - please look it over: - Order: E206075")
        understood |= {k for k, seg in enumerate(segs) if seg in own_action} | listed_under
        understood |= {k for k, seg in enumerate(segs) if seg.item and _LABELLED_VALUE.match(seg.text)
                       and (over := header_of(segs, k)) is not None and over.asks}
        understood |= _lists_beside(segs, kinds)
    action = action_for(approvals, segs, previous, vocab) if confirmation else None
    # (the values may be the items of a list under the ask: "Please confirm the details below: - Order: E204159")
    if action is not None and checks_before_a_look_up(action, [*kinds, *(segs[k] for k in listed_under)], vocab):
        confirmation, verification, action = False, True, None
    # "| Current plan | Premium |" beside "| New plan | Basic |": what a change starts from is no read-back of it
    before_change = [s for s in segs if ((s.table or s.item) and _CURRENT_LABEL.match(s.text)
                                         and not _CHANGED_TO.search(s.text)) or _FROM_LINE.match(s.text)] \
        if confirmation else []
    # (a table's column of what a change starts from is no read-back: its segments leave it out)
    recap = "\n".join(s.raw for s in segs if s not in before_change) if before_change or has_change_table(
        text) else text
    if confirmation:  # "account A104, switching from Basic to Premium": what the change starts from is no read-back
        recap = _CHANGED_FROM.sub("to", recap)
    # (a sentence asking to check what it reads back, beside the approval: "please check this carefully: I'll switch
    # A104 to Premium. Shall I go ahead?")
    wrong = misread(recap, [s for k, s in enumerate(segs) if (s not in asking or s in approvals or k in assumed
                                                               or (confirmation and _asks_to_check(s.text)))
                            and s not in before_change], vocab,
                    action, tuple(k for k in asked if k not in rechecked), checking=confirmation or verification)
    if action is not None:  # another colour or size of the new variant in the same phrase
        wrong += [f for f in other_variant_parts(segs, vocab) if f not in wrong]
    values = None
    if action is not None and not wrong:
        values = next((dict(v) for v in vocab.call_values(action) if all_stated(recap, previous, v)), None)
        if values is not None and names_another_value(segs, action, values, vocab):
            values = None
    if action is not None:  # "Here's the change: … New payment method: PayPal (paypal_7357918). Shall I?": read back,
        # right or wrong
        # (not a value among the options the user is asked to pick from: "… the reason: is it no longer needed, or
        # was it ordered by mistake?")
        picked = {s.fact.key for s in vocab.facts for seg in segs if seg.asks and offers_choice(seg.text, s)}
        asked = {key: fact for key, fact in asked.items()
                 if (key in picked or not states(text, fact.value)) and fact not in wrong}
    # (only the question an action waits on: "Before I issue the invoice to Orchard Studio LLC, one thing: is
    # 613-555-7649 still your number?"; not a value among the options of a question asking for it: "Basic or
    # Premium?")
    waits_on = [after for seg in kinds if (after := after_the_wait(seg.text)) != seg.text]
    checked = " ".join(waits_on) if waits_on else _checked_clauses(segs, kinds, vocab, text)
    verified = [s.fact for s in vocab.facts if states(checked, s.fact.value) and s.fact not in asked.values()] \
        if verification else []
    said = " ".join(s.text for s in segs)
    if dropped := _under_a_shared_name(asked, said, vocab):
        asked = {key: fact for key, fact in asked.items() if key not in dropped}
    if dropped := _under_a_shared_name([f.key for f in wrong], said, vocab):  # ("… the screenshot's ID?")
        wrong = [f for f in wrong if f.key not in dropped]
    if _fact_model.ENABLED:  # a learned second opinion adds a fact the rules missed (it never removes one)
        asked, recognised = _fact_model.revise(asked, text, previous, vocab)
        understood |= recognised
    statements = [s for s in segs if not s.asks and not COURTESY.search(s.text) and not is_pleasantry(s.text)]
    escalation = any(_hands_off(s.text) for s in segs)
    return Reading(
        asked=tuple(asked.values()), confirmation=confirmation, verification=verification, action=action,
        values=values, verified=tuple(verified), misread=tuple(wrong),
        anything_else=closing, more_items=more, tools=tuple(tools), goal_question=goal_q, repeat=repeat,
        choice=choice, actions_offered=offered_actions,
        order_lines=tuple(lines), escalation=escalation,
        # a decline handed to someone who will do it is a hand-off, not a refusal
        refusal=not escalation and refuses(text),
        information=bool(statements),
        unmatched=tuple(seg.raw for k, seg in enumerate(segs) if seg.asks and k not in understood) + tuple(unknown),
    )


# an offer of help, which asks nothing more to order ("Is there anything else I can help you with today?")
_OFFERS_HELP = re.compile(r"\b(?:help|assist|do for you)\b")


# an ask put off: "There's no need to go hunting for it just yet", "I'll ask for it when we get there"
_PUT_OFF = re.compile(r"\b(?:no need to|(?:you )?(?:don't|do not|won't) need to|no rush to)\b[^.?!]*"
                      r"\b(?:it|them|that|those)\b[^.?!]*\b(?:yet|for now|right now|at this point)\b|\b(?:i|we)(?:'ll| will) ask (?:you )?for "
                      r"(?:it|them|that|those) (?:later|when|once|then|at that point|afterwards)\b")


# "Do you have the PUK code from the card your SIM came on? If so, read it out to me.": the code, not a screen
_READ_IT_OUT = re.compile(r"^(?:(?:and|then|if so|if you do|if yes),? )*(?:please )?read (?:it|that|them)"
                          r"(?: out| back)?(?: to me| for me)?\W*$")
_A_CODE = re.compile(r"\b(?:code|pin|puk|password|serial number|imei)\b")
_PROBLEM_TOLD = re.compile(r"\b(?:tell me|describe|explain|let me know)\b[^.?!]*\bwhat(?:'s| is| has)?(?: been)? "
                           r"(?:going on|happening|wrong|going wrong)\b")
_ON_THE_SCREEN = re.compile(r"\b(?:shows?|showing|displays?|says|icons?|indicator|bars?|screen|status)\b")
# the way to a screen of the user's device: "open Settings > Apps", "head into Settings"
_TO_A_SCREEN = re.compile(r"\b(?:open|go|head|navigate|tap|get)(?:s|ing)?\b(?: (?:to|into|over to|on))?[^.?!]*"
                          r"(?:[>\u2192]|\bsettings\b)[^.?!]*[.?!]?$")


_CONFIRM_VERB = re.compile(r"\b(?:confirm|verify|double-check)\b")


def _under_a_shared_name(keys: Iterable[str], text: str, vocab: Vocabulary) -> set[str]:
    """Of two facts read under a name they share ("its image ID" of a photo and of a screenshot), the one the
    message does not also name by a name of its own ("… a clear picture of the damage? … its image ID is all I
    need" asks for the photo alone)."""
    senses = {s.fact.key: s for s in vocab.facts if s.fact.key in set(keys)}
    return {b for a, sa in senses.items() for b, sb in senses.items() if a != b and shares_a_name(sa, sb)
            and distinguished(text, sa, sb) and not distinguished(text, sb, sa)}


def _checks_a_value(text: str, vocab: Vocabulary) -> bool:
    """The sentence asks to check one of the user's identifiers read back in it."""
    return _CONFIRM_VERB.search(text) is not None and any(
        sense.kind in ("email", "phone", "id") and states(text, sense.fact.value) for sense in vocab.facts)


def _put_off(segs: tuple[Segment, ...], vocab: Vocabulary) -> set[str]:
    """Facts a message names only in the sentence just before it puts the ask off (or in that sentence itself)."""
    later = {k for k, seg in enumerate(segs) if _PUT_OFF.search(seg.text)}
    if not later:
        return set()
    deferred = {k - 1 for k in later if k} | later
    keys = {h.sense.fact.key for k in deferred for h in named(segs[k].text, vocab)}
    return keys - {h.sense.fact.key for k, seg in enumerate(segs) if k not in deferred for h in named(seg.text, vocab)}


def _more_to_order(text: str) -> bool:
    """Whether a waiter's sentence asks what else the guest would like ("Anything to drink with that?"), not
    whether it needs help with anything else."""
    return MORE_ITEMS.search(text) is not None and _OFFERS_HELP.search(text) is None


# what a question asks about one of the guest's lines, beside the kind of a further line (a drink, a dessert, a side)
_LINE_DETAIL = ORDER_NOUNS - {"drink", "drinks", "dessert", "side", "sides", "extra", "extras", "add-on", "add-ons"}
_ELSE = re.compile(r"\b(?:else|more|another|anything)\b")
_ONTO_A_LINE = re.compile(r"\b(?:add|adding|put|top)\b.*\b(?:to|on|onto) (?:the|your|those|these|each|both) "
                          r"(?!order\b|bill\b|table\b)")
# a statement of what an item comes with or offers, not a report of the order ("I've added the salmon with rice")
_ITEM_OFFERS = re.compile(r"\b(?:comes?|served|available|made) (?:with|in|as)\b|\byou can (?:have|choose|pick|add|get)\b"
                          r"|\b(?:a )?choice of\b|\boptions? (?:are|is|for)\b")


def _describes_a_line(text: str) -> bool:
    """A statement describing what an item comes with or may have ("The Garlic Knots come with a dip - marinara or
    garlic butter"), which the question after it asks the guest to choose for that line."""
    return _ITEM_OFFERS.search(text) is not None and not _REPORTED.search(text)


_REPORTED = re.compile(r"\b(?:added|noted|got you|i've got|put (?:in|down)|placed|included)\b")


_TO_THE_DEVICE = re.compile(r"\b(?:go|pop|head|walk|nip|run|get|come)(?: over| back| down| up| out)? (?:to|into) "
                            r"(?:where|the|your)\b")
# "your surname, and your patient number": things asked together, each of which must be understood on its own
# (not a name's own "plus": "your Kestrel Plus 15 allowance")
_CONJUNCTS = re.compile(r",?\s+(?:and also|and|along with|as well as|together with|plus(?= (?:your|the|a|an|any)\b))\s+"
                        r"|;\s*")
# (not the end of a clause: "… up where the time and the battery are")
# (a clause is no thing: "… - the merchant and the amount are the important bits")
_THING = re.compile(r"^(?:(?:what|which)(?:'s| is| are| was)\s+)?(?!.*\b(?:is|are|was|were)\s+(?:the|a|an)\b)"
                    r"(?:your|the)\s+[a-z][\w'-]*(?:\s+[\w'-]+){0,7}"
                    r"(?<!\bis)(?<!\bare)(?<!\bwas)(?<!\bwere)(?<!\bsits)(?<!\bsit)\W*$")


def _unknown_things(text: str, vocab: Vocabulary) -> list[str]:
    """The things an understood ask joins to what it asks for that match nothing the user has ("Can I get your
    surname and the policy number on your insurance card?": the policy number), so the user says it does not
    know which is meant instead of silently leaving it out."""
    first, joined = _joined_things(text, vocab)
    if _SHOWING.search(first):
        return []
    # (a thing on the user's device is no fact asked: "… the network mode, and the VPN")
    return [part.strip(" ?.!") for part in joined if not named_actions(part, vocab) and not _order_lines(part, vocab)
            and not names_device_thing(part, vocab)]


def _joined_things(text: str, vocab: Vocabulary) -> tuple[str, list[str]]:
    """The first part of an ask and the things it joins to it that name no fact of the user's ("your surname, and the
    policy number on your insurance card"), what the ask is for left off ("… so I can check the order and the
    damage")."""
    first, *rest = _CONJUNCTS.split(_PURPOSE_TAIL.sub("", text))
    return first, [part.strip() for part in rest if _THING.match(part.strip()) and not asked_in(part, vocab)]


# what a look reads off a screen
_READINGS = frozenset({"number", "figure", "reading", "value", "digits", "code"})


def _read_off_a_screen(segs: Sequence[Segment], shown: set[str], vocab: Vocabulary) -> set[str]:
    """Facts a message names only by a noun that a look it asks reads (``shown``: the words of the looks' tools):
    "Note the number marked kWh. … Send me that number here." where the meter's display shows a number is that
    number, not the account number."""
    return {sense.fact.key for sense in vocab.facts if sense.head in shown
            and not any(sense.nouns - {sense.head} & set(words(seg.text)) for seg in segs)}


# a device switched back on, and the same device switched off before it (its lights going off, left off)
_BACK_ON = re.compile(r"\b(?:switch|turn|power|flick|put)(?:ing)? (?:it|that|the \w+|your \w+) back on\b|"
                      r"\bback on again\b")
_SWITCHED_OFF = re.compile(r"\b(?:switch|turn|power|leave|keep|shut)\w* (?:it|that|(?:the|your) "
                           r"(?P<device>router|modem|hub|box))(?: off| down)\b|\blights? (?:\w+ ){0,3}go(?:es)? off\b"
                           r"|\bpress (?:that|it|the (?:\w+ )?button)\b[^.?!]{0,40}\boff\b")


def _names_a_thing(item: str) -> bool:
    """A list item that is a noun phrase, a few words of its unit or format after a comma at most ("- The figure on
    your meter's display, in kWh"; not "Your mobile data is set correctly, so please leave it as it is")."""
    head, _, tail = item.partition(",")
    return _THING.match(head) is not None and len(tail.split()) <= 3


def _looks_beside(text: str, vocab: Vocabulary) -> list[str]:
    """The looks an ask for a fact joins to it, each part naming the user's device and no fact ("your account number,
    and the current figure from your meter's display")."""
    joined = _joined_things(text, vocab)[1] if vocab.user_tools else []
    return [found for part in joined if names_device_thing(part, vocab)
            and (found := look_by_keywords("what's " + part.strip(" ?.!"), vocab)) is not None]


# a value the agent goes on with unless the user corrects it: "I'll assume you mean W3127322, unless you tell me
# otherwise"
_ASSUMED = re.compile(r"\b(?:i'll|i will|i'm going to|i am going to|let me|i'd) assume\b|\bcorrect me if\b|"
                      r"\bunless you (?:tell me|say|let me know) otherwise\b")
# what to do or say somewhere else later, not to the agent now: "Just give that number at the counter"
# (not with something to send the agent now: "scan the QR code at the front desk and send me the code it shows")
_AT_PICKUP = re.compile(r"^(?!.*\b(?:send|tell|give|read|show|text) (?:me|us)\b).*?\b(?:at the (?:counter|desk|door|"
                        r"register|front desk|till)|at pick-?up|when you (?:arrive|get there|come in|"
                        r"collect (?:it|them|your order)|pick (?:it|them|your order) up))\b")
_PURPOSE_TAIL = re.compile(r",?\s+(?:so(?: that)?|so as to|in order to)\s+(?:i|we)\b.*$")
# what a thing asked for shows or has: "a screenshot that shows the new price and the date" names its content
_SHOWING = re.compile(r"\b(?:that|which) (?:shows?|has|includes?|lists?|displays?|contains?)\b|\b(?:showing|with)\b")
# "let's" with a result rather than a step: "get/make/have X done|better|started", "see what we can do", "figure out …"
_AGENTS_AIM = re.compile(r"^(?:\w+,? )?(?:so,? |now,? |okay,? |alright,? )?let's (?:(?:get|make|have) (?:[\w'-]+ ){1,4}?"
                         r"(?:\w+ed|done|sorted|set up|started|going|better|easier|right|back|ready|up and running|"
                         r"online|squared away|taken care of)\b|(?:see|figure out|work out|find out|check) (?:what|how|"
                         r"whether|if) (?:i|we)\b|(?:take care of|sort out|look into|get to the bottom of|fix|solve|"
                         r"resolve|work through|go through|walk through|troubleshoot) (?:this|that|it|things|your|the)\b)")
# steps the agent says it takes itself: "First, I'll verify the booking, then check availability" (its subject
# carries to the second verb; nothing said to the user), "The next step is to check the line from our end"
_AGENTS_OWN_STEPS = re.compile(r"^(?:\w+,? )?(?:i|we)(?:'ll| will|'m going to| am going to|'re going to| are going to) "
                               r"(?!.*\byou)(?!.*\?)|\b(?:from|on|at) (?:our|my) (?:end|side)\b(?!.*\?)")
# an offer for later under the user's own condition: "If you ever want to come back sooner, just let us know"
_OPEN_INVITATION = re.compile(r"^(?:\w+,? )?if (?:you|there(?:'s| is))\b[^,]{3,80},\s*(?:just |simply |please |feel free to )*"
                              r"(?:let (?:me|us) know|reach out|get in touch|contact us|message us|drop us a line|"
                              r"give us a (?:shout|call))\b")
# whether the user minds one way or the other ("Do you have a preference between a higher floor and one closer to
# the lift?"): a person answers it from its wishes ("no preference"); a question naming a fact was placed before
_ANY_PREFERENCE = re.compile(r"^(?:\w+,? )?(?:do you have|have you got|would you have|is there) (?:a|any) "
                             r"(?:particular |strong |specific )?preferences?\b")
_MOVE_TARGET = re.compile(r"\b(?:move|moving|switch|switching|change|changing|upgrade|upgrading|downgrade|downgrading|"
                          r"go|going|swap|swapping) (?:over )?to\W*$")
_IF_SO = re.compile(r"^(?:\w+,? )?if (?:so|yes|it does|that works|it works)\b")


# a question that picks among what was just said: "Which would you prefer?", "Which one works best for you?"
_BARE_CHOICE = re.compile(r"^(?:\w+,? )?which (?:one |option |way )?(?:would you (?:prefer|like|rather)|"
                          r"do you (?:prefer|want)|works(?: better| best)?(?: for you)?|suits you|"
                          r"sounds (?:better|best|good))\W*$")


def _hands_off(text: str) -> bool:
    """A hand-off said, not offered: "Shall I transfer you?" and "if you'd like, I'll connect you" are approvals;
    "I'm transferring you now - could you hold a moment?" hands over."""
    found = ESCALATION.search(text)
    if found is None or _CONDITION.match(text):
        return False
    asking = APPROVE_ACTION.search(text[:found.end()])
    return asking is None or asking.start() > found.start()


# (not a softener: "If you don't mind, please hold while I transfer you" hands over)
_CONDITION = re.compile(r"^(?:\w+,? )?(?:if(?! you (?:don't|do not) mind\b)|unless|should you|in case|whenever)\b")
_WHICH_ONE = re.compile(r"^(?:\w+,? )?(?:so,? |and,? )?which(?: one| ones| of (?:them|these|those|the \w+))?"
                        r" (?:would|do|did|should|shall|is|are|will|can|works?|suits?|fits?|sounds?)\b"
                        r"(?!.*\b(?:me|us) to (?:do|go with)\b)")


# "Do either of those work?", "Would one of those work for you?": one of the options just named
_WHICH_OF_THEM = re.compile(r"\b(?:which (?:one|ones|of (?:them|these|those))|(?:either|any|neither|one) (?:one )?of "
                            r"(?:them|these|those))\b")


def _plural_before(segs: tuple[Segment, ...], vocab: Vocabulary, lead: str = "") -> list[FactSense]:
    """The fact whose one-word name the statement just before (or the question's own lead) says in the plural
    ("several orders", "two lines on the account") or after "any" or "another" ("any payment method saved on your
    account", "I can move you to a different plan. Which one …?")."""
    for text in [lead] + [seg.text for seg in reversed(segs) if not seg.asks][:1]:
        seq = words(text)
        said = {w for k, w in enumerate(seq) if singular(w) != w or (k and seq[k - 1] in _ANY)
                or (k and seq[k - 1] in _INDEFINITE) or (k >= 2 and seq[k - 2] in _INDEFINITE)}
        said |= {f"{seq[k - 1]} {w}" for k, w in enumerate(seq) if k >= 2 and seq[k - 2] in _ANY}
        found = [s for s in vocab.facts
                 if any(singular(w) in s.weak or tuple(singular(w).split()) in dict(s.terms) for w in said)]
        if text is lead and not found:
            continue
        return found if len(found) == 1 else []
    return []


def _joined_with_another(text: str, value: str) -> bool:
    """Whether the user's value is said joined to another option by "and", "or" or a comma."""
    body = phrase_pattern(value).pattern
    return re.search(rf"{body}\s*(?:,|\band\b|\bor\b)\s*(?:an?\s+|the\s+)?\w|(?:,|\band\b|\bor\b)\s*(?:an?\s+|the\s+)?"
                     rf"{body}", text) is not None


_ANY = frozenset({"any", "each", "every", "either", "another", "different", "other"})
_INDEFINITE = frozenset({"a", "an"})  # "a smaller plan. Which one …?": one of that kind


def _listed(segs: tuple[Segment, ...], vocab: Vocabulary) -> list[FactSense]:
    """Facts the message lists options of: the user's value among others of its shape (two order ids), or among
    the items of a list."""
    text = " ".join(s.text for s in segs)
    out = []
    for sense in vocab.facts:
        value = sense.fact.value
        if sense.kind is not None and states(text, value) + len(other_values(text, value)) >= 2:
            out.append(sense)
        elif sense.kind not in ("id", "email", "phone") and any(s.item and states(s.text, value) for s in segs) \
                and sum(s.item for s in segs) >= 2:
            # (an identifier in one item is no option: "| gift_card_… | balance $400 - currently on W3144185 |")
            out.append(sense)
        elif isinstance(value, str) and len(value) > 2 and sense.kind not in ("id", "email", "phone") \
                and _joined_with_another(text, value):
            # "I have a sea view double and a sea view suite available." (a code among no others of its shape is
            # no option: "For the oven on E204384, the installer can come on either of these days")
            out.append(sense)
    # the options are of the fact whose own value is among them ("openings on December 8 and December 10" are no
    # birth dates), when one is
    among = [s for s in out if states(text, s.fact.value)]
    return among or out


# a header over statements: what the agent checked or found, what is listed for reference (not "what happens next:",
# whose steps of the user's are asks: "1. You send a photo of the damage")
_PLAN_LEAD = r"\bhere(?:'s| is) how (?:i|we)\b|\blay out how\b"  # "Here's how I'd suggest we go through it:"
_STATEMENT_HEADER = re.compile(r"(?:\b(?:i|we)(?:'ve| have)? (?:already )?(?:checked|found|verified|confirmed|noted|"
                               r"looked at|reviewed|updated|changed|done|handed over|passed (?:along|on)|forwarded|"
                               r"shared|sent|logged|recorded|included)|\bfor (?:future )?reference|"
                               r"\bhere(?:'s| is) (?:a |the |your |my )?(?:quick )?(?:recap|summary|rundown|plan)"
                               r"(?![^:]*\b(?:need|from you|send|share|provide)\b)|"
                               r"\bfor your records|"
                               # the agent's plan: "Here's how I'd suggest we go through it:", "let me lay out how
                               # I'll handle them:"
                               + _PLAN_LEAD + r"|\bhow (?:i|we)(?:'ll| will) "
                               r"(?:handle|approach|tackle|go through)\b|"
                               r"\bhere(?:'s| is| are) what(?:'s| is| i have| we have)? "
                               r"(?:saved|on file|stored|listed|linked)(?: (?:on|to|in|under) (?:your|the) \w+)?)\b"
                               r"[^:]*:\s*$"
                               # the agent's own plan or a summary ("Plan:", "Summary for handoff")
                               r"|^(?:(?:my|the|our) )?(?:plan|summary|recap)(?: (?:for|of) [\w' -]{1,30})?\s*:?\s*$"
                               # what the agent's tools returned ("Lookup results:")
                               r"|^(?:(?:my|the|our) )?(?:look-?up|search|tool|query) (?:results?|output|findings)"
                               r"\s*:?\s*$")
_PLAN_HEADER = re.compile(_PLAN_LEAD)
# a step of the user's own that uses a fact rather than gives it: "Log in with your email", "Look for the order number"
# (not a purpose: "To locate your account, please provide the email")
_USES_IT = re.compile(r"^(?:\w+,? )?(?:please |just |then |now |first,? )?(?:log|sign) (?:in|on|into)\b|^(?:(?!to\b)\w+,? )?"
                      r"(?:please |just |then |now |first,? )?(?:look (?:for|at)|find|locate|search for|go to|open|"
                      r"navigate to)\b")


# "Your line is active, so let's check: do you see an airplane icon?": what the statement names is not asked
_STATEMENT_THEN_QUESTION = re.compile(r"^[^:?]*\b(?:is|are|was|were|looks?|seems?)\b[^:?]*:\s+"
                                      r"(?=(?:do|does|did|is|are|can|could|what|which|how|where)\b)"
                                      r"(?![^?]*\b(?:that|it|this|those|these|them)\b)")


def _another_option(text: str, sense: FactSense) -> bool:
    """One of the fact's options other than the user's is said ("I'll switch A104 to the premium plan")."""
    return any(option != sense.fact.value.lower() and compiled(rf"\b{re.escape(option)}\b").search(text) is not None
               for option in sense.options)


def _question_after_statement(text: str) -> str:
    """The question of a sentence that states something before a colon and asks after it; else the sentence."""
    opening = _STATEMENT_THEN_QUESTION.match(text)
    return text[opening.end():] if opening else text


def _under_a_statement(segs: tuple[Segment, ...], k: int) -> bool:
    """A list item under a header that states (what was checked, what is for reference), not one that asks."""
    header = header_of(segs, k)
    # (a plan's header may read as advice: "Here's how I'd suggest we go through it:")
    return header is not None and (not header.asks or _PLAN_HEADER.search(header.text) is not None) \
        and _STATEMENT_HEADER.search(header.text) is not None


# a list item that says something rather than names what is wanted: a subject and its verb, a done step, a passive
# or a future, a label with its value; a message's sentences put in a list stay sentences: a thanks or an
# acknowledgement ("Thanks, Lee.", "Got it."), the agent's own step ("Let me check your line."), a read-back ("Just to
# confirm: 2 GB added to …", "So that's account A101"), a clause with its subject and finite verb ("Account A101 is
# currently on the Basic plan.", "Since you're abroad, your line already has roaming on") — not a noun and its
# relative clause ("The order number you'd like cancelled", "The date the parcel arrived")
# "New option: olive, US 11": a label and the value under it (no blank, placeholder or alternatives)
_LABELLED_VALUE = re.compile(r"^[\w' -]{1,40}:\s*(?![_?\[(<-])(?![^/]*\bor\b)[^/?]*[a-z0-9][^/?]*$")
_STATED_ITEM = re.compile(r"^(?:(?:so|and|but|now|also|here),? )?(?:i|we|they|he|she|it|this|that|there)"
                          r"(?:'ll|'ve|'re|'m|'s|'d)?\s"
                          # "- You'd like to return the bottle …", "- Your line's contract ended on April 30"
                          r"|^you(?:'d|'ve|'re)\s|^(?:the|your) (?:[\w'-]+ ){1,3}(?:ended|expired|started|began|arrived|shipped|lapsed|"
                          r"renewed|closed) (?:on|at|in)\b"
                          r"|^(?:thanks|thank you|got it|of course|no problem|sure|certainly|absolutely|understood|noted|"
                          r"good news|great news|"
                          r"great|perfect|sorry|unfortunately|alright|all right|okay|ok)\b(?!\s*[,:-]?\s*(?:the|your)\b)"
                          r"|^(?:(?:so|and|now),? )?let(?: me|'s)\b"
                          r"|^(?:(?:so|ok|okay),? )?(?:just )?to (?:confirm|recap|summari[sz]e|double-check)\b"
                          # a noun phrase and a modal, an adverb of habit or a verb of seeming: a clause ("Exchanges
                          # usually go out …", "Your line and allowance look fine on my end")
                          r"|^(?:[\w'-]+ ){1,4}(?:usually|typically|normally|generally|always|often|never|will|won't|"
                          r"can|can't|cannot|may|might|should|must|looks?|seems?|appears?)\b(?! you\b)"
                          r"|^(?:[^,:]{1,60}, )?(?:the |your |this |that |my |our )?(?:(?!(?:that|which|who|whom|whose|where|"
                          r"when|you|it|they|we|i|he|she|the|a|an|your|if)\b)[\w#$.-]+ ){1,4}(?:already |currently |now |"
                          r"still |also )?(?:is|are|was|were|has|have|had)\b"
                          r"|^(?!(?:registered|associated|linked|preferred|updated|requested|desired|expected)\b)"
                          r"[a-z]+ed\s"
                          r"|\b(?:is|are|was|were|be|been|gets?|got) (?:\w+ )?(?:\w+ed|sent|given|taken|shown|made|done|"
                          r"paid|held|kept|set|put|told|found)\b|\b(?:will|'ll) (?!need\b)\w+"
                          r"|^[^:]{1,40}:\s*(?![_?(.\s]|$)(?:[a-z][\w-]*)\W*$")
# … but a noun named by a relative clause is what is wanted, whatever verb the clause has ("- The email that is linked
# to your account", "- The card which was used")
_NAMED_BY_CLAUSE = re.compile(r"^(?:the|your) [\w-]+(?: [\w-]+)? (?:that|which|who) "
                              # (and without its pronoun: "- The company name the invoice should be issued to")
                              r"|^(?:the|your) [a-z]+(?: [a-z]+)? (?:the|your|you|we|i|it)(?: [a-z]+)? "
                              r"(?:should|would|will|needs? to|must|is to)\b")
# what a fact is for, said after it: "- that's how I'll find your account", ", so I can look it up"
_PURPOSE = r"(?:that(?:'s| is) (?:how|what|where)|so (?:that )?(?:i|we) can)\b[^?]*?"
_BARE_ASK = re.compile(r"^(?:(?:great|perfect|thanks|thank you|ok|okay|got it|now|next|and|also|then|lastly|finally|"
                       r"first|firstly|first things first|to start|to begin|to get started|second|secondly|"
                       # a label of a few words ("Just one more detail to check: the postcode on the account.")
                       r"one more thing|last thing|after that|after this)[,:!.]?\s*(?:-\s*)?"
                       r"|[a-z]+(?: [a-z]+){0,5}:\s*)+(?:the|"
                       r"your)\s(?!(?:[\w'-]+\s){0,5}(?:is|are|was|"
                       r"were|has|have|had|will|can|should|would|looks?|seems?|does|did|shows?|showed|says?|said|"
                       r"reads?|came|arrived|matches|fits|helps|helped|confirms|confirmed|[a-z]+n't)\b)[\w' -]{2,50}?"
                       r"(?:\s*\([^)]{1,30}\))?"  # "Next up: your date of birth (MM/DD/YYYY)."
                       # "And after that the zip code - just the five digits is fine": a word on its form after a dash
                       # … or on what it is for: "First, the email you used - that's how I'll find your account"
                       r"(?:\s+-\s+(?:(?:just|only|the one|starting|e\.g\.|(?:[\w-]+ ){1,4}(?:is|are) fine)\b[^?]*?|"
                       + _PURPOSE +
                       # (the purpose after a comma too, as a dash is heard: "… the order, that's how I'll find you")
                       r")|,\s+" + _PURPOSE + r")?[.!]?$")
# a noun phrase with no verb (what a bare ask names)
_NOUN_PHRASE = (r"(?P<np>(?:(?!\b(?:is|are|was|were|has|have|had|will|can|could|should|would|do|does|did|need|needs|"
                r"i|we|you)\b)[\w' +&/-]){2,50}?)")
# "And the order number, that's the one starting with E": a bare noun phrase going on from an ask before, and a word
# on which one it is
_ELLIPTIC_ASK = re.compile(r"^(?:and|also|plus|then|next|lastly|finally)[,!]?\s+(?:(?:the|your)\s)" + _NOUN_PHRASE
                           + r",\s*(?:that's|that is|it's|it is) the one\b[^?]*$")
# a sentence announcing how many things the agent needs ("I'll need two things.", "I'll need one thing to check yours")
_NEEDS_SOME = re.compile(r"\b(?:i|we)(?:'ll| will| would|'d)? (?:just |still |also )?need (?:one|two|three|a couple of|a few) "
                         r"(?:more )?(?:things?|details?|pieces? of (?:information|info)|bits? of (?:information|info))\b")
# … and a sentence naming one of them ("The first is your full name", "The second is your date of birth", "It's your
# account ID, which is printed on your bills")
_ONE_OF_THEM = re.compile(r"^(?:(?:the )?(?:first|second|third|other|last|final)(?: one| thing)?|it|that)(?:'s| is) "
                          r"(?:your|the)\b")
# "I need your full name + zip code. Order # too if you have it": one more after the facts asked before it
_TOO_ASK = re.compile(r"^(?:and |plus )?(?:(?:the|your|ur)\s)?" + _NOUN_PHRASE + r",?\s+(?:too|as well)\b"
                      r"(?:,?\s*(?:if|when|in case)\b[^?]*)?\W*$")
# "np if you don't have the email handy - first + last name and zip code then": what will do instead, last
_FALLBACK_ASK = re.compile(r"\s-\s(?:(?:the|your)\s)?" + _NOUN_PHRASE + r"\s+(?:then|instead)\W*$")
# another fact that will do: "If you have your customer ID handy, that's quickest; otherwise, the phone number of the
# line is perfectly fine", "or the order # works too, whichever's handier"
_OTHERWISE_ASK = re.compile(r"(?:^(?:or|and|plus)\s|[;,]\s(?:otherwise|if not|failing that|or else),?\s)"
                            r"(?:(?:the|your|ur)\s)?" + _NOUN_PHRASE
                            + r"\s+(?:is|works|will do|would do)(?:\s(?:perfectly|just|totally|absolutely|also))?"
                              r"(?:\s(?:fine|good|ok|okay|great|too|as well))*(?:,\s*(?:whichever|whatever)\b[^?]*)?\W*$")
# a label and what follows it: "For verification: full name + DOB" (not a short label saying what is done: "Verified:",
# "Identity confirmed:", "On file:")
_LABELLED = re.compile(r"^(?!(?:[^:\s]+\s+){0,2}(?:\w+ed|on file|done|have|has|got|received|found|noted|saved)\s*:)"
                       r"([^:]{3,60}):\s*"
                       r"(.+?)\W*$")
_JOINS = re.compile(r"\s*(?:,|\+|&|/|\band\b|\bplus\b)\s*")


def _names_under_a_label(text: str, vocab: Vocabulary) -> list[FactSense]:
    """A label over nothing but names of the user's facts, bare ("To proceed with verification: full name + DOB"):
    what is wanted. Every joined part must name a fact and state no value."""
    found = _LABELLED.match(text)
    if found is None:
        return []
    parts = [p for p in _JOINS.split(found.group(2)) if p.strip()]
    senses: list[FactSense] = []
    for part in parts:
        hits = named(part, vocab)
        if len(hits) != 1 or len(words(part)) > 4 or states(part, hits[0].sense.fact.value) \
                or other_values(part, hits[0].sense.fact.value):
            return []
        senses.append(hits[0].sense)
    return senses if len(senses) >= 2 else []


# a fact offered as enough on its own: "your name and ZIP will work just as well", "just the email will do"
_SUFFICES = re.compile(r"\b(?:(?:would|will|could) (?:also |really )?(?:help|be helpful)(?: speed (?:things|this|it) up"
                       r"| a lot)?|(?:would|will) (?:also |really )?be (?:great|perfect|ideal|wonderful|useful|handy|"
                       r"appreciated|a (?:big |great |huge )?help)|(?:would|will|should) (?:let|allow|help) (?:me|us) "
                       r"(?:to )?(?:pull|look|find|locate|check|get|bring|track|take a (?:closer |quick )?look)\b"
                       r"[^,;.!?]*|"
                       # "… would be the fastest way for me to find it", "… that'll speed things up"
                       # ("The order number is the quickest way for me to pull it up.")
                       r"(?:is|'s) the (?:fastest|quickest|easiest|simplest|best) way\b[^,;.!?]*|"
                       r"(?:would|will|'ll|'d) (?:also |really |definitely )?(?:be the (?:fastest|quickest|easiest|"
                       r"simplest|best) way\b[^,;.!?]*|speed (?:things|this|it|that) up|save (?:us )?(?:some )?time)|"
                       # ("… is something I can do": the agent's own doing, no fact's)
                       r"(?<!\bi )(?<!\bwe )(?:will|would|should|could|can) (?:also )?(?:do|work|suffice|"
                       r"be (?:enough|fine|sufficient))|works?|suffices?|(?:is|are) (?:enough|sufficient|all i need))"
                       r"(?: (?:too|as well|just as well|also|instead|fine|for (?:this|that|now|starters)|here|first|"
                       r"to (?:start|begin) with|"
                       # "… will work just as well for finding you"
                       r"for (?:finding|locating|looking up|pulling up|verifying|identifying) (?:you|it|them|your \w+|"
                       r"the \w+)))*\s*[.!]?$")
# the label of a value a change starts from ("Current plan", "Old address", "From")
_CURRENT_LABEL = re.compile(r"^(?:current|existing|old|previous|present|original|from)\b[^,:]{0,30}[,:]")
# a line of its own with what a change starts from, laid out as a form: "FROM      basic" above "TO        premium"
_FROM_LINE = re.compile(r"^(?:from|current(?: [\w-]+)?|old(?: [\w-]+)?)\s+[\w-]+$")
_CHANGED_FROM = re.compile(r"\bfrom (?:the |your |its )?(?![^ .,;]*\d)[a-z][\w-]*(?: [a-z][\w-]*){0,2} to\b", re.I)
_CHANGED_TO = re.compile(r"\bnew\b|\bto\b|->|\u2192")  # ("Current plan: Basic → new plan: Premium" states both)
# what the user gave already suffices, nothing is asked: "the number you gave me is enough"
_GIVEN = re.compile(r"\byou(?:'ve| have)? (?:already |just )?(?:gave|given|provided|sent|shared|mentioned|told)\b|"
                    r"\balready\b")
# a way offered to find the user's account: what it is found by is asked for
_IDENTIFY_BY = re.compile(r"\b(?:i|we) (?:can|could|'ll|will|may) (?:also |still |then |just )?(?:look (?:you|it|your "
                          r"account|them) up(?: either)?|search(?: for (?:you|it|your account))?|find (?:you|it|your account|your order)|verify (?:you|your identity|it)|"
                          r"locate (?:you|it|your account)|identify you|pull (?:you|it|your account) up|authenticate "
                          r"you)(?: instead| too| as well)? (?:by|with|using|via|through)\b"
                          # "To locate your account I can use either the email on file or your name and ZIP"
                          r"|\b(?:i|we) (?:can|could) (?:use|go by|work from) (?:either )?(?=[^.?!]*\bor\b)"
                          # "I can only share them once I've found you by the phone number on file"
                          r"|\b(?:once|after|when|as soon as) (?:i|we)(?:'ve| have)? (?:found|find|located|locate|"
                          r"identified|identify|verified|verify) (?:you|your account|it) "
                          r"(?:by|with|using|via|through)\b")
_IF_YOU_GIVE = re.compile(r"\b(?:if|once|when|as soon as) (?:you (?:can |could )?(?:share|send|provide|give|tell)|"
                          r"i (?:know|have|get)(?= (?:which|what|the|your)\b))\b[^,;:]*")  # "Once I know which order …"
# where one clause of such a sentence ends ("I won't need the order number - just the email will do")
_CLAUSES = re.compile(r"\s-\s|;|\bbut\b|,\s*(?=(?:just|only|otherwise|alternatively|instead|your|the)\b)")
_CHECK_VERB = re.compile(r"\b(?:confirm|verify|double-check|check|review|look over)\b")
# the agent's own check after the ask ("… the color you'd like, I'll check it's in stock"): no read-back to check
_AGENT_CHECKS = re.compile(r"\b(?:i|we)(?:'ll| will)(?: then| first| just| also)? "
                           r"(?:check|verify|double-check|review)\b")


def _asks_to_check(text: str) -> bool:
    """The sentence asks the user to check something (not the agent's own check: "I'll check it's in stock")."""
    return _CHECK_VERB.search(_AGENT_CHECKS.sub(" ", text)) is not None


# what an approval needs is the user's assent, not a fact: "I just need your confirmation to switch …"
_ASSENT_WANTED = re.compile(r"\b(?:need|needs|require|requires|want|wait for|waiting for|awaiting)\s+(?:is\s+)?"
                            r"(?:your|a|the)\s+"
                            r"(?:quick\s+|final\s+)?(?:confirmation|approval|ok|okay|go-ahead|permission|consent|yes|"
                            r"say-so|"
                            r"green light|sign-off)\b")
_ASK_VERB = re.compile(r"\b(?:tell me|provide|share|give me|send me|what|which|need|let me know)\b")


def _asked_for(text: str, vocab: Vocabulary) -> list[FactSense]:
    """Facts an asking sentence asks for, not those its purpose clause names ("… so I can pull up your orders");
    the purpose still tells apart two facts named alike ("an image of the screen so I can file the return": the
    photo a return takes)."""
    bare = PURPOSE.sub("", text) or text
    label = _TOPIC.match(bare)
    if label is not None and asked_in(bare[label.end():], vocab):
        bare = bare[label.end():]  # "Plan: while it boots, send me your account ID": the topic asks nothing
    found = asked_in(bare, vocab)
    # "The mobile number you have mentioned is not reflecting in our system, so kindly share your good name": the
    # value the user gave is the subject of a statement, what comes after is asked
    rest = _GIVEN_SUBJECT.sub(" ", bare)
    if rest != bare and (narrower := asked_in(rest, vocab)):
        found = narrower
    tail = DASH_OR_COLON.split(bare)[-1]
    if not found and tail != bare and is_directive(tail):
        # "It comes in charcoal or ivory, each in mesh or leather - if you tell me the color you'd like, …": the
        # options said before the dash, the ask after it
        found = asked_in(tail, vocab)
    if bare != text and len(found) > 1:
        whole = set(asked_in(text, vocab))
        return [s for s in found if s in whole] or found
    return found


_GIVEN_SUBJECT = re.compile(r"\b(?:the|that|this) (?:[\w-]+ ){1,3}(?:that )?you(?:'ve| have)? (?:already |just )?"
                            r"(?:gave|given|provided|mentioned|shared|sent)(?: (?:me|us))?"
                            r"(?= (?:is|was|isn't|wasn't|is not|was not|doesn't|does not|didn't|did not|can't|cannot|"
                            r"couldn't|won't)\b)[^,;]*")
_TOPIC = re.compile(r"^[\w' -]{1,25}:\s+(?=\S)")  # a list item's label: "Plan: …"
_PLURAL = re.compile(r"\b(?:them|they|those|these|both)\b")
_WH_FOLLOW_UP = re.compile(r"^(?:[\w']+[,.!]? )?(?:and |so |also |now )?(?:who|what|which|whose)\b"
                           # "Should it be in your own name or a company's?" after an invoice offered
                           r"|^(?:[\w']+[,.!]? )?(?:and |so )?(?:should|would|do you want|shall) it be (?:in|under|made out)\b")
_IT = re.compile(r"\b(?:it|them)\b")
# what "it" is, not what it is said under: "tap OK, it's covered" (but "the name it's registered to" asks the name)
_IT_IS = re.compile(r"\bit(?:'s| is| was)\b"
                    r"(?! (?:under|registered|made out|addressed|listed|booked|issued|in the name)\b)")
_WHEN_IT = re.compile(r"\b(?:once|when|after|until|while|before|as soon as|so|so that|if|because|since) (?:it|them)\b")
# "it" that stands for all that was said: "Before I can look at any of it, I need to confirm who you are"
_ALL_OF_IT = re.compile(r"\b(?:any|all|none|each|some|most|both) of (?:it|them)\b")


def _asked_of_antecedent(text: str, before: Sequence[Segment], vocab: Vocabulary,
                         previous: str = "") -> list[FactSense]:
    """A fact whose two-word name is split between a noun said before and "it" ("I can issue an invoice for that
    order. What name would you like printed on it?": the name on the invoice), tried from the nearest noun back —
    in this message, then in the agent's message before ("Which order is the invoice for?" … "And who should it be
    made out to?")."""
    if not _IT.search(text) or passes_on(text):  # "share your account ID with them": not with "the account"
        return []
    rest = _ALL_OF_IT.sub(" ", _WHEN_IT.sub(" ", text))
    if len(_IT.findall(rest)) == len(_IT_IS.findall(rest)):
        # "once it's up, tell me what the status bar shows": "it" only says when; "tap OK, it's covered" says what
        # it is; neither is what is asked
        return []
    if vocab.user_tools and _SEEING.search(text):
        return []  # "open Settings > About phone > SIM status and tell me what it says": a screen, not "the line"
    qualifiers = {q for s in vocab.facts for q, _, _ in s.compounds}
    # the message before only for a question of its own ("And who should it be made out to?"), never for a step
    # on the user's device ("… and tell me what it shows" after "… on line 312-555-0147")
    follows_up = _WH_FOLLOW_UP.match(text) is not None and _SEEING.search(text) is None
    as_written = [*(words(previous) if previous and follows_up else []),
                  *(w for seg in before for w in words(seg.text)), *words(text)]
    said = [singular(w) for w in as_written]
    # ("… with four items on it. I'll need to know which of them you want to exchange": "them" are the items)
    plural_names = {term[0] for s in vocab.facts for term, weight in s.terms if len(term) == 1 and weight >= 2} \
        if _PLURAL.search(text) else set()
    tried = set()
    for at in range(len(said) - 1, -1, -1):
        if _foreign_code(said, at, vocab):
            return []  # "I'd like the tracking number from your email - could you paste it here?": that number
        noun = said[at]
        named_in_plural = noun in plural_names and as_written[at] != noun
        if (noun not in qualifiers and not named_in_plural) or noun in tried:
            continue
        tried.add(noun)
        found = _asked_for(_IT.sub(f"the {noun}", text), vocab)
        if found:
            return found
    return []


def _foreign_code(said: Sequence[str], at: int, vocab: Vocabulary) -> bool:
    """The word at ``at`` is a code or number of something no fact names ("the tracking number", "the security
    code"): what "it" after it stands for."""
    if said[at] not in _CODE_NOUNS or not at:
        return False
    owner = said[at - 1]
    return owner.isalpha() and owner not in _ARTICLES and owner not in _fact_words(vocab)


_FACT_WORDS: PerVocabulary[frozenset[str]] = PerVocabulary(1)


def _fact_words(vocab: Vocabulary) -> frozenset[str]:
    """The words of the user's facts' own names and of their two-word names' qualifiers."""
    found = _FACT_WORDS.get(vocab, None)
    if found is None:
        found = _FACT_WORDS.put(vocab, None, frozenset(
            word for sense in vocab.facts for word in (*sense.own, *(q for q, _, _ in sense.compounds))))
    return found


# a table's value cell left for the user to fill: "| ZIP | ? |", "| Reason | (needed) |", "| Email | ___ |"
_BLANK_CELL = re.compile(r"(?:^|,)\s*(?:\?+|-+|_+|\.{3}|tbd|tbc|n/a|\(?(?:needed|required|missing|to (?:fill|confirm)|"
                         r"please (?:fill in|provide)|your answer)\)?)?\s*$")
_CODE_NOUNS = frozenset({"number", "code", "id", "pin", "reference"})
_ARTICLES = frozenset({"the", "a", "an", "your", "my", "our", "its", "their", "this", "that"})
# "it" as what is asked: "What should it say?" (not "the exact name you'd like on it", a thing "it" names)
_IT_SAYS = re.compile(r"^(?:\w+,? )?(?:and |so )?(?:what|how) (?:should|would|will|does|do|can|must) (?:it|that) "
                      r"(?:say|be|read|show)\b")
# what an ask wants when it wants an identifier or a secret ("the SKU of it", "its serial number")
_SEEING = re.compile(r"\b(?:see|seeing|shows?|showing|says?|saying|displays?|appears?)\b")


def _seen_on_a_tool(text: str, vocab: Vocabulary) -> bool:
    """A question of what the user sees on one of its own tools ("What do you see when you open your pass in the
    app?"): about that tool, not about the user's problem — asked of the tool when its name is clear enough,
    else a question the user says it cannot place, never answered with the opening request."""
    return bool(vocab.user_tools) and _SEEING.search(text) is not None and not _wants_a_detail(text) \
        and tool_by_keywords(text, vocab, least=2) is not None


def _preambles(segs: Sequence[Segment]) -> set[int]:
    """The sentences around an ask that direct without a question and are no list item ("I'll need to verify your
    identity.", "Let me know once you've done that."): part of the ask once one is placed."""
    return {k for k, seg in enumerate(segs) if seg.asks and not seg.question and not seg.item}


def _lists_beside(segs: Sequence[Segment], kinds: Mapping[Segment, str]) -> set[int]:
    """The list right above or below an approval, with its header: the plan or the options it asks about ("Please
    review: 1. Order #W3124905 2. Ship to: … If everything's correct, reply 'confirm'", "1. Book installation … 2.
    Hold off for now. Which would you prefer?")."""
    out: set[int] = set()
    for k, seg in enumerate(segs):
        if seg not in kinds:
            continue
        for step in (-1, 1):
            j = k + step
            while 0 <= j < len(segs) and segs[j].item:
                out.add(j)
                j += step
            if step == -1 and j >= 0 and j < k - 1 and segs[j].header:
                out.add(j)  # "Before I make the change, please review:"
    return out


def _unplaced_item_runs(segs: Sequence[Segment], understood: set[int], kinds: Mapping[Segment, str],
                        vocab: Vocabulary) -> list[list[int]]:
    """Runs of two or more consecutive list items that ask and that nothing placed (items that ask nothing stay
    out: joined, they named tools no item asked for; a numbered step said by a menu path or by the verb of a user
    tool's name or its synonym asks, "1. Club app > Profile > Sign out / 2. Sign back in")."""
    # the verb as said to the user, not its stem: "1. Checked your line status." reports what the agent did
    verbs = {said.split()[0].lower() for s in vocab.user_tools for said in (s.tool.split("_")[0], *s.actions)}

    def step(seg: Segment) -> bool:
        return seg.number is not None and (" > " in seg.text or seg.text.split(" ", 1)[0].lower() in verbs)

    def unplaced(k: int) -> bool:
        seg = segs[k]
        return seg.item and (seg.asks or step(seg)) and k not in understood and seg not in kinds \
            and not _OFFER.search(seg.text)

    runs = [list(run) for placed, run in groupby(range(len(segs)), key=unplaced) if placed]
    return [run for run in runs if len(run) > 1]


def _wants_a_detail(text: str, vocab: Vocabulary | None = None) -> bool:
    """An ask for an identifier, number or code ("read me the PUK code on the card"), not whether one shows ("is
    there a QR code or an error message?"), nor (given the user's tools) what a look of the user's shows ("read me
    the number on its display" where a tool reads "the number shown on the meter's display")."""
    # (the first named: "the number marked kWh, not the time or date screen"; not what a step is done with: "log back
    # in with your usual email and password")
    # (a look's own: "the number on its display", not "scan the QR code at the front desk and send me the code")
    wanted = _IDENTIFIER.search(_DONE_WITH.sub(" ", text))
    if wanted is None or _WHETHER_SHOWN.search(text) is not None:
        return False
    if vocab is None:
        return True
    said = set(words(text))
    shown = {w for sense in vocab.user_tools for w in sense.keywords}
    # (or the unit a look's reading is in: "read me the digits before kWh" where the meter shows kWh)
    if SCREEN_NOUNS.isdisjoint(said) and not names_device_thing(text, vocab) and not said & shown & _MEASURE_UNITS:
        return True
    # ("the digits" of a display that shows a number)
    return wanted.group() not in (shown | _READINGS if shown & _READINGS else shown)


# the units a reading on a device is in
_MEASURE_UNITS = frozenset({"kwh", "kw", "mwh", "wh", "mbps", "gbps", "kbps", "gb", "mb", "dbm", "db", "ghz", "mhz",
                            "volts", "amps", "psi", "bar", "litres", "liters", "m3", "cubic"})


# an offer ("Would you like step-by-step instructions for turning off Data Saver?") asks the user to do nothing yet
# "You don't need to send your date of birth or anything else", "no need to do anything else just yet": what the user
# need not give or do, no offer of more help
_NEED_NOTHING_ELSE = re.compile(r"\b(?:don't|do not|won't|will not|no) need (?:to|for)\b[^.?!]*\b(?:or|do) anything "
                                r"else\b")
_OFFER = re.compile(r"\b(?:would you like|do you want|shall i|should i|want me to)\b")
# what the agent and the user will do after the agent has what it asked for: "Once I have both, I'll open the line
# and we can look at the picture-message problem"
_ONCE_I_HAVE = re.compile(r"^(?:\w+,? )?(?:once|when|as soon as|after) (?:i|we)(?:'ve| have)? "
                          r"(?:have|get|got|receive)\b"
                          r"[^,]*,\s*(?:then )?(?:i|we)(?:'ll| will| can)\b")
_AFTER_THAT = re.compile(r"^(?:(?:once|when|after) (?:you(?:'re| are)(?: back)? in|that(?:'s| is) done|"
                         r"you(?:'ve| have) done that)|after that|then|next),? ")
_DONE_WITH = re.compile(r"\b(?:log|logging|sign|signing)(?: straight| right)? (?:back )?in with (?:your|the)\b"
                        r"[^.?!,;]*")
_WHETHER_SHOWN = re.compile(r"\b(?:is there|are there|do you see|can you see|does it show|is it showing)\b"
                            # "tell me whether the code appears"
                            r"|\bwhether (?:the|a|an|your|any) [\w-]+(?: [\w-]+)? (?:appears|shows(?: up)?|comes up|"
                            r"is (?:there|showing|shown))\b")


_THEIR_NAME = re.compile(r"\b(?:her|his|their) (?:full |legal |complete )?name\b")
_OWN_NAME_WORDS = frozenset({"first", "last", "full", "legal", "middle", "given", "family", "user", "account",
                             "customer", "holder", "card", "my", "your"})
_WHICH = re.compile(r"^(?:\w+,? )?(?:which|what)\b")
# the user's worry voiced for them, to answer it: "Wondering whether clearing the cache will wipe your history?"
_WORRY_VOICED = re.compile(r"^(?:(?:are you|if you're|in case you're|you might be|you may be|maybe you're) )?"
                           r"(?:wondering|worried|curious|concerned) (?:whether|if|what|how|why|about)\b")
_WHICH_THING_IS_IT = re.compile(r"^(?:\w+,? )?(?:which|what) ([a-z]+) (?:is|was) (?:it|that|this|the one)\b")
_WHICH_WANTED = re.compile(r"\b(?:let me know|tell me)\b[^.?!]*\bwhich\b")  # "Let me know which you'd like."
_FORWARD = re.compile(r"\b(?:the following|below|these details|these things)\b")  # a sentence that a list goes on
# a question that leaves its thing to the sentence before: "… would you like to use instead?", "… would you prefer?"
_ELLIPTIC = re.compile(r"\b(?:instead|use|prefer|go with)\b")
_IDENTIFIER = re.compile(r"\b(?:id|ids|number|numbers|code|codes|pin|sku|serial|reference|ref|imei|puk|password|"
                         r"username|digits|price|cost|amount|total|date|time)\b")


def _opens(segs: tuple[Segment, ...], k: int, vocab: Vocabulary) -> bool:
    """Whether segment k is the first of its message to say something: before it only asks, pleasantries, or a
    greeting, thanks or heading of a few words naming nothing ("Hi there! Which of those …?")."""
    return all(s.asks or _lead_in(s, vocab) for s in segs[:k])


def _lead_in(seg: Segment, vocab: Vocabulary) -> bool:
    """A pleasantry, or a greeting, thanks or heading of a few words naming nothing."""
    return is_pleasantry(seg.text) or (len(words(seg.text)) <= 3 and not named(seg.text, vocab))


def _statement_after(segs: tuple[Segment, ...], k: int) -> str | None:
    """The sentence right after segment k when it states something (asks nothing), else None (a courtesy or an offer
    of further help answers nothing: "What's the reason? I'm here if you need anything.")."""
    if k + 1 >= len(segs) or segs[k + 1].asks:
        return None
    after = segs[k + 1].text
    return None if is_pleasantry(after) or COURTESY.search(after) or CLOSING.search(after) else after


# what lays out choices rather than answering: "The options are:", "You can choose from: …", "Options:"
_CHOICES_OPEN = re.compile(r"\b(?:options?|choices?|choose|pick|select)\b|:$")


def _choices_follow(segs: tuple[Segment, ...], k: int, vocab: Vocabulary) -> bool:
    """Whether what follows segment k sets out choices for the user to pick from ("What's the reason for
    cancelling? The options are: - No longer needed - Ordered by mistake"): the question is asked, not answered."""
    rest = " ".join(seg.text for seg in segs[k + 1:])
    return _CHOICES_OPEN.search(segs[k + 1].text if k + 1 < len(segs) else "") is not None \
        or any(len(s.options) > 1 and offered(rest, s) for s in vocab.facts)


def _about_the_request(text: str, vocab: Vocabulary) -> bool:
    """Whether the text states one of the user's values or names an action the user's goal takes."""
    return any(states(text, s.fact.value) for s in vocab.facts if isinstance(s.fact.value, str)
               and len(s.fact.value) > 2) or any(tool in vocab.goal.accepts and score >= 3  # not "move" alone
                                                   for tool, score, _ in named_actions(text, vocab))


_GENERIC_NAMES = frozenset({"number", "id", "code", "no", "identifier", "reference", "ref", "#", "digits", "figure"})


def _named_specifically(sense: FactSense, text: str, vocab: Vocabulary) -> bool:
    """Whether the text names the fact by more than a generic noun ("the account number", not only "the number")
    or a word of the user's own device ("look at the phone itself" names no phone number)."""
    said = {singular(w) for w in words(text)}
    devices = {w for tool in vocab.user_tools for thing in tool.objects for w in thing.split()}
    specific = {w for w in sense.nouns if w not in _GENERIC_NAMES and " " not in w and w not in devices}
    return bool(said & specific) or states(text, sense.fact.value)


# what to find the user's account by: "what should I search for?", "what can I look you up by?"
_SEARCH_BY = re.compile(r"\bwhat (?:should|can|could|shall|do you want me to|would you like me to) (?:i|we) "
                        r"(?:search (?:for|by|under|with)|look (?:you|it|your account) up|"
                        r"find (?:you|it|your account))\b")
_LOOK_UP = re.compile(r"^(?:find|get|look|authenticate|verify|identify|lookup)")


def _identity_facts(vocab: Vocabulary) -> list[UserFact]:
    """The facts the first account look-up of the task takes (a user proves who they are with them)."""
    lookups = sorted({t for s in vocab.facts for t in s.tools if _LOOK_UP.match(t) and t not in vocab.irreversible})
    first = lookups[0] if lookups else None
    return [s.fact for s in vocab.facts if first in s.tools] if first else []


def _shown(previous: str, vocab: Vocabulary) -> list[UserFact]:
    """Facts the agent's message before named or gave a value of their shape ("I couldn't find an account under
    noor.rossi@…": an email)."""
    text = " ".join(s.text for s in segments(previous)) if previous else ""
    return [s.fact for s in vocab.facts if text and (any(h.sense is s for h in named(text, vocab))
                                                     or (s.kind and other_values(text, s.fact.value)))]


# a condition on the user's answer with no thing of its own, then the agent's act ("Once you tell me, I'll confirm
# the details", "When you reply, I'll get it booked"): what the agent does with the answer, not a further ask
_AGENTS_NEXT_STEP = re.compile(r"^(?:\w+,? )?(?:once|when|after|as soon as|if) you(?:'ve| have)? (?:tell|let|send|"
                               r"reply|respond|answer|share|confirm|give|provide)(?: (?:me|us|know|back))*,\s*"
                               r"(?:then )?(?:i|we)(?:'ll| will| can| shall)\b")


# a fact called by its kind alone ("the number", "that ID"), not described further ("the number on your bill")
_GENERIC_THING = re.compile(r"\b(?:the|that|this) (number|id|code)\b(?!\s+(?:of|for|on|from|in|at|printed|shown|you|"
                            r"that|which)\b)")


_LEFT_AS_IT_IS = re.compile(r"\b(?:leave|keep) (?:it|them|that|this|(?:the|your) [\w -]{1,30}?)(?: just| exactly)? "
                            r"(?:as (?:it|they) (?:is|are)|"
                            r"alone|the way (?:it|they) (?:is|are)|where (?:it|they) (?:is|are))\b")


# what a look shows, asked again or as the states it may show, after the look is asked
_LOOK_FOLLOW_UP = re.compile(r"^(?:\w+,? )?(?:what does (?:it|yours|that|this|the screen) (?:say|show|read)\b"
                             r"|(?:does|did) it (?:say|show|read)\b|is it (?:saying|showing|asking)\b"
                             r"|[\w' -]{1,30},? or (?:still |is it )?[\w' -]{1,30}\?$)")


# the agent holding a value as the user's ("I have your account down as …", "it's on file as …"), not searching for it
_HELD_AS = re.compile(r"\b(?:(?:down|noted|saved|recorded|listed|registered|on file) as"
                      r"|i(?:'ve| have) (?:got )?(?:your|you|it)\b[\w ]{0,20}\b(?:as|down as)\b)")


def _picks_a_listed_option(seg: Segment, segs: tuple[Segment, ...], vocab: Vocabulary) -> bool:
    """"… a credit card, which is what order #W3141805 is paid with, and a PayPal account. Which of those should it
    go on?": a pick among the options listed (read as such), not an ask for everything the sentence before named."""
    return seg.question and _WHICH_OF_THEM.search(seg.text) is not None and bool(_listed(segs, vocab))


def _holds_a_value(sentence: Segment, vocab: Vocabulary) -> bool:
    """The sentence says the agent holds a value of one of the user's facts ("I have your account down as A140")."""
    return _HELD_AS.search(sentence.text) is not None and any(s.kind and read_back(sentence.text, s)
                                                               for s in vocab.facts)


def _resolve_references(segs: tuple[Segment, ...], vocab: Vocabulary, previous_asked: tuple[UserFact, ...],
                        asked: dict[str, UserFact], understood: set[int], other_asks: bool,
                        previous: str = "") -> set[str]:
    """Asks that name nothing themselves: "please send it once you have it" asks again for what the agent asked
    just before, or for what it just said it could not find ("… under that email. Could you double-check it?",
    or only its value: "… under noor@x.org. Could you double-check it?"); "Do you know the one you want to
    cancel? The number starts with a W." asks for what the format fits. Returns the facts asked again after their
    value was stated (a wrong one there is still a misread)."""
    rechecked: set[str] = set()
    for k, seg in enumerate(segs):
        if not seg.asks or k in understood:
            continue
        if bool(asked) and _AGENTS_NEXT_STEP.match(seg.text):
            understood.add(k)  # "Once you tell me, I'll confirm the details": the agent's step on the answer asked
            continue
        # "The number's still missing - could you add it?": the one fact of that kind the agent asked for before
        if (generic := _GENERIC_THING.search(seg.text)) is not None:
            earlier = [*previous_asked, *_shown(previous, vocab)]
            fits = [s.fact for s in vocab.facts if s.fact in earlier and generic[1] in s.nouns]
            if len(fits) == 1:
                asked.setdefault(fits[0].key, fits[0])
                understood.add(k)
                continue
        if _LEFT_AS_IT_IS.search(seg.text):  # "please leave it just as it is": nothing to tell or do
            understood.add(k)
            continue
        # ("Work through these and tell me how each went:" over a list: what "these" means comes after it)
        if PRONOUN.search(_ALL_OF_IT.sub(" ", seg.text)) and ASK_FOR_INFO.search(seg.text) \
                and not (seg.header and k + 1 < len(segs) and segs[k + 1].item) \
                and not _picks_a_listed_option(seg, segs, vocab):
            if k - 1 in understood and segs[k - 1].asks and (asked or other_asks):
                understood.add(k)  # "What date works for you? Please give it as YYYY-MM-DD.": what was just asked
                continue  # (or what the step just asked did: "… go ahead and pay it. Then let me know and I'll …")
            near = f"{segs[k - 1].text if k else ''} {seg.text}"
            said = [singular(w) for w in words(near)]
            # (the code named before what "it" stands for, not after it: "… typing it out again, with the area code")
            pronoun = PRONOUN.search(seg.text)
            own = [singular(w) for w in words(seg.text[:pronoun.start()] if pronoun else seg.text)]
            if (any(_foreign_code(said, at, vocab) for at in range(len(said))) and not named(near, vocab)) or (
                    any(_foreign_code(own, at, vocab) for at in range(len(own))) and not named(seg.text, vocab)):
                continue  # "I'd like the tracking number from your email - could you paste it?": no fact of theirs
                # (nor "If you can tell me the security PIN, I'll unlock it" after "… the plan can't be changed")
            before = [s for s in segs[:k] if not s.asks]
            after = [s for s in segs[k + 1:] if not s.asks]  # "Could you double-check it? I'm not finding that number."
            mentioned = [h.sense.fact for s in before for h in named(s.text, vocab)]
            own_thing = _WHICH_THING_IS_IT.match(seg.text)
            if own_thing is not None:
                fits = [sense.fact for sense in vocab.facts if singular(own_thing[1]) in sense.nouns]
                if not fits:
                    continue  # "Your card ending 4417 is active. Which charge is it?": "it" is the charge it names
                if len(fits) == 1 and not mentioned:
                    asked.setdefault(fits[0].key, fits[0])  # "Which account is this?": the one fact of that thing
                    understood.add(k)
                    continue
            if not mentioned:  # a value of a fact's shape, said without naming the fact
                mentioned = [f.fact for s in before[-1:] for f in vocab.facts if f.kind and read_back(s.text, f)]
                if mentioned and _holds_a_value(before[-1], vocab):
                    understood.add(k)  # "I have your account down as A140. Could you double-check that?": a check
                    continue  # of what the agent holds (a misread when wrong), not an ask for the value again
                rechecked |= {f.key for f in mentioned[-1:]}
            if not mentioned:  # "if you don't know the number by heart … When you've found it, send it over": the one
                # fact that is a number
                nouns = [g[1] for s in before for g in _GENERIC_THING.finditer(s.text)]
                fits = [s.fact for s in vocab.facts if nouns and nouns[-1] in s.nouns]
                mentioned = fits if len(fits) == 1 else []
            later = [h.sense.fact for s in after for h in named(s.text, vocab)]
            # "… your name and ZIP code instead. What are they?": all the last sentence named, else its last
            last = next((facts for s in reversed(before) if (facts := [h.sense.fact for h in named(s.text, vocab)])),
                        [])
            nearest = last if last and _PLURAL.search(seg.text) else mentioned[-1:]
            found = nearest or later[:1] or (list(previous_asked) if not asked else []) \
                or (_shown(previous, vocab)[-1:] if not asked else [])
            if found or asked or other_asks:
                for fact in found:
                    asked.setdefault(fact.key, fact)
                understood.add(k)
                continue
        fitting = [c for s in segs if not s.asks for c in format_candidates(s.text, vocab)]
        if fitting and seg.question:
            for sense in fitting:
                asked.setdefault(sense.fact.key, sense.fact)
            understood.add(k)
    return rechecked
