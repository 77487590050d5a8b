"""Which of the user's facts a segment names: by a name of the fact (its key, aliases, the tool arguments that
carry it, their synonyms), by its head noun in a question ("Which number are you calling about?"), by its format
("the seven-digit number", "it starts with a W"), or by listing the options it is one of — and never by a word
that, in context, names something else ("the name of the city", "the item ID", "your current address" when the
fact is the new one).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..models import UserFact
from ._lexicon import (ACTION_NOUNS, ANTONYMS, FOREIGN_NOUNS, GENERIC_MODIFIERS, NUMBER_WORDS, SCREEN_NOUNS,
                       WH_PARAPHRASES, action_synonyms, inflections, noun_synonyms, singular, verbs_of)
from ._memo import PerVocabulary
from ._text import Segment, compiled, normalise, words
from ._values import date_spans, in_everyday_words, other_values, postal, spelled_joined, states, words_pattern
from ._vocabulary import FactSense, Vocabulary

_DEPICTIONS = noun_synonyms("image")
_DETERMINERS = frozenset({"the", "your", "a", "an", "this", "that", "my", "its", "their", "our", "these", "those"})
_WH = frozenset({"which", "what", "what's", "whats"})
# what may stand right before a one-word name of a fact ("your email", "the reason", "first and last name")
_BEFORE_ONE_WORD = _DETERMINERS | _WH | frozenset({
    "and", "or", "full", "first", "last", "legal", "exact", "correct", "new", "updated", "preferred", "provide",
    "share", "send", "give", "tell", "confirm", "enter", "verify", "me", "us", "of", "any", "valid", "registered",
    "its", "whose", "same", "both", "also", "plus", "need", "with", "by", "via", "under", "for", "on", "another"})
_POSSESSORS = frozenset({"account", "customer", "holder", "owner", "cardholder", "user", "account-holder", "caller"})
# who holds an account: their id is the account's id ("your customer ID" for account_id)
_HOLDERS = _POSSESSORS | frozenset({"subscriber", "member", "client"})
_SIGN_IN = frozenset({"login", "log-in", "sign-in", "signin", "contact"})
# which of a person's addresses or numbers: "your work email", "a personal mobile"
_CONTACT_KINDS = frozenset({"work", "personal", "business", "office", "home", "private"})
_PERSONAL_HEADS = frozenset({"name", "email", "birth", "birthday", "birthdate", "dob", "address", "phone", "e-mail",
                             "surname"})
_HEAD_NOUNS = frozenset({"id", "number", "code", "name", "address", "date", "no", "#", "identifier"})
_IDENTIFIERS = frozenset({"id", "number", "code", "no", "#", "identifier", "pin", "password"})
_DIGITS = re.compile(r"\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ]digits?\b")
_STARTS = re.compile(r"\b(?:starts?|starting|begins?|beginning|prefixed)\s+with\s+(?:the\s+letter\s+|an?\s+|the\s+)?"
                     r"[\"']?([a-z0-9])\b|\bthe\s+letter\s+[\"']?([a-z])\b"
                     r"|\b[\"']?([a-z])[\"']?\s+(?:followed\s+by|then|and\s+then)\s+(?:[\w-]+\s+)?(?:digits|numbers)\b"
                     r"|\b([a-z])-(?:number|id|code)\b")  # "the A-number on your account"
_LETTER_NUMBER = re.compile(r"\b[a-z]-(?:number|id|code)\b")  # "the W-number": a number starting with W
_FORMAT_NOUNS = frozenset({"number", "id", "code", "identifier", "reference", "digits", "pin", "no", "#", "one"})
_MAIL_WORDS = frozenset({"email", "e-mail", "mail", "ip", "web", "website"})
_COORDINATION = frozenset({"and", "or", "plus", "also", "along", "as"})


@dataclass(frozen=True)
class Hit:
    """A fact named in a segment, where, and how surely (3 own name, 2 derived, 1 part of a value)."""

    sense: FactSense
    weight: int
    start: int


class _Words:
    """The words of a segment, indexed by word (and by singular) to find a fact's names quickly."""

    def __init__(self, seq: Sequence[str], text: str = "") -> None:
        self.seq = seq
        self.text = text
        self.bare = [w[:-2] if w.endswith("'s") and len(w) > 4 else w for w in seq]  # "the order's id"
        # words that open a bracket or follow a slash: "(size/color)" names things on their own
        # (so do words after a colon or a dash that introduces what is wanted: "a couple of details - name and ZIP")
        self.bracketed = {len(words(text[:m.end()])) for m in re.finditer(r"(?:[(/]|:|\s-)\s*(?=[a-z])", text)}
        self.breaks = {len(words(text[:m.end()])) for m in re.finditer(r"[,;:]\s*(?=[a-z])", text)}
        self.at: dict[str, list[int]] = {}
        self.at_singular: dict[str, list[int]] = {}
        for i, word in enumerate(self.bare):
            self.at.setdefault(word, []).append(i)
            self.at_singular.setdefault(singular(word), []).append(i)

    def find(self, term: Sequence[str]) -> list[int]:
        """Start positions of ``term`` (its last word may be plural)."""
        n, seq = len(term), self.bare
        if n == 1:
            return self.at_singular.get(singular(term[0]), [])
        return [i for i in self.at.get(term[0], ()) if i + n <= len(seq)
                and all(seq[i + k] == term[k] for k in range(1, n - 1))
                and singular(seq[i + n - 1]) == singular(term[-1])]


def _owned_elsewhere(word: str, sense: FactSense, vocab: Vocabulary) -> bool:
    """A word naming another of the user's facts (not this one)."""
    return any(word in other.nouns and word not in sense.own for other in vocab.facts if other is not sense)


def _foreign(word: str, sense: FactSense, vocab: Vocabulary) -> bool:
    return word not in sense.own and (singular(word) in FOREIGN_NOUNS or word in FOREIGN_NOUNS
                                      or _owned_elsewhere(word, sense, vocab))


def _conflicts(seq: Sequence[str], start: int, end: int, sense: FactSense, vocab: Vocabulary, *,
               after_break: bool = False, before_break: bool = False) -> bool:
    """Whether the words around a match make it name something else (a word across a comma never does)."""
    head = seq[end - 1]
    if start > 0 and not after_break:
        before = seq[start - 1]
        possessor = before in _POSSESSORS and head in _PERSONAL_HEADS  # "your account email"
        possessor |= before in _SIGN_IN and sense.kind == "email"  # "the login email"
        # an address's owner before a part of it: "the billing ZIP", "your shipping postcode"
        possessor |= before in _ADDRESS_OWNERS and _address_part(sense)
        possessor |= _held(before, sense)  # "your customer ID" of an account id
        if before not in GENERIC_MODIFIERS and not possessor and _foreign(before, sense, vocab):
            return True
        for word in set(seq[start:end]) | sense.own:
            if before in ANTONYMS.get(word, ()):
                return True
        if before in ANTONYMS and not ANTONYMS[before].isdisjoint(sense.own) and before not in sense.own:
            return True
        if sense.options and before in ANTONYMS["new"] and before not in sense.own:
            return True  # a choice the user makes is the new one: "your current plan" is the one on file
    k = start - 1
    while k >= 0 and seq[k] in _DETERMINERS:
        k -= 1
    if k >= 1 and seq[k] == "of" and seq[k - 1] in _HEAD_NOUNS and seq[k - 1] not in sense.own and not after_break \
            and not (seq[k - 1] == "name" and _named_thing(sense)):
        return True  # "the item ID of the new version" asks for an ID (but "the name of the merchant" is the merchant)
    if before_break:
        return False
    if end < len(seq) and seq[end] in _HEAD_NOUNS and seq[end] not in sense.own \
            and not (seq[end] == "name" and _named_thing(sense)):
        return True  # "the item ID" is not the item (but "the merchant name" is the merchant)
    if end + 1 < len(seq) and seq[end + 1] in _IDENTIFIERS and seq[end].isalpha() and seq[end] not in sense.own \
            and seq[end] not in GENERIC_MODIFIERS:
        return True  # "the address verification code" is a code, not the address
    if end < len(seq) and end - start == 1 and seq[end] in ACTION_NOUNS and seq[end] not in sense.nouns:
        return True  # "the plan change" is the change
    if end + 1 < len(seq) and _on_the_device(seq[end:end + 6], sense, vocab):
        return True  # "the number on its display", "the number shown before kWh" is what the device shows
    depiction = singular(head) in _DEPICTIONS or " ".join(seq[start:end]) in _DEPICTIONS
    if end + 1 < len(seq) and seq[end] == "of" and not depiction:  # "a photo of the item" shows the item
        k = end + 1
        while k < len(seq) and seq[k] in _DETERMINERS:
            k += 1
        if k < len(seq):
            owner = seq[k]
            if owner in _POSSESSORS and head in _PERSONAL_HEADS:
                return False
            if k + 1 < len(seq) and owner not in sense.own and _foreign(seq[k + 1], sense, vocab) \
                    and not _foreign(owner, sense, vocab) and owner not in _POSSESSORS:
                owner = seq[k + 1]  # "the name of the sales rep": the noun after its modifier
            if "address" in seq[k:k + 3] and not sense.nouns.isdisjoint(_ADDRESS_PARTS):
                return False  # "the postal code of your billing address": a part of an address
            if owner in ("account", "profile") and end - start >= 2:
                return False  # "the phone number of your account": the one on it (not "the number of your account")
            device = any(owner in t.split() for u in vocab.user_tools for t in u.objects)
            return (_foreign(owner, sense, vocab) or (device and owner not in sense.own)) \
                and owner not in GENERIC_MODIFIERS  # "name of the city" (not "the number of the phone")
    return False


# what holds the user's own numbers too ("the number on your phone", "the account number in the app")
_CONTAINERS = frozenset({"phone", "device", "handset", "smartphone", "mobile", "app", "account"})


def _on_the_device(after: Sequence[str], sense: FactSense, vocab: Vocabulary) -> bool:
    """Whether the words after a fact's name place it on the user's own device or its screen ("on its display", "from
    your meter", "shown before kWh"), so it is what the device shows, not a fact of the user's (only where the user
    has tools)."""
    if not vocab.user_tools or not after:
        return False
    shown = after[0] in ("shown", "displayed", "showing", "marked")
    if shown:
        after = after[1:]
    if not after or after[0] not in ("on", "from", "off", "in"):
        return shown
    phrase = [singular(w.removesuffix("'s")) for w in itertools.dropwhile(lambda w: w in _DETERMINERS, after[1:])][:3]
    said = " ".join(phrase)
    return any(w in SCREEN_NOUNS for w in phrase) or any(
        re.search(rf"\b{re.escape(thing)}\b", said) for u in vocab.user_tools for thing in u.objects
        if thing not in _CONTAINERS and thing not in sense.own)


def _held(word: str, sense: FactSense) -> bool:
    """A word for who holds an account before a name of an account's identifier ("customer" for account_id)."""
    return word in _HOLDERS and sense.fact.key.split("_")[0] in _HOLDERS and sense.kind == "id"


def _address_part(sense: FactSense) -> bool:
    """A fact that is one part of an address (a ZIP code), not a whole address: "the billing ZIP" is it, "the
    billing address" is another address than a new one."""
    return not sense.nouns.isdisjoint(_ADDRESS_PARTS) and not _ADDRESS.match(sense.fact.value)


def _named_thing(sense: FactSense) -> bool:
    """A fact whose value is itself a name (a merchant, a club, a product), not a code, a date or an address: its
    name is the fact ("the merchant name", "the name of the business")."""
    return sense.kind is None and not _ADDRESS.match(sense.fact.value)


def _related(word: str, other: str) -> bool:
    """The same word in another form ("install", "installation"; "shipped", "shipping")."""
    return word == other or (min(len(word), len(other)) >= 5 and word[:5] == other[:5])


def _qualifies_another(seq: Sequence[str], j: int, sense: FactSense) -> bool:
    """The word before j qualifies another thing, a code or number named by the next two words and by no name of
    the fact ("the address verification code", "your email confirmation PIN")."""
    return j + 1 < len(seq) and seq[j + 1] in _IDENTIFIERS and seq[j + 1] not in sense.own \
        and seq[j] not in sense.own and seq[j].isalpha() \
        and seq[j] not in _COORDINATION | _PREPOSITIONS | _DETERMINERS | _SUBJECTS | _LOCATING


