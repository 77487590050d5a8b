"""The understanding reads a message the same way when it is rewritten without changing what it asks (issue 20).

``benchmarks/understanding_variants.py`` rewrites every dev line of the corpus the way agents vary one ask —
question marks dropped, sentences bulleted, a polite opener, a wish instead of a question, another wording,
values in bold or written another way, a reassurance after the ask, the finding sent as a message of its own —
and counts, per category, the items a rewrite breaks (read right on the original, wrong on the rewrite). This test
pins those counts: a change to the rules that makes the reading depend on one of these surface features again
fails here, with the broken lines listed. Lower counts are welcome; lower the budget with them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from understanding_variants import REWRITES, measure  # noqa: E402

# items a rewrite may still break, per category; every one is a rewrite no agent would write, or left with a reason:
# - no_question_mark / period: a bare "Return it", "Proceed", "Correct", "do it", "confirm", "good to place" or a
#   declarative read-back with no interrogative word order ("So you'd like to exchange the chair for another color")
#   is a question only by its mark; the restaurant guest keeps the mark for a proposal to add a line (reading it by
#   mood cost held-out order_asked precision). The terse fourth blind set (round 6) has many such asks. Round 7:
#   "How fast is it now A speed test on the phone will tell us" run together as one sentence loses the speed test
#   that the question's two sentences now ask (telecom-733)
# - bulleted / numbered: a sentence that only makes sense after the one before, set as an item of its own ("- (no
#   longer needed / ordered by mistake)", "- It'll come through on my end as an image ID like IMG-1234", "- Good
#   news — the screenshot checks out.") reads as an item naming a fact
# - softened: "When you have a moment, could you open … and read me the three switches" reads as a clarification;
#   a status block above an ask ("- International roaming: **disabled**") then reads a look
# - reassured: "No rush at all, take your time." run on after an ask with no mark ("… is set to No rush at all")
# - expanded: "the order it is for" (the contracted "it's for" is read); "I will need:" above a numbered list
# - terse / can_we: a step in a by-clause after an analogy ("Straighten that out by turning it off")
# - verbs: "just tell me" after an offer is no bare go-ahead ("tell me" also ends a header: "Please tell me:")
# - device_synonyms: "speed check" is no name of the speed test (round 7: nor in "How fast is it now? A speed check on
#   the phone will tell us", whose speed test, the means of the answer, is now read as the step; with the synonym
#   the question reads as one the user cannot answer)
# - fact_synonyms: "e-mail address tied to your account" also reads the order asked after it
# - quoted_settings: '"APN"' in quotes in a question about which one is in use loses the look
# - would_you_mind / try_gerund: "Would you mind confirming that's the line …" asks the number; "describing the
#   issue" reads as something the user cannot place
# - go_ahead_and: "Go ahead and look at …" reads as the go-ahead of an approval
# - okay_so / on_your_end: "Okay, so data saver on? if yes, kill it" and "Done on your end?" read as unplaceable
# - wrong_value: "A102 → premium, confirm?" with the account id wrong reads as a check, not an approval
# - dash_ask / would_help_if: a further ask joined by a dash or a wish after "I've added …" / "Your line … is back on"
# - tools_after_previous: the finding sent alone takes a "please" with it ("… please unplug your router …"), and
#   "Once the lights settle, check whether …" loses its look when the router's restart is in the message before;
#   telecom-528's step goes into the message before, leaving "Shall I enable it?", which rightly asks no step; the
#   third and fourth blind sets add steps that lean on a restart in the message before ("Once it's back up, …");
#   round 7 reads telecom-689's look ("If that little plane is showing, that's our culprit."), telecom-753's
#   first step ("airplane mode needs to come off") and telecom-662's restart before its one look, which rightly go
#   with the sentence moved to the message before
# - two_asks: "Also, thanks for reaching out …" joined after an ask, which no agent writes mid-message
# - split_previous: "Proceed?" alone after a plan whose last sentence is about the refund ("The $69.65 goes back onto
#   the gift card.") does not take the payment change from it; "Which works better for you?" alone does not take the
#   two options from the message before
# - try_gerund / would_you_mind / you_could_try / would_help_if: "Have you seen a payment request … yet?" rewritten
#   as "Try seeing a payment request … yet." is no step any agent would ask; and every rewrite of "Would you prefer
#   to have a colleague handle the invoice?" into a request ("Could you prefer to …", "Let's prefer to …") is no
#   message an agent writes (one line, counted by a dozen rewrites), nor is "Would you mind alsoing send me the
#   transaction ID …"
# (round 6 added 465 dev lines from two blind sets, terse and formal agents among them, and round 7 226 more from a
# voice agent, a tool-running framework agent and an agent calming an upset customer — whose voice read-backs end
# on a bare "Good to go?" or "Shall I?" that is a question only by its mark — and 151 more from the sixth set (an
# agent leaning on the conversation so far, an agent on a small model: its statements set as list items read as
# asks of a fact, "- Should I go ahead?" under "I do need a clear yes from you"); every budget was re-pinned for
# them, with the lines listed above; round 8 re-pinned them for the seventh set's 118 dev lines, written before any
# rule saw them: a troubleshooting agent deep in a conversation, heavy-markdown replies with tables, recaps before an
# action, facts asked and mentioned — its misses are the rules' to fix, not the rewrites; a greeting, a polite
# opener or "Okay, so" glued onto a markdown heading's own line ("Hi there! ## Slow data? Let's check your VPN")
# makes the heading a sentence, as no agent writes it; the set's 32 dev lines of recaps read back right and wrong
# end on a bare "Shall I go ahead?" or "Look right?" that is a question only by its mark; round 9 re-pinned them for
# the eighth and ninth sets' 299 dev lines, written blind: their recaps end on "Okay to submit?", "go?" or "Place
# it?", questions only by their mark, so the no_question_mark and period rewrites lose a dozen more approvals each;
# bulleting or numbering a statement of theirs ("- Thanks, Lee, account A101 is in good standing.") still reads as
# a list item asking its fact, as for the sets before; round 10 re-pinned them for the tenth set's 149 dev lines,
# written blind (a voice agent, an agent whose framework leaks into its text, several intents at once, other
# registers of English, the edges of a conversation): recaps ending on "Shall I go ahead?" again lose approvals
# without their question mark; statements set as list items read as asks of their fact again; tools_after_previous
# moves the first sentences of six step-by-step messages into the message before, so the steps asked there ("…
# swipe down and tap the airplane to turn it off.") are no longer asked in the rest ("Let me know when you've done
# that."); and the round's fixes read one more dev line right, "# of the line w/ no service?", whose rewrites
# without the question mark are a bare noun phrase that asks nothing; round 11 re-pinned them for the eleventh set's
# 151 dev lines, written blind (facts asked every way agents ask them, steps on the user's phone, approvals and their
# near misses, three house styles of chat models, the turn after the user answered): their checks of a value ("Is
# that the account you meant?") and recaps lose their check or approval without the question mark, and
# tools_after_previous moves the first sentences of more step-by-step messages into the message before; nearly every
# increase is of the set's own lines, and the round's fixes made bulleting or numbering a statement read as an ask of
# its fact on three fewer lines; round 12 re-pinned them for the twelfth set's 149 dev lines, written blind (a phone
# agent deep in troubleshooting, approvals of writes with many values, messages that mention facts without asking,
# the line between a fact, a check and an approval, agents that narrate their plan): its recaps and checks end on
# "Is that right?" or "Shall I go ahead?" and lose their approval or check without the question mark again, and
# its statements of found facts set as list items read as asks of them, as for every set before; rounds 13 and 14
# re-pinned them for the thirteenth and fourteenth sets' 300 dev lines, written blind (facts asked every way, phone
# steps, approvals and look-alikes, several house styles, a voice agent, the turn after the user answered, approvals
# whose values are spread over the conversation): their recaps, checks and "did you mean …?" questions lose their
# approval or check without the question mark, their statements of found facts set as list items read as asks, and
# tools_after_previous moves the first sentences of more step-by-step messages into the message before; the rounds'
# fixes read one rewrite better ("would_you_mind" no longer reads a fact) and "reassured" loses fewer steps; round 15
# (the ", and share …" rule and the learned check on asked facts) lowered two_asks by one fact; no budget rose;
# round 16 re-pinned them for the fifteenth set's 151 dev lines (framework agents, near-twins of asks, approvals in
# every form, phone steps from three writers, facts in unusual forms) and the learned check retrained on them: most
# rises are lines the round fixed in their own words only ("Both correct", "wifi ON" in a list, "power it off and
# back on") or the set's own lines; the retrained check scores one old line's rewrite (small_talk) just under its
# bar, and bulleting, numbering or "steps" no longer lose a step; round 17 re-pinned them for the sixteenth and
# seventeenth sets' 299 dev lines: comparing the broken lines of five rewrites (bulleted, tools_after_previous,
# no_question_mark, period, steps) with round 16's rules on today's corpus, every rise is the new sets' own lines, old
# lines' rewrites read better (the period rewrite of four approvals now reads them), and two old lines' rewrites
# read worse in one category each: "…? y/n" without its "?" (mock-663: the labeller's confirmed call) and a terse
# restaurant approval without its "?" (restaurant-353: a confirmation request); round 18 re-pinned them for the
# eighteenth set's 150 dev lines: comparing the broken lines of eight rewrites with round 17's rules on today's corpus,
# every rise is the new set's own lines but three: two old lines the round fixed in their own words (telecom-1305,
# telecom-1638: a look before the step it leads to) whose tools_after_previous rewrite still reads them as before, and
# mock-673's two_asks rewrite, which now reads its confirmation right and one fact fewer; bulleting and numbering an
# old check (ecommerce-1188) no longer read it as a confirmation request, and softened, phone_format and two_asks
# fell by one each; round 19 re-pinned them for the nineteenth and twentieth sets' 300 dev lines: comparing the broken
# lines of every rewrite with round 18's rules on today's corpus, every rise is the new sets' own lines but one:
# two_asks joins telecom-1559 (name and date of birth asked) with telecom-1936 ("… the number by heart … When you've
# found it, pop it in here"), where "it" now stays with the facts the first line named; split_previous no longer breaks
# ecommerce-935; round 21 re-pinned them for the twenty-first and twenty-second sets' 301 dev lines: comparing the
# broken lines of every rewrite with round 20's rules on today's corpus, every rise is the new sets' own lines but
# one: mock-673's two_asks rewrite reads its fact again and its confirmation no longer, as before round 18; hearing no
# longer loses telecom-2036 and retail-961; round 22 re-pinned them for the twenty-third and twenty-fourth sets' 300
# dev lines: comparing the broken lines of every rewrite with round 21's rules on today's corpus, every rise is the new
# sets' own lines (mock-1553, ecommerce-1553, ecommerce-1561: fixed in their own words, not yet in every rewrite) but
# one: mock-673's two_asks rewrite reads its confirmation right again and one fact fewer, as between rounds 18 and 21;
# can_we, expanded and split_previous no longer break mock-1287, ecommerce-1461, retail-354 and retail-661; round 23
# re-pinned them for the twenty-fifth to twenty-seventh sets' 419 dev lines: comparing the broken lines of the 25
# rewrites that rose with round 22's rules on today's corpus, old lines' rewrites broken newly number 13 and fixed 25;
# of the 13, four are two_asks joining an old line with a new one, three are old lines the round fixed in their own
# words only (telecom-1265, ecommerce-1360 twice), and six are three old lines read worse, two categories or rewrites
# each: retail-1379 (reassured, open_door: a ZIP asked again after "No rush at all"), mock-1373 (expanded: a plan
# explanation read as a confirmation request) and ecommerce-1055 (contracted: "Once I've both image IDs" drops the
# asks of a table)); round 24 re-pinned them for the twenty-eighth to thirtieth sets' 365 dev lines: comparing the
# broken lines of every rewrite that rose with round 23's rules on today's corpus, three old lines' rewrites broke
# newly (nine rewrite and category pairs) and three were fixed (seven pairs); of the three, two were then fixed in the
# rules (an aside "There's no need to restart" had left a SIM-status look a mere way there, and "your invoice - I will
# confirm the title" had read as a contact clause), and the one left is retail-1379's ZIP asked again, in three
# rewrites, which the retrained learned check no longer adds (the rules never read it); round 25 re-pinned them for
# the thirty-first set's 121 dev lines: comparing the broken lines of every rewrite with round 24's rules on today's
# corpus, every rise is the new set's own lines but four, none an old line read worse by the rules: telecom-3329's
# device_synonyms rewrite ("try your SIM card in another handset") reads a SIM reseat where round 24 read a signal
# look in both forms, and the retrained learned check adds a fact to three rewrites (ecommerce-1273 softened,
# telecom-3251 reworded, retail-2251 fact_synonyms), on lines whose own form it reads right; round 26 re-pinned
# them for the thirty-second set's 120 dev lines (no rule changed, the learned check retrained): old lines' broken
# items rose in no rewrite and category but one, retail-1379's ZIP asked again, which the retrained check adds to its
# polite rewrite (the rules never read it); the check no longer adds ecommerce-1273's softened fact; round 27
# re-pinned them for the thirty-third set's 119 dev lines: comparing the broken lines of the twelve rewrites that rose
# with round 26's rules on today's corpus, every rise is the new set's own lines but two old lines the round fixed in
# their own words (retail-2261 "Step 2 of 4: pick the order", retail-2309 "… - that's how I'll find your account"),
# whose heard and expanded forms the round then read too ("step two of four", the purpose after a comma, "that is
# how"); the no_question_mark and period rewrites no longer ask retail-1379's ZIP again; round 28 re-pinned eleven
# rewrites for the learned check retrained on arrival readings and adding at 0.8 (no rule changed, so every rise is
# the check adding a fact to one form of a line and not to the other: it reads retail-1611's, retail-2335's,
# ecommerce-880's and ecommerce-1454's fact in the original but not after a greeting or a reassurance, and adds one to
# a rewrite of telecom-1513, telecom-3251 or retail-2251 only; a weight does not carry to a paraphrase as a rule does);
# round 31 raised three by one, each an original line round 30 reads better (a screen named by its tool's words,
# telecom-2028 and telecom-553) whose rewrite does not follow: the no_question_mark and reassured rewrites run two
# sentences together with no stop ("… next to it I'm looking for …", "… allowed No rush at all"), and a suggestion
# with a menu path ("You could try opening Settings → … and read me …") is still read as information
BUDGET: dict[str, dict[str, int]] = {
    "no_question_mark": {"facts": 30, "confirmation": 67, "user_tools": 19, "user_tools_sequence": 25,
                         "unanswerable": 34, "approval": 112, "confirmation_request": 147, "confirms_call": 64,
                         "clarification": 120},
    "period": {"facts": 24, "confirmation": 59, "user_tools": 4, "user_tools_sequence": 5, "unanswerable": 28,
               "approval": 106, "confirmation_request": 140, "confirms_call": 59, "clarification": 108},
    "bulleted": {"facts": 85, "confirmation": 1, "unanswerable": 12, "confirmation_request": 1, "confirms_call": 1,
                 "clarification": 58},
    "numbered": {"facts": 85, "confirmation": 1, "unanswerable": 12, "confirmation_request": 1, "confirms_call": 1,
                 "clarification": 58},
    "softened": {"confirmation": 2, "user_tools": 1, "user_tools_sequence": 1, "unanswerable": 1, "approval": 1,
                 "clarification": 2},
    "reassured": {"facts": 16, "confirmation": 1, "user_tools": 4, "user_tools_sequence": 5, "unanswerable": 7,
                  "approval": 1, "confirmation_request": 3, "confirms_call": 1, "clarification": 9},
    "polite": {"facts": 6, "unanswerable": 1, "clarification": 4},
    "expanded": {"facts": 18, "user_tools": 2, "user_tools_sequence": 3, "unanswerable": 3, "approval": 3,
                 "confirmation_request": 5, "clarification": 6},
    "contracted": {"facts": 8, "confirmation": 1, "user_tools": 5, "user_tools_sequence": 7, "unanswerable": 3,
                   "approval": 1, "confirmation_request": 1, "confirms_call": 1, "clarification": 4},
    "terse": {"facts": 2, "confirmation": 2, "user_tools": 3, "user_tools_sequence": 2, "unanswerable": 4,
              "approval": 5, "confirmation_request": 4, "confirms_call": 1, "clarification": 7},
    "verbs": {"facts": 2, "confirmation": 1, "unanswerable": 4, "approval": 1, "confirmation_request": 2,
              "confirms_call": 1, "clarification": 5},
    "id_hash": {"confirmation": 1, "approval": 1, "confirmation_request": 2, "confirms_call": 2, "clarification": 1},
    "greeting": {"facts": 3, "unanswerable": 1, "clarification": 3},
    "device_synonyms": {"facts": 1, "user_tools": 20, "user_tools_sequence": 21, "unanswerable": 6, "clarification": 6},
    "quoted_settings": {"user_tools": 2, "user_tools_sequence": 2, "unanswerable": 1, "clarification": 1},
    "would_you_mind": {"facts": 2, "confirmation": 1, "user_tools": 8, "user_tools_sequence": 6, "unanswerable": 6,
                       "approval": 2, "confirmation_request": 3, "clarification": 6},
    "hedged": {"confirmation": 1, "unanswerable": 1, "approval": 2, "confirmation_request": 2, "clarification": 1},
    "trailing_please": {"confirmation": 1, "unanswerable": 3, "approval": 2, "confirmation_request": 2,
                        "clarification": 1},
    "may_i_ask": {"facts": 1, "confirmation": 1, "unanswerable": 2, "approval": 2, "confirmation_request": 2,
                  "clarification": 1},
    "possible": {"facts": 5, "confirmation": 1, "user_tools": 5, "user_tools_sequence": 5, "unanswerable": 4,
                 "approval": 2, "confirmation_request": 2, "clarification": 3},
    "sequenced": {"confirmation": 1, "user_tools": 1, "user_tools_sequence": 1, "unanswerable": 1, "approval": 2,
                  "confirmation_request": 2, "clarification": 1},
    "emoji": {"confirmation": 1, "unanswerable": 2, "approval": 2, "confirmation_request": 2, "clarification": 1},
    "try_gerund": {"facts": 4, "confirmation": 1, "user_tools": 8, "user_tools_sequence": 7, "unanswerable": 7,
                   "approval": 3, "confirmation_request": 2, "clarification": 8},
    "need_you_to": {"facts": 4, "confirmation": 1, "user_tools": 2, "user_tools_sequence": 1, "unanswerable": 5,
                    "approval": 3, "confirmation_request": 2, "clarification": 6},
    "lets": {"facts": 2, "confirmation": 1, "user_tools": 2, "user_tools_sequence": 1, "unanswerable": 4,
             "approval": 3, "confirmation_request": 2, "clarification": 5},
    "go_ahead_and": {"facts": 2, "confirmation": 1, "user_tools": 4, "user_tools_sequence": 3, "unanswerable": 5,
                     "approval": 6, "confirmation_request": 5, "clarification": 6},
    "split_previous": {"facts": 1, "confirmation": 5, "approval": 1, "confirmation_request": 1, "confirms_call": 3,
                       "clarification": 1},
    "tools_after_previous": {"confirmation": 1, "user_tools": 102, "user_tools_sequence": 109, "unanswerable": 5,
                             "approval": 1, "confirmation_request": 1, "confirms_call": 1, "clarification": 5},
    "two_asks": {"facts": 10, "unanswerable": 1, "confirmation_request": 10, "confirms_call": 4},
    "wrong_value": {"facts": 1, "approval": 3, "clarification": 3},
    "okay_so": {"facts": 2, "user_tools": 6, "user_tools_sequence": 9, "unanswerable": 4, "clarification": 6},
    "on_your_end": {"user_tools": 3, "user_tools_sequence": 2, "unanswerable": 3, "clarification": 3},
    "can_we": {"confirmation": 2, "user_tools": 5, "user_tools_sequence": 3, "unanswerable": 1, "approval": 5,
               "confirmation_request": 5, "clarification": 1},
    "small_talk": {"facts": 7, "clarification": 5},
    "dash_ask": {"facts": 4, "confirmation": 2},
    "you_could_try": {"facts": 1, "user_tools": 10, "user_tools_sequence": 9, "unanswerable": 1, "clarification": 2},
    "would_help_if": {"facts": 3, "user_tools": 1, "user_tools_sequence": 1, "unanswerable": 2, "clarification": 5},
    "steps": {"facts": 15, "unanswerable": 2, "confirmation_request": 1, "clarification": 17},
    "reworded": {"facts": 2, "confirmation": 4, "user_tools": 1, "user_tools_sequence": 2, "unanswerable": 1,
                 "clarification": 1},
    "date_format": {"unanswerable": 1, "confirmation_request": 1, "clarification": 1},
    "done_by_agent": {"user_tools": 2, "user_tools_sequence": 2},
    "fallback": {"user_tools": 2, "user_tools_sequence": 2},
    "not_yet": {"user_tools": 2, "user_tools_sequence": 2},
    "heard": {"facts": 41, "confirmation": 16, "user_tools": 26, "user_tools_sequence": 23, "unanswerable": 23,
              "approval": 4},
    "indirect": {"facts": 1, "unanswerable": 1, "approval": 1, "clarification": 1},
    "paragraphs": {"unanswerable": 2},
    "open_door": {"facts": 5, "clarification": 2},
    "favour_forms": {"facts": 1, "unanswerable": 1},
    "fact_synonyms": {"facts": 3, "clarification": 1},
    "heading": {"facts": 2, "clarification": 1},
}
# the categories pinned: the issue's targets, and what makes a trial inconclusive or flags the agent
PINNED = ("facts", "confirmation", "user_tools", "user_tools_sequence", "unanswerable", "approval",
          "confirmation_request", "confirms_call", "clarification")


@pytest.mark.parametrize("rewrite", sorted(REWRITES))
def test_rewrites_keep_the_reading(rewrite: str) -> None:
    """A test per rewrite, so xdist spreads them; each worker reads the dev lines' originals once."""
    outcome = measure([rewrite])[rewrite]
    assert outcome.lines, f"the {rewrite} rewrite no longer applies to any dev line"
    over = {c: outcome.count(c) for c in PINNED if outcome.count(c) > BUDGET.get(rewrite, {}).get(c, 0)}
    assert not over, "\n".join([f"{rewrite} breaks more than its budget {BUDGET.get(rewrite, {})}: {over}"] + [
        f"    {c} {b.case.id} (lost {b.lost}, gained {b.gained}): {b.variant.text!r}"
        for c in over for b in outcome.broken[c]])


def test_every_budget_names_a_rewrite() -> None:
    assert set(BUDGET) <= set(REWRITES)
