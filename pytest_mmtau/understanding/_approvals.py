"""Whether an agent message asks the user to approve something — an action the agent would do ("Shall I …?",
"Please confirm if you would like to proceed …", "Reply yes and I'll …", "Return it?") or values it read back
("Your email is …, right?") — and which action an approval names: in its own words, elsewhere in the message, or
in the agent's message just before ("Cancel it?" right after naming the order)."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..models import UserFact

from ._actions import named_actions
from ._conversation import GET_STARTED, asks_no_one
from ._lexicon import ACTION_NOUNS, GENERIC_ACTION_VERBS
from ._facts import FORMAT_EXAMPLE, TAKING, nearly_said, named_facts, offered, options_named
from ._speech import (APPROVE_ACTION, APPROVE_CHECK, CHOICE, CONFIRM_ACTION, CONFIRM_CHECK, CONFIRM_WORD,
                      NOT_IF_I_TAKE, PURPOSE, VERIFY_PREFIX)
from ._text import (ASK_LATER, ASSENT_THEN_ACT, DASH_OR_COLON, Segment, compiled, has_interrogative_order,
                    is_pleasantry, is_question, segments, words)
from ._user_tools import NAVIGATION, names_device_thing, opens_on_a_step, requested_tools
from ._values import all_stated, other_values, states, words_pattern
from ._vocabulary import LOOK_UP_VERBS, FactSense, Vocabulary


def approval(text: str, vocab: Vocabulary) -> str | None:
    """Whether one asking segment asks the user to approve: ``"action"`` (an action the agent would do: "Shall I
    …?", "Please confirm if you would like to proceed …", "Return it?"), ``"check"`` (something read back: "Is
    that correct?", "Can you confirm your email is …?" — an action approval when the message is about an action),
    or None (not an approval: "Could you confirm your order number?" asks for it). A question after a dash or a
    colon is read on its own when the whole is not ("One small Cold Brew - ready to send to the kitchen?")."""
    if _BUTTON.match(text):
        return None  # "Tap OK to continue.": a button on the phone's screen, no yes to the agent
    purpose = _PURPOSE_TAIL.search(text)
    if purpose is not None and purpose.group(1).strip("'") not in _WANTING:
        # "Run a speed test to confirm.": why the step, no check
        text = text[:purpose.start()] + purpose.group(1) + purpose.group(2)
    tail = DASH_OR_COLON.split(text)[-1].strip()
    if tail != text and is_question(text) and _WH_TAIL.match(tail):
        return None  # "I'll need your approval before cancelling anything, but first - what's the account ID?"
    kind = _approval(_SAY_NO_TO.sub("", text), vocab)  # (how to decline is no second action to choose)
    if kind != "action" and is_question(text) and tail and tail != text and _tail_asks_alone(text, tail):
        # (an offer that names the item it acts on is no check of the item: "I can start a return for the Wireless
        # Earbuds - would that help?" asks to approve the return)
        tail_kind = _approval(tail, vocab)
        kind = tail_kind if kind is None or tail_kind == "action" else kind
    return kind


_BUTTON = re.compile(r"^(?:(?:then|and|just|now|please),? )*(?:tap|press|hit|click|select|touch) (?:on )?(?:the )?\W*"
                     r"(?:ok|okay|yes|continue|accept|allow|agree)\b")
# a bare purpose at the end of a sentence, after the word before it ("… run a speed test to confirm.")
_PURPOSE_TAIL = re.compile(r"\b([\w']+),? (?:just )?to (?:confirm|double-check|verify|be sure)(?: (?:it|that|this))?"
                           r"(?: (?:worked|works|helped|is working|took))?(?:,? please)?\s*([.!?]?)$")
# … unless the word before wants the check itself: "I'd like to confirm", "we need to double-check"
_WANTING = frozenset({"like", "want", "wanted", "need", "needed", "have", "going", "love", "able", "wish", "try",
                      "ask", "asking", "you", "me", "us", "i", "we", "order", "ok", "okay", "happy", "ready",
                      "yes", "word", "agree"})  # ("reply yes to confirm" asks for the yes)


def _tail_asks_alone(text: str, tail: str) -> bool:
    """The question after a dash or colon is one of its own: the clause before it asks nothing, or the tail has a
    question's word order. After a question the tail is its options or an aside ("What would you like to do next -
    cancel, return or exchange?", "Could you tell me which date works - we have slots from March 4?")."""
    head = text[:len(text) - len(tail)].rstrip(" -:")
    return not is_question(head) or has_interrogative_order(tail)


# a question for a fact after a dash or colon is what the segment asks (not "how does that sound?")
_WH_TAIL = re.compile(r"^(?:which|what|when|where|who|whom|how|why)\b(?!(?:'s| is| does| do)? (?:that|this|it|everything)"
                      r" (?:sound|look|seem)| do you (?:think|say|reckon))")


# "Can we switch airplane mode off?", "Shall we try restarting your phone?": a step of the user's put as one done
# together (only the user can do it), not the agent asking leave to act
_WE_TRY = re.compile(r"^(?:\w+,? )?(?:can|could|shall|should) we (?:please |just |quickly |also |now )?")
# what the agent acts on, not the user's phone
_ACCOUNT_SIDE = re.compile(r"\b(?:line|account|plan|order|subscription|booking|reservation)s?\b|\d{3}")


def _a_step_together(text: str, vocab: Vocabulary) -> bool:
    core = main_clause(text)
    together = _WE_TRY.match(core) if vocab.user_tools else None
    if together is None or _ACCOUNT_SIDE.search(text):  # "Shall we enable roaming on line 415-555-0163?": ours
        return False
    rest = core[together.end():]
    if opens_on_a_step(rest):  # "Can we turn it on?": what "it" is, the sentence before said
        return True
    return _asks_a_step(f"please {rest}", vocab)


def _asks_a_step(text: str, vocab: Vocabulary) -> bool:
    """Whether the text, read as asking, asks the user to operate a tool of their own."""
    step = segments(text)
    return bool(requested_tools(step, [True] * len(step), vocab))


_WISH_CONFIRMED = re.compile(r"\s*(?:that )?you(?:'d| would| do)? (?:still )?(?:want|like|wish)\b")


def _users_steps_with_a_check(text: str, vocab: Vocabulary) -> bool:
    """A sentence that opens on a step of the user's own and confirms something on the way: a look among the steps."""
    confirm = CONFIRM_WORD.search(text)
    if confirm is None or not vocab.user_tools or _WISH_CONFIRMED.match(text, confirm.end()):
        return False
    before = text[:confirm.start()]
    return bool(before) and (opens_on_a_step(before) or NAVIGATION.match(before) is not None) \
        and _asks_a_step(text, vocab)


def _approval(text: str, vocab: Vocabulary) -> str | None:
    if _a_step_together(text, vocab) or GET_STARTED.match(text):  # ("Shall we get started?" approves no action)
        return None
    if _users_steps_with_a_check(text, vocab):
        return None  # "Open the payment request, confirm it says bill B9001, then pay it": the user's own steps
    if ASK_LATER.search(text):
        return None  # "I'll read the whole return back to you; nothing is submitted until you confirm"
    if asks_no_one(text):
        return None  # "I know, nobody likes being passed from one person to another, right?": a remark
    if _choice_of_actions(text, vocab):
        return None  # "What would you like me to do with #W3125736: cancel it, or change the address?" asks which
    if offers_information(text):
        return None  # "Would you like me to walk you through the plan?" offers information, not an action
    if _WISH_TO_KNOW.search(text):
        return None  # "Just to confirm - you'd like to know where your refund is?": a wish for information
    if _ANY_QUESTIONS.search(main_clause(text)):
        return None  # "Before I downgrade A104, do you have any questions?" asks for questions, not a yes
    if _ON_ASSENT.search(text):
        return "action"  # "Once you confirm, I'll move A101 to Premium": the next step waits for a yes
    if _ON_ASSENT_DONE.search(text) and named_actions(text, vocab, proposed=True, writes=True):
        return "action"  # "Once you confirm, the boots will be exchanged for …": the same, said in the passive
    embedded = _EMBEDDED_WISH.match(text)
    if embedded and not text.endswith("?"):
        # "Let me know if you'd like a return created for E204931": the yes/no question asked indirectly, read as
        # the direct one ("Would you like a return created for E204931?")
        direct = _approval(f"would you {embedded.group(1)} {text[embedded.end():].rstrip(' .!')}?", vocab)
        if direct == "action":
            return direct
    core = main_clause(text)
    frame = APPROVE_ACTION.search(core)
    lead = _lead(core, frame.start()) if frame else ""
    if frame and _USER_CHOICE.match(core[frame.start():]) and not STATUS_QUO.search(core) and (
            any(offered(core, s) for s in vocab.facts) or _SCOPE_CHOICE.search(core[frame.end():])):
        # "Would you like to pay with your credit card or PayPal?", "… cancel the whole order or just one item?"
        # ask which ("… upgrade to Premium or stay on Basic?" asks whether)
        return None
    if (frame and not _WH_BEFORE.search(lead)) or _action_question(core, vocab) or _WHICH_OF_MINE.search(core):
        return "action"
    if _WANT_IT_DONE.search(core):
        return "action"  # "Turning it on is free. Do you want it on?": the offer just made
    if _WOULD_HELP.search(core) and named_actions(core, vocab, proposed=True, writes=True):
        return "action"  # "Would a 2 GB top-up on 206-555-0128 help?": an offer of the action
    if _WANT_THING.match(core) and not _MANNERS.search(core) and is_question(text) \
            and not (_INFO_THING if _BARE_WANT.match(core) else _INFO_NOUN).search(core) \
            and (named_actions(core, vocab, proposed=True, writes=True, by_object=True)
                 or _action_by_own_value(core, vocab) is not None):
        # "Would you like Premium on account A101?": the one action that thing is the object of; "Want the full 2
        # GB?": the one action that takes that value
        return "action"
    if (_OFFER.match(core) or _WANT_DONE.match(core)) and not _MANNERS.search(core) \
            and named_actions(_LATER_ACT.sub("", core), vocab, proposed=True, writes=True):
        # "Would you like to add a 2 GB top-up?", "Do you want roaming activated?": an offer of the agent's action
        # ("… emailed to you or sent by post?" asks how, not whether)
        return "action"
    confirm = CONFIRM_WORD.search(core)
    if confirm and _WHEN_YOU_CONFIRM.search(core[:confirm.end()]) and not _CONFIRM_THIS.match(core, confirm.end()):
        confirm = None  # "once you confirm a cancellation it can't be undone": what follows a yes, said in general
    if confirm:
        # ("Please confirm by replying 'yes'": how to say it, the same as "Please confirm.")
        rest = _BY_REPLYING.sub("", re.sub(r"\([^)]*\)", " ", core[confirm.end():]))
        if _WH_AFTER.match(rest):
            return None  # "Could you confirm which transaction you'd like me to dispute?" asks which
        said = CONFIRM_WORD.search(text)
        if said is not None and _THEN_I_ACT.search(text, said.end()):
            return "action"  # "Please confirm the new address is …, and I'll update it": a step waits on the yes
        if CONFIRM_ACTION.search(rest):
            return "action"
        head = " ".join(words(rest)[:4])
        hits = named_facts(head, vocab) if head else []
        if hits:  # "confirm your email is …" checks it; "confirm your email" asks for it
            # ("… under 366-555-6908. Can you confirm that's your number?": what was just said, pointed at)
            return "check" if any(read_back(text, s) for s, _ in hits) or _POINTED_AT.match(rest) else None
        if _STATE.match(rest) and names_device_thing(rest, vocab):  # "confirm mobile data is on": how it is
            return None
        if named_actions(rest, vocab, proposed=True):
            return "action"
        # "Please confirm I heard you right: account A102, is that right?" reads a value back to check
        return "check" if CONFIRM_CHECK.search(rest) or _verification(text, vocab) else None
    if _DECLARATIVE_WISH.search(core) and (is_question(text) or VERIFY_PREFIX.search(core)) \
            and not _MANNERS.search(core) and named_actions(core, vocab, proposed=True, writes=True):
        return "action"  # "And just to be sure - you do want it cancelled?", "To confirm, you'd like W3125736 canceled"
    if _IS_WHAT_YOU_WANT.match(core) and named_actions(core, vocab, proposed=True, writes=True):
        return "action"  # "Is a cancellation of #W3125736 what you'd like?"
    if _ASSENT_QUESTION.match(core):
        return "check"  # "All good?", "Are you okay with that?", "Any objections?": assent to what was just laid out
    if (APPROVE_CHECK.search(core) or (VERIFY_PREFIX.search(core) and is_question(text))) \
            and not _WHICH_IS_RIGHT.search(core):
        if not APPROVE_CHECK.search(core) and names_device_thing(core, vocab) \
                and not any(read_back(text, s) for s in vocab.facts):
            return None  # "Just to double-check: does it still say 'No SIM' at the top?" asks to look
        if _DEVICE_STATE.search(core) and names_device_thing(core, vocab) \
                and not any(read_back(text, s) for s in vocab.facts):
            return None  # "And Data Saver is off now, correct?" asks to look at the phone, not to check values
        return "check"
    if is_question(text) and _YES_NO.match(core) and _FOR_THE_ACTION.search(core) \
            and not _NO_VALUE_PROPOSED.search(core):
        return "check"  # "Is Friday, March 13 okay for the installation?": a value proposed for an action
    if _CHECK_THESE.match(core) and any(read_back(text, s) for s in vocab.facts):
        return "check"  # "Please verify: Name - Priya Raman, DOB - 17 Feb 1991." (not "Please verify: your name")
    return "check" if points_at_a_value(text, "", vocab) or _verification(text, vocab) else None


def points_at_a_value(text: str, before: str, vocab: Vocabulary) -> bool:
    """"I found an account under 631-555-3438. Is that the number registered with us?": a question pointing at a
    value of the user's the sentence says or the one ``before`` it said, asking whether it is theirs."""
    pointed = _IS_THAT_YOURS.search(text)  # (not a choice: "Is that the Basic or the Premium plan you'd like?")
    return pointed is not None and is_question(text) and re.search(r"\bor\b", text[pointed.end():]) is None \
        and any(read_back(said, s) for said in (text, before) if said for s in vocab.facts)


# a value the sentence before stated, pointed at: "(confirm) that's the number", "(confirm) this is your account"
_POINTED_AT = re.compile(r"^\s*(?:that|this|it)(?:'s| is| was) (?:really |indeed |definitely )?(?:the|your)\b")
# … asked: "is that the phone number on your account?", "and this is your email, right?"
_IS_THAT_YOURS = re.compile(r"(?:^|\s-\s|:\s)(?:and |so |just )?(?:is|was) (?:that|this) "
                            r"(?:really |indeed |definitely |still |actually )?(?:the|your)\b")
# a yes/no question asked indirectly: "let me know if you'd like …", "tell me whether you want …"
_EMBEDDED_WISH = re.compile(r"^(?:\w+,? )?(?:please |just |kindly )?(?:let me know|tell me|say|confirm)"
                            r"(?: (?:to|for) me)? (?:if|whether) you(?:'d| would)? (like|want|wish|need) (?!to (?:know|hear|see|learn)\b)")
# the step waiting on the yes, said in the passive: "once you confirm, the order will be cancelled"
_ON_ASSENT_DONE = re.compile(r"^(?:\w+,? )?(?:once|as soon as|when|after|if) you(?:'ve| have)? "
                             r"(?:confirm|approve|agree|say (?:yes|so|the word)|give (?:me |us )?(?:the |your )?(?:go-ahead|ok|okay|nod|green "
                             r"light))\b[^,.?!]*,[^.?!]*\b(?:will|'ll) (?:then )?(?:be|get) (?:[a-z]+(?:ed|en)|sent|"
                             r"put|set|made|done|paid|held|taken)\b")
# the user's wish said back is to learn something, not to have something done
_WISH_TO_KNOW = re.compile(r"(?:^|\s-\s|[,:;]\s)(?:and |so |just )?you(?:'d| would)? (?:like|want|wish) to (?:know|hear|see|"
                           r"find out|learn)\b")
# "Is a cancellation of #W3125736 what you'd like?": the action named as the subject of the user's wish
_IS_WHAT_YOU_WANT = re.compile(r"^(?:\w+,? )?(?:is|would) [^?]{1,80}? what you(?:'d| would)? (?:like|want|had in mind)"
                               r"(?: (?:me|us) to do)?\W*$")
# the user's wish said back for a yes: "you'd like …", "you do want …", "you still wish …"
_DECLARATIVE_WISH = re.compile(r"(?:^|\s-\s|[,:;]\s)(?:and |so |just )?you(?:'d| would)? (?:do |still |really |definitely )?"
                               r"(?:want|like|wish)\b(?! to (?:know|hear|see|check|try|look|restart|turn|open)\b)")
# a bare question of assent, whose object is what was just said ("All good?", "You okay with that?", "Any objections?",
# "Happy with that?"); "Are you okay?" alone asks after the user
_ASSENT_QUESTION = re.compile(r"^(?:\w+,? )?(?:(?:are|is|you) )?(?:(?:you|that|this|everything|it|we) )?(?:all )?"
                              r"(?:(?:ok|okay|alright|all right|good|fine|happy|cool|comfortable)(?: with (?:that|this|it|"
                              r"(?:me|us) doing (?:that|this|it)|(?:the|this|that) (?:plan|change|changes|idea)))"
                              r"|all (?:good|ok|okay|set)|(?:any|no) objections?"
                              r"|(?:is )?(?:everything|all|that|this|it) in order"
                              # idioms of a yes asked for: "Can I take that as a yes?", "Do we have a deal?"
                              r"|(?:can|may|shall) (?:i|we) take (?:that|this|it) as a yes|do we have a deal|deal)\W*$"
                              # the bare word of a pending action's prompt: "Approve or reject?", "ok now?"
                              r"|^(?:\w+,? )?(?:approve|approved)(?:,? or (?:reject|decline|deny|not))?\W*$"
                              r"|^(?:so |and )?(?:ok|okay|good|alright|all right) (?:now|then)\W*$")
_BY_REPLYING = re.compile(r"^\s*(?:it )?(?:by|with) (?:replying|saying|typing|answering|responding|writing|sending)(?: "
                          r"(?:with|back))? ['\"]?(?:yes|y|ok|okay|confirm|go)['\"]?")
# "confirm" in a clause of time said of the user ("once you confirm payment on your phone, …")
_WHEN_YOU_CONFIRM = re.compile(r"\b(?:once|when|whenever|after|until|before|as soon as) you confirm$")
# … unless it confirms what this message lays out ("once you confirm this, …")
_CONFIRM_THIS = re.compile(r"\s*(?:[,.;:!?]|$|(?:it|this|that|these|those|everything|all|the (?:above|details|"
                           r"summary|change|changes|plan|following))\b)")
# a wh-word after "confirm" asks for the thing ("confirm which order …"); "whether"/"if" ask for a yes
_WH_AFTER = re.compile(r"^\s*(?:for me |with me |to me )?(?:which|what|when|where|who|whom|whose|how)\b")
# the agent's own step after the check ("…, and I'll update it", "… - then I'll place the order")
_THEN_I_ACT = re.compile(r"(?:,|\s-|(?=\sand\s))\s*(?:and|then|so)\s+(?:then\s+)?(?:i|we)(?:'ll| will)\s+"
                         r"(?!(?:need|ask|be|have|check|look|explain|wait|let you|tell|send you)\b)[a-z]+")
# the wh-word is what is right: "Which of these numbers is right?", "… and what size is right?" ask which
_WHICH_IS_RIGHT = re.compile(r"\b(?:which|what)\b(?:(?! (?:that|this|it|everything)\b)[^,.;:?-])*?(?:\bis|\bare|'s|"
                             r"\bwould be) (?:the )?(?:right|correct)\b")
_YES_NO = re.compile(r"^(?:\w+,? )?(?:is|are|would|will|does|do|can|could)\b")
# values laid out after a colon for the user to check
_CHECK_THESE = re.compile(r"^(?:please |kindly )?(?:verify|double-check|check|review)(?: (?:these|the following|your) "
                          r"details)?\s*:")
_DEVICE_STATE = re.compile(r"(?:\bis|'s|\bare) (?:still |now |currently )?(?:on|off|enabled|disabled|connected|"
                           r"disconnected|allowed|showing)\b")
_ON_ASSENT = re.compile(ASSENT_THEN_ACT)
# verbs of telling or staying, not doing: what an offer of information (or of company) starts with
_INFORM_VERBS = (r"(?:explain|walk (?:you )?through|go over|run (?:you )?through|tell you|show you|describe|outline|"
                 r"break down|clarify|summari[sz]e|recap|read (?:out|back)|share (?:more|some|a few|the details)|"
                 r"(?:send|email|text|message)(?: you| it to you| them to you| over)? (?:a |an |the |some |more |your )?"
                 r"(?:copy of (?:the |your |this )?|pdf of (?:the |your )?)?(?:summary|details|info|information|link|"
                 r"overview|steps|instructions|receipt|(?:return |shipping )?label|confirmation|text|email|recap|"
                 r"reminder)s?\b(?! request| to pay| for (?:the |your )?(?:payment|bill))|receive (?:\w+ )?(?:notifications|updates|alerts|emails|texts|reminders)|"
                 r"give you "
                 r"(?:a |an |some |more )?(?:overview|summary|rundown|breakdown|details|info|information|quick)|"
                 r"(?:check|look up|find out|see) (?:which|what|whether|if|when|how|anything|something)|"
                 r"stay (?:on (?:the )?(?:line|chat|call|phone)|connected|with you|here)|"
                 # "Shall we start by checking which plan you're on?": a look first
                 r"(?:start|begin|kick off) (?:off )?(?:by|with) (?:checking|looking|reviewing|verifying|finding|"
                 r"confirming|pulling up|going over)|"
                 # "read the order back to you", "read out the details"
                 r"read (?:(?:it|that|this|them|(?:the|your) (?:whole |full |entire |complete )?\w+|everything) )?"
                 r"(?:out|back)|"
                 # a look-up of the user's own things ("check your current data usage"; "check you in" is an act)
                 r"(?:check|look up|look into|review|pull up) (?:your|the|on your) (?!(?:\w+ )?(?:in|out)\b)|"
                 r"wait(?! (?:for|on) your)|hold on|"
                 r"remain)\b")
_INFORM = re.compile(r"^\s*(?:(?:quickly|briefly|just|also|first) )?" + _INFORM_VERBS)
_OFFERS_INFORMATION = re.compile(r"\b(?:i|we)(?:'ll| will| can| could|'d be happy to| would be happy to)(?: \w+ly| "
                                 r"also| just)? " + _INFORM_VERBS)
@functools.lru_cache(maxsize=2048)  # asked of a segment again for each approval rule that reads it
def offers_information(text: str) -> bool:
    """An offer to tell, show, look up or wait ("Would you like me to explain how roaming charges work?", "If you'd
    like, I can walk you through it"): a yes/no question, but no approval of an action."""
    core = main_clause(text)
    frame = APPROVE_ACTION.search(core)
    return bool(frame and _INFORM.match(core[frame.end():])) or bool(
        _ON_ASSENT.search(text) and _OFFERS_INFORMATION.search(text)) or _TO_KNOW.search(core) is not None \
        or _DOCUMENT_SENT.search(core) is not None or _GO_ON_WITH_STEPS.search(core) is not None


# "Would you like a receipt emailed to you?", "Do you want a copy of the invoice sent over?": a document to read
_DOCUMENT_SENT = re.compile(r"^(?:\w+,? )?(?:(?:would|do) you|you(?:'d| would)?) (?:also )?(?:like|want|need) (?:a |an |the |"
                            r"your )?(?:copy|"
                            r"receipt|summary|confirmation|pdf|record|link|reminder|recap|statement|notification|text|"
                            r"email)\b[^?]{0,60}? (?:emailed|sent|texted|mailed|forwarded|messaged)\b")
# "Would you like to proceed with the troubleshooting steps?": going on with steps the user takes, no action of
# the agent's
_GO_ON_WITH_STEPS = re.compile(r"\b(?:proceed|go ahead|continue|carry on|move (?:forward|on)) with (?:the |these |those |"
                               r"some |a few |our |a |more )?(?:(?:next|remaining|other|same|basic|usual) )?"
                               r"(?:troubleshooting|steps?|checks?|tests?|diagnostics?|instructions)\b"
                               # ("Shall I go ahead with step 1 and send the payment request?": a step picked by number)
                               r"(?! ?(?:#|no\.? ?)?\d)")
# "Would you like to know when the refund arrives?", "Do you want to hear about our plans?"
_TO_KNOW = re.compile(r"^(?:\w+,? )?(?:would|do) you (?:like|want) to (?:know|hear|learn|see) (?:about|more|what|when|"
                      r"how|why|where|which|whether|if)\b")


# the action only describes the thing checked: "confirm that the item you want to return is the Office Chair"
_WISH = re.compile(r"\b(?:that |which )?you(?:'d| would)? (?:want|like|wish|need)(?: to)? [\w-]+(?= (?:is|are|was)\b)")
# "Which would you like me to do? 1. Switch it to PayPal now 2. Keep the card": the choice is whether to act
_WHICH_OF_MINE = re.compile(r"^(?:\w+,? )?which(?: one| option)? (?:would|do) you (?:like|want|prefer) (?:me|"
                            r"us) to (?:do|go "
                            r"with)\b")
_OFFER = re.compile(r"^(?!(?:what|which|when|where|who|how|why)\b)(?:\w+,? )?(?:would|do) you (?:like|"
                    r"want)(?: to (?:add|get|have|receive|go with|go ahead with))?"
                    r" (?:a|an|the|that|this|me to)\b")
# the agent's later step, after what is offered ("Would you like to add a drink before I place the order?")
_LATER_ACT = re.compile(r",?\s+(?:before|once|after) (?:i|we) [^?]*")
# "do you want roaming activated on …", "would you like the order cancelled": the thing, then the action done to it
_WANT_DONE = re.compile(r"^(?!(?:what|which|when|where|who|how|why)\b)(?:\w+,? )?(?:do|would) you (?:still |also )?"
                        r"(?:want|like|need) (?!to\b)(?:[\w'#-]+ ){1,4}?"
                        r"(?!(?:when|then|even|often|open|seven|eleven|need|speed|feed)\b)[a-z]{2,}(?:ed|en)\b")
# "would you like Premium …", "do you want the Sea View Double": a thing wanted, no verb
_WANT_THING = re.compile(r"^(?:(?!(?:what|which|when|where|who|how|why)\b)\w+,? )?(?:(?:would|do) you (?:still |also )?"
                         r"(?:like|want)|want) (?!(?:to|me|us|it|that|this|them|a|an|some|any|more|help)\b)")
# "Want the full 2 GB?": the wish without its subject; "Want Premium's feature list?" wants information
_BARE_WANT = re.compile(r"^(?:\w+,? )?want\b")
_INFO_NOUNS = (r"\b(?:list|number|details|breakdown|info|information|summary|copy|link|receipt|features?|overview|"
               r"rundown|status|update|updates|explanation)\b")
_INFO_THING = re.compile(r"'s\b|" + _INFO_NOUNS)
# ("Would you like the details of the Premium plan?", "… the tracking number for your order?": information wanted)
_INFO_NOUN = re.compile(_INFO_NOUNS)
_WANT_IT_DONE = re.compile(r"^(?:\w+,? )?(?:do|would) you (?:still )?(?:want|like) (?:it|that|this|them) (?:on|off|"
                           r"back on|done|sorted|taken care of|now|switched on|turned on|activated|enabled|added|"
                           r"applied)\W*$")
# ("Would a refund or a store credit help more?" asks which of two)
_WOULD_HELP = re.compile(r"^(?:\w+,? )?(?:would|will|could) (?:that|this|it|an? (?:(?!\bor\b)[^?]){1,60}?) help\b"
                         r"(?! (?:more|most|better)\b)[^.]*\?$")
# alternatives that are two ways of doing it, not doing it or not ("… or keep it?", "… or not?")
_MANNERS = re.compile(r"\bor\b(?!\s+(?:not|no|keep|leave|hold|wait|skip|would you rather|do you want to|should i|"
                      r"shall i|is there)\b)")
# the other alternative is to leave things as they are: a choice whether to act
STATUS_QUO = re.compile(r"\bor (?:just |simply |rather )?(?:stay|remain|stick|keep|leave|hold off)\b")
# the other alternative is another part or amount of the same action: a choice of which
_SCOPE_CHOICE = re.compile(r"\bor (?:just |only |simply )?(?:the|a|an|one|some|all|part|a few|only|at|in|on|by|"
                           r"with|via|through) [\w' -]+\?*$")
_ANY_QUESTIONS = re.compile(r"^(?:\w+,? )?(?:do|would|did) you have (?:any )?(?:other |more |further )?(?:questions|"
                            r"concerns|doubts)\b")
# the user's own choice, not the agent's action: "would you like to pay with …"
_USER_CHOICE = re.compile(r"(?:do|would|will) you (?:\w+ )?(?:want|like|wish|prefer) to\b")
# what follows "confirm" when it asks how things are, not to approve an action
_STATE = re.compile(r"^\s*(?:(?:for|with) (?:me|us)\s+)?(?:whether\s+|if\s+|that\s+)?(?!(?:i|we|you)\b|(?:i|we|you)')"
                    r"(?:[\w'-]+\s+){1,6}?"
                    r"(?:is|are|has|have|shows?|says?|can|does|isn't|aren't|hasn't)\b")
# "Which order would you like to cancel?" (a relative "who" later in the clause asks nothing: "a specialist who …";
# nor does a cleft: "What I can do is start a return - would you like that?" offers what it names)
_WH_BEFORE = re.compile(r"^\W*(?:[\w']+ ){0,2}?(?:which|what|when|where|how|who|whose|why)\b"
                        r"(?! (?:i|we)(?:'d| would| can| could|'ll| will)? (?:can |could )?(?:do|offer|suggest|recommend|"
                        r"propose)\b[^?]* is\b)")
_CLAUSE_BREAK = re.compile(r"[,;:]|\s-\s")


def _lead(core: str, frame_at: int) -> str:
    """The clause the approval frame stands in, before the frame: a frame that opens a clause of its own ("…
    instead - would you like that?") has none."""
    clauses = _CLAUSE_BREAK.split(core[:frame_at])
    return "" if _CLAUSE_BREAK.match(core, frame_at) else clauses[-1]


# ("Wait 30 seconds" is a step of a procedure, not the option of waiting; "we leave it off for now" is the option)
_DECLINE = re.compile(r"^(?:(?:we|you|i) (?:can |could |just |simply )?(?=keep\b|leave\b|hold off\b|skip\b|wait\b))?"
                      r"(?:no\b|not (?:now|yet)\b|stay\b|remain\b|stick with\b|don't\b|do not\b|keep\b|leave\b|hold off\b|skip\b|"
                      r"wait\b(?!\s+(?:for\s+)?(?:about\s+|around\s+|at least\s+)?(?:\d+|a|an|one|two|three|five|ten|"
                      r"thirty|half|a few|few|several)(?:\s+|-)(?:seconds?|secs?|minutes?|mins?|hours?)\b"
                      # ("Wait for it to join your home network, then …": a step's pause, no option)
                      r"|\s+(?:for (?:it|them|the \w+) to|until)\b)|"
                      r"cancel nothing\b|nothing\b)")


def act_or_not(segs: tuple[Segment, ...], vocab: Vocabulary) -> Segment | None:
    """The ask that approves an action only with what is around it: above a list of options to act or not ("How
    would you like to proceed? 1. Yes, cancel it 2. No, keep the order": a choice between doing an action and not
    doing it is an approval of the action), after the two in a sentence, or after an offer of the action."""
    for k, seg in enumerate(segs):
        if not seg.asks:
            continue
        # the options below the ask, or right above it ("1. Yes, cancel it 2. No, keep it. What would you like?")
        items = [o for s in segs[k + 1:k + 6] if (o := _option(s)) is not None] or _items_just_before(segs, k) \
            if _option(seg) is None else []
        acting = [i for i in items if not _DECLINE.match(i) and named_actions(i, vocab, proposed=True, writes=True)]
        if acting and any(_DECLINE.match(i) for i in items):
            return seg
        # the two options in a sentence, then a bare "Which would you prefer?" ("I can enable roaming now, or we can
        # leave it off. Which would you prefer?", or the same before a dash; either may be a list item)
        choice = _BARE_CHOICE.search(seg.text)
        if choice is not None:
            options = _OR_OPTION.split(_said_before(segs, k, choice).rstrip(" -:;,.–—"), maxsplit=1)
            if len(options) == 2 and _DECLINE.match(options[1].strip()) \
                    and named_actions(options[0], vocab, proposed=True, writes=True):
                return seg
        # an offer the agent can make, then a bare "just let me know" ("I can cancel W3114019 instead; just let me
        # know.")
        go = _BARE_GO.search(seg.text)
        offer = _CAN_DO.search(_said_before(segs, k, go)) if go else None
        if offer is not None and named_actions(offer.string[offer.start():], vocab, proposed=True, writes=True):
            return seg
    return None


def _said_before(segs: tuple[Segment, ...], k: int, ask: re.Match[str]) -> str:
    """What a bare ask in segment k is about: the words before it in its sentence ("… or we can leave it off - which
    would you prefer?"), else the sentence before."""
    return segs[k].text[:ask.start()] if ask.start() else (segs[k - 1].text if k else "")


_BARE_GO = re.compile(r"(?:^|;\s|\s[-\u2013\u2014]\s)(?:\w+,? )?(?:just |simply )?(?:let me know|say the word)[.!]*$")
_CAN_DO = re.compile(r"\b(?:i|we) (?:can|could|am able to|'m able to|'d be happy to|would be happy to)\b")


# a choice asked with nothing in it, of what was just laid out: "Which would you prefer?", "What would you like to do?"
_BARE_CHOICE = re.compile(r"(?:^|\s[-\u2013\u2014]\s|[:;]\s)(?:\w+,? )?(?:(?:please |just )?let me know )?(?:which|what)"
                          r"(?: one| option)?(?: (?:would|do) you(?:'d)? (?:prefer|like(?: to do)?|want(?: to do)?|choose|"
                          r"rather)| you(?:'d| would) (?:prefer|like)| (?:works|sounds) (?:better|best)(?: for you)?)\W*$")
_OR_OPTION = re.compile(r",?\s+or\s+(?:else\s+)?")


# "Option 1: cancel the order.", "(b) keep it": an option labelled in running text
_OPTION_LABEL = re.compile(r"^(?:option|choice) (?:\d{1,2}|[a-c]|one|two|three)\s*[:.)-]\s*")


def _option(seg: Segment) -> str | None:
    """The text of an option: a list item, or a sentence labelled as an option (not a courtesy: "No rush at all.")."""
    if is_pleasantry(seg.text):
        return None
    if seg.item:
        return seg.text
    label = _OPTION_LABEL.match(seg.text)
    return seg.text[label.end():] if label else None


def _items_just_before(segs: tuple[Segment, ...], k: int) -> list[str]:
    """The options that end right before segment k."""
    items: list[str] = []
    for seg in reversed(segs[max(0, k - 5):k]):
        option = _option(seg)
        if option is None:
            break
        items.insert(0, option)
    return items


# "Go ahead with the plan change?", "Proceed?": a question opening with the generic verb of going on
# the generic verbs of going on with an action
_GO_ON = r"go ahead|proceed|continue|move forward"
_GO_ON_QUESTION = re.compile(r"^(?:(?!to\b)\w+,? )?(?:" + _GO_ON + r"|go(?=\W*$)|(?:do|go for) (?:it|that)(?= (?:now|today)"
                             r"|\W*$))\b")


# the second of two alternatives ("…, or would you rather I change the address?")
_OR_ELSE = re.compile(r",?\s\bor\s+(?:else\s+)?(?:would you rather (?:i |we )?|should i |shall i |do you want (?:me )?to |"
                      r"would you like (?:me )?to |i could |i can |we could )?")


def _choice_of_actions(text: str, vocab: Vocabulary) -> bool:
    """Two alternatives that are two different actions of the agent: a choice between them, not an approval of
    either (one action or leaving things be is an approval of the action)."""
    parts = _OR_ELSE.split(text, maxsplit=1)
    if len(parts) < 2:
        return False
    first = named_actions(parts[0], vocab, proposed=True, writes=True)
    second = named_actions(parts[1], vocab, proposed=True, writes=True)
    return bool(first and second) and first[0][0] != second[0][0]


_FOR_ME = re.compile(r"\bfor (?:me|us)(?: (?:please|quickly|real quick|now))?\W*$")
_LEAD_WORDS = frozenset({"ok", "okay", "so", "alright", "great", "perfect", "then", "and", "now", "right"})


def _action_question(text: str, vocab: Vocabulary) -> bool:
    """A question that opens with the action itself: "Return it?", "Cancel the order now?"."""
    if not text.endswith("?") or _FOR_ME.search(text):  # "Switch that off for me?" asks the user to do it
        return False
    # the whole question, or the ask after a dash or colon ("Roaming for 312-555-0147 - flip it on?")
    for clause in dict.fromkeys((text, DASH_OR_COLON.split(text)[-1])):
        said = words(clause) or [""]
        while len(said) > 1 and said[0] in _LEAD_WORDS:  # "ok, set up the return for the washer?"
            said = said[1:]
        if _GO_ON_QUESTION.match(clause) or any(
                _opens_with(said, form) for a in vocab.actions if a.alters or a.phrases
                for form in (*a.verbs, *a.synonyms)):
            return True
        # "Initiate the return?", "Submit the invoice now?": a verb of doing anything, with the action's noun
        if any(_opens_with(said, form) for form in GENERIC_ACTION_VERBS) \
                and named_actions(clause, vocab, proposed=True, writes=True):
            return True
    return False


# a plan read back for a yes under "To confirm:": the agent's own action in its bare form ("To confirm: resume line
# 415-555-0136 on account C1002", "Just to confirm, update order #W3135709 to ship to …") — not what was done ("To
# confirm, I've cancelled it", "To confirm: cancelled today") nor a step of the user's ("To confirm, tap the link")
_PLAN_LEAD = re.compile(r"^(?:just |so,? )?to (?:confirm|recap|double-check|be clear)[:,]\s+")


def plan_read_back(text: str, vocab: Vocabulary) -> bool:
    """A statement under a "To confirm:" lead that opens with the bare verb of one of the agent's actions."""
    lead = _PLAN_LEAD.match(text)
    said = words(text[lead.end():]) if lead else []
    if not said or said[0].endswith(("ed", "ing")):
        return False
    return any(_opens_with(said, form) for a in vocab.actions if a.alters for form in (*a.verbs, *a.synonyms))


def _opens_with(said: list[str], form: str) -> bool:
    """The words open with the verb form; a particle verb's particle follows ("flip it on")."""
    head, _, particle = form.partition(" ")
    return said[0] == head and (not particle or particle in said[1:4])


# a question for information: a wh-word, or a verb of giving it asked as a favour, however the ability or the
# willingness is framed ("Could you tell me …", "Would you be able to provide …", "Would you mind sharing …")
# (hedged: "Could you just quickly share …"; asked for as a favour: "May I ask you to provide …", "Would it be
# possible for you to send …")
_HEDGE = r"(?: please| kindly| also| just| quickly| briefly| simply| now| first| still)*"
_OPEN_QUESTION = re.compile(r"^(?:\w+,? )?(?:what|which|when|where|who|how|(?:(?:could|can|would|will) you|are you able to|"
                            r"(?:is|would) it (?:be )?possible (?:for you )?to|any chance you (?:could|can)|"
                            r"(?:may|can|could|might) i (?:ask|trouble|bother) you(?: to| for)?|"
                            r"(?:would|is) it (?:be )?(?:ok|okay|alright|all right|fine) if (?:i|we) " + TAKING + r"|"
                            r"i (?:wonder|was wondering) if you (?:could|can|would))" + _HEDGE +
                            r"(?: be able to| be willing to)?" + _HEDGE + r" (?:tell|provide|share|give|send|let)|"
                            r"(?:would|do) you mind" + _HEDGE + r" (?:telling|providing|sharing|giving|sending|letting)|"
                            r"(?:please )?(?:tell|provide|share|send|give))\b")


_WISH_OPENING = re.compile(r"^(?:\w+,? )?(?:would|do) you (?:still |also )?(?:like|want)\b")
_ANYTHING_ELSE = re.compile(r"\banything (?:else|more)\b")


def _verification(text: str, vocab: Vocabulary) -> bool:
    """A yes/no question that reads values back ("Your email is x@y.com?"), not one offering options."""
    text = FORMAT_EXAMPLE.sub("", text)  # an example of the format reads nothing back
    if not is_question(text) or _OPEN_QUESTION.search(text) or CHOICE.search(text) or _ANYTHING_ELSE.search(text) \
            or _WISH_OPENING.match(text):  # ("Would you like the details of the Premium plan?" reads nothing back)
        return False  # "Is there anything else you'd like me to do with order W3125736?" checks nothing
    hits = named_facts(text, vocab)
    if not hits:  # "So I'm speaking with Aisha Kovacs?", "so that's account 44172290?": a value said back
        # (one option said back last checks it, "… it's premium you're after?"; not two, a choice, nor one asked
        # about: "Is Premium worth it?", "Want Premium's feature list?")
        return any(_ends_with(text, s) if not s.options else _option_last(text, s.fact.value)
                   and not options_named(text, s) and not has_interrogative_order(text) for s in vocab.facts)
    return all(read_back(text, s) for s, _ in hits)


def _option_last(text: str, value: str) -> bool:
    """An option said last in a question, bar a word on the wish ("… it's premium you're after?")."""
    return compiled(rf"\b{re.escape(value.lower())}\b(?: (?:you(?:'re| are) after|you want(?:ed)?|"
                    rf"you(?:'d| would) like|then|right|correct|yes|is it|please))?\W*$").search(text) is not None


def _ends_with(text: str, sense: FactSense) -> bool:
    """The question ends with the value (said in any form), or with another of its shape (a phone number, a date),
    the way a value is read back for a yes or a no."""
    end = text.rstrip("?!. ")[-60:]
    value = sense.fact.value
    return any(states(tail, value) or (sense.kind is not None and bool(other_values(tail, value)))
               for m in re.finditer(r"(?:^|\s)", end) if len(tail := end[m.end():]) <= 60)


# ("To proceed, could you tell me the number?": what the ask is for, not an ask to go on)
_LEADING_CLAUSE = re.compile(r"^(?:before|once|after|when|as soon as|so that|in order to|to (?:proceed|continue|"
                             r"go ahead|move forward|get started|make sure (?:that )?(?:i|we)))\b[^,]*?(?:,|\s-\s)\s*")


def main_clause(text: str) -> str:
    """A segment without its purpose and leading time clauses ("Before I issue it, can you …")."""
    return PURPOSE.sub("", _LEADING_CLAUSE.sub("", text)) or text


# "proceed with this change", "make any changes": a generic noun for what was named before, no action of its own
_BACK_REFERENCE = re.compile(r"\b(?:this|that|these|those|the|any|such) (?:changes?|updates?|modifications?|"
                             r"adjustments?)\b(?! (?:to|of|on|for)\b)")


def action_for(approvals: list[Segment], segs: tuple[Segment, ...], previous: str,
                vocab: Vocabulary) -> str | None:
    """The action an approval names: in its own words (what the rest of the message and the message before say
    of its object decides between actions of one verb), else elsewhere in the message (the most clearly named,
    nearest before it on a tie), else in the agent's message just before."""
    context = " ".join(s.text for s in (*segs, *segments(previous)))
    # (how to decline names no action: "Reply Yes to proceed or No to cancel")
    cleaned = {seg: replace(seg, text=_SAY_NO_TO.sub(" ", seg.text)) for seg in segs}
    approvals, segs = [cleaned.get(a, a) for a in approvals], tuple(cleaned.values())
    approvals, segs = _dash_asks_apart(approvals, segs, vocab)
    # an action that changes something, in the main clause or its lead clause ("Before I submit the cancellation,
    # can I get a yes?": "get" there is no look-up), before a look-up
    senses = {a.tool: a for a in vocab.actions}
    texts = [_BACK_REFERENCE.sub("it", _ASSENT_WORDS.sub(" ", seg.text)) for seg in approvals]
    doings = [f for text in texts for f in named_actions(main_clause(text), vocab)
              if senses[f[0]].verb not in LOOK_UP_VERBS]
    own = ([f for text in texts for f in named_actions(main_clause(text), vocab, writes=True)]
           or [f for text in texts for f in named_actions(text, vocab, writes=True)]
           or doings
           # (the whole ask, when its main clause is empty: "Give me the green light and I'll add one …")
           or [f for text in texts for f in named_actions(text, vocab) if senses[f[0]].verb not in LOOK_UP_VERBS])

    if own and doings and max(f[1] for f in doings) >= max(f[1] for f in own) + 2:
        # "Shall I email the claim form for CLM-60931 to …?": an action named by its own verb beats one of the
        # actions that change something named only by a word of it ("claim")
        own = doings

    def objects(tool: str) -> int:
        return sum(any(_mentions(context, o) for o in group) for group in senses[tool].objects)

    said = " ".join(texts)

    def own_values(tool: str, text: str = said) -> int:
        """"Want me to add the full 2 GB": a value only that action takes, stated."""
        shared = {k for other in senses if other != tool for values in vocab.call_values(other) for k in values}
        return sum(1 for values in vocab.call_values(tool)[:1] for k, v in values.items()
                   if k not in shared and states(text, v))

    if own:
        # (on a tie, the action the message before named: "A 2 GB refuel would cost $8." then "Should I add that?")
        named_before = {tool for tool, _, _ in named_actions(" ".join(s.text for s in segments(previous)), vocab)}
        best = min(own, key=lambda f: (-f[1] - objects(f[0]) - own_values(f[0]), f[0] not in named_before,
                                       f[0] not in vocab.goal.accepts, f[2]))
        if _ANY_DOING.search(said) and _REFERS_BACK.search(said) and not any(
                _mentions(said, o) for group in senses[best[0]].objects for o in group):
            # "Should I lock it in?", "Want me to submit that?": a verb of doing anything, applied to what was
            # just proposed; the action named more clearly around it or just before is what "it" is
            referred = _named_more_clearly(segs, approvals, previous, vocab, best[1])
            if referred is not None:
                return referred
        return best[0]
    first = segs.index(approvals[0])
    nearest = [*reversed(segs[:first]), *segs[first + 1:]]
    # "Here's the change I'll make: Desk Lamp … Reply confirm": what the message says of the object decides
    scored = [(-score - objects(tool), k, tool) for k, seg in enumerate(nearest)
              for tool, score, _ in named_actions(seg.text, vocab, proposed=True, writes=True)]
    if scored and _DO_THAT.search(said):
        # "… could instead be cancelled. I can transfer you to a human agent. Would you like me to do that?": "that"
        # is the action offered last, whatever was named more clearly further back
        # (on a tie, the action whose own value is stated: "I can add 2 GB to your line. Would you like me to do
        # that?" - "add" enables roaming too; the amount is the refuel's own)
        return min(scored, key=lambda f: (f[1], f[0], -own_values(f[2], nearest[f[1]].text)))[2]
    if scored:
        return min(scored, key=lambda f: (f[0], -own_values(f[2], nearest[f[1]].text), f[1], f[2]))[2]
    # an action that changes nothing for good, named around the ask: "I'll add one Spinach Artichoke Dip to your
    # order. Sound good?" approves adding it (not placing the order its noun names)
    kept = [(-score, k, tool) for k, seg in enumerate(nearest)
            for tool, score, _ in named_actions(seg.text, vocab, proposed=True)
            if senses[tool].verb not in LOOK_UP_VERBS]
    if kept:
        return min(kept)[2]
    before = " ".join(s.text for s in segments(previous))
    if before:
        found = named_actions(before, vocab, proposed=True, writes=True)
        if found:
            return found[0][0]
    # "Shall I lock in the 14th for the installation?": no verb of an action, but a noun or value of just one (in
    # the approval, else in the message: "New delivery address for W3135709: … Good to proceed?", else before it)
    for text in (" ".join(s.text for s in approvals), " ".join(s.text for s in segs), before):
        found = named_actions(text, vocab, proposed=True, writes=True, by_object=True)
        if found:
            return found[0][0]
    by_values = _action_by_values(" ".join(s.text for s in segs), previous, vocab)
    if by_values is not None:
        return by_values
    # a look-up comes last: "get" in "Can I get a yes?" under a list of refunds is no look-up
    looks = [f for seg in approvals for f in named_actions(main_clause(seg.text), vocab)]
    return min(looks, key=lambda f: (-f[1], f[2]))[0] if looks else None


def _dash_asks_apart(approvals: list[Segment], segs: tuple[Segment, ...],
                     vocab: Vocabulary) -> tuple[list[Segment], tuple[Segment, ...]]:
    """An ask after a dash that asks on its own is the approval, the clause before it a sentence of the message:
    "3. I reactivate your line - shall I start with the payment request?" approves the request it names; "Any
    refund goes back to your card - would you like me to go ahead?" the action named most clearly around it."""
    kept, out = [], list(segs)
    for seg in approvals:
        tail = re.split(r"\s-\s", seg.text)[-1].strip()
        if tail == seg.text or not is_question(tail) or not _tail_asks_alone(seg.text, tail):
            kept.append(seg)
            continue
        ask = Segment(text=tail, raw=tail, asks=True, question=True, item=False, header=False)
        if not named_actions(main_clause(tail), vocab, writes=True) and not _WANTS_A_YES.search(tail):
            kept.append(seg)  # "Roaming for 312-555-0147 - flip it on?": the ask needs the clause before it
            continue
        head = seg.text[:len(seg.text) - len(tail)].rstrip(" -")
        at = out.index(seg)
        out[at:at + 1] = [Segment(text=head, raw=head, asks=False, question=False, item=seg.item, header=False), ask]
        kept.append(ask)
    return kept, tuple(out)


# an ask for a go-ahead that names nothing: what it approves is named around it
_WANTS_A_YES = re.compile(r"\b(?:" + _GO_ON + r"|do (?:that|this|it|so))\b")


# the words of the assent asked for, which name no action ("give me the green light", "get a yes")
_ASSENT_WORDS = re.compile(r"\b(?:give|send|get|have|need)(?: me| us)? (?:a |an |the |your )?(?:quick |final |clear |"
                           r"simple |explicit |firm |formal )?(?:go-ahead|go ahead|green light|ok|okay|nod|yes|word|"
                           r"thumbs[- ]up|sign-off)\b")


# verbs of doing anything at all, which name an action only through what they apply to
_ANY_DOING = re.compile(r"\b(?:submit|lock (?:it|that|this|them) in|lock in|put (?:it|that|this|them) (?:through|in)|"
                        r"put through|process|finali[sz]e|complete|make (?:it|that|this) (?:happen|official)|"
                        r"do(?! (?:you|we|i)\b)|"
                        r"set (?:it|that|this|them|things) (?:in motion|going|up)|get (?:it|that|this|them|things) "
                        r"(?:going|started|moving|done)|kick (?:it|that|this|them) off)\b")
# what the approval acts on is what was said before it
# how to decline, after how to approve: "Reply Yes to proceed or No to cancel" names no cancellation
# ("… or NO to keep it open", "… or REJECT if you'd rather leave both charges as they are")
_SAY_NO_TO = re.compile(r",?\s*\bor\s+(?:reply |say |type |answer |tap |press )?[\"'*\[]*(?:no|n|reject|decline|deny)"
                        r"[\"'*\]]*\s+(?:to\s+[a-z]+(?:\s+(?:it|this|that|them|everything))?"
                        r"(?:\s+(?:open|active|as (?:it is|is|they are)|unchanged|in place|going))?"
                        r"|if you(?:'d| would)? (?:rather|prefer)\b[^.?!]*)")
_DO_THAT = re.compile(r"(?:\b(?:do|arrange|set up) (?:that|this)(?: for you)?"
                      r"|^(?:\w+,? )?(?:would you like|do you want|want) (?:that|this))\W*$")
_REFERS_BACK = re.compile(r"\b(?:it|that|this|them|those|these)\b")


def _named_more_clearly(segs: tuple[Segment, ...], approvals: list[Segment], previous: str,
                        vocab: Vocabulary, score: int) -> str | None:
    """The action the rest of the message (nearest first), else the message before, names more clearly than
    ``score``."""
    first = segs.index(approvals[0])
    for text in [s.text for s in (*reversed(segs[:first]), *segs[first + 1:]) if s not in approvals] + [" ".join(s.text for s in segments(previous))]:
        found = [f for f in named_actions(text, vocab, proposed=True, writes=True) if f[1] > score]
        if found:
            return found[0][0]
    return None


def _summary_of_action(segs: tuple[Segment, ...], previous: str, vocab: Vocabulary) -> bool:
    """A check of values read back that lays out one action: it names the action (by its verb, or by a noun of the
    tool's name: "Breakfast: 2 guests") and states every critical value of that action's call, as no other
    action's call does. Values alone ("Your booking KT4M9P is for 2 guests - is that right?") lay out nothing."""
    text = " ".join(s.text for s in segs)
    # (a value among the options a question puts is asked, not read back: "… and which plan: Basic or Premium?")
    tool = _action_by_values(_OPTIONS_PUT.sub(" ", text), previous, vocab)
    sense = vocab.action(tool) if tool is not None else None
    if sense is None:
        return False
    return tool in {t for t, _, _ in named_actions(text, vocab, proposed=True, writes=True)} or any(
        _mentions(text, noun) for group in sense.name_nouns for noun in group) or _ARROW.search(text) is not None


_OPTIONS_PUT = re.compile(r"[\w'-]+(?:,\s*[\w'-]+)*,?\s+or\s+[\w'-]+(?=\s*\?)")
# "A101 → Premium", "AP-9001 -> Dec 8" (both read as ">"): a value changed into another, the change itself
_ARROW = re.compile(r"[a-z0-9]\s+>\s+[a-z0-9]")


def _action_by_values(text: str, previous: str, vocab: Vocabulary) -> str | None:
    """The one action whose every critical value the approval's message (or the one before) states, when no word
    names an action ("Here's the change: - Reservation: RX-48213 - New return date: 2026-12-20. Shall I make it
    official?"): the values say what the user is asked to approve."""
    # only values no other action's call has name it: a booking code alone is stated for every action on that
    # booking, and "Booking RX-48213. Shall I go ahead?" names no action
    looked_up = {(k, str(x)) for a in vocab.actions if not a.changes
                 for v in vocab.call_values(a.tool) for k, x in v.items()}
    stating = sorted((-len(v), a.tool) for a in vocab.actions if a.alters and a.critical
                     for v in map(lambda v: _own_values(v, looked_up), vocab.call_values(a.tool))
                     if v and all_stated(text, previous, v))
    if not stating or (len(stating) > 1 and stating[0][0] == stating[1][0]):
        return None
    return stating[0][1]


def _action_by_own_value(text: str, vocab: Vocabulary) -> str | None:
    """The one irreversible action a value the text states belongs to, identifiers of records aside (an account
    number belongs to every action on the account): "Want the full 2 GB?" offers the refuel that takes 2 GB."""
    # (a whole order of lines is no one value: "Would you like your Cold Brew small?" asks about one line)
    tools = {a.tool for a in vocab.actions if a.alters and a.critical
             for v in vocab.call_values(a.tool) for k, x in v.items()
             if not _IDENTIFIER.search(k) and x not in (None, "") and not _ORDER_LINES.match(str(x))
             and states(text, x)}
    return next(iter(tools)) if len(tools) == 1 else None


_IDENTIFIER = re.compile(r"(?:^id|_id|_number|_code|_reference)$")
_ORDER_LINES = re.compile(r"^\d+ x ")


def _own_values(values: Mapping[str, Any], looked_up: set[tuple[str, str]]) -> dict[str, Any]:
    """An action's critical values but the identifier of the record it acts on, which the look-up that found the
    record holds too (an account number): "an engineer visit on 3 December in the morning, with Ama at home?" lays
    out the visit without repeating the account. One value left is no layout of an action ("the new address is
    …, correct?" checks the address): then the identifier stays."""
    own = {k: x for k, x in values.items()
           if not ((k == "id" or k.endswith(("_id", "_number", "_code", "_reference"))) and (k, str(x)) in looked_up)}
    return own if len(own) >= 2 else dict(values)


def checks_before_a_look_up(action: str, approvals: Sequence[Segment], vocab: Vocabulary) -> bool:
    """Whether an approval of a tool that only reads reads a value back: "Just confirming before I look it up: the
    phone number on your account is …, correct?" checks the value, since nobody is asked to approve a look-up."""
    sense = next((a for a in vocab.actions if a.tool == action), None)
    return sense is not None and sense.verb in LOOK_UP_VERBS and not sense.irreversible and not sense.transfer \
        and any(read_back(seg.text, fact) for seg in approvals for fact in vocab.facts)


def _mentions(text: str, phrase: str) -> bool:
    return compiled(rf"(?<![a-z0-9-]){re.escape(phrase)}(?![a-z0-9-])").search(text) is not None


def approval_kind(kinds: Mapping[Segment, str], segs: tuple[Segment, ...], previous: str, vocab: Vocabulary, *,
                   asks_facts: bool) -> tuple[bool, bool]:
    """(asks to approve an action, asks to check values read back). A check is about an action when the message
    names one (and asks for no fact still missing: "Before I issue it, tell me the title and confirm the order is
    …" checks the order), or — reading nothing back itself — when the agent's message before did ("Is that
    correct?" after a plan)."""
    if "action" in kinds.values():
        return True, False
    if not kinds:
        return False, False
    segs = tuple(s for s in segs if not is_pleasantry(s.text))  # "Rest assured, we'll get this sorted." acts on nothing
    if all(_ASSENT_QUESTION.match(main_clause(s.text)) for s in kinds) and not _lays_out_action(segs, previous, vocab):
        # "Toggle airplane mode on, then off again. All good?": assent asked after the user's own steps, no plan
        return False, False
    acts = {s: {tool for tool, *_ in named_actions(_WISH.sub(" ", s.text if not asks_facts else main_clause(s.text)),
                                                   vocab, proposed=True, writes=True)} for s in segs}
    named = {tool for s in segs if not _LATER_STEP.match(s.text) and not _SENT_BY_YOU.match(s.text) for tool in acts[s]}
    if named and asks_facts and not any(acts[s] for s in segs if not s.asks or s in kinds):
        return False, True  # "Your account ID is A101, correct? And which plan did you want to move to?": the
        # action is named only by a question asking what it still needs
    if named and _checks_only_identity(kinds, named, vocab):
        return False, True  # "Before I process the exchange, is your email still x@y.com?" checks who the user is
    if named:
        return True, False
    checked = [sense for seg in kinds for sense in vocab.facts if read_back(after_the_wait(seg.text), sense)]
    if checked and all(sense.tools and not sense.tools & vocab.irreversible for sense in checked) \
            and _checks_only_identity(kinds, set(), vocab):
        # "Is 81230 your ZIP? After that I'll open order W3127625.": a value only look-ups take says who the user
        # is; the agent's step after it waits on the answer, and is not what the check approves
        return False, True
    if any(_AGENT_WILL.search(s.text) or _BEFORE_ACTING.search(s.text) or (_AGENT_DOING.search(s.text) and named_actions(
            s.text, vocab, proposed=True, writes=True, by_object=True)) for s in segs):
        # "I'll pencil it in for 7 March on E205039 - is that alright with you?": its own step; "I'd like to confirm
        # the following before proceeding": a step waits on the check
        return True, False
    for seg in kinds:  # "Is Friday, March 13 okay for the installation on E205810?": a value proposed for an action
        proposal = _FOR_THE_ACTION.search(seg.text)
        if proposal and proposal.group(1) in ACTION_NOUNS and named_actions(
                proposal.group(1), vocab, proposed=True, writes=True, by_object=True):
            return True, False
    reads_back = any(read_back(s.text, f) for s in segs for f in vocab.facts)
    if reads_back and _summary_of_action(segs, previous, vocab):
        return True, False  # "Here's the summary: Booking KT4M9P, Breakfast: 2 guests … Does that look right?"
    before = segments(previous) if previous else ()  # normalised, as every text the actions are named in
    if not reads_back and before and (named_actions(" ".join(s.text for s in before), vocab, proposed=True, writes=True)
                                      or _summary_of_action(before, "", vocab)):
        return True, False  # "Confirm?" under a plan, or a summary of one ("So: account A101, Basic to Premium")
    if not reads_back and all(_OUTCOME_QUESTION.search(s.text) for s in kinds):
        return False, False  # "Does it work now?" asks what a step did, not whether values are right
    if not reads_back and all(_ASSENT_QUESTION.match(main_clause(s.text)) for s in kinds):
        return False, False  # "Toggle airplane mode off and on. All good?": assent to no action, and no value read
    return False, True


def _checks_only_identity(kinds: Mapping[Segment, str], named: set[str], vocab: Vocabulary) -> bool:
    """Every check reads back values, and none is an argument of an action the message names: the values say who
    the user is (the email, the name on the account), not what the action would do."""
    asked = [after_the_wait(seg.text) for seg in kinds]
    checked = [sense for text in asked for sense in vocab.facts if read_back(text, sense)]
    return bool(checked) and all(_verification(text, vocab) for text in asked) \
        and not any(sense.tools & named for sense in checked)


# "Before I issue the invoice for E206358 to Orchard Studio LLC, one thing: is 613-555-7649 still your number?": the
# action waits on the question after the colon, which is all that is checked
_WAITS_ON = re.compile(r"^(?:\w+,? )?before (?:i|we) [^:?]*?(?::|\s-|,)\s+(?=\S[^:]*$)")


def after_the_wait(text: str) -> str:
    wait = _WAITS_ON.match(text)
    return text[wait.end():] if wait else text


def _lays_out_action(segs: tuple[Segment, ...], previous: str, vocab: Vocabulary) -> bool:
    """The agent's own plan is laid out before a bare "All good?": an action named in a statement of the message
    (not in a step asked of the user), or in the message before, or a summary of one."""
    stated = " ".join(s.text for s in segs if not s.asks)
    before = segments(previous) if previous else ()
    return bool(named_actions(stated, vocab, proposed=True, writes=True)) or bool(
        named_actions(" ".join(s.text for s in before), vocab, proposed=True, writes=True)) or (
        _summary_of_action(segs, previous, vocab) or bool(before) and _summary_of_action(before, "", vocab))


# what the user is asked to send ("And could you send over the screenshot?"): no action of the agent's
_SENT_BY_YOU = re.compile(r"^(?:\w+,? )?(?:and |also |then )?(?:(?:could|can|would|will) you (?:please |just |also )?|"
                          r"(?:please |just )+)(?:send|share|upload|attach|forward|paste|email)\b")
# a step the agent will take once something else has happened, not one it asks about now ("Once it shows as paid I
# can resume the line", "If the restart doesn't help, I can reset the network")
_LATER_STEP = re.compile(r"^(?:\w+,? )?(?:once|when|after|if|as soon as)\b(?! you(?:'ve| have| are|'re)? "
                         r"(?:confirm|approve|agree|say|give|reply|ok|okay|happy|good|ready)\b)[^,?]*?,?\s*"
                         r"(?:i|we)(?:'ll| will| can| could)\b")
# … unless no one value is proposed: "Is there a day that works for the installation?", "Could you tell me which
# date suits you for the visit?", "Would a weekday or a weekend suit you better for it?" ask which
_NO_VALUE_PROPOSED = re.compile(r"^(?:\w+,? )?(?:is|are) there\b|\b(?:which|what|when|whichever)\b|\bor\b")
_FOR_THE_ACTION = re.compile(r"\b(?:okay|ok|alright|all right|fine|good|work|works|suit|suits|convenient)\b"
                             + NOT_IF_I_TAKE + r"[^.?!]*?\bfor (?:the|your|this|that) ([a-z-]+)")
_OUTCOME_QUESTION = re.compile(r"\b(?:does|did|is|has|have) (?:it|that|this|everything|the \w+)(?: now)? "
                               r"(?:work|working|fix|fixed|help|helped|resolve|resolved|sort|sorted|play|playing|load|"
                               r"loading|come back|back)\b")


_BEFORE_ACTING = re.compile(r"\bbefore (?:i |we )?(?:proceed|go ahead|make the change|submit|process|finali[sz]e|"
                            r"place|put (?:it|this|that) through|do (?:it|that|this|so|anything))(?:ing)?\b|\bbefore (?:proceeding|going ahead|"
                            r"making the change|submitting|processing|finali[sz]ing|placing)\b")


# the agent's own next step, stated ("I'll pencil it in", "I'm going to move it"), not a step of the user's
# ("I'd go ahead - is that okay with you?": the step it would take, not a wish: "I'd like to …", "I'd suggest …")
_AGENT_WILL = re.compile(r"(?:^|[,;:]\s|\s-\s)(?:so |then |next |now )?(?:i|we)(?:'ll| will|'m going to| am going to|'re "
                         r"going to| are going to|'d| would)(?: go ahead and| just| then| now)? (?!(?:need|ask|be|have|"
                         r"check|look|explain|wait|walk|send you|let you|tell|show|stay|keep|get back|like|love|"
                         r"suggest|recommend|say|think|prefer|rather|imagine|expect|guess|advise|"
                         # (the next topic, no step: "If so, I'll move on to the invoice")
                         r"move on|continue with|carry on|turn to|get to|go over|pull up)\b)[a-z]+")
# "I'm putting you down for installation on the 12th", "we're issuing the invoice now": a step under way, when it
# names an action ("So I'm speaking with Aisha Kovacs?" names none)
_AGENT_DOING = re.compile(r"(?:^|[,;:]\s|\s-\s)(?:so |then |now )?(?:i'm|i am|we're|we are) (?:just |now )?[a-z]+ing\b")


def read_back(text: str, sense: FactSense) -> bool:
    """The text states a value for the fact: the user's, or another of its shape or options."""
    value = sense.fact.value
    return states(text, value) or bool(other_values(text, value)) or any(
        re.search(rf"\b{re.escape(o)}\b", text) for o in sense.options if o != value.lower()) or (
        sense.kind is None and nearly_said(text, value))  # "Harbor Print LLC" for Harbor Print Ltd


# the basic and common colour words of English: a colour in a read-back is one dimension of a variant
_COLOURS = frozenset(
    "black white grey gray silver gold red blue navy green olive khaki beige brown tan cream ivory pink purple violet "
    "yellow orange teal turquoise maroon burgundy charcoal lime mint coral rose".split())
# where the noun phrase of a new variant starts or ends: a change's preposition, punctuation, a coordination
_BOUNDARY = r"(?:\b(?:for|to|into|with|instead of|as)\b|[,;:()?.!]|\s[-–—]\s)"
_PHRASE_START = re.compile(rf"{_BOUNDARY}(?!.*{_BOUNDARY})", re.S)  # the last boundary before the part
_PHRASE_END = re.compile(r"[,;:()?.!]|\s[-–—]\s|\b(?:and|or|but|so|shall|should|would|could)\b")


def other_variant_parts(segments: Sequence[Segment], vocab: Vocabulary) -> list[UserFact]:
    """New options of several parts ("olive, us-10") read back with one part right and another dimension of the same
    variant wrong in the same noun phrase: another colour ("the black pair in US 10") or another number ("the olive
    pair in US 11"). The neighbouring-word cases ("black, size L") are read by the facts' misread."""
    said = " ".join(s.text for s in segments if s.asks or not s.item).lower()
    out: list[UserFact] = []
    for sense in vocab.facts:
        parts = [p.strip() for p in sense.fact.value.lower().split(",") if p.strip()]
        if not sense.replacement or sense.kind is not None or len(parts) < 2:
            continue
        at = {p: compiled(rf"(?<![a-z0-9]){words_pattern(re.findall(r'[a-z0-9]+', p))}(?![a-z0-9])").search(said)
              for p in parts}
        missing = [p for p in parts if at[p] is None]
        if not missing or len(missing) == len(parts):
            continue
        mine = set(re.findall(r"[a-z0-9.]+", sense.fact.value.lower()))
        for part, m in at.items():
            if m is None:
                continue
            start = _PHRASE_START.search(said[:m.start()])
            end = _PHRASE_END.search(said, m.end())
            phrase = said[start.end() if start else 0:m.start()] + " " + said[m.end():end.start() if end else None]
            other = set(re.findall(r"[a-z0-9.]+", phrase)) - mine
            numbers = any(re.fullmatch(r"\d+(?:\.\d+)?", w) for w in other)
            if (any(p in _COLOURS for p in missing) and other & _COLOURS) or (
                    numbers and any(re.search(r"\d", p) for p in missing)):
                out.append(sense.fact)
                break
    return out