def _gerund_with_object(seq: Sequence[str], i: int, j: int) -> bool:
    """A noun that is also a verb's -ing form, followed by its object (a determiner, a pronoun, a date or a number):
    the verb ("booking March 5", "ordering it")."""
    return seq[i].endswith("ing") and j < len(seq) and (
        seq[j] in _DETERMINERS or seq[j] in _PRONOUNS or seq[j] in _MONTH_WORDS or seq[j][:1].isdigit())


_MONTH_WORDS = frozenset({"january", "february", "march", "april", "may", "june", "july", "august", "september",
                          "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
                          "sept", "oct", "nov", "dec", "monday", "tuesday", "wednesday", "thursday", "friday",
                          "saturday", "sunday", "tomorrow", "today"})


def _after_another_name(seq: Sequence[str], i: int, vocab: Vocabulary) -> bool:
    """The word before the comma is a name of one of the user's facts: a list of them ("Name, DOB and phone")."""
    return i > 0 and any(seq[i - 1] in s.nouns or singular(seq[i - 1]) in s.nouns for s in vocab.facts)


def _one_word_allowed(seq: Sequence[str], i: int, sense: FactSense, vocab: Vocabulary) -> bool:
    """A one-word name needs a determiner, a question word or an ask verb before it; a word that only qualifies
    the fact ("order" for the order id) needs a question word ("Which order is this about?")."""
    word = seq[i]
    if sense.kind == "phone" and word in ("mobile", "cell") and not vocab.user_tools and i \
            and seq[i - 1] in _BEFORE_ONE_WORD:
        return True  # "the mobile they gave us at checkout": the number, where no phone of the user's is operated
    if singular(word) in sense.weak and i and (seq[i - 1] in _SUBJECTS or (
            i >= 2 and seq[i - 1].endswith("ly") and seq[i - 2] in _SUBJECTS)):
        return False  # a verb: "what size did you (originally) order?"
    if singular(word) in sense.weak:  # "which order", "which of your recent orders", "the order you'd like cancelled"
        before = seq[max(0, i - 5):i]
        at = max((k for k, w in enumerate(before) if w in _WH), default=None)
        if (" ".join(seq[i + 1:i + 4]).startswith(_WISHED) or _ITS_OWN.match(" ".join(seq[i + 1:i + 3]))
                or _HOLDS_IT.match(" ".join(seq[i + 1:i + 6]))) \
                and i > 0 and seq[i - 1] in ("the", "which"):
            return True  # "the order you'd like cancelled", "the order it came in"
        if i >= 2 and seq[i - 1] in ("the", "your", "which") and seq[i - 2] in _PICK_VERBS:
            return True  # "pick the order (reply 1 or 2)": a choice among them asked
        # … not when the question is about another thing the weak word only locates: "which piece from the order"
        between = before[at + 1:] if at is not None else []
        located = any(w not in _DETERMINERS | _GENERIC_PICK and nxt in _LOCATING
                      for w, nxt in zip(between, between[1:]))
        # … nor when "which" picks another kind of thing first: "which warehouse was the order shipped from?",
        # "which one should the order go on?" (one of the things just listed, not "which one of your orders")
        other_kind = at is not None and before[at] == "which" and bool(between) and (
            _another_kind(between[0], sense) or (between[0] in ("one", "ones") and between[1:2] != ["of"]))
        return at is not None and not located and not other_kind and all(w not in FOREIGN_NOUNS for w in between)
    if i and seq[i - 1] in ("that", "it", "this", "who") and word not in sense.nouns and singular(word) in sense.nouns:
        return False  # a verb after its subject: "the screenshot that shows the lower price" (no "show" of a title)
    ends_question = i == len(seq) - 1 and seq[i - 1] in ("you", "were", "was")  # "when were you born?"
    possessive = seq[i - 1].endswith("'s") or (seq[i - 1] in _POSSESSORS and word in _PERSONAL_HEADS)  # "account email"
    possessive |= seq[i - 1] in _SIGN_IN and sense.kind == "email"  # "your login email"
    possessive |= seq[i - 1] in _CONTACT_KINDS and sense.kind in ("email", "phone")  # "your work email"
    possessive |= seq[i - 1] in _ADDRESS_OWNERS and _address_part(sense)  # "the billing ZIP"
    if i >= 1 and _DESCRIPTIVE.match(seq[i - 1]) and (i == 1 or seq[i - 2] in _BEFORE_ONE_WORD):
        return True  # "a different size", "the 5-digit zip", a label "Desired plan"
    if i >= 2 and seq[i - 2] in _ARTICLES and _ADJECTIVE.match(seq[i - 1]) and seq[i - 1] not in FOREIGN_NOUNS \
            and not _owned_elsewhere(singular(seq[i - 1]), sense, vocab):
        return True  # "a quick reason", "the complete address": a word that describes it, naming nothing else
    # ("which of our two plans …": a count between the determiner and the name)
    counted = i >= 2 and seq[i - 1] in NUMBER_WORDS and seq[i - 2] in _BEFORE_ONE_WORD
    return i == 0 or ends_question or possessive or counted or seq[i - 1] in _BEFORE_ONE_WORD \
        or seq[i - 1] in sense.own


def _another_kind(word: str, sense: FactSense) -> bool:
    """The noun right after "which", when it is no word of the fact, no auxiliary, pronoun or adjective: the kind of
    thing the question picks ("which warehouse …", not "which of your orders", "which recent order")."""
    return word not in sense.own and singular(word) not in sense.weak and word not in _WHICH_FOLLOWERS \
        and word not in _DETERMINERS | _GENERIC_PICK and not _DESCRIPTIVE.match(word) and not _ADJECTIVE.match(word) \
        and not word.endswith("'s") and word.isalpha()


# what may follow "which" without naming a kind of thing: an auxiliary, a pronoun, "one"
_WHICH_FOLLOWERS = frozenset({"is", "are", "was", "were", "do", "does", "did", "would", "should", "could", "can",
                              "will", "shall", "has", "have", "had", "you", "we", "i", "they", "exact", "particular",
                              "specific", "one", "ones", "of", "order", "orders"})
# where a message is: "from the shipping email", "in your confirmation email", "within that email"
# (not the particle of a verb: "type in your email", "fill in the email")
_MESSAGE_PLACE = re.compile(r"^(?:.* )?(?<!\btype )(?<!\bput )(?<!\bfill )(?<!\bkey )(?<!\bpop )(?<!\bdrop )"
                            r"(?<!\bwrite )(?<!\bpunch )(?<!\bplug )(?<!\bsend )(?<!\bpass )(?<!\bjot )(?<!\bsign )"
                            r"(?<!\blog )(?:from|in|inside|within) (?:the|your|that|this|our|an?)(?: [\w-]+)?$")
_SUBJECTS = frozenset({"i", "you", "we", "they", "he", "she", "to"})  # before a verb that is also a noun ("to order")
# an adjective by its form: a plain word of letters (a noun of another thing is ruled out by the caller)
_ARTICLES = frozenset({"the", "a", "an", "your", "my", "our", "their"})
_ADJECTIVE = re.compile(r"^(?!\w+ly$)(?:[a-z]+(?:ful|ous|ive|ick|ief|ete|ate|ent|ant|ble|ual|ial|ic|est|al|ed|y)|quick|brief|"
                        r"short|full|real|true|valid|proper|clear|whole|own|main|best|good|exact|precise)$")
# a word describing a thing, not naming another: a format ("5-digit") or a common adjective of choice
_DESCRIPTIVE = re.compile(r"^(?:(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)-(?:digit|"
                          r"character|letter|number)s?|different|other|another|preferred|desired|best|updated|"
                          r"alternate|alternative|replacement|usual|main|specific|particular|certain|convenient|"
                          r"suitable|good|current|"
                          r"target|chosen|requested|wanted|"
                          r"correct|right|new|last|final|exact|earliest|"
                          r"associated|linked|registered|listed)$")


_OTHER_WH = frozenset({"who", "what", "what's", "which", "how", "where", "why"})


def _subordinate_when(seq: Sequence[str], at: int) -> bool:
    """A "when" later in a question another question word leads, not coordinated with it ("… and when?"): the
    time of something else ("when they arrive"), not a date asked."""
    lead = next((k for k, w in enumerate(seq[:3]) if w in _OTHER_WH), None)
    return lead is not None and at > lead + 1 and (at == 0 or seq[at - 1] not in ("and", "or"))


# the date of something that happened ("incident_date", "loss_date"), asked by when it happened
_HAPPENINGS = frozenset({"incident", "accident", "event", "loss", "damage", "occurrence", "outage", "breakdown", "theft",
                         "fault", "collision", "burglary", "break-in"})
_WHEN_IT_HAPPENED = re.compile(r"\b(?:when|what day|which day|what date|on what date|on which date)\b[^.?!]*?\b(?:did|has|had)"
                               r" (?:it|this|that|the [\w-]+(?: [\w-]+)?) (?:happen|occur|take place|start)\b"
                               r"|\bwhen (?:it|this|that|the [\w-]+(?: [\w-]+)?) (?:happened|occurred|took place)\b"
                               # what was done to a thing, asked or told: "when was the shed broken into?", "what
                               # day the bike was stolen"
                               r"|\b(?:when|what day|which day|what date|on what date|on which date)"
                               r"(?: (?:was|were) (?:it|this|that|they|(?:the|your) \w+(?: \w+)?)"
                               r"| (?:it|this|that|they|(?:the|your) \w+(?: \w+)?) (?:was|were|got))"
                               r" (?:broken|stolen|taken|hit|blown|burst|flooded|struck|damaged|smashed|cracked|"
                               r"burgled|robbed|burnt|burned|crashed|destroyed|lost|vandali[sz]ed|broken into)\b")
_HOW_MUCH_IS = re.compile(r"\bhow much (?:is|was|are|were) (?:the |your |this |that |my |its )?([a-z-]+)")
_ASKS = re.compile(r"\?\s*$|\b(?:tell|let (?:me|us) know|share|give|provide|send|confirm|estimate)\b")


def _asks_the_amount(text: str, sense: FactSense) -> bool:
    """"How much …" asks for an amount the fact's name only says is money (``estimated_amount``) when it is a
    question or an ask, and not about another thing's value ("how much is your excess?" wants the excess)."""
    about = _HOW_MUCH_IS.search(text)
    if about is not None and about.group(1) not in ("it", "that", "this") \
            and singular(about.group(1)) not in sense.nouns | sense.context:
        return False
    return _ASKS.search(text) is not None


# "who" right after a noun phrase, with no pause between: a relative clause ("the sales rep who helped you"), not
# the question "For the invoice, who should it be made out to?"
_RELATIVE_WHO = re.compile(r"\b(?:the|a|an|our|that) (?:[\w'-]+ ){0,2}?[\w'-]+ whom?\b")


_BILL_TO = re.compile(r"\bbill to\W{0,2} (?:field|line|box|section)\b")


def _term_hits(index: _Words, sense: FactSense, vocab: Vocabulary) -> list[tuple[int, int, int]]:
    """(start, end, weight) of every name of the fact in the words, without conflicts."""
    seq = index.seq
    hits = []
    taken: list[tuple[int, int]] = []
    present, present_singular = index.at, index.at_singular
    for term, weight in sense.terms:  # longest first
        # (most names are nowhere in a segment: their first word, looked up, says so without a search)
        head = term[0]
        if (head not in present) if len(term) > 1 else (singular(head) not in present_singular):
            continue
        for i in index.find(term):
            j = i + len(term)
            if any(a <= i < b or a < j <= b for a, b in taken):
                continue
            taken.append((i, j))
            if len(term) == 1 and i not in index.bracketed and not _one_word_allowed(seq, i, sense, vocab) \
                    and not (i in index.breaks and _after_another_name(seq, i, vocab)):
                continue
            if len(term) == 1 and _qualifies_another(seq, j, sense):
                continue  # "the address verification code" is no address
            if len(term) == 1 and sense.kind != "email" and seq[i] == "address" and i and seq[i - 1] in _MAIL_WORDS:
                continue  # "the email address on the account" is no postal address, with or without an email fact
            if len(term) == 1 and _gerund_with_object(seq, i, j):
                continue  # "booking March 5 now" is the act of booking, not a booking reference
            if sense.kind == "email" and len(term) == 1 and seq[i] in ("emails", "e-mails", "mails"):
                continue  # "any emails from us" are messages, not the address they go to
            if sense.kind == "email" and len(term) == 1 and _MESSAGE_PLACE.match(" ".join(seq[max(0, i - 3):i])):
                continue  # "the tracking number from the shipping email": a message, not an address
            if not _conflicts(seq, i, j, sense, vocab, after_break=i in index.breaks or i in index.bracketed,
                              before_break=j in index.breaks):
                hits.append((i, j, weight))
    text = " ".join(seq)
    for wh in sense.interrogatives:  # "when" names the date only about the action that takes it
        said = WH_PARAPHRASES[wh].search(text) if wh in WH_PARAPHRASES else None
        if f"{wh}'s" in seq:  # "who's the invoice for?"
            seq = [wh if w == f"{wh}'s" else w for w in seq]
        if wh not in seq and said is None:
            continue
        at = seq.index(wh) if wh in seq else len(words(text[:said.start()]))  # type: ignore[union-attr]
        if wh == "when" and _subordinate_when(seq, at):
            continue  # "Who should the engineer ask for when they arrive?" asks who, not when
        if wh == "who" and (whos := len(re.findall(r"\bwhom?\b", index.text or text))) \
                and len(_RELATIVE_WHO.findall(index.text or text)) == whos:
            continue  # "the courier who delivered it": a relative clause about another person, no one asked
        only_amount = wh == "how much" and sum("how much" in s.interrogatives for s in vocab.facts) == 1 \
            and (sense.kind == "money" or _asks_the_amount(index.text or text, sense))
        if any(_related(w, c) for w in seq for c in sense.context) or only_amount or (
                wh == "when" and sense.scheduled and said is not None) or (  # "when would you like the visit?"
                wh in ("how long", "how late") and said is not None) or (  # "for how long should I …?", "how late …?"
                wh == "who" and said is not None and _BILL_TO.search(text) is not None):  # an invoice's own field
            hits.append((at, at + 1, 2))
    if "how long" in sense.interrogatives and sense.head and re.search(
            rf"\bhow long\b(?!.*\bha(?:ve|s) (?:you|it|they|we) been\b).*\bin (?:whole |full )?"
            rf"{re.escape(sense.head)}\b", text):
        # "how long were you offline for, in days?": the count of the unit named (not "how long have you been a
        # member, in months?", a tenure)
        hits.append((0, 1, 2))
    if sense.kind == "date" and _HAPPENINGS.intersection(sense.fact.key.lower().split("_")) \
            and _WHEN_IT_HAPPENED.search(text):
        hits.append((0, 1, 2))  # "when did this take place?": the date of the incident, not of a birth
    used = _USED_TO.search(text) if "how" in sense.interrogatives else None
    if used is not None and (used.group(1) or used.group(2) or used.group(3)) in _manner_verbs(sense.fact.key):
        hits.append((0, 1, 2))  # "what would you like to use to pay?", "which card should I charge it with?"
    if sense.kind == "phone" and _DIAL.search(text) and ({"number", "digits"} & set(seq) or seq[:1] == ["which"]):
        hits.append((0, 1, 2))  # "which digits would someone dial to reach the phone?": the phone's number
    if sense.kind == "email" and seq[:1] in (["what"], ["which"]) and _LOG_IN.search(text):
        hits.append((0, 1, 2))  # "what do you use to log in?"
    elif sense.kind == "email" and "address" in seq and _LOG_IN.search(text) \
            and not any("address" in o.nouns for o in vocab.facts if o is not sense):
        hits.append((seq.index("address"), seq.index("address") + 1, 2))  # "the address you log in with"
    if sense.kind == "email" and _MAIL.search(text) and _MAIL_VERB.search(text):
        place = next((k for k, w in enumerate(seq) if w in ("where", "address")), None)
        # "where do you receive our emails?", "what address do we send your updates to?" (not "the address
        # verification code")
        if place is not None and not _qualifies_another(seq, place + 1, sense):
            hits.append((place, place + 1, 3))
    if sense.replacement and re.search(r"\b(?:new|updated|different) ones?\b", text):  # "what's the new one?"
        hits.append((0, 1, 2))
    # "what would you like to change them to?", "… switch the payment to?", "… exchange it for (color and size)?"
    change = _CHANGE_TO.search(index.text or text)
    if change is not None:
        before = _THING_BEFORE.search(change.group(0)) if not change.group("thing") else None
        named_thing = change.group("thing") or (before.group(1) if before else None)
        thing = set(named_thing.split()) if named_thing else set()
        # "… exchange them for?", "… exchange the shorts for?": the thing replaced, by a pronoun or by what the user
        # calls it (a word of another fact's value or name)
        replaced = thing - _PRONOUNS - _DETERMINERS
        theirs = {w for o in vocab.facts if o is not sense for w in (*words(o.fact.value.lower()), *o.nouns)}
        if (sense.replacement and {singular(w) for w in replaced} <= {singular(w) for w in theirs}) or (
                sense.kind != "id" and thing & set(_name_words_of(sense))):  # not "switch the order to?"
            hits.append((0, 1, 2))
    # (at the start, or after a dash or a colon: "The order has two items - which one are you sending back?")
    pick = next((p for p in range(len(seq)) if (p < 3 or p in index.bracketed) and (
        seq[p] == "what" or (seq[p] == "which" and _GENERIC_PICK.intersection(seq[:5] if p < 3 else seq[p:p + 3])))),
        None)
    # "what would you like to return?", "which of them …" (not "… change them to?")
    if sense.acted_on and pick is not None:
        verb = next((k for k in range(pick + 1, min(pick + 13, len(seq))) if seq[k] in sense.acted_on
                     or " ".join(seq[k:k + 2]) in sense.acted_on), None)  # ("… are you sending back?")
        focus = next((w for w in seq[pick + 1:verb] if w not in _DETERMINERS | _GENERIC_PICK | {"is", "'s"}), "")
        # "what are you looking to upgrade to?": the option a choice moves to (not "… change them to?")
        target = bool(sense.options) and not sense.replacement and seq[verb + 1:] == ["to"] if verb is not None \
            else False
        if verb is not None and (seq[-1] != "to" or target) and not _PRONOUNS.intersection(seq[verb + 1:verb + 2]) \
                and (change is None or target) \
                and not _owned_elsewhere(singular(focus), sense, vocab):  # not "what's the reason for the return?"
            hits.append((pick, pick + 1, 2))
    hits += _split_compounds(index, sense, vocab, taken)
    return hits


# an adverb a question may end on after its preposition: "… charged to instead?", "… switch to going forward?"
_TRAILING = r"(?:,? (?:instead|now|going forward|from now on|this time|then|please))?"
# asking what something should become: the new value ("what would you like to change it to?")
_CHANGE_TO = re.compile(r"\b(?:what|which)\b.*\b(?:change|changed|switch|switched|swap|swapped|update|updated|"
                        r"modify|modified|replace|replaced|exchange|exchanged|trade|move)\b"
                        r"(?: (?P<thing>it|them|that|this|those|(?:the|your) \w+(?: \w+)?))? "
                        r"(?:to|into|for|with|over to)\b" + _TRAILING + r"(?:\W*$|\s*(?:-|:)|\s*\([^)]*\)\W*$)"
                        r"|\bwhat (?:(?:would|do) you|you(?:'d| would)?) (?:like|want)(?: to (?:get|have|receive))?"
                        r" instead\b"  # "… and what you'd like instead"
                        # the thing before its participle: "what would you like the payment switched to?"
                        # the target asked after the verb: "which one do you want to exchange, and for what?"
                        r"|\b(?:change|switch|swap|exchange|replace|trade)\w*\b[^.?!]*,? and (?:to|for|into|with) "
                        r"what\b")


# the thing changed, before its participle: "what would you like the payment switched to?"
_THING_BEFORE = re.compile(r"\b(?:the|your) (\w+(?: \w+)?) (?:changed|switched|swapped|updated|modified|moved|"
                           r"exchanged|replaced)\b")


# what is used to do something: "what would you like to use to pay for it?", "what would you like to pay with?"
_USED_TO = re.compile(r"\b(?:what|which)\b.*\b(?:use|using)\b(?: \w+){0,3}? (?:to|for) (\w+)"
                      r"|\b(?:what|which)\b.*\b(\w+)(?: (?:it|this|that|them|for (?:it|this|that)))? with" + _TRAILING
                      + r"\W*$|\b(?:what|which)\b.*\b(\w+ed) (?:to|on)" + _TRAILING
                      + r"\W*$")  # "what would you like it charged to?"


@functools.lru_cache(maxsize=256)
def _manner_verbs(key: str) -> frozenset[str]:
    """The verbs a manner fact is the way of ("pay", "charge", "bill" for payment_method), in every form."""
    parts = key.split("_")
    if len(parts) < 2:
        return frozenset()
    return frozenset(form for verb in verbs_of(parts[-2]) for synonym in action_synonyms(verb) if " " not in synonym
                     for form in inflections(synonym))


_DIAL = re.compile(r"\b(?:dial|dialled|dialed|reach|ring|text|call) (?:you|it|the (?:phone|line)|this (?:phone|line)|"
                   r"your (?:phone|line))\b|\b(?:would|to|should|do you) (?:dial|call)\b")
_LOG_IN = re.compile(r"\b(?:log|sign)(?:ged|ging|s)? ?(?:in|on)(?:to)?\b(?! (?:name|id|username)\b)")
# messages an email address receives, and the verbs of receiving them: "where" or "address" then asks the email
_MAIL = re.compile(r"\b(?:e-?mails?|mail|updates|notifications|confirmations|receipts|newsletters|messages|alerts)\b")
_MAIL_VERB = re.compile(r"\b(?:receive|get|send|sent|go|goes|arrive|land|reach|forward)(?:s|d|ed|ing)?\b")


def _name_words_of(sense: FactSense) -> list[str]:
    return [w for w in sense.fact.key.split("_") if w not in GENERIC_MODIFIERS and len(w) > 2]
_ADDRESS = re.compile(r"\d+ \w+.*,")
_ADDRESS_OWNERS = frozenset({"billing", "shipping", "delivery", "mailing", "home"})
_ADDRESS_PARTS = frozenset({"street", "city", "state", "zip", "postcode", "apartment", "apt", "unit", "suite"})
# a relative clause that picks one thing out by what happened to it: "the order it came in", "the order you placed"
_ITS_OWN = re.compile(r"(?:it|they|you) (?:came|come|arrived|shipped|was|were|placed|made|bought|ordered|purchased)\b"
                      r"|(?:it's|that's) (?:for|about)\b")  # "the order it's for"
# a contact clause picking it out by what it holds: "the account the subscription is on", "the order the lamp was in"
_HOLDS_IT = re.compile(r"(?:the|your|this|that) [\w-]+ (?:is|was|are|were|'s) (?:\w+ )?(?:on|in|under|for|from|with)\b"
                       r"(?! (?:the|a|an|your|my|our|their|this|that)\b)")
_WISHED = ("you'd like", "you would like", "you want", "you wish", "you need", "that you", "you're", "in question")
_MAY_I = re.compile(r"^(?:\w+,? )?(?:may|can|could) i (?:please )?(?:get|have) the$")  # "may I get the number …?"
# the agent's condition on getting it: "… once I have the number", "as soon as we get the number"
_ONCE_I_HAVE = re.compile(r"\b(?:once|when|as soon as|after) (?:i|we)(?:'ve)? (?:have|get|receive|got) the$")
# what the agent will look into itself: "I'll check which days still have slots", "we'll see what rooms are free"
_AGENTS_LOOK = re.compile(r"\b(?:i|we)(?:'ll| will|'m going to| am going to| can) "
                          r"(?:then |first |also |quickly |just )?(?:check|see|look up|find out|work out|figure out)"
                          r"(?: for you)? (?:which|what)\b[^.?!,;]*")
_PARTICIPLE = re.compile(r"^[a-z]{3,}(?:ed|ing)$")  # a verb's form describing a thing: "affected", "failing"
# "may I get the number …?", "can I have the number …?", "could you read the number out again?"
_ASKING_VERBS = frozenset({"need", "provide", "share", "give", "send", "tell", "confirm", "enter", "type", "read",
                           "repeat", "spell", "recite", "providing", "sharing", "giving", "sending", "telling",
                           "confirming", "entering", "typing", "reading", "repeating", "spelling", "reciting",
                           "check", "checking", "double-check", "double-checking", "verify", "verifying",
                           "resend", "re-send", "re-enter", "retype", "resending", "re-entering", "retyping"})
_LOCATING = frozenset({"from", "in", "on", "inside", "within"})  # "the piece from the order", "the item in it"
_PICK_VERBS = frozenset({"pick", "choose", "select"})
_GENERIC_PICK = frozenset({"of", "one", "ones", "would", "do", "should", "did"})
_PRONOUNS = frozenset({"it", "them", "this", "that", "these", "those"})
_PREPOSITIONS = frozenset({"on", "for", "of", "in", "under", "from", "to"})
_WHICH_ONE = frozenset({"second", "third", "extra", "additional", "added", "secondary", "other"})
_NAME_ADJECTIVES = frozenset({"full", "legal", "complete", "exact", "registered", "first", "last"})


def _head_of_another_noun(seq: Sequence[str], i: int, sense: FactSense) -> bool:
    """The code or number at i is named by the noun right before it, a noun of no name of the fact ("the security
    code", "your 6-digit tracking number"): a thing of its own, whatever the words after it qualify."""
    if i < 2 or seq[i] not in _IDENTIFIERS or not (seq[i - 2] in _DETERMINERS or _DESCRIPTIVE.match(seq[i - 2])):
        return False  # (a name may be qualified by what it names: "the company name you'd like on the invoice")
    noun = seq[i - 1]
    adjective = _ADJECTIVE.match(noun) is not None and not noun.endswith(("ity", "ry")) and noun not in FOREIGN_NOUNS
    return noun.isalpha() and noun not in sense.own and singular(noun) not in sense.weak and not adjective \
        and noun not in _NAME_ADJECTIVES and _DESCRIPTIVE.match(noun) is None


def _split_compounds(index: _Words, sense: FactSense, vocab: Vocabulary,
                     taken: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """A two-word name said apart: "the number of your order", "the name on the invoice", "what name should
    appear on the invoice" (a question word right before the head, its qualifier later in the question)."""
    seq, out = index.bare, []
    for qualifier, heads, weight in sense.compounds:
        later = [k for k, w in enumerate(seq) if singular(w) == qualifier]
        if not later:
            continue
        for i, word in enumerate(seq):
            if singular(word) not in heads or word in ("no", "#") or any(a <= i < b for a, b in taken):
                continue  # "no" and "#" name a number only right before or after its qualifier
            if _head_of_another_noun(seq, i, sense):
                continue  # "the 6-digit security code from the confirmation email" is no confirmation number
            prepositional = False
            for k in range(i + 1, min(i + 5, len(seq))):  # "the company name you'd like on the invoice"
                if seq[k] in _DETERMINERS and k + 1 in later:  # "the company name the invoice should go to"
                    prepositional = True
                    break
                if seq[k] == "to" and k + 1 < len(seq) and seq[k + 1] not in _DETERMINERS:
                    continue  # "the company name to put on the invoice": an infinitive, not "to the …"
                if seq[k] in _PREPOSITIONS:
                    k += 1
                    while k < len(seq) and (seq[k] in _DETERMINERS or seq[k].endswith("'s")):
                        k += 1
                    # "the name of the second driver": a word that picks one out may stand before the qualifier
                    # ("the number of the affected line": a verb's form describing it, too)
                    # (not the qualifier itself: "booking" in "on your booking confirmation")
                    if k not in later and k + 1 < len(seq) and (seq[k] in _WHICH_ONE or _DESCRIPTIVE.match(seq[k]) or (
                            _PARTICIPLE.match(seq[k]) and seq[k] not in FOREIGN_NOUNS)):
                        k += 1
                    prepositional = k in later
                    break
                if seq[k] in _COORDINATION or _owned_elsewhere(seq[k], sense, vocab):
                    break
            # "what's the full name of the person you'd like to add as a driver?": a question word before the head,
            # across determiners and adjectives, its qualifier later in the question
            opener = i - 1
            while opener > 0 and (seq[opener] in _DETERMINERS or seq[opener] in _NAME_ADJECTIVES):
                opener -= 1
            asked = i > 0 and seq[opener] in _WH | {"whose"} and any(j > i for j in later) \
                and (opener == i - 1 or not index.seq[i].endswith("'s"))  # not "what's your company's tax id"
            # "the order: what's its ID?": the head owned by a pronoun, its qualifier just named
            asked |= i > 0 and seq[i - 1] in ("its", "their") and any(i - 8 <= j < i for j in later)
            # "how should the invoice be titled?": the head as a verb, its qualifier just before
            asked |= word in heads and word.endswith("ed") and i > 0 and seq[i - 1] in ("be", "is", "are", "been") \
                and any(i - 5 <= j < i for j in later)
            # "how would you like the invoice titled?": the head as a verb right after its qualifier
            asked |= word in heads and word.endswith("ed") and i > 0 and (i - 1) in later and seq[0] in ("how", "what")
            # "should the invoice be in your own name or a company's?": the head after "be … in", its qualifier
            # just before
            asked |= any(i - 7 <= j < i for j in later) and bool({"in", "under"} & set(seq[max(0, i - 4):i])) \
                and "be" in seq[max(0, i - 6):i]
            if (prepositional or asked) and not _conflicts(seq, i, i + 1, sense, vocab):
                out.append((i, i + 1, min(weight, 2)))
                taken.append((i, i + 1))
                break
    return out


def _head_hits(index: _Words, vocab: Vocabulary) -> list[Hit]:
    """"Which number …?", "the number of your line": a fact's head noun after a question word or a determiner,
    when no other fact ends with that noun."""
    out = []
    for sense in vocab.facts:
        if sense.head is None or sum(s.head == sense.head for s in vocab.facts) > 1:
            continue
        seq = index.seq
        # "which day …?", "which weekday …?" ask for a date
        heads = [sense.head, "day", "weekday"] if sense.kind == "date" else [sense.head]
        for i in sorted(i for head in heads for i in index.find((head,))):
            if seq[i] not in heads:
                continue  # "share the numbers" of a speed test is no one number
            at = i
            if at >= 2 and seq[at - 1] in sense.told and seq[at - 1] not in FOREIGN_NOUNS \
                    and not _owned_elsewhere(seq[at - 1], sense, vocab):  # "the new drop-off date" (a word of its tool)
                at -= 1
            if at >= 2 and (_DESCRIPTIVE.match(seq[at - 1]) or (  # "the best number to reach you on"
                    _PARTICIPLE.match(seq[at - 1]) and seq[at - 1] not in FOREIGN_NOUNS)):  # "the affected number"
                at -= 1
            if at >= 2 and seq[at - 1] in _NAME_ADJECTIVES | {"whole", "entire"}:
                at -= 1  # "the full number", "the whole number"
            if at >= 2 and _held(seq[at - 1], sense):
                at -= 1  # "your customer ID", "the user number" of an account's id: its holder's id
            before = seq[max(0, at - 2):at]
            may_i = len(before) == 2 and before[-2] in ("get", "have") and (
                _MAY_I.match(" ".join(seq[:at])) is not None or _ONCE_I_HAVE.search(" ".join(seq[:at])) is not None)
            # "Number on the acct?": a question that opens with the noun (not "Number of bars?", a count)
            opens_question = at == 0 and index.text.rstrip().endswith("?") and seq[i + 1:i + 2] != ["of"]
            # "Could you give me a date that suits you?", "1. A weekday date that works for you": one the user picks
            picked = before and before[-1] in ("a", "an") and (
                len(before) > 1 and before[-2] in _ASKING_VERBS | {"me", "us", "suggest", "pick", "choose"}
                or _SUITS_YOU.match(" ".join(seq[i + 1:i + 5])) is not None)
            if (opens_question or picked or before and (
                    before[-1] in _WH | {"whichever"} or before[-1] in ("that", "this")
                    or (before[-1] == "whose" and sense.head == "name")  # "whose name should I put on the booking?"
                    or before[-1] in ("the", "your") and (
                        len(before) < 2 or before[-2] in _WH | _ASKING_VERBS | {
                            "is", "the", "with", "under", "of", "me", "us", "and", "also", "plus", "first", "next",
                            "now", "then"}
                        or may_i or re.search(r"\d|@", before[-2]) is not None
                        or at - 1 in index.breaks))) \
                    and not _conflicts(seq, i, i + 1, sense, vocab):
                out.append(Hit(sense, 2, i))
    return out


_SUITS_YOU = re.compile(r"(?:that|which) (?:suits|works|would suit|would work|is good|is best)\b|(?:you'd|you would) "
                        r"(?:like|prefer)\b")


def format_candidates(text: str, vocab: Vocabulary) -> list[FactSense]:
    """Facts a format description fits ("the six-digit number", "starting with E"), if the text has one."""
    seq = [singular(w) for w in words(text)]
    if _FORMAT_NOUNS.isdisjoint(seq) and "digits" not in text and not _LETTER_NUMBER.search(text):
        return []
    wanted_digits = [int(m.group(1)) if m.group(1).isdigit() else NUMBER_WORDS[m.group(1)] for m in
                     _DIGITS.finditer(text) if not re.search(r"\b(?:last|first|final)\s+$", text[:m.start()])]
    m = _STARTS.search(text)
    starts = (m.group(1) or m.group(2) or m.group(3) or m.group(4)) if m else None
    if not wanted_digits and starts is None:
        return []
    out = []
    for sense in vocab.facts:
        value = sense.fact.value.lower()
        if sense.kind == "date" or (sense.kind is None and " " in value):
            continue  # the digits of a date or of an address are no format of the whole
        digits = re.sub(r"\D", "", value)
        runs = [len(r) for r in re.findall(r"\d+", value)]
        # a group of a phone number is no format of it: "the 4-digit account PIN" is not the phone's last four
        if wanted_digits and not all(n == len(digits) or (n in runs and sense.kind != "phone") for n in wanted_digits):
            continue
        if starts is not None and not value.startswith(starts):
            continue
        out.append(sense)
    return out


_NAMED: PerVocabulary[list[Hit]] = PerVocabulary(1024)


def named(text: str, vocab: Vocabulary) -> list[Hit]:
    """Facts a segment names, each once with its heaviest name; overlapping names of two facts keep the heavier.
    (Remembered while the vocabulary lives: a message is read by the user and again by the labeller.)"""
    cached = _NAMED.get(vocab, text)
    return cached if cached is not None else _NAMED.put(vocab, text, _named(text, vocab))


def _named(text: str, vocab: Vocabulary) -> list[Hit]:
    seq = words(text)
    index = _Words(seq, text)
    spans: list[tuple[int, int, int, FactSense]] = []
    for sense in vocab.facts:
        for i, j, weight in _term_hits(index, sense, vocab):
            spans.append((i, j, weight, sense))
    kept: dict[str, Hit] = {}
    for i, j, weight, sense in spans:
        rivals = [(w, s) for a, b, w, s in spans if s is not sense and a < j and i < b]
        if rivals and max(w for w, _ in rivals) > weight:
            continue
        if rivals and _of_another(seq, j, sense, spans):
            continue  # "the image ID of your photo": the ID the photo's own name says it is of
        if any(w == weight and _context(seq, s) > _context(seq, sense) for w, s in rivals):
            continue  # "an image of where you saw the lower price": the image the price action takes
        if sense.fact.key not in kept or kept[sense.fact.key].weight < weight:
            kept[sense.fact.key] = Hit(sense, weight, i)
    for hit in _head_hits(index, vocab):
        kept.setdefault(hit.sense.fact.key, hit)
    for sense in format_candidates(text, vocab):
        kept.setdefault(sense.fact.key, Hit(sense, 2, len(seq)))
    for sense in vocab.facts:  # a choice among the options the value is one of
        if offered(text, sense):
            kept.setdefault(sense.fact.key, Hit(sense, 3, len(seq)))
    order = {s.fact.key: k for k, s in enumerate(vocab.facts)}
    return sorted(kept.values(), key=lambda h: order[h.sense.fact.key])


def _of_another(seq: Sequence[str], end: int, sense: FactSense,
                spans: Sequence[tuple[int, int, int, FactSense]]) -> bool:
    """A name two facts share, followed by "of" and another fact's own name: "the image ID of the screenshot"."""
    if end >= len(seq) or seq[end] != "of":
        return False
    k = end + 1
    while k < len(seq) and seq[k] in _DETERMINERS:
        k += 1
    return any(a == k and w == 3 and s is not sense for a, _, w, s in spans) \
        and not any(a == k and w == 3 and s is sense for a, _, w, s in spans)


def _context(seq: Sequence[str], sense: FactSense) -> int:
    """How many words of the actions that take the fact a text has."""
    return sum(any(_related(w, c) for c in (sense.context | sense.described) - sense.nouns) for w in seq)


def named_facts(text: str, vocab: Vocabulary) -> list[tuple[FactSense, int]]:
    return [(h.sense, h.weight) for h in named(text, vocab)]


# the words that introduce an example of a value's format ("e.g. 312-555-0100", "in the format W1234567")
_EXAMPLE_OPENER = r"e\.g\.|eg|for example|for instance|such as|something like|formatted like|in the format|format"
_EXAMPLE = re.compile(r"\b(?:" + _EXAMPLE_OPENER + r"|looking like|"
                      r"looks like|(?<!\byou )(?<!\bwould )(?<!'d )(?<!\bi )(?<!\bwe )like)[,:]?\s[^;)?]*")
# … only by those words, with the comma or bracket around it: nothing read back ("Do you have the number handy, e.g.
# 312-555-0100?"; "looks like" may read a value back: "It looks like your number is …?")
FORMAT_EXAMPLE = re.compile(r"[,(]?\s*\b(?:" + _EXAMPLE_OPENER + r")[,:]?\s[^;)?]*\)?")
# (not a clause of whether: "your account ID and whether you'd like Basic or Premium" asks both)
_RELATIVE = re.compile(r"\b(?:whose|that you(?:'d| would)?|(?<!whether )(?<!\bif )(?:you(?:'d| would) like|you want))\b")


# a question about a fact rather than for it: yes/no about it ("Did you take the screenshot on our site?"), whether
# something holds of it ("tell me whether the order number starts with W"), or what happened to it (not what moved
# the user: "what prompted you to cancel?" asks why)
_ABOUT_IT = re.compile(
    # (after a subject it is a statement: "There are three orders, so I'll need the order number")
    r"^(?:(?!what|which|who|whose|where|when|how|why|(?:there|it|this|that|they|we|i|he|she)\b)\w+,? )?"
    r"(?:and |so |also |just )?"
    r"(?:(?:is|are)(?! there\b)|was|were|did|does|has|had|would you like|do you (?:want|need|prefer))"
    r"\b(?! you (?:have|know|remember|happen)\b)(?! to (?:provide|share|give|send|tell|confirm|let|enter|type)\b)"
    # ("Are you able to tell me …", "Is it possible for you to send …": the user's ability to give it, an ask; not
    # "Are you able to log in with that email?")
    r"(?! (?:you (?:able|willing)|it possible(?: for you)?) to (?:provide|share|give|send|tell|let|enter|type)\b)"
    # ("Is it okay if I take your full name?" asks for it)
    r"(?! it (?:ok|okay|alright|all right|fine) if (?:i|we) (?:ask|get|grab|have|take)\b)"
    r"|\bwhat(?:'s| is| was)? (?:\w+ly )?(?:\w+ed(?! you\b)|wrong|broken|happening|going on|missing)\b")
# a question about what happened: "what date was it delivered?", "when did you place the order?"
_PAST = re.compile(r"\b(?:was|were) (?:it |they |the \w+ |your \w+ )?\w+ed\b(?! (?:for|to|on)\b)"
                   r"|\bdid (?:you|it|they|we) (?:place|receive|get|buy|order|purchase|arrive|ship)\b")
# a question about how things were or are (not what the user wants now): a past auxiliary right after the question
# word and its noun, or words of an earlier or the current state ("originally", "the pair you have now")
_EARLIER_STATE = re.compile(r"^(?:\w+,? )?(?:and |so )?(?:what|which)(?: [\w-]+){0,2} (?:was|were|did|had)\b"
                            r"|\b(?:originally|previously|initially|at first|to begin with|last time|"
                            r"before you changed)\b"
                            r"|\b(?:you|it|they) (?:have|has|is|are|'re) (?:got )?(?:now|currently|at the moment)\b")
# … unless it asks what the user wants, only politely in the past ("What size were you hoping for?", "What address
# did you want it shipped to?") or again ("What was the new address again?")
_WISH = re.compile(r"\b(?:hop(?:e|ed|ing)|think(?:ing)?|thought|want(?:ed|ing)?|wish(?:ed|ing)?|lik(?:e|ed|ing)|"
                   r"looking|"
                   r"planning|planned|considering|interested|prefer(?:red|ring)?|after|mean|meant|go(?:ing)? for|again|"
                   r"in mind)\b")
# a question of when, where or why about a thing: "When was the photo taken?", "Where was the order shipped?"
_ABOUT_ITS_TIME = re.compile(r"^(?:\w+,? )?(?:and |so )?(when|where|why)\s+(?:was|were|is|are|did|does|do|has|have|had)"
                             r"\s+(?:the|your|this|that|my|these|those)\b")


def _chosen_now(sense: FactSense) -> bool:
    """A value the user chooses for the change it asks for: a new value, a date to book, one of the options (not a
    reason: "why did you decide to cancel?" asks it in the past)."""
    motive = sense.fact.key.split("_")[-1] in ("reason", "cause", "motive", "purpose")
    return (sense.replacement or sense.scheduled or bool(sense.options)) and not motive


# a directive to do something with a fact other than give it: keep it, note it, make sure of it, look in an inbox
_KEEP_IT = re.compile(r"^(?:\w+,? )?(?:please |just |also )?(?:keep|save|note down|hold on to|bookmark|remember|"
                      r"make sure|ensure|check (?:your |the )?(?:e-?mail|inbox)(?: address)? (?:for|in)\b)")
# a step for another time and channel: "… if you call our support line", "… when you book through the app"
# ("if you could share the phone number": a noun after its determiner is no channel)
_ELSEWHERE = re.compile(r"\b(?:if|when|whenever|next time|each time|any time) you\b[^,.;?]*?"
                        r"(?<!\bthe )(?<!\byour )(?<!\ba )(?<!\bmy )(?<!\bour )(?<!\bthis )(?<!\bthat )"
                        r"\b(?:call|contact|visit|phone|"
                        r"ring|reach out|get in touch|talk to|speak (?:to|with)|(?:through|via|in|on|using) (?:the|our|"
                        r"your) (?:app|website|site|portal|online store|store|branch))\b")
# a fact to write on something sent or packed: "Please include the order number on the return slip"
_ON_A_SLIP = re.compile(r"^(?:\w+,? )?(?:please |just |also )?(?:include|write|put|mark|print|note|add)\b[^.?!]*"
                        r"\b(?:on|in|"
                        r"inside) (?:the|your|a) (?:[\w-]+ )?(?:slip|label|form|package|box|envelope|parcel|note|"
                        r"return)\b")
# a fact the agent passes on to someone else (a hand-off): "… and share your account ID with them", "I'll pass your
# email along to the team"
_PASSED_ON = re.compile(r"\b(?:share|pass|send|forward|give|hand|provide|include)\b[^,;:.?!]{0,40}?\b(?:(?:with|to) "
                        r"(?:them|him|her|the (?:agent|team|specialist|colleague|technician|supervisor|manager)|"
                        r"(?:my|a|our) (?:colleague|team|specialist)s?)|over to (?:them|the \w+))\b")
# what the agent and the user will turn to after this ask, to the end of the sentence: named, not asked now
_LATER_ON = re.compile(r"(?:[;,]|\band|\s-)\s+(?:after that|afterwards|after which|then|next|"
                       r"once (?:that|this|it)(?:'s| is) (?:done|sorted|in|set)),? (?:i|we)(?:'ll| will| can| could)? "
                       r"[^.?!]*")
# the topic of the user's own questions, offered help with: named, not asked ("any questions about your order")
_TOPIC_OF_QUESTIONS = re.compile(r"\b(?:questions?|concerns?|queries|anything else)\b (?:about|regarding|concerning|"
                                 r"on|with|related to)\b[^,;:.?!]*")
# a question word opening the subject of a statement, not a question: "Which plan is best depends on your usage",
# "What you pick is up to you"
_WH_CLAUSE_SUBJECT = re.compile(r"^(?:which|what|how|when|where|who)\b[^?]*\b(?:depends?|will depend|is up to you|"
                                r"varies|comes down to)\b[^?]*$")
_GIVE_IT = re.compile(r"\b(?:provide|share|send|tell|give|let (?:me|us) know|reply|enter|type|confirm|what|which"
                      r"|(?:i|we)(?:'ll| will|'d| would)? need)\b")
# a fact the agent says it has, or that the user need not give: named, not asked (up to the clause's end)
_ALREADY_HAVE = re.compile(r"\b(?:(?<!\bmay )(?<!\bcan )(?<!\bcould )(?<!\bmight )(?<!\bas )(?<!\bonce )(?<!\bwhen )"
                           r"(?<!\bif )(?<!\bafter )(?<!\buntil )(?<!\bbefore )(?:i|we)(?:'ve| have)? (?:already |now |still )?(?:have|got|found|located|verified|"
                           r"confirmed)|(?:i|we) (?:already |now )?(?:have|see) [^,;]{1,40} on file|(?:there's |there is )?"
                           r"no need (?:for|to (?:re-?send|send|give|provide|share|repeat|re-?enter|confirm))|you (?:don't|do not|won't|will "
                           r"not) (?:need|have) to (?:send|give|provide|share|repeat|confirm)|(?:i|we) (?:don't|do not|"
                           r"won't|will not) need"
                           # a value the user gave that found nothing: "That number isn't bringing anything up, so …"
                           # (not a relative clause naming the fact: "the number that isn't working")
                           r"|(?:that|this|the) (?:(?!that |which |who )[\w-]+ ){1,2}(?:isn't|is not|wasn't|was not|"
                           r"didn't|did not|doesn't|does not|won't|can't|couldn't) (?:bring|bringing|pull|pulling|"
                           r"match|matching|work|show|showing|return|returning|find)"
                           r")\b[^,;:.?!]*?(?=\s+(?:so|but|and now|now|just)\b|\s-\s|[,;:.?!]|$)")
# the verbs of taking a fact when asking leave to: "Is it okay if I grab your name?", "Mind if I ask for your email?"
TAKING = r"(?:ask(?:ed)?|get|got|grab(?:bed)?|have|had|take|took)"
# whether something holds of a fact ("tell me whether the order number starts with W"): about what the clause
# names, up to its end — not about a fact asked outside it ("the new address, including the unit number if any");
# an elliptical "if any", "if so", "if possible" is no clause
_WHETHER = re.compile(r"\b(?:whether|(?<!mind )if)\b(?! you (?:also |still |already )?(?:have|know|remember|happen|"
                      r"could|can|wouldn't|would|'d|"
                      r"don't|share|send|"
                      r"provide|give|tell|let)\b| (?:i|we) " + TAKING + r" "
                      r"(?:you for |for )?(?:your|the|a|an)\b)"  # ("Mind if I ask for your email?", "… alright if I grab your name?")
                      r"(?!\s+[\w']+\s*(?:[.,;:?!)-]|$))[^,;:?!]*")
# where one ask ends and another begins inside a sentence
# ("Could you tell me what's going on, and share the email on your account?": the second ask is not about what
# happened)
_AGENTS_OFFER = re.compile(r"^(?:i|we) (?:can|could)(?: also)? (?!\w+ (?:you|it|that|them) (?:if|once|when)\b)"
                           r"(?!(?:look|pull|find|check|verify|confirm|help)\b)"
                           r"(?!.*\b(?:need|needs|want|give|tell|send)\b)")
_SUBCLAUSE = re.compile(r",\s*(?:and |but |also |so )?(?:in the meantime,? |meanwhile,? )?"
                        r"(?=(?:could|can|would|will|please|what|which|how|if you|along with|"
                        r"as well as|plus|do you|are you|have you|is there)\b)|;\s*|,?\s*\b(?:along with|"
                        r"as well as)\b\s*|,\s*and (?=(?:share|send|give|provide|pass along|tell me|let me know)\b)")


_THINGS_NAME = re.compile(r"\bname (?:of|on) (?:the|this|that|each) (?:[\w-]+ )?(?:entry|network|app|apn|"
                          r"setting|option|profile|wi-?fi|router|file|item|product|access point|connection|device|"
                          r"phone|tile|icon|"
                          r"button|menu|screen)s?\b")


def _outside(hits: list[Hit], text: str, clauses: re.Pattern[str]) -> list[Hit]:
    """The hits in none of the clauses the pattern finds in the text."""
    for clause in clauses.finditer(text):
        begin, end = len(words(text[:clause.start()])), len(words(text[:clause.end()]))
        hits = [h for h in hits if not begin <= h.start < end]
    return hits


def asked_in(text: str, vocab: Vocabulary) -> list[FactSense]:
    """Facts an asking segment asks for: named, not stated in it (a value the agent gives is not asked; an
    example of the format is no value), not only in a relative clause after the thing asked ("the order number
    whose payment method you'd like to change"), and — in a question about one thing ("Which order is the item
    from?") — the thing the question word picks, plus what is joined to it ("… and what color?")."""
    later = _LATER_ON.search(text)  # "… and I'll pull it up; after that we can sort out the new address"
    text = text[:later.start()] if later else text
    parts = [p for p in _SUBCLAUSE.split(text) if p.strip()]
    if len(parts) > 1:  # "Which item is it, and could you share the order number?": each ask on its own
        # (not the agent's offer beside the ask: "I can switch roaming on for your line, and in the meantime please
        # make sure Mobile data is on")
        found = list(dict.fromkeys(sense for part in parts if not _AGENTS_OFFER.match(part.strip())
                                   for sense in asked_in(part, vocab)))
        said = words(text)
        back = {h.sense for h in named(text, vocab) if _pointed_back(said, h)}
        return [s for s in found if s not in back] or found
    seq = words(text)
    bare = _EXAMPLE.sub(" ", text)
    bounded = _DATE_BOUND.sub(" ", bare)  # ("… the day you'd like - anything from 4 March on works": no read-back)
    hits = [h for h in named(text, vocab) if offered(text, h.sense) or not (
        states(seen := bounded if h.sense.kind == "date" else bare, h.sense.fact.value)
        or other_values(seen, h.sense.fact.value)
        # ("should it be Harbor Print LLC?"; not a part among options: "which size - small or large?")
        or (h.sense.kind is None and nearly_said(bare, h.sense.fact.value)
            and not ("," in h.sense.fact.value and _ALTERNATIVES.search(bare))))]
    if _THINGS_NAME.search(text):  # "read me the name of the entry that's selected": a thing's name, not the user's
        hits = [h for h in hits if h.sense.head != "name"]
    if _ABOUT_IT.search(text):  # "Is the new address a business address?" asks about it, not for it
        hits = [h for h in hits if offered(text, h.sense)]
    if _ELSEWHERE.search(text) or _ON_A_SLIP.search(text):  # "… ready if you call our support line"
        hits = []
    if _KEEP_IT.search(text) and not _GIVE_IT.search(text):  # "Please keep your order number handy": not to us
        hits = []
    if _PAST.search(text):  # "What date was the item delivered?": a day gone by, not the one to book
        hits = [h for h in hits if not h.sense.scheduled]
    if _EARLIER_STATE.search(text) and not _WISH.search(text):  # "What size did you originally order?"
        hits = [h for h in hits if not _chosen_now(h.sense)]
    asked_about = _ABOUT_ITS_TIME.match(text)
    if asked_about is not None:  # "When was the photo taken?" asks when, not for the photo
        hits = [h for h in hits if asked_about.group(1) in h.sense.interrogatives]
    hits = _outside(hits, text, _ALREADY_HAVE)  # "I already have your email, so all I need is the order number"
    hits = _outside(hits, text, _AGENTS_LOOK)  # "… I'll check which sea-facing rooms are free": the agent's look
    hits = _outside(hits, text, _TOPIC_OF_QUESTIONS)  # "let me know if you have questions about your plan"
    # "two accounts under that name, so I need your birthday": a value the user gave, pointed back at beside
    # another fact asked
    pointed_back = [h for h in hits if _pointed_back(seq, h)]
    if len(pointed_back) < len(hits):
        hits = [h for h in hits if h not in pointed_back]
    if _WH_CLAUSE_SUBJECT.search(text):  # "Which plan is best depends on how much you stream."
        hits = []
    for clause in _PASSED_ON.finditer(text):  # "I can connect you with an agent and share your account ID with them"
        begin, end = len(words(text[:clause.start()])), len(words(text[:clause.end()]))
        hits = [h for h in hits if not begin <= h.start < end]
    for clause in _WHETHER.finditer(text):
        begin, end = len(words(text[:clause.start()])), len(words(text[:clause.end()]))
        hits = [h for h in hits if not begin <= h.start < end or offered(text, h.sense)]
    if len(hits) > 1:
        first = min(hits, key=lambda h: h.start)
        relative = _RELATIVE.search(text)
        if relative is not None:  # the relative clause runs to the next comma, bracket or "and"
            cut = len(words(text[:relative.start()]))
            close = re.search(r"[,;(]|\band\b|\bplus\b", text[relative.end():])
            resume = len(words(text[:relative.end() + close.start()])) if close else len(seq)
            if first.start < cut:
                hits = [h for h in hits if h.start < cut or h.start >= resume]
    # "the ZIP code for that new address": a part of the new value, not the user's own ZIP
    hits = [h for h in hits if h.sense.replacement or not any(
        other.sense.replacement and 0 < other.start - h.start <= 5
        and _PART_OF.search(" ".join(seq[h.start + 1:other.start])) for other in hits)]
    if sum(w in _ADDRESS_PARTS for w in seq) >= 2:  # "include the street, city, state and ZIP": an address
        address = [s for s in vocab.facts if _ADDRESS.match(s.fact.value)]
        if address:
            hits = [h for h in hits if _ADDRESS.match(h.sense.fact.value)] or [Hit(address[0], 2, len(seq))]
    wh = next((k for k, w in enumerate(seq[:5]) if w in _WH or w == "which"), None)
    if wh is not None and hits:
        focus = min(hits, key=lambda h: h.start)
        if focus.start <= wh + 6:  # another question word starts another question ("…, and what size?")
            hits = [h for h in hits if h is focus or _coordinated(seq, h.start)
                    or any(w in _WH for w in seq[focus.start + 1:h.start + 1])]  # ("… - which colour?")
    return [h.sense for h in hits]


_POINTING_FROM = _PREPOSITIONS | {"with", "by"}  # "under that name", "with this number"


def _pointed_back(seq: Sequence[str], hit: Hit) -> bool:
    """The fact named with "that" or "this" after a preposition ("under that name"): a value given, pointed back at
    (not a new value, the thing another fact is part of: "the ZIP code for that new address")."""
    return not hit.sense.replacement and hit.start >= 2 and seq[hit.start - 1] in ("that", "this") \
        and seq[hit.start - 2] in _POINTING_FROM


def shares_a_name(sense: FactSense, other: FactSense) -> bool:
    """The two facts have a name of two words or more in common ("image ID" of a photo and of a screenshot)."""
    theirs = {term for term, weight in other.terms if weight >= 2 and len(term) >= 2}
    return any(weight >= 2 and term in theirs for term, weight in sense.terms)


def distinguished(text: str, sense: FactSense, other: FactSense) -> bool:
    """The text names the fact by a name of its own that the other fact has at most as a lesser one ("the
    screenshot" of the screenshot, "a picture" of the photo)."""
    theirs = dict(other.terms)
    index = _Words(words(text), text)
    return any(weight == 3 and theirs.get(term, 0) < 3 and index.find(term) for term, weight in sense.terms)


# a bound on a date to pick: "from 4 March on", "from March 4 onward", "the earliest is March 4"
_DATE_BOUND = re.compile(r"\b(?:from|after|starting)\s+(?:[\w-]+\s+){1,3}?(?:on|onwards?|or later|and later)\b"
                         r"|\b(?:earliest|soonest|first available)\b[^.;?!]*")


def already_had(text: str, vocab: Vocabulary) -> set[str]:
    """Keys of the facts a sentence says the agent already has or the user need not give ("I already have your
    full name from your message, so …")."""
    return {h.sense.fact.key for clause in _ALREADY_GIVEN.finditer(text) for h in named(clause.group(0), vocab)}


# (not what the agent sees on file to choose from: "I see these payment methods on file: …")
_ALREADY_GIVEN = re.compile(r"\b(?:i|we)(?:'ve| have)? already (?:have|got)\b[^,;:.?!]*"
                            r"|\b(?:i|we) (?:don't|do not|won't) need your\b[^,;:.?!]*")


def passes_on(text: str) -> bool:
    """The agent hands one of the user's facts to someone else ("… and share your account ID with them")."""
    return _PASSED_ON.search(text) is not None


_OR_ANOTHER = re.compile(r"\bor (?:a |an |some )?(?:different|another|other)\b")


def offered(text: str, sense: FactSense) -> bool:
    """The value is one of the options the text offers ("no longer needed, or ordered by mistake?", "credit card,
    paypal or gift card?")."""
    if options_named(text, sense):
        return True
    if sense.kind in ("number", "date") and _among_alternatives(text, sense.fact.value):
        return True  # "one, two or three months?": the count is one of the choices put, not a value read back
    if _each_part_a_choice(text, sense.fact.value):
        return True  # "which capacity and colour: 500ml, 750ml or 1000ml, in teal, coral or graphite?"
    if sense.kind in ("email", "phone", "id") and not other_values(text, sense.fact.value) \
            and not _OR_ANOTHER.search(text):
        return False  # "Line 415-555-0163, customer C1002": a code among no others of its kind is stated
    value = re.escape(sense.fact.value.lower())
    # (an "or" ending a list item joins the items: "1. Create a return using photo IMG-4553, or")
    # ("your PayPal account (paypal_…) or the Visa": the value with the kind of thing it is)
    return compiled(rf"\b{value}\b(?: (?:account|card|wallet|balance))?(?:\s*\([^)]*\))?\s*(?:,|\bor\b)"
                    rf"(?!\s*(?:or\W*)?$)|(?:,|\bor\b)\s*{value}\b"
                    # "…, PayPal, or the credit card"
                    rf"|\bor (?:the|a|an|your|my) {value}\b").search(text) is not None


def offers_choice(text: str, sense: FactSense) -> bool:
    """Two of the options the fact's value is one of, put to the user as alternatives ("… whichever fits: no
    longer needed, or ordered by mistake"), with or without a question — not a change from one to the other."""
    found = sorted((m.start(), m.end()) for forms in _said_forms(sense.options)
                   if (m := next(filter(None, (_loosely_in(form, text) for form in forms)), None)) is not None)
    # a slash between the options themselves ("Basic/Premium"), not in what is said of one ("$20/month and Basic")
    return any(re.search(r"\bor\b", text[a:b]) or re.fullmatch(r"\W*/\W*", text[end:b])
               for (a, end), (b, _) in zip(found, found[1:]))


@functools.lru_cache(maxsize=1024)
def _each_part_a_choice(text: str, value: str) -> bool:
    """A value of several parts ("750ml, teal") each of which is one item of a list of alternatives in the text."""
    parts = [p.strip().lower() for p in value.split(",") if p.strip()]
    if len(parts) < 2 or " or " not in text:
        return False
    lists = [[re.sub(r"^(?:in|with|and|the|a) ", "", i.strip())  # ("…, in teal, coral or graphite")
              for i in re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group(1)) if i.strip()]
             for m in _ALTERNATIVES.finditer(text)]
    if all(any(part in items and len(items) > 1 for items in lists) for part in parts):
        return True
    # ("which pillow do you want: sage in small, or sage in large?": the parts together, one of the alternatives)
    alternatives = [i.strip(" ?.!") for i in re.split(r",?\s+or\s+|,\s+", re.split(r"[:;]\s|\s-\s", text)[-1])]
    return len(alternatives) > 1 and any(all(re.search(rf"\b{re.escape(part)}\b", item) for part in parts)
                                         for item in alternatives)


_NEGATIONS = frozenset({"not", "no", "never", "non"})
# alternatives put to the user: "one, two or three", "1, 2, or 3", "Monday or Tuesday" (short items, the last after
# "or")
_ALTERNATIVES = re.compile(r"\b((?:[\w'/-]+(?: [\w'/-]+)?, ){1,5}[\w'/-]+(?: [\w'/-]+)?,? or [\w'/-]+(?: [\w'/-]+)?"
                           r"|[\w'/-]+(?: [\w'/-]+){0,2} or [\w'/-]+(?: [\w'/-]+){0,2})\b")


def options_named(text: str, sense: FactSense) -> bool:
    """Two or more of the fact's options are said in the text ("Basic … Premium …")."""
    return sum(any(_option_said(form, text) for form in forms) for forms in _said_forms(sense.options)) >= 2


@functools.lru_cache(maxsize=256)
def _said_forms(options: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Each option, and the part that tells it from the others when every option shares a word ("500" of "fibre
    500" beside "fibre 150" and "fibre 900": "500 or 900 Mbps?")."""
    tokens = [option.split() for option in options]
    shared = set.intersection(*map(set, tokens)) if len(tokens) > 1 else set()
    rests = [" ".join(w for w in t if w not in shared) for t in tokens]
    if not shared or not all(rests) or len(set(rests)) < len(rests):
        return tuple((option,) for option in options)
    return tuple(zip(options, rests))


@functools.lru_cache(maxsize=2048)
def _option_said(option: str, text: str) -> bool:
    """An option said in the text, in another form or turned around by a negation of its own ("you don't
    recognise it", "you never received it" for not_recognised, not_received)."""
    if _loosely_in(option, text) is not None:
        return True
    tokens = re.findall(r"[a-z0-9]+", option)
    rest = " ".join(t for t in tokens if t not in _NEGATIONS)
    return len(rest) >= 5 and len(tokens) > len(rest.split()) and _loosely_in(rest, text) is not None


_WEEKDAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+(?=\w)")


@functools.lru_cache(maxsize=1024)
def _among_alternatives(text: str, value: str) -> bool:
    """The value is one item of a list of alternatives of which another is a value of the same shape."""
    if " or " not in text:
        return False
    text = _WEEKDAY.sub("", text)  # "Wednesday, March 4 or Thursday, March 5": the dates, without their days
    for m in _ALTERNATIVES.finditer(text):
        items = [i.strip() for i in re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group(1)) if i.strip()]
        mine = [i for i in items if states(i, value)]
        if mine and any(other_values(i, value) or _count_word(i) for i in items if i not in mine):
            return True
    return False


def _count_word(item: str) -> bool:
    """An item that opens with a number ("three months", "3")."""
    first = item.split()[0]
    return first.isdigit() or first in NUMBER_WORDS


def _loosely_in(option: str, text: str) -> re.Match[str] | None:
    """An option said with its words in another form ("you no longer need it" for "no longer needed")."""
    tokens = re.findall(r"[a-z0-9]+", option)
    if not tokens:
        return None
    forms = [_SAME_DOING.get(t) or (re.escape(t) if len(t) <= 4 else re.escape(t[:max(4, len(t) - 3)]) + r"[a-z]{0,4}")
             for t in tokens]
    return compiled(r"\b" + r"\W+".join(forms) + r"\b").search(text)


_PART_OF = re.compile(r"\b(?:for|of) (?:that|this)(?: new)?$")
# an option's verb in the words agents use for it ("placed by mistake" for "ordered by mistake")
_SAME_DOING = {"ordered": r"(?:order|plac|purchas|bought)[a-z]{0,4}"}


def _coordinated(seq: Sequence[str], start: int) -> bool:
    return any(w in _COORDINATION for w in seq[max(0, start - 4):start])


# ------------------------------------------------------------------------------------------------ read-backs


def _tokens(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _close(a: str, b: str, *, proper: bool = False) -> bool:
    """Two different tokens a few edits apart, the same first character ("Rosi"/"Rossi", "33868"/"33688",
    "Oakland"/"Oakdale"); of a proper name, another ending too ("Kovac"/"Kovacs")."""
    if a == b or a[:1] != b[:1] or abs(len(a) - len(b)) > 2 or min(len(a), len(b)) < 3:
        return False
    short, long_ = sorted((a, b), key=len)
    if not proper and re.fullmatch(rf"{re.escape(short.rstrip('e'))}(?:e|s|es|d|ed|ing)?", long_):
        return False  # "need" for "needed" is the same word in another form
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1] <= (len(a) // 2 if len(a) >= 6 else 2)


def _others(text: str, sense: FactSense, vocab: Vocabulary) -> list[str]:
    """Values of the fact's shape the text states other than the user's — and other than the user's other facts
    (the photo's id is no wrong screenshot id), and other than the bounds of what is on offer ("any date from
    March 4")."""
    mine = {re.sub(r"[^a-z0-9]", "", s.fact.value.lower()) for s in vocab.facts}
    # (nor a part of another of the user's values: the new address's ZIP is no wrong ZIP of the old one)
    mine |= {part for s in vocab.facts if s is not sense for part in re.findall(r"[a-z0-9]{4,}", s.fact.value.lower())
             if any(c.isdigit() for c in part)}
    return [v for v in other_values(text, sense.fact.value) if re.sub(r"[^a-z0-9]", "", v.lower()) not in mine
            and words(text[:max(0, _where(text, v, sense))])[-1:] not in ([r] for r in _RANGE)]


def _where(said: str, other: str, sense: FactSense) -> int:
    """Where the text states a value (a date is listed in ISO form: where the text wrote it), or -1."""
    at = said.find(other.lower())
    if at < 0 and sense.kind == "date":
        at = next((start for start, (y, mo, d) in date_spans(said) if other == f"{y or ''}-{mo:02d}-{d:02d}"), -1)
    return at


def _labelled_other(said: str, sense: FactSense, vocab: Vocabulary) -> bool:
    """Another value of the fact's shape right after a word of the fact ("order E205385", "born 23 November")."""
    for other in _others(said, sense, vocab):
        at = _where(said, other, sense)
        # (past the words that link a name to its value: "I have your account down as A140")
        before = list(itertools.dropwhile(lambda w: w in _LINKING, reversed(words(said[max(0, at - 40):at]))))[:2] \
            if at >= 0 else []
        label = [w for w in words(said[max(0, at - 40):at]) if w not in _WEEKDAYS]
        if any(len(term) > 1 and weight == 3 and tuple(label[-len(term):]) == term
               for other_sense in vocab.facts if other_sense is not sense for term, weight in other_sense.terms):
            continue  # "New date: Tuesday, December 8": after another fact's own name of two words, that fact's value
        if any((singular(w) in sense.own or w in sense.own) and not _own_name_of_another(w, sense, vocab)
               and not _head_of_another(label, w, sense) for w in before):
            return True
    return False


_LINKING = frozenset({"down", "as", "under", "listed", "on", "file", "saved", "recorded", "noted"})
_WEEKDAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
_RANGE = frozenset({"from", "after", "before", "until", "till", "between", "since", "starting", "through"})


# nouns that make "date" the name of another date: "the contract end date", "due date: …", "delivery date"
_OTHER_DATES = frozenset({"end", "due", "start", "expiry", "expiration", "renewal", "billing", "delivery", "shipping",
                          "ship", "installation", "appointment", "contract", "payment", "effective", "cutoff", "return",
                          "purchase", "order", "booking", "reservation", "departure", "arrival", "activation",
                          "cancellation", "suspension", "invoice", "refund", "closing", "opening", "release", "last",
                          "next", "travel", "trip", "statement", "reset", "expected", "estimated"})


def _head_of_another(label: Sequence[str], word: str, sense: FactSense) -> bool:
    """A date of the fact's name that is another date's: "the contract end date is 2026-09-30", "due date: …" read
    back no date of birth (unless the word before is one of the fact's own: "the installation date")."""
    if sense.kind != "date" or word != "date" or word not in label:
        return False
    at = len(label) - 1 - label[::-1].index(word)  # (its last mention, nearest the value)
    return at > 0 and label[at - 1] in _OTHER_DATES and label[at - 1] not in sense.own


def _own_name_of_another(word: str, sense: FactSense, vocab: Vocabulary) -> bool:
    """A word that is another fact's own name and only a derived one of this fact ("photo" of a screenshot,
    which is an image too): a value after it is the other fact's."""
    def own_names(s: FactSense) -> set[str]:
        return {t[0] for t, weight in s.terms if len(t) == 1 and weight == 3}

    return word not in own_names(sense) and any(word in own_names(o) for o in vocab.facts if o is not sense)


def misread(text: str, segments: Sequence[Segment], vocab: Vocabulary, action: str | None,
            asked: Sequence[str] = (), *, checking: bool = False) -> list[UserFact]:
    """Facts the message reads back with a value other than the user's: a segment names the fact and states
    another value of its shape; the only email or phone number of the goal written otherwise (in a message that
    asks to check what it reads back, the only value of any shape: "the installation down for Friday, March 6 —
    does that work?"); the other option of a choice; a name or an address mostly but not exactly the user's; or
    another value of a fact that the action asked to be approved takes."""
    out: list[UserFact] = []
    said = spelled_joined(" ".join(s.text for s in segments))  # ("your account as A-1-4-0": A140)
    # what is (the plan the account is on now, the colours on offer) is no read-back of what the user wants
    wanted = " ".join(s.text for s in segments if s.asks or not _WHAT_IS.search(s.text))
    for sense in vocab.facts:
        value = sense.fact.value
        # a value offered beside the question asking for it (an example, options, the dates on offer) is no
        # read-back; an identifier the agent searched for and did not find is ("nothing under noor@x.org - could
        # you check your email?")
        code = sense.kind in ("email", "phone", "id") or (sense.kind == "number" and len(value) >= 4)
        # (a new variant's options are read where the change is said, not in the item's current ones: "the Kettle
        # (1.0L, red) for the 1.7L in silver" states no red 1.7L)
        if not segments or states(_new_variant_text(text, value) if sense.replacement else text, value) \
                or (sense.fact.key in asked and (not code or _EXAMPLE.search(text))):
            continue
        # a date to book or an amount, read back for a check, is the one the check is about (not for an action
        # that takes none: the dates of a price drop laid out for price protection)
        checked = checking and ((sense.scheduled and (action is None or action in sense.tools)) or sense.kind == "money")
        unique_shape = (sense.kind in ("email", "phone") or checked) \
            and sum(s.kind == sense.kind for s in vocab.facts) == 1
        wrong = (any(_others(seg.text, sense, vocab) and any(h.sense is sense for h in named(seg.text, vocab))
                     for seg in segments)
                 or _labelled_other(said, sense, vocab)
                 or (unique_shape and bool(_others(said, sense, vocab)))
                 # "Got it, A010. … that's the account you want closed?": the one identifier of its shape, named in
                 # another sentence of the message
                 or (sense.kind == "id" and _only_of_its_shape(sense, vocab) and bool(_others(said, sense, vocab))
                     and any(h.sense is sense for h in named(normalise(text), vocab)))
                 or (action is not None and action in sense.tools and bool(_others(said, sense, vocab)))
                 or (bool(sense.options) and any(_option_stated(o, wanted) for o in sense.options
                                                 if o != value.lower()))
                 or (sense.kind is None and not sense.options and _near_miss(segments, value))
                 or (sense.kind is None and not sense.options and _other_surname(segments, value))
                 or (sense.kind == "id" and any(_near_id(other, value) for other in _others(said, sense, vocab)))
                 or (sense.kind == "number" and _other_count(said, sense))
                 or (sense.kind is None and _other_part(_changes(segments, sense) if sense.replacement else wanted,
                                                        value))
                 or (sense.kind is None and not sense.tools and _other_title(segments, value)))
        if wrong:
            out.append(sense.fact)
    return out


def _near_id(other: str, value: str) -> bool:
    """An identifier that is the user's with one slip: the same letters, and its digits with one changed or two next
    to each other swapped ("CLM-55012" for CLM-55102) - a read-back gone wrong, whatever it is called."""
    a, b = (re.sub(r"[^a-z0-9]", "", v.lower()) for v in (other, value))
    if len(a) != len(b) or len(a) < 5 or a == b or re.sub(r"\d", "", a) != re.sub(r"\d", "", b):
        return False
    differ = [k for k in range(len(a)) if a[k] != b[k]]
    return len(differ) == 1 or (len(differ) == 2 and differ[1] == differ[0] + 1
                                and a[differ[0]] == b[differ[1]] and a[differ[1]] == b[differ[0]])


def _only_of_its_shape(sense: FactSense, vocab: Vocabulary) -> bool:
    """No other fact of the user's has a value shaped like this one's ("A100": a letter and three digits)."""
    return not any(other is not sense and other_values(other.fact.value, sense.fact.value) for other in vocab.facts)


def _changes(segments: Sequence[Segment], sense: FactSense) -> str:
    """The segments a new value may be read back in: not the items of a list of what an order holds now ("1. Running
    Shorts (navy, S)") that say no change, nor an item's current options in brackets before the change."""
    return _new_variant_text(" ".join(s.text for s in segments if s.asks or (
        not _WHAT_IS.search(s.text) and (not s.item or _CHANGE_MARK.search(s.text)))), sense.fact.value)


def _new_variant_text(text: str, value: str) -> str:
    """Where a new variant is read: outside brackets when a part of it is said there, since an item's current
    options sit in brackets ("the Kettle (1.0L, red) for the 1.7L in silver" states no red 1.7L)."""
    outside = re.sub(r"\([^()]*\)", " ", text)
    parts = [p.strip() for p in value.lower().split(",") if p.strip()]
    return outside if any(_part_at(outside.lower(), p) for p in parts) else text


_CHANGE_MARK = re.compile(r"\b(?:into|for|instead|new|replacement|switch\w*|chang\w*|exchang\w*|swap\w*|replac\w*|"
                          r"updat\w*|modif\w*|mov\w*|convert\w*|to)\b")
# a statement of how things are now or of what is on offer: "… is currently on Basic", "available in black, navy and
# grey"
_WHAT_IS = re.compile(r"\b(?:currently|at the moment|at present|right now|available|comes? in|offered in|"
                      r"(?:is|are|'s) (?:on|in) (?:the )?[\w-]+ (?:plan|tier|package)"
                      r"(?: today| now| for now| still)\b)\b"
                      r"|\b(?:current|existing|present) [\w-]+(?: [\w-]+)?(?::| is\b| was\b)"  # "Current plan: Basic"
                      r"|\b[\w-]+, [\w-]+,? (?:and|or) [\w-]+\b"
                      r"|^[\w ]{1,20}:\s*[\w-]+(?:,\s*[\w-]+){2,}\W*$")  # a label over three or more: "Sizes: S, M, L"


# options that are also everyday determiners: "other" is the option only on its own ("Other"), not in "other patients"
_CATCH_ALL = frozenset({"other", "none", "any", "another"})


def _option_stated(option: str, said: str) -> bool:
    """An option of an enumeration said in the text, a program's member in words ("too expensive" for
    too_expensive; a catch-all word only where it is no determiner)."""
    return _option_pattern(option).search(said) is not None \
        or ("_" in option and in_everyday_words(said, re.findall(r"[a-z0-9]+", option.lower()), strict=True))


@functools.lru_cache(maxsize=256)
def _option_pattern(option: str) -> re.Pattern[str]:
    tail = r"(?!\s+[a-z])" if option in _CATCH_ALL else ""
    body = r"[_\s-]".join(re.escape(part) for part in re.split(r"[_\s]+", option) if part)
    return re.compile(rf"\b{body}\b{tail}")


_SIZES = frozenset({"xs", "s", "m", "l", "xl", "xxl", "small", "medium", "large"})


def _other_part(said: str, value: str) -> bool:
    """A value of several parts ("olive, us-10") read back with one part stated and another word listed in the
    place of the other ("the brown, US 10 pair")."""
    parts = [p.strip() for p in value.lower().split(",") if p.strip()]
    if len(parts) < 2:
        return False
    stated = [p for p in parts if _part_at(said, p) is not None]
    if not stated or len(stated) == len(parts):
        return False
    mine = set(_tokens(value))
    # another size after a part said right ("the sage one, also in large" for sage, small); a size before it is the
    # item's now ("swap the large pillow for the sage one")
    first = _part_at(said, stated[0])
    if first is not None and any(p in _SIZES for p in parts if p not in stated):
        rest = re.split(r"[.?!]", said[first.end():])[0]
        if any(w in _SIZES and w not in mine for w in _tokens(rest)):
            return True
    for part in stated:
        m = _part_at(said, part)
        assert m is not None
        # (a word with its number is one part: "olive, US 11" lists another size, not the user's "us-10")
        # (and a hyphenated word is one part: "charging-pad-case, jet" lists another case than "standard-case")
        before = re.search(r"([a-z]+(?:-[a-z]+)*(?:[ -]\d+(?:\.\d+)?)?)\s*[,/]\s*(?:(?:size|color|colour|in) )?$",
                           said[:m.start()])  # "navy, size S"
        # ("1.7L in silver": another colour after the size said right)
        # ("799 Willow Street, in Oakdale": the town the street is in)
        after = re.match(r"\s*(?:[,/]\s*(?:in )?|\s+in\s+(?!(?:the|a|an|your|our|stock|store|total|full)\b))"
                         r"([a-z]+(?:[ -]\d+(?:\.\d+)?(?![\d.]))?)", said[m.end():])
        # ("Harrow Bay, Maine" beside "ME 99181": the state by its name)
        if any(g is not None and not all(any(_abbreviates(w, t) for t in mine) for w in _tokens(postal(g.group(1))))
               for g in (before, after)):
            return True
    return False


def _abbreviates(short: str, word: str) -> bool:
    """``blvd`` for boulevard, ``st`` for street: the same first letter, the rest in order."""
    if short == word:
        return True
    if short[:1] != word[:1] or len(short) >= len(word):
        return False
    rest = iter(word[1:])
    return all(c in rest for c in short[1:])


def _part_at(said: str, part: str) -> re.Match[str] | None:
    tokens = _tokens(part)
    body = words_pattern(tokens)
    # (a size of a letter or two only where a size stands: "in S", "navy / S", not the "s" of "here's")
    lead = r"(?:(?<=\bsize )|(?<=\bsize:)|(?<=\bin )|(?<=[,/(] )|(?<=[,/(])|(?<=: ))" \
        if len(tokens) == 1 and len(tokens[0]) <= 2 else ""
    return compiled(rf"{lead}(?<![a-z0-9]){body}(?![a-z0-9])").search(said) if body else None


def _other_surname(segments: Sequence[Segment], value: str) -> bool:
    """A one-word name of five letters or more written one letter off ("Moreaux" for Moreau), capitalised as a
    name in the agent's words."""
    if not re.fullmatch(r"[A-Z][a-z]{4,}", value):
        return False
    mine = value.lower()
    for seg in segments:
        for m in re.finditer(r"(?<=\s)[A-Z][a-z]{3,}\b", seg.raw):
            word = m.group(0).lower()
            if word != mine and word[:1] == mine[:1] and abs(len(word) - len(mine)) <= 1 and _edits(word, mine) == 1:
                return True
    return False


def _edits(a: str, b: str) -> int:
    """The edit distance of two words."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def _other_count(said: str, sense: FactSense) -> bool:
    """A count named by its unit read back with another number of that unit ("for 3 months" for 2 months,
    "breakfast for three guests" for 2)."""
    units = {w for term, _ in sense.terms if len(term) == 1 for w in term if w.endswith("s") and len(w) > 3}
    if not units or not sense.fact.value.isdigit():
        return False
    mine = int(sense.fact.value)
    for m in _COUNTED.finditer(said):
        if words(said[:m.start()])[-1:] in ([w] for w in _BOUNDS):
            continue  # "up to 4 guests", "from one to three months": the bounds of what is possible
        number = int(m.group(1)) if m.group(1).isdigit() else NUMBER_WORDS[m.group(1)]
        if ({m.group(2), m.group(3)} & (units | {singular(u) for u in units})) and number != mine:
            return True
    return False


_BOUNDS = _RANGE | {"to", "max", "maximum", "most", "least", "over", "under", "than"}
_COUNTED = re.compile(r"\b(\d{1,2}|" + "|".join(NUMBER_WORDS) + r")\s+([a-z]+)(?:\s+([a-z]+))?\b")  # "3 (more) months"


def nearly_said(text: str, value: str) -> bool:
    """A free-text value of two words or more written nearly as the user's ("Harbor Print LLC" for Harbor Print
    Ltd): a value given, not a name asked for."""
    if len(value.split()) < 2:
        return False
    mine = _tokens(value)
    theirs = set(_tokens(text))
    missing = [t for t in mine if t not in theirs]
    return bool(missing) and len(missing) <= len(mine) / 2 and any(_close(t, o, proper=True) for t in missing
                                                                     for o in theirs)


# words of the conversation around a value, never a value written wrongly ("Okay Daniel" reads back no "Okafor")
_DISCOURSE = frozenset({"okay", "ok", "alright", "thanks", "thank", "sorry", "sure", "great", "perfect", "hello",
                        "hey", "hi", "please", "right", "yes", "yeah"})


def _near_miss(segments: Sequence[Segment], value: str) -> bool:
    """A free-text value (a name, an address, an invoice title) written with most words right and one of the
    others nearly right ("Noor Rosi", "836 Birch Boulevard, Brookfield, WI 33868")."""
    mine = _tokens(postal(value.lower()))  # ("Harrow Bay, Maine" for "Harrow Bay, ME" is the user's)
    proper = bool(re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+)+", value))  # a person's name
    for seg in segments:
        theirs = set(_tokens(postal(seg.text))) - _DISCOURSE
        missing = [t for t in mine if t not in theirs]
        if missing and len(missing) <= len(mine) / 2 and any(_close(t, o, proper=proper) for t in missing
                                                             for o in theirs):
            return True
        # "Harbor Print Inc" for Harbor Print Ltd: another company form, the name's other words all said
        if missing and set(missing) <= _COMPANY_FORMS and (theirs & _COMPANY_FORMS) - set(mine) \
                and len(missing) < len(mine):
            return True
    return False


_COMPANY_FORMS = frozenset({"ltd", "llc", "inc", "corp", "plc", "gmbh", "limited", "incorporated", "corporation",
                            "llp", "lp"})


_TITLE = re.compile(r"(?<![.!?]\s)\bthe ((?:[A-Z][a-z]+ ){0,2}[A-Z][a-z]+)\b")


def _other_title(segments: Sequence[Segment], value: str) -> bool:
    """A name-like value (a product: "Desk Lamp") read back as another one in a confirmation ("exchange the Office
    Chair", "return the backpack"); only for values no tool argument carries, which the agent can only have from the
    user."""
    if not re.fullmatch(r"[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}", value):
        return False
    mine = set(_tokens(value)) | {singular(t) for t in _tokens(value)}
    for seg in segments:
        # the thing a return or an exchange is of, named with none of the user's words (in a statement, only as the
        # user's own act read back: "To confirm: you're sending back the Electric Kettle")
        if any(not set(_tokens(m.group(1))) & mine and not _GENERIC_THING.search(m.group(1))
               and (seg.asks or _USERS_ACT.search(seg.text[:m.start()]) is not None)
               for m in _THING_ACTED_ON.finditer(seg.text)):
            return True
        if not seg.asks:
            continue
        if len(value.split()) >= 2 and any(m.group(1).lower() != value.lower()
                                           and len(m.group(1).split()) == len(value.split())
                                           for m in _TITLE.finditer(seg.raw)):
            return True
    return False


_THING_ACTED_ON = re.compile(r"\b(?:return(?:ing)?|exchang(?:e|ing)|swap(?:ping)?|replac(?:e|ing)|send(?:ing)? back"
                             r"|(?:a |the )(?:return|exchange|replacement) of) "
                             r"(?:the|your) ([a-z][a-z-]*"
                             r"(?: [a-z][a-z-]*){0,2}?)(?= on\b| from\b| in\b| for\b| with\b| \(|[,.?!]| -|$)")
# … or the agent's own step on it, about to be taken: "I'll request a return of the Water Bottle"
_USERS_ACT = re.compile(r"\byou(?:'re| are|'d like to| would like to| want to)? $"
                        r"|\b(?:i|we)(?:'ll| will|'m going to| am going to)(?: now)? [a-z]+ (?:(?:a|the) )?$")
_GENERIC_THING = re.compile(r"\b(?:item|items|order|orders|product|purchase|one|ones|it|them|thing|things|rest|"
                            r"whole|entire|both|everything|all|package|parcel|delivery|pair|set|unit|model|version|variant|size|colou?r)\b")
