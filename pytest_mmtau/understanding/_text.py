"""An agent message as the understanding reads it: normalised text cut into segments (sentences and list items),
each marked as asking something of the user or not.

Agents write markdown, numbered and bulleted lists, several questions in one message and polite indirect asks
("I'll need your email", "Could you provide your user ID." without a question mark). A segment *asks* when it is a
question, a directive to the user, or an item of a list introduced by an ask ("Please provide the following:") or
referred back to by one ("Once I have these details, …").
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ._speech import QUICK_YES
from ._spoken_values import written_values

# conversational words an ask may open on: "Okay, so is your phone showing LTE?", "Great, so send me the order number"
CHAT_LEAD = r"(?:so|okay|ok|alright|all right|great|perfect|thanks)"

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2011": "-", "\u2010": "-",
                         "\u2013": " - ", "\u2014": " - ", "\u00a0": " ", "\u2192": " > ", "\u203a": " > ",
                         "\u00bb": " > ", "\u00d7": "x"})
_MARKDOWN = re.compile(r"\*\*|__|`|~~|(?<![A-Za-z0-9])[*_](?=\S)|(?<=\S)[*_](?![A-Za-z0-9])")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
# (a task list's box after the mark, ticked or not: "- [ ] Reply YES if …")
# (an arrow opens an item too: "-> Settings > Network mode > 4G/5G preferred")
_ITEM = re.compile(r"^\s*(?:->|=>|\u2192|[-*\u2022\u00b7+]|\(?\d{1,2}[.)]|\(?[a-z][.)])\s+(?:\[[ xX\u2713]\]\s+)?")
_TICKED = re.compile(r"\[[xX\u2713]\]")  # a step of a task list already done
# a line led by a check mark or a cross, an item that reports a state ("✅ Airplane mode - off", "❌ Network mode - 2G")
_STATUS_ITEM = re.compile(r"^\s*[\u2705\u274c\u274e\u2714\u2713\u2717\u2718\u2611]\ufe0f?\s*")
_ITEM_NUMBER = re.compile(r"^\s*\(?(\d{1,2})[.)]")
_TABLE_ROW = re.compile(r"^\s*\|(.+)\|\s*$")
_PLACEHOLDER = re.compile(r"[_?.\s-]*|\(?(?:blank|tbd|to be confirmed|your answer|\?+)\)?")
_HEADER = re.compile(r"^\s*(?:#{1,6}\s+(?!of\b)|>\s*)")  # (not "# of the line …", a number sign)
_LEADING_EMPHASIS = re.compile(r"^\s*(?:\*\*|__)(?=\s*(?:\d{1,2}[.)]|[A-Za-z][.)])\s)")
# "**Step 2:** Please turn it on …", "Last step: press play": a step's label is no ask of its own, the step an item
_STEP_LABEL = re.compile(r"^\s*(?:\*\*|__)?(?:step\s+\d{1,2}|(?:last|final) step)\s*[:.)]\s*"
                         r"(?:\*\*|__)?\s+(?=\S)", re.IGNORECASE)
_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "mr.", "mrs.", "ms.", "dr.", "st.", "no.", "approx.", "vs.", "a.m.", "p.m.")
# (an emoji after a word ends a sentence too: "i can't change it from here \U0001f615 want me to pass you on?"; not a
# pictogram that stands for a thing on the screen: "if the \u2708\ufe0f Airplane mode tile is highlighted")
_SENTENCE_END = re.compile(r"(?<=[.?!])[\"')\]]*\s+|(?<=\w [\u2600-\u2698\u269a-\u2707\u2709-\u27bf"
                           r"\U0001f300-\U0001f4f0\U0001f4f2-\U0001f4f5\U0001f4f7-\U0001faff])\ufe0f?\s+(?=\S)")

# the agent's next step on the user's assent: "If that all looks right, I'll submit it", "Once you confirm, I'll move
# A101 to Premium", "Let me know and I'll cancel it", "I can cancel it now if you'd like"
_ASSENT = (r"(?:(?:say|tell me|confirm|let me know) (?:that )?(?:it's|that's|everything's|all's|it is|that is|"
           r"everything is|all is) (?:all )?(?:right|correct|good|ok|okay|fine|accurate)|"
           r"confirm(?:ed)?|approve[d]?|agree[d]?|ok|okay|reply|respond|say (?:yes|so|the word|go)|said yes|"
           r"(?:give|send|drop) (?:me |us )?"
           r"(?:the |your |a )?(?:\w+ )?(?:go-ahead|go ahead|ok|okay|green light|nod|word|yes)|(?:(?:are|'re) )?"
           r"(?:happy|ok|okay|good|ready|all set))")
# (a time clause before an ask belongs to the ask: "I'll be taking your order - whenever you're ready, tell me what
# you'd like" asks what, not for a go-ahead)
_ASK_AFTER = (r",?\s+(?:please |just |simply |then )?(?:(?:tell|let) (?:me|us)(?: know)? "
              r"(?:what|which|how|when|where|who)|send|share|give|provide|type|pick|choose)\b")
# (also an offer of the agent's own step: "I'd be glad to book it", "we'd be happy to")
_I_ACT = (r"(?:i|we)(?:'ll| will| can| could|'d be (?:glad|happy|delighted) to| would be (?:glad|happy|delighted) to)\b"
          # (the next topic after a check is no action: "If so, I'll move on to the invoice")
          # (nor is where the troubleshooting goes next: "just tell me and we'll look somewhere else")
          r"(?! (?:need|ask|want|require|have to|move on|carry on|turn to|get to|go over|continue with|look|try|dig|"
          r"check|troubleshoot|figure|take it from there|go from there|keep going|verify|double-check|make sure|"
          # ("then let me know and I'll confirm it on my end": the agent's own look)
          r"confirm (?:it|that|this|the \w+) (?:on|from) (?:my|our) (?:end|side))\b)")
ASSENT_THEN_ACT = "|".join((
    r"\bwith your (?:permission|approval|ok|okay|go-ahead|consent|blessing),? " + _I_ACT,
    # "Just confirm and it's done", "Say yes and it'll be cancelled right away"
    r"^(?:\w+,? )?(?:just |simply |please )?(?:confirm|approve|say yes|reply yes)(?: here| below| now)?,? (?:and|then) "
    r"it(?:'s| is|'ll be| will be) (?:done|sorted|[a-z]+(?:ed|en))\b",
    r"\bif (?:so|yes|(?:that|this|everything|it|all (?:of )?(?:that|this)|the (?:above|details|summary))(?: all)?"
    r"(?:'s| is| looks?| sounds?| seems?)(?: all)? (?:right|good|correct|ok|okay|fine|accurate|in order)),? (?:then )?"
    + _I_ACT,
    rf"^(?:\w+,? )?(?:once|as soon as|when|whenever|after|if) you(?:'ve| have|'re| are)? {_ASSENT}\b[^,]*,\s*(?:then )?"
    + _I_ACT,
    # ("… so I will only run it after you reply yes")
    rf"\b(?:i|we)(?:'ll| will|'m (?:happy|ready|glad) to|'d be happy to| can)\b[^.?!]*\b(?:once|as soon as|when|"
    rf"whenever|after) you(?:'ve| have)? {_ASSENT}(?! your\b)(?!{_ASK_AFTER})",
    r"\b(?:once|as soon as|when) (?:i|we) (?:hear back|hear from you|get|have|receive) (?:from you|(?:the |your |a )?"
    r"(?:ok|okay|go-ahead|green light|yes|confirmation|approval|answer))\b",
    r"\b(?:let me know|just say|say so|say the word|tell me|give me a shout)\b(?: when| whenever(?: you're ready)?)?,? "
    r"(?:and|then) " + _I_ACT,
    # "Reply **place it** and I'll send it to the kitchen", "Say 'book it' and we'll lock it in": the words of assent
    # spelled out, then the step
    # (its emphasis is gone from a segment: the words unquoted are a verb and "it", or one word that is no place or time)
    r"\b(?:reply|respond|answer|type|write|text|say)(?: with| back)? (?:[\"'][a-z][a-z' ]{0,20}?[\"']|[a-z]+ (?:it|that|"
    r"them)|(?!(?:here|below|back|now|anytime|whenever|soon|again)\b)[a-z]+),? (?:and|then) " + _I_ACT,
    # "Let me know if that works and I'll book it", "… if you'd like the address updated, and I'll make the change":
    # the condition is the user's wish or assent, not a state of things ("let me know if it persists and I'll …")
    # ("… whether you'd prefer a morning or afternoon slot, and I'll check availability" asks which, not whether)
    r"\blet me know (?:if|whether) [^.?!]*?\b(?:you(?:'d| would)? (?:like|want|wish|prefer)"
    r"(?!(?:(?!,? (?:and|then) (?:i|we)\b)[^.?!])*?\bor\b)|(?:that|this|it|everything|"
    r"all|the \w+|[\w/ -]{2,30}?)(?: works?| suits?|(?:'s| is| are| looks?| sounds?| seems?) (?:all )?(?:right|good|"
    r"correct|ok|okay|fine|accurate)))\b[^.?!]*?,? (?:and|then) " + _I_ACT,
    r"\b(?:i|we) (?:can|could|'d be happy to|would be happy to)\b[^.?!]*\bif you(?:'d| would)? (?:like|want|wish|"
    r"prefer)\b",
    # "I'll enable roaming on it if you're happy for me to"
    r"\b(?:i|we)(?:'ll| will| can| could)\b[^.?!]*\bif you(?:'re| are) (?:happy|ok|okay|comfortable|fine|good)(?: for "
    r"(?:me|us) to| with (?:that|this|it))?\W*$",
    # "I can cancel it if that works for you", "If it's alright with you, I'll cancel it": the user's assent
    r"\b" + _I_ACT + r"[^.?!]*\bif (?:that|this|it)(?:'s| is)? (?:still )?"
    r"(?:works?|suits?|sounds? good|ok|okay|alright|all right|fine)(?: (?:with|for|by) you)?\W*$",
    r"^(?:\w+,? )?if (?:that|this|it)(?:'s| is)? (?:works?|suits?|sounds? good|ok|okay|alright|all right|fine)(?: "
    r"(?:with|for|by) you)?,? (?:then )?" + _I_ACT,
    # "If March 13 suits you, I'll reserve that slot": a value proposed, and the agent's step on the user's yes
    r"^(?:\w+,? )?if [\w/ -]{2,40}? (?:works? (?:for|with) you|suits? you|(?:is|are|'s) (?:ok|okay|alright|all right|"
    r"fine|good) (?:with|for|by) you|(?:sounds?|looks?) (?:good|right|fine|okay|ok)(?: to you)?),? (?:then )?" + _I_ACT,
    # "Provided that's still what you want, I'll cancel order #W3125736"
    r"^(?:\w+,? )?(?:provided|as long as|assuming|if) (?:that|this|it)(?:'s| is) (?:still )?what you(?:'d| would)? "
    r"(?:want|like|need)(?: to do)?,? (?:then )?" + _I_ACT,
    # ("If you'd still like to go ahead, I can cancel W3125736")
    r"^(?:\w+,? )?if you(?:'d| would)? (?:still )?(?:like|want|wish|prefer)(?: me)?(?: to (?:go ahead|proceed|"
    r"continue))?,? " + _I_ACT,
    # "If you'd rather talk it through with someone, I can hand you over": the user's wish, then the agent's act
    r"^(?:\w+,? )?if you(?:'d| would)? (?:(?:like|want|wish|prefer) (?:to|me to)|rather)\b[^.?!,;]*,\s*"
    r"(?:then )?" + _I_ACT,
    # the agent waits on the user's word: "Awaiting your confirmation", "I'll wait for your go-ahead before making
    # any changes", "Nothing will be changed until you say so", "I'm ready to submit it whenever you are"
    # ("Holding this for your approval", "held pending your sign-off")
    r"\b(?:await(?:ing)?|wait(?:ing)? (?:for|on)|pending|(?:held|holding|parked|queued|staged)(?: (?:it|this|that))?"
    r" (?:for|until|pending)) your (?:confirmation|approval|go-ahead|ok|okay|consent|yes|"
    r"green light|answer|reply|response|decision|sign-off)\b",
    r"\buntil you (?:say so|say yes|confirm|approve|agree|give (?:me |us )?(?:the |your |a )?(?:go-ahead|ok|okay|green "
    r"light|nod|word|yes|thumbs[- ]up))\b",
    r"\b(?:i'm|i am|we're|we are) (?:all )?(?:ready|set) to [^.?!]*\b(?:whenever|when|once) you(?:'re| are)"
    r"(?: ready)?\b",
    # "Ready when you are to move A101 to Premium" (not "Ready when you are - just list the dishes")
    r"^(?:\w+,? )?(?:(?:i'm|i am|we're|we are) )?(?:all )?(?:ready|set) (?:whenever|when) you(?:'re| are)(?: ready)?,? "
    r"to (?!order\b|start\b|begin\b|help\b|chat\b|talk\b)\w+",
    # "Once confirmed, I'll cancel it", "Upon your approval, I'll …"
    r"^(?:\w+,? )?(?:once|as soon as|when|if|upon) (?:confirmed|approved|agreed)\b,? (?:then )?" + _I_ACT,
    # "I'll cancel it on your confirmation", "Ready to cancel it on your word": the step waits on the user's word
    r"\b(?:on|upon|with|after) your (?:confirmation|approval|go-ahead|ok|okay|word|say-so|consent)\b"
    r"(?! (?:email|e-mail|number|code|text|message|link|page|screen|letter|receipt|slip))",
    # "I'm happy to freeze it - just let me know"
    # (the agent's offer opens the sentence: "If there's anything else I can help with, just let me know" offers help)
    r"^(?:\w+,? )?(?:i|we)(?:'m| am|'re| are) (?:happy|glad|ready) to\b[^.?!]*(?:\s-|,)\s*(?:just )?(?:let me know|"
    r"say the word|say so|give me a shout)\W*$"))
# a wh-clause that is a statement's subject: "What's happening is that roaming is off on your line" (and the idiom
# "what's more"); "Which plan is best depends on how much you stream"
_CLEFT = (r"(?:what(?:'s| is) (?:[a-z]+ing|needed|left|missing|required|important|key|odd|strange|interesting)\b"
          r"[^,?]{0,40}? (?:is|are|was|were)\b|what(?:'s| is) more\b"
          r"|(?:what|which|how|when|whether)\b[^,?]{0,60}? (?:really |all |will )?(?:depends?|varies|vary) on\b)")
# words that end the noun phrase after "what"/"which" before it began: a subject or a verb of a clause's own
_WH_VERB = (r"(?:means|meant|makes|made|explains|leaves|gives|happens|happened|matters|fixes|fixed|helps|helped|"
            r"works|worked|causes|caused|solves|solved|seems|seemed|sounds|looks|remains|remained|follows|"
            r"applies|changes|changed|differs|comes|came|goes|went|stands)\b")
_NOT_A_NOUN = (r"(?:you|i|we|they|he|she|it|this|that|these|those|the|your|my|our|his|her|their|a|an|[a-z]+ly|"
               + _WH_VERB + r"|often|also|just|then)\b")
# the wh-word is the subject's determiner, then a modal: "What title should appear on it", "Which day would work"
# (not "What you should do is …": a pronoun is a clause's subject)
# (nor "which means its items can't be changed": the wh-word opens a clause with a verb of its own)
_WH_THING_MODAL = (r"(?:what|which)(?! " + _WH_VERB + r")(?: (?!(?:you|i|we|they|he|she|it)\b)[a-z]+){1,3} "
                   r"(?:should|would|will|can|could|might|may)\b"
                   # … or the verb "be" or "do" after a noun phrase: "Which mobile number is your account linked
                   # to", "What e-mail address is on file" — not a cleft, whose wh-clause has a verb or a subject of
                   # its own ("What usually fixes this is a restart", "What the page shows is …", "What this means
                   # is …", "What worked was restarting"), nor "Which means the order is …" or "What a relief it is"
                   r"|(?!" + _CLEFT + r")(?:what|which)(?: (?!" + _NOT_A_NOUN + r")[a-z-]+){1,3} "
                   r"(?:is|are|was|were|does|do|did)\b(?! (?:not|n't|a|an|that|to|[a-z]+ing)\b)")
# an inverted auxiliary and its subject opening a clause after a comma, colon or dash: a question wherever it stands
# ("So you'd like the pearl case - did I get that right", "If it's still red, do you see a code") — not the
# inversion of a condition ("…, and should you need anything, …") or of "so do we"
_CLAUSE_QUESTION = (
    r"(?:,|;|:|\s-)\s+(?:(?:and|or|but|then|now|also|so(?! (?:do|does|did|is|are|was|were|have|has|can|will|would|"
    r"could|should|may)\b)),? )?"
    r"(?:(?:shall|should(?! you\b)|can|could|may|might|would|will|do|does|did|have|has|are|is|am|was|were) "
    r"(?:i|we|you|that|this|it|everything|these|those|they|there)\b(?! (?:is|are|was|were|will|would|can|could|has|"
    r"have|should|may|might)\b)"
    # … or a noun phrase for its subject: "Quick check: is your email still …", "…, is a refund what you'd like"
    r"|(?:is|are|was|were|does|do|did) (?:your|the|a|an|my|our)\b"
    # a wh-question there: "…, which would you like", "Quick question: what's the order number"
    r"|(?:what|which|how|when|where|who)(?: [a-z]+){0,4} (?:would|should|do|does|did|can|could|will|shall|are|is|may)"
    r" (?:you|i|we)\b(?! (?:is|are|was|were)\b)|(?!" + _CLEFT + r")what's\b|" + _WH_THING_MODAL
    # … with a noun phrase for its subject: "…, and what does the MMSC field under it say"
    + r"|(?:what|how)(?: [a-z]+){0,2} (?:does|do|did|is|are) (?:the|your|my|our|this|that|these|those)\b"
    # "Pizza: what size and crust", "- Broccolini: how many"
    + r"|(?<=:\s|-\s)(?!" + _CLEFT + r")(?:what|which|how) (?:exactly|size|sizes|kind|type|sort|colou?r|flavou?r|day|"
    r"date|time|one|many|much)\b"
    + r"|ready (?:for (?:me|us) )?to (?!(?:help|assist|answer|chat|talk|listen)\b)[a-z]+(?=[^.!]*\.?$))")
# a question without its question mark: an interrogative opening
_INTERROGATIVE = re.compile(
    # a longer lead clause before a modal question ("Now that the balance is cleared, shall I …"; a wh-word after one
    # starts a relative clause: "…, which would explain it")
    # ("…, should you ever need to": a condition)
    r"^[^,]{31,80},\s*(?:(?:shall|should|can|could|may|would|will|do) (?:i|we|you)|(?:want|wanna) (?:me|us) to)\b"
    r"(?<!should you(?= ever\b| (?:need|want|wish|decide|change your mind)\b))|"
    # … or after a dash, to the end of the sentence ("Two Cold Brews - are we good to send this off?")
    r"\s-\s(?:(?:ok|okay|alright|all right) to [a-z]+)(?=[^.!]*\.?$)|"
    # a question clause after a lead clause, a colon or a dash: "I'll book it for March 14 - shall I go ahead",
    # "So the line is 415-555-0163 - is that right", "Just to confirm, is the name Aisha Kovacs"
    rf"{_CLAUSE_QUESTION}|"
    # a tag question: "Your number is 756-555-4289, right", "… the address is 799 Willow Street - correct"
    r"(?:,|\s-)\s*(?:right|correct)\W*$|"
    # (not after a clause of the agent's own: "I can see order W3125736, which is still pending" is relative)
    r"^(?:(?!(?:i|we|it|there|they)(?:'s|'ve|'re|'ll|'m|'d)?(?: [^ ,]+){1,}, (?:which|who|whose|where|when)\b)"
    # ("Your MMS center is blank, which is why pictures won't send": what follows from it)
    r"(?![^,]*, which (?:is why|is how|is because|means|explains|would explain)\b)"
    # ("Data roaming is on, which is right": a judgement of the state just reported)
    r"(?![^,]*\b(?:is|are|was|were|shows?|says?|reads?)\b[^,]*, which(?:'s| is| was) (?:exactly |just |precisely )?"
    r"(?:right|correct|good|fine|great|perfect|ideal|expected|normal|what (?:we|you) (?:want|need)|how it should be|"
    r"as it should be)\b)"
    r"[^,]{1,30},\s*)?"
    r"(?:and |also |so |now |okay,? |ok,? |great,? |thanks,? |perfect,? |first,? |next,? |"
    r"lastly,? |finally,? )*"
    # (a statement with its subject left out: "Will do - two fries added", "Could be the SIM")
    r"(?:(?:want|wanna) (?:me|us) to\b|(?!(?:can|will|could|would|might|may)(?:n't|'t)? (?:do|be)\b)"
    r"(?:could|can|would|will|do|did|does|have|has|are|is|was|were|may|might|shall|"
    r"should)\b(?! not\b)(?<!should(?= you\b))"  # ("Should you need anything, …" is a condition)
    r"(?<!have(?= a (?:great|good|nice|wonderful|lovely)\b))"
    # the imperative "have" and "do": "Have your order number handy", "Have a look at …", "Do let me know …"
    r"(?<!have(?= (?:a (?:look|go|try|think|read|quick)\b|[^?]*\b(?:ready|handy|nearby|on hand|to hand|at hand|"
    r"with you)\b)))"
    r"(?<!do(?= (?:let|keep|note|make|feel|check|try|bear|reach|remember|get|take|give|send|reply|tell|have|contact|"
    r"call|visit|go|be)\b))"
    # ("Do these in order:", "Do both, then …": what to do)
    r"(?<!do(?= (?:these|this|the following|both|all of (?:these|them)|them|each|steps?)\b(?! (?:you|work|help|"
    r"look|seem|show|match)\b)))"
    r"|(?:what|which|how)(?: [a-z]+){1,4} (?:would|should|do|does|did|can|could|will|shall|are|is|were|was|have|has) "
    r"(?:you|i|we)\b"
    # what moved the user to it: "what prompted you to cancel", "what made you decide"
    r"|what (?:prompted|made|led|brought|caused|motivated) you\b|" + _WH_THING_MODAL +
    # elliptical: "Sound good", "Look right to you" (the bare verb: "Sounds good" agrees)
    r"|(?:sound|look|seem) (?:good|right|ok|okay|alright|all right|fine|correct)\b(?=[^.!]*\.?$)"
    # elliptical: "Anything else I can get for you", "Anything more for you this evening"
    r"|anything (?:else|more)\b(?! (?:is|was|will|would|should|can)\b)"
    # elliptical: "Okay to go ahead", "Invoice for E206019 - ok to issue"; a read-back of the user's wish: "Just to
    # confirm, you'd like order #W3125736 cancelled"
    r"|(?:(?:is it|are we|am i) )?(?:ok|okay|alright|all right) (?:(?:for (?:me|us) )?to (?!(?:know|hear|say|ask)\b)|"
    r"if (?:i|we) )[a-z]+(?=[^.!]*\.?$)"
    # "Ready for me to submit this", "Ready to place it": may the agent go on (not "Ready to help!")
    r"|(?:(?:are (?:you|we)|is it) )?ready (?:for (?:me|us) )?to (?!(?:help|assist|answer|chat|talk|listen)\b)"
    r"[a-z]+(?=[^.!]*\.?$)"
    r"|(?:just )?to (?:confirm|double[- ]check|be sure|make sure)\W+(?:that )?you(?:'d| would| do| still)? (?:like|want|"
    r"wish)\b"
    r"|(?!" + _CLEFT + r")(?:what|which|when|where|who|whose|how|why)\b"
    r"(?=(?:'s| is| are| was| were| do| does| did| would| should| can|"
    r" could| will| works?| suits?| kind| type| day| date| time| size| plan| order| item| email| name| number| one|"
    r" account| id| code| address| phone| reason| product| colou?r| payment|"
    r" of| many| much| may (?:i|we)| seems? to be|"
    r" exactly| else| about)\b)|(?!" + _CLEFT + r")what's\b)")
# a step's number as written or as heard ("Step 2 of 4", "step two of four")
_STEP_NUMBER = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b"
# a directive to the user: something to say, send or do
_DIRECTIVE = re.compile(
    r"\b(?:please|kindly)\b(?! (?:know (?:that|we|you|it)\b|keep in mind|remember (?!to\b)|expect|"
    # ("Please don't try guessing it": a warning, nothing to do or say)
    r"be (?:assured|advised|informed)|rest (?:easy|assured)|(?:don't|do not|never) (?!forget\b)|"
    r"note|be aware|bear|allow (?:up to|\d|a (?:few|couple)|some|several|time|for|about|"
    r"around|us|me|extra|additional)|hold|wait|rest assured|accept|excuse|don't hesitate|"
    r"stay (?:connected|on the line|with me)))"
    r"|^(?:and |also |then |now |next,? |first,? |lastly,? |finally,? |just |[a-z]+ly,? |(?:" + CHAT_LEAD + r"|cool),? "
    r"|(?:meanwhile|in the meantime|meantime|for now|after that|while you wait),? "
    # "Once you're in there, pick Clear cache": where the step before took the user
    r"|(?:once|when|now that) you(?:'re| are) (?:in|there|in there|on (?:it|that screen|that page)),? )*"
    r"(?:provide|share|tell|send|"
    r"forward|give|let me "
    r"know|confirm|enter|type|reply|respond|answer|choose|select|pick|specify|spell|upload|attach|describe|clarify|"
    r"advise|check|verify|go|open|tap|turn|switch|toggle|enable|disable|restart|reboot|try(?! not\b)|make sure|ensure|run|"
    r"look|navigate|find|remove|take|snap|insert|reinsert|set|reset|double-check|grant|allow(?! (?:me|us) to\b)|pay|accept|approve|"
    r"disconnect|connect|head|read|say|drop|write|mention|include|list|state|indicate|"
    r"note(?= (?:the|each|every|what|which|whether|how|its|any|all|down)\b)|"
    # what a customer is asked to do on a device or an app of their own (a domain's user tools name more)
    r"close|quit|exit|clear|wipe|delete|play|install|uninstall|reinstall|update(?!:)|sign (?:in|out)|log (?:in|out)|"
    r"unplug|plug|press|hold down|reopen|relaunch|launch|power (?:off|on|down|up|cycle)|refresh|reload|pair|unpair|"
    r"forget|scan|eject|reseat|pop out|swipe|scroll|slide|drag|unlock|long-press|copy|fill (?:in|out)|flip|flick)\b"
    # "Mind if I ask for your email?", "Let me have the order number.", "I'll take your email whenever you're
    # ready", "To get started, I need: your name and …", "Next up: the order number", "**Needed:** the ZIP code"
    r"|\b(?:mind|(?:ok|okay|alright|all right|fine) if) (?:i|we) (?:ask(?:ed)? (?:for|you)|get|got|grab(?:bed)?|"
    r"have|had|take|took|check)\b|^(?:\w+[,!]? )?let (?:me|us) (?:have|grab)\b"
    r"|^(?:(?:a |one )?(?:quick|fast|final|simple) )?(?:yes/no|yes or no|y/n)\b"  # "quick yes/no before I submit …"
    # "… - a quick yes and it's done"
    r"|" + QUICK_YES +
    # an alternative to what was just asked: "Or, if that's quicker, just the mobile number of the line."
    r"|^or,? (?:(?:if|since|when) [^,]{2,40},\s*)?(?:just|simply) (?:the|your)\b"
    r"|\bi(?:'ll| will) (?:just )?take (?:your|the)\b[^.?!]*\b(?:whenever|when|once) you(?:'re| are) ready\b"
    # (not a field of a summary: "Notice needed: at least 2 days")
    r"|^(?:(?![^:]{0,40}\b(?:notice|time|fee|deposit|payment)s? (?:needed|required)\s*:)[^:]{0,40}\b)?"
    r"(?:needed|required|next up|still needed|what i(?:'ll)? need|things i need|i(?:'ll)? need)\s*:"
    # "two things so I can do both: the install date and …"
    # (not "A few things for your reference:", which only informs)
    r"|^(?:\w+,? )?(?:(?:just )?(?:two|three|a couple of|couple of|a few) (?:things|details|bits))\b"
    r"(?![^:?]*\b(?:reference|note|know|aware|mind|information)\b)[^:?]{0,40}:"
    # ("I need from you still the exact title": a learner's word order)
    r"|\b(?:i|we)(?:'ll| will| would|'d)?(?: just| also| first| still| then| additionally| next| now)? need"
    r"(?: from you(?: still| also| first| now)?)?(?: you|"
    r" your| their| his| her| its| the| that| those| a| an| to (?:know|"
    r"have|get|see|confirm|verify)(?! (?:with|if|whether)\b)| some| something| more| one| two| three| both| either"
    r"| proof| photos?| pictures?| images?| screenshots?| details| information| info)\b"  # "I'll need proof of …"
    r"|\b(?:i|we)(?:'d| would) (?:like|love|need) (?:to (?:know|have|get|confirm|verify|see|ask)|you|your)\b"
    r"|\b(?:all|what|the (?:only|one|last|other|final|next|first) (?:thing|piece|detail|bit|item)s?"
    r"(?: of information)?) (?:i|we)(?:(?:'ll)? (?:still |now |just |also )?need|(?:'m| am| are|'re) (?:still )?missing)"
    r"(?: now| from you| still| first)?(?: (?:for|to|before) \w+(?: \w+){0,3}?)? (?:is|are)\b"  # "… I need for security is"
    r"|\b(?:i|we)(?:'m| am| are|'re) (?:going to|gonna) need\b"
    r"|\b(?:is|are|would be) (?:what|all|everything) (?:i|we)(?:'d| would|'ll| will)? (?:still |really |just )?need\b"
    r"|\b(?:can|could|may|might) (?:i|we) (?:please |also |just )?(?:have|get|ask|grab|know|take|see)\b"
    r"|\b(?:would|do) you mind\b|\bif you (?:could|can|(?:would|'d)(?! (?:like|prefer|want|rather)\b)|(?:don't|do not|wouldn't|would not) mind)\b|\blet me know\b|\blet us know\b"
    r"|\bonce you(?:'ve| have)? (?:have|found|got|located|find|get)\b"
    r"|\bwhen you (?:have|get) (?:it|a moment|a chance)\b"
    # ("The email is still missing" asks for it; "If it is missing, MMS fails" states what follows from a condition)
    r"|(?:^|[,;:]\s*|\s-\s)(?:(?!\b(?:if|unless|whether|in case|when|whenever)\b)[^,;:])*?"
    r"(?<!\bthis )(?<!\bthat )(?<!\bit )(?<!\bwhich )(?<!\bthese )(?<!\bthose )(?<!\bthey )\b(?:is|are) (?:still )?"
    # (not the verb: "the Messages app is missing permission to reach your photos")
    r"(?:required|needed|missing(?!\s+(?!(?:from|in|on|for|at|here|still|now|too|though|and|but|so|or|right|"
    r"currently)\b)[a-z]))\b"
    r"|\bfeel free to (?:share|send|provide|include|mention|add|give|pass|paste|drop|type|post|"
    r"upload|attach)\b|^(?:\w+,? )?(?:(?:just|still|only) )?need (?:your|the|a|an)\b"
    r"|\b(?:simplest|easiest|quickest|best|next|first|only) (?:fix|step|thing to (?:do|try)|option|move|solution) "
    r"(?:is|would be|here is) to\b|\bwhat about\b|"
    # "If not, the easiest fix is the phone number of the line": what would do instead, named
    r"\b(?:simplest|easiest|quickest|best) (?:fix|way|option|route) (?:is|would be) (?:your|the)\b|"
    r"\bwhichever (?:you prefer|is easier|works|you like)\b|"
    # "Either your account ID or your email will work for me", "I can look you up by the number or by your name"
    r"\bwhichever (?:one )?you have\b|^(?:\w+,? )?either\b[^.?!]*\b(?:will|would|'ll|should|can) (?:work|do)\b|"
    r"\b(?:i|we) can (?:look you up|find you|find your account|locate (?:you|your account)|"
    r"pull (?:you|your account) up)"
    r"\b[^.?!]*\bby\b|"
    r"\bit(?:'d| would) (?:also |really |definitely )?(?:help|be (?:(?:really|very|so|super|extremely|most) )?"
    r"(?:helpful|great|useful))(?: me| us)? (?:to (?:know|"
    r"have|get|see)|if you)\b"
    # "You can give me either …", "You can reply with the order number", "You'll just want to send me …",
    # "All that's left is the invoice title": what the user is to give, in a statement's form
    r"|^(?:\w+,? )?you(?:'ll| will)? (?:can|could|may|(?:just |also |first )?(?:want|need) to) (?:also |just |simply )?"
    r"(?:give (?:me|us)|send (?:me|us)|tell (?:me|us)|share (?:with (?:me|us)|your|the)|reply with|respond with|"
    r"provide (?:me|us|your|the)|let (?:me|us) know)\b"
    r"|\ball (?:that(?:'s| is)|i(?:'m| am)) (?:left|missing|still missing|outstanding|remaining|waiting on)(?: now)?"
    r"(?: is|:)"
    r"|^(?:\w+,? )?any idea (?:what|which|when|where|how|who)\b"  # "Any idea what the order number is"
    # "Whenever you're ready, upload it here", "When you can, attach a photo": an imperative after the user's time
    # (a chat's comma left out: "whenever ur ready just drop the date")
    r"|^(?:whenever|when|once|as soon as|after) (?:you(?:'re|'ve| are| have)?|your(?= (?:ready|free|done|back)))\b"
    r"[^,.;?]{0,40}?"
    r"(?:,\s*|\s+(?=(?:please|just|simply|then) ))(?:please |just |then |"
    r"simply )?(?:provide|share|tell|send|give|enter|type|reply|upload|attach|paste|drop|pop|post|snap|include|forward|"
    r"let me know)\b"
    r"|\bi(?:'d| would) appreciate\b|\bwould you be able to\b|\bare you able to\b"
    # "I would be most grateful for its order reference"
    r"|\b(?:i|we)(?:'d| would) be (?:most |very |so |really |extremely )?(?:grateful|obliged) for (?:the|your|its)\b"
    # the imperative "have": "Have your order number handy", "Have a look at the email we sent"
    # (not a subject's "have": "I have the return ready for order W3145599")
    r"|^(?!(?:i|we|they|he|she) )(?:\w+,? )?(?:just |please )?have (?:a (?:look|quick look)\b|[^?]*\b(?:ready|handy|"
    r"nearby|on hand|to hand|at hand)\b)"
    r"|\b(?:i(?:'d| would)|i) (?:suggest|recommend|advise)\b|\b(?:suggest|recommend) (?:that you|you)\b"
    r"|\b(?:once|as soon as|when|if) you(?:'ve| have)? (?:give|send|say|confirm|approve|reply|respond|agree|ok|okay)\b"
    # (not a step reported done: "Step 1 of 4 done - account verified")
    r"|\bwaiting for your\b|\bgo-ahead\b|\bjust let me know\b|\bsay the word\b"
    r"|^step " + _STEP_NUMBER + r"(?!(?:(?: of|/) ?" + _STEP_NUMBER + r")?[\s:\u2014-]*(?:is |now )?(?:done|complete|"
    r"completed|finished)\b)"
    r"|" + ASSENT_THEN_ACT + r""
    r"|\b(?:need|needs|require|requires) your (?:ok|okay|approval|go-ahead|permission|confirmation|consent)\b"
    # ("There's no need to tell me the order number", "You don't have to tell me why": nothing asked)
    r"|\btell me\b(?<!let me tell me)(?<!no need to tell me)(?<!n't need to tell me)(?<!not need to tell me)"
    r"(?<!n't have to tell me)(?<!not have to tell me)"
    # ("Exchanges usually go out after we receive the item": what happens as a rule, nothing asked now)
    r"|^(?![^.?!]*\b(?:usually|typically|normally|generally)\b)[^.?!]*?\b(?:as soon as|once|when|after) (?:i|we)(?:'ve)? "
    r"(?:have|get|receive|got)\b|\(blank\)"
    r"|(?:^|[,;:]|\s-)\s*(?:and |then |just |now |please )*(?:shoot|paste|drop|jot|pass along|post|pop|upload|attach) "
    r"(?:me |us |"
    r"it |the |"
    r"your )"
    r"|(?:[,;:]|\s-)\s+(?:\(?\d\)\s+)?(?:and |then |just |simply |now |please |so )*(?:restart|reboot|turn|switch|"
    r"toggle|"
    r"check|tap|open|go|try(?! not\b)|"
    r"enable|disable|run|send|tell|let me know|make sure|set|select|take|snap|remove|reinsert|slide|hold|press|swipe|"
    r"scroll|reply|"
    r"respond|type|say|answer|confirm|share|provide|give|enter|"
    # (a step on the customer's own app or box after its condition: "if it says expired, log out and back in")
    r"close|quit|exit|clear|wipe|sign (?:in|out|back)|log (?:in|out|back)|relaunch|reopen|unplug|refresh|reload|"
    r"power (?:off|on|down|up|cycle)|(?:write|note|jot) (?:it |that |this )?down)\b"
    r"|^(?:just |now |then |next,? |first,? |[a-z]+ly,? )*(?:tap|hit|press|hold|swipe|slide|pop|toggle|flip|flick|"
    r"untick|tick|uncheck|kill|push|restore|reseat|"
    r"reinsert|allow(?! (?:me|us) to\b)|approve|accept|disconnect|swap|peek|double-check|power|unplug|plug|pull|eject|wait|"
    r"put(?!,)|scroll|launch|long-press)\b"  # ("Simply put, …" is an idiom, no step)
    # ("Let's get you back in", "let's get this sorted": what the agent sets out to do for the user, no step)
    r"|^(?:(?:next|now|okay|ok|alright|right|so|first|then|great|perfect|thanks),? )*let's (?!(?:get you|get "
    r"(?:this|that|it|things|everything) (?:sorted|fixed|resolved|done|working|going|back)|"
    r"see (?:if|whether|what|how) (?:we|i) can|"
    r"hope)\b)[a-z-]+\b")
# a courtesy clause, no ask: what it bids the user do is be at ease (take their time, rest assured, hang tight, bear
# with the agent, not worry), enjoy or have a good something, or come back if they ever need to ("feel free to ask",
# "don't hesitate to reach out"), or it has no verb at all ("no rush", "whenever suits you", "happy to help"). It
# stands as a clause of its own: "take your time to find the number", "feel free to share the order number" ask.
_AT_EASE = (
    r"take (?:your|all the|as much|whatever) time(?: (?:you need|you like|that you need|you want|necessary|needed))?"
    r"(?: (?:with|on|over) (?:this|that|it|them|these|those))?"
    r"|take (?:good |great )?care(?: of yourself)?|take it easy|rest (?:assured|easy)|sit tight"
    r"|hang (?:tight|on|in there)"
    r"|hold (?:tight|on)|bear with (?:me|us)|stay (?:tuned|safe|well|warm)|relax"
    # waiting while the agent acts ("Hold while I transfer you", "Please stay in this chat"): nothing to give or do
    r"|(?:hold(?: off)?|wait|stay)(?: (?:on the line|here|in (?:this|the) chat|connected|with me|online))?"
    r"(?: (?:for )?(?:a|one|just a) (?:moment|minute|second|sec|few (?:moments|minutes|seconds)))?"
    r"(?: while (?:i|we)\b[^,.;:!?]*)?"
    r"|give (?:me|us) (?:a|one|just a) (?:moment|minute|second|sec|few (?:moments|minutes|seconds))"
    r"(?: (?:while (?:i|we)|to (?:look|check|pull|see|review|go|dig|read))\b[^,.;:!?]*)?"
    # the phone given time to settle ("give the phone up to a minute to find the network"): the user just waits
    r"|give (?:it|(?:the|your) (?:phone|device|handset|router|modem)) (?:up to |about |around |at least |another )?"
    r"(?:a|one|just a|a few|a couple of|\w+) (?:moments?|minutes?|seconds?|secs?)(?: or (?:so|two))?"
    r"(?: (?:to (?:find|pick up|reconnect|register|settle|catch|connect)|before (?:testing|trying|checking))\b"
    r"[^,.;:!?]*)?"
    r"|(?:don't|do not) (?:worry|stress|panic)(?: about (?:it|that|a thing))?"
    r"|enjoy(?: (?:the|your|yourself|it|every)\b[^,.;:!?]*)?"
    # (a wish for a time of the user's, not "have a good look at the router")
    r"|have an? (?:good|great|nice|wonderful|lovely|fantastic|pleasant|happy|safe|restful|brilliant|productive)"
    r"(?: rest of (?:your|the))? (?:day|evening|night|morning|afternoon|weekend|week|one|time|trip|holiday|vacation|"
    r"stay|meal|flight|journey|visit)(?: ahead)?"
    r"|(?:feel free|(?:don't|do not) hesitate) to (?:ask|reach (?:out|back)|contact (?:me|us)|get (?:back )?in touch|"
    r"come back|message (?:me|us)|write (?:to )?(?:me|us)|call (?:me|us)|ping (?:me|us)|drop (?:me|us) a (?:line|note))"
    r"(?: (?:again|back|anytime|any time|at any time|later))*(?: (?:if|should|whenever|with|about|in case)\b[^,.;:!?]*)?"
    r"|no (?:rush|hurry|pressure|worries|problem|stress)(?: at all)?|there(?:'s| is) no (?:rush|hurry)(?: at all)?"
    r"|(?:(?:i'm|i am|we're|we are) )?(?:always )?(?:happy|glad) to help|my pleasure|any ?time"
    # thanks for the user's part in general ("I really appreciate your help", "Thanks for bearing with me"), not for
    # a thing given ("Thanks for the order number")
    r"|(?:i|we) (?:really |truly |do |greatly )?appreciate (?:it|that|you|your (?:help|patience|understanding|time|"
    r"cooperation))(?: (?:so much|very much|a lot))?"
    r"|(?:thanks|thank you)(?: (?:so|very) much| again)? for (?:your (?:patience|understanding|time|help|cooperation)|"
    r"bearing with (?:me|us)|waiting|holding|your patience while [^,.;:!?]*)"
    # a promise of the outcome that names no step ("Rest assured, we'll get this sorted")
    r"|(?:i|we)(?:'ll| will) (?:get|have) (?:this|that|it|everything|things|you) (?:sorted|fixed|resolved|"
    r"taken care of|squared away)(?: out)?(?: for you)?(?: (?:in no time|quickly|shortly|soon|today))?")
# (a time the user picks is a courtesy only as the sentence's last word: "Whenever you're ready, I'll submit the
# order" asks for the go-ahead)
_YOUR_TIME = (r"whenever (?:it )?suits(?: you)?|whenever you(?:'re| are) ready|at your (?:convenience|own pace)"
              r"|in your own time")
# (a condition of its own goes with it: "If anything here is unclear, feel free to ask.")
_PLEASANTRY = re.compile(rf"(?:^|(?<=[,;:!.])|(?<= -)|(?<=\band))\s*(?:(?:if|should|in case)\b[^,.;:!?]{{2,60}},\s*)?"
                         rf"(?:(?:please|just|so|and|but|really|honestly|oh),? )*"
                         rf"(?:(?:{_AT_EASE})(?:\s*(?:!|,|\.|;|:| -|\)|and\b|$))|(?:{_YOUR_TIME})[.!)\s]*$)")


def _without_pleasantries(text: str) -> str | None:
    """The text with its courtesy clauses taken out, or None when it has none."""
    rest, found = _PLEASANTRY.subn(" ", text)
    return re.sub(r"^[\s,;:.!-]+|\s+(?=\s)", "", rest) if found else None


def is_pleasantry(text: str) -> bool:
    """Whether a sentence is courtesy clauses only ("No rush at all, take your time.", "Hang tight!")."""
    rest = _without_pleasantries(text)
    return rest is not None and not re.search(r"[a-z0-9]", rest)


# an ask that refers back to a list above it
_BACK_REFERENCE = re.compile(r"\b(?:these|those|the above|above details|this information|that information|them|"
                             r"all of (?:this|that|these)|the following|the details|this info|both)\b")


# pictograms agents use for the things on a phone's screen
_EMOJI = str.maketrans({"\u2708": " airplane ", "\U0001f4f6": " signal ", "\U0001f4f1": " phone ",
                        "\u2699": " settings ", "\ufe0f": ""})


@functools.lru_cache(maxsize=1024)
def normalise(text: str) -> str:
    """Lower-case, unify quotes, dashes and whitespace, spell Wi-Fi one way, name pictograms, so phrases match
    however an agent writes them."""
    text = written_values(text.translate(_QUOTES).translate(_EMOJI)).lower()
    if not text.isascii():  # "Kovač" is Kovacs's letters with an accent: the same name
        text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    text = re.sub(r"\bwi[ -]?fi\b", "wi-fi", text)
    text = _PSEUDO_CLEFT.sub(r"\1", without_shorthand(text))
    # a settings path written with arrows or slashes: "Settings -> Mobile network -> APN", "Settings / Cellular"
    text = _PATH_STEP.sub(" > ", _SLASHED_PATH.sub(lambda m: m.group(0).replace(" / ", " > "), text))
    return re.sub(r"\s+", " ", text).strip()


# "what I'll do is refund the two charges": the agent's own action, said as "I'll refund the two charges"
_PSEUDO_CLEFT = re.compile(r"\bwhat ((?:i|we)(?:'ll| will|'d| would| can| could|'m going to| am going to|'re going to"
                           r"| are going to)) do (?:next |now |here )?is\b")


def without_shorthand(text: str) -> str:
    """Lower-cased text with a hurried chat's shorthand as the words it stands for: "acct # pls?" says "account
    number please?"."""
    text = _SHORTHAND.sub(lambda m: _SHORTHANDS[m.group(0)], text)
    return _NUMBER_SIGN_OF.sub("number", _NUMBER_SIGN.sub(" number", text))


# the shorthand of a hurried chat, as the words it stands for (a whole word: never inside an email or an id)
_SHORTHANDS = {"acct": "account", "acc't": "account", "pls": "please", "plz": "please", "addr": "address",
               "num": "number", "nums": "numbers", "u": "you", "ur": "your", "pic": "picture", "pics": "pictures",
               "appt": "appointment", "qty": "quantity", "msg": "message", "msgs": "messages", "cust": "customer",
               "amt": "amount", "np": "no problem", "thx": "thanks", "tmrw": "tomorrow", "w/": "with",
               "w/o": "without", "y/n": "yes or no", "b4": "before", "info": "information", "+": "and",
               "gf": "gluten free", "lmk": "let me know", "n": "and",
               # a texted contraction without its apostrophe (not those that are words too: "its", "ill", "id", "wont")
               "cant": "can't", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "isnt": "isn't",
               "wasnt": "wasn't", "arent": "aren't", "couldnt": "couldn't", "wouldnt": "wouldn't", "havent": "haven't",
               "hasnt": "hasn't", "im": "i'm", "ive": "i've", "youre": "you're", "youve": "you've", "youll": "you'll",
               "thats": "that's", "theres": "there's", "whats": "what's", "itll": "it'll",
               # Indian English: "kindly share the email ID registered with your account"
               "email id": "email address", "e-mail id": "email address", "mail id": "email address"}
_SHORTHAND = re.compile(r"(?<![\w@.#/+-])(?:" + "|".join(re.escape(k) for k in sorted(_SHORTHANDS, key=len, reverse=True))
                        + r")(?![\w@#/+-]|\.\w)")
# a number sign standing alone for the word: "acct #", "the order # if you have it" (not "#W3125736")
_NUMBER_SIGN = re.compile(r"(?<=\w) ?#(?![\w-])")
_NUMBER_SIGN_OF = re.compile(r"(?<![\w#])#(?= of\b)")  # "# of the line w/ no service?" (not a "# Heading")
_PATH_STEP = re.compile(r"\s+(?:->|=>|>>)\s+")
_SLASHED_PATH = re.compile(r"\bsettings(?: / [\w&'()-]+(?: [\w&'()-]+){0,5})+")


# a pair of emphasis or code marks around words (not a masked number: "Mastercard ****8457", nor an id's
# underscores: "credit_card_8604746")
_EMPHASIS = re.compile(r"(?<![\w*])(\*\*|__|\*|_|`)(?=[^\s*])(.+?)(?<=[^\s*])\1(?![\w*])")


def without_emphasis(text: str) -> str:
    """The text without markdown emphasis and code marks: "the **14th** of March" says "the 14th of March"."""
    return _EMPHASIS.sub(r"\2", text) if "*" in text or "`" in text or "_" in text else text


def words(text: str) -> list[str]:
    """The words of normalised text (letters, digits, inner hyphens, apostrophes, @ and dots inside tokens)."""
    return re.findall(r"[a-z0-9#@]+(?:[-'.@][a-z0-9]+)*", text)


@dataclass(frozen=True)
class Segment:
    """One sentence or list item of a message. ``text`` is normalised, ``raw`` keeps the agent's casing."""

    text: str
    raw: str
    asks: bool  # a question, a directive, or an item of a list that is asked for
    question: bool  # an interrogative (with or without its question mark)
    item: bool  # a list item
    header: bool  # a line introducing a list (ends with ':')
    table: bool = False  # a row of a markdown table that states a value (an item of its cells), not a blank to fill
    number: int | None = None  # a numbered item's own number ("2. You reseat the SIM card.": 2)
    status: bool = False  # an item led by a check mark or a cross: a state reported ("✅ Airplane mode - off")


def _strip_markdown(line: str) -> str:
    line = re.sub(r"_{3,}|\.{4,}", " (blank) ", line)  # "Email address: ______" is a field to fill in
    line = _LINK.sub(r"\1", line)
    line = _HEADER.sub("", line)
    return _MARKDOWN.sub("", line)


def _sentences(line: str) -> list[str]:
    """Sentences of one line; an abbreviation, a decimal or an address does not end one."""
    parts: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(line):
        before = line[start:match.start()].lower()
        if any(before.endswith(a) and not before[-len(a) - 1:-len(a)].isalpha() for a in _ABBREVIATIONS):
            continue
        parts.append(line[start:match.start()].strip())
        start = match.end()
    parts.append(line[start:].strip())
    parts = [piece for part in parts for piece in _run_on_questions(part)]
    # "I found order W3125763 under your email - is that the one?": a statement, then a question about it
    if parts and (tail := _TAIL_QUESTION.search(parts[-1])) and not is_question(normalise(parts[-1][:tail.start()])):
        parts[-1:] = [parts[-1][:tail.start()].strip(), parts[-1][tail.end():].strip()]
    return [p for p in parts if p]


# a capitalised word that opens sentences, never a name, after a lower-case word: where a sentence began when the
# question mark before it was dropped ("Which order is it from Once you have the number, send it") — not a name
# in title case ("turn on Do Not Disturb")
_SENTENCE_OPENER = re.compile(
    r"(?<=[a-z0-9)])\s+(?=(?:Once|If|Just|And|But|Also|Do|Does|Did|Is|Are|Can|Could|Would|Will|Should|Shall|We|You|"
    r"Your|It|It's|That|That's|This|There|For|Any|Please|Thanks|Then|Otherwise|On|When|What|Which|How|Where|Who|Why|"
    r"Let|Here|Here's|Our|Feel|Alternatively)\b(?!\s+[A-Z]))")


def _run_on_questions(sentence: str) -> list[str]:
    """A sentence cut where a question ended without its mark and the next sentence began."""
    pieces: list[str] = []
    start = 0
    for match in _SENTENCE_OPENER.finditer(sentence):
        if is_question(normalise(sentence[start:match.start()])):
            pieces.append(sentence[start:match.start()].strip())
            start = match.end()
    pieces.append(sentence[start:].strip())
    return pieces


_TAIL_QUESTION = re.compile(r"\s[-\u2013\u2014]\s+(?=(?:is|are|was|were|does|do|did)\s+(?:that|this|it|these|those)\b"
                            r"[^.?!\-]{0,40}[?.]?\s*$)", re.IGNORECASE)


# A request put as a wish: "If you could share the order number, that would be great", "I'd appreciate it if you
# could restart the phone", "I was wondering if you could read me the APN": read as the plain "please …" it means
_WISH_LEAD = re.compile(
    r"^(?P<lead>(?:[a-z]+,? )?)(?P<appreciative>(?:i(?:'d| would) (?:really |very much |greatly )?(?:appreciate it|be "
    r"(?:very |really |so )?(?:grateful|thankful))|it(?:'d| would) (?:really |also )?(?:help(?: a lot)?|be (?:great|"
    r"helpful|perfect|wonderful|ideal|amazing|lovely|brilliant|super helpful|a big help))|i(?: was|'m| am)? "
    r"(?:just )?wonder(?:ing)?) )?if you (?:could|can|"
    r"would|(?:don't|do not|wouldn't|would not) mind)(?: please| kindly| just| quickly)? (?!not\b|n't\b|like\b|prefer\b|rather\b|want\b|wish\b|be so\b|"
    r"be kind\b|see\b|remember\b)(?=[a-z])")
_WISH_TAIL = re.compile(r",? (?:that|this|it)(?:'d| would| will)? (?:really |also |definitely )?(?:be (?:(?:really |"
                        r"very |super |so )?(?:great|helpful|perfect|wonderful|ideal|amazing|lovely|brilliant|"
                        r"appreciated|fantastic)|a (?:big |huge )?help)|help(?: a lot| a ton)?)(?: to me| for me)?"
                        r"\W*$")
_AGENTS_NEXT = re.compile(r"^,? (?:then |and )?(?:i|we)(?:'ll| will| can)\b")


def _plain_request(text: str) -> str:
    lead = _WISH_LEAD.match(text)
    if lead is None:
        return text
    rest = text[lead.end():]
    tail = _WISH_TAIL.search(rest)
    if tail is not None:
        rest = rest[:tail.start()] + "."
    elif lead["appreciative"] is None and "," in rest and not _AGENTS_NEXT.match(rest[rest.index(","):]):
        return text  # "If you could see the icon, tap it": a condition, and a step after it
    return f"{lead['lead']}please {rest}"


@functools.lru_cache(maxsize=2048)
def is_question(text: str) -> bool:
    """Whether normalised text is a question: its question mark, or an interrogative word order without one."""
    return text.rstrip("\"') ").endswith("?") or has_interrogative_order(text)


# an aside between two dashes before the verb of its sentence ("The alert you saw earlier - a $15.99 payment - is the
# notice we send"): "is the notice" goes on with the sentence, it is no question of its own
_ASIDE_BEFORE_VERB = re.compile(r"\s-\s(?:[^-.!?]|(?<=\d)\.(?=\d)){1,80}?\s-\s(?=(?:is|are|was|were)\s)")


# a softener before the main clause asks nothing by itself: "If you don't mind, please hold while I transfer you"
_SOFTENER = re.compile(r"^(?:if you (?:don't|do not) mind|when(?:ever)? you (?:have|get) a (?:moment|minute|second|"
                       r"chance)|if possible|if you can),\s*")


# a bid for another time: "If it drops again, just give us a call back", "Should you have other questions, reach out"
_ANOTHER_TIME = re.compile(
    r"^(?:\w+,? )?(?:(?:if|should|whenever|when|in case) (?:it|this|that|the [\w-]+|anything|something|things)"
    r"(?: ever)?(?: [\w-]+){1,3}? (?:again|back)\b|(?:if|should|whenever) you (?:ever )?(?:have|need|run into|think of|"
    r"notice|see) (?:any )?(?:other |more |further |another |new )?(?:questions?|help|issues?|problems?|trouble|"
    r"anything)\b|(?:in the future|next time|down the road|any ?time)\b)")


# what the user need not do: "You'll normally need to confirm your account ID - I already have it, so nothing else is
# needed", "No need to send your date of birth" (unless a bid follows: "No need for the PIN, just send the number")
_NOTHING_NEEDED = re.compile(r"\b(?:nothing|no (?:further |other |more )?(?:action|steps?))(?: else| more| further)? "
                             r"(?:is |are |will be )?(?:needed|required)\b|"
                             r"^(?:\w+,? )?no need (?:to|for)\b"
                             # a form's field left empty: "Action required: none."
                             r"|^(?:[\w ]{0,30}\b)?(?:required|needed|from you)\s*:\s*(?:none|nothing|n/a)\b"
                             # "Account A102 is all I need, and I already have it."
                             r"|\b(?:i|we) (?:already|now) have (?:it|that|them|everything|all (?:of )?(?:it|that))\b"
                             # "Got it, E206358. That's everything I need to get started."
                             r"|^(?:\w+,? )?(?:that(?:'s| is| was)|this is|those are) (?:everything|all|exactly what|"
                             r"just what)(?: that)? (?:i|we)(?:'ll)? (?:need|needed)\b")
_BID_BESIDE = re.compile(r"\b(?:just|please|instead|only|but)\b")


# an ask for a yes announced for later: "Once we've settled on a day, I'll recap the details for your go-ahead"
# ("Once I know, I'll read the whole return back to you; nothing is submitted until you confirm": a yes for later)
ASK_LATER = re.compile(r"\b(?:i|we)(?:'ll| will) (?:then |also |always |first )?(?:[\w' ]+, (?:and )?)?(?:recap|"
                       r"summari[sz]e|state|"
                       r"read (?:it|that|everything|the details|the (?:whole |full |complete )?[\w-]+(?: details)?) "
                       r"back|read back|come back|lay out|put (?:[\w-]+ ){0,3}together|"
                       r"send|share|run|explain|go over|walk you through)\b[^.?!]*(?:\bfor your "
                       r"(?:final |explicit |formal )?(?:go-ahead|go ahead|approval|confirmation|ok|okay|sign-off|"
                       r"yes)\b"
                       # "I'll put a booking summary together for you to approve"
                       r"|\bfor you to (?:approve|confirm|review|look over|sign off on)\b"
                       r"|\buntil you (?:confirm|approve|say (?:so|yes))\b"
                       # "I'll pull it up, read the details back to you, and only cancel once you've said yes"
                       r"|\bonly \w+ (?:it )?(?:once|after|when) you(?:'ve| have)? "
                       r"(?:said yes|confirmed|approved|agreed)\b)"
                       # "I'll ask you for your account ID after we've got you back online"
                       r"|\b(?:i|we)(?:'ll| will) (?:then |also )?ask (?:you )?(?:for )?[^.?!]*\b(?:after|once|later|"
                       r"next time)\b"
                       # "Once roaming is active on your line I'll have you switch on data roaming": a step waiting on
                       # something else than the user
                       r"|^(?:\w+,? )?(?:once|after|when|as soon as) (?!you\b)[^.?!]*?\b(?:i|we)(?:'ll| will) "
                       # ("…, I'll resume the line on my end and then ask you to restart your phone")
                       r"(?:[^.?!]*?\band )?(?:then )?"
                       r"(?:have|get|ask|need) you\b"
                       # "In a minute I'll need the account ID, so no need to dig it out right this second" (a need
                       # for later said not to be one now)
                       r"|\b(?:i|we)(?:'ll| will) (?:also )?need\b[^.?!]*\b(?:no need to|don't|do not)\b[^.?!]*\b"
                       r"(?:yet|(?:right )?(?:this|that) (?:second|minute|moment))\b"
                       # "so I always spell out what I'm about to do and wait for your go-ahead": a habit, no ask now
                       r"|\b(?:i|we) (?:always|never|usually|normally)\b[^.?!]*\b(?:go-ahead|approval|confirmation|"
                       r"okay|ok|say-so|yes)\b")


# a sentence of the agent's own steps in a row, "I" their subject
_AGENTS_STEPS = re.compile(r"^(?:\w+,? )?(?:i|we)(?:'ll| will)(?: first| then| also| just| now)? "
                           r"(?!(?:\w+ )?(?:need|want|ask|have|get|take|wait)\b)[^.?!:;\u2014-]*,? (?:and )?then "
                           r"[^.?!:;\u2014-]*[.!]?$")
_BID_AMONG = re.compile(r"\b(?:please|could you|can you|would you|will you|you(?:'ll| will)?(?: \w+)? need to|"
                        r"let (?:me|us) know|tell me|send me|share|you|need|reply|say|confirm|yes)\b")


@functools.lru_cache(maxsize=4096)  # asked of a sentence by several rules of a message
def is_directive(text: str) -> bool:
    """Whether the text bids the user say, send or do something now (a courtesy clause or a softener in it bids
    nothing, nor does a bid for another time or a sentence saying nothing is needed)."""
    if _AGENTS_STEPS.match(text) and not _BID_AMONG.search(text):
        return False  # "I'll first pull up the account, then check the line on our side": the agent's own steps
    later = ASK_LATER.search(text)
    # ("Just let me know which plan you'd like, and I'll lay out the change for you to approve": a bid before it)
    if _ANOTHER_TIME.match(text) or (_NOTHING_NEEDED.search(text) and not _BID_BESIDE.search(text)) \
            or (later is not None and not _DIRECTIVE.search(text[:later.start()])):
        return False
    text = _WORDS_SHOWN.sub(" it says x ", text)
    rest = _without_pleasantries(text)
    return _DIRECTIVE.search(_SOFTENER.sub("", text if rest is None else rest)) is not None


# the words a screen or a message shows, quoted ("The 'Pass expired - sign in again' message appears …", "it says
# \"Try again later\""): what they bid, they bid of nobody here
_QUOTED = r"['\"\u2018\u201c][^'\"\u2019\u201d]{2,60}['\"\u2019\u201d]"
_WORDS_SHOWN = re.compile(rf"(?<![a-z]){_QUOTED}(?=\s+(?:message|error|notice|notification|prompt|banner|warning|alert|"
                          rf"pop-?up|screen|text)s?\b)|\b(?:says|said|reads|shows|showed|displays|saying|showing)\s+"
                          rf"{_QUOTED}")


def has_interrogative_order(text: str) -> bool:
    """Whether normalised text is a question by its word order alone, whatever its last mark."""
    return _INTERROGATIVE.search(_ASIDE_BEFORE_VERB.sub(" ", text)) is not None


# where a sentence's clauses part: a dash, a colon, a semicolon
CLAUSE_BREAK = re.compile(r"\s-\s|[:;]\s")
# where a question after a lead clause starts: a dash or a colon ("I found your account - is 81230 your ZIP?")
DASH_OR_COLON = re.compile(r"\s-\s|:\s")
# a clause that is a statement of its own, with its own subject ("… - we have slots from March 4")
_OWN_STATEMENT = re.compile(r"^(?:i|we|you|it|they|there|he|she)(?:'s|'re|'ll|'ve|'d|'m)?\s")


# a recap's label: what the steps after it were ("What you did: reset the APN settings, then restarted")
RECAP_LABEL = re.compile(r"^(?:(?:what (?:was|went) wrong,? and )?what (?:you|we|i)(?:'ve| have)? (?:did|done|"
                         r"tried|changed|fixed|switched|turned)"
                         r"|what (?:was|has been|got) (?:done|tried|changed|fixed)|what fixed it|how (?:we|you) fixed "
                         r"it|(?:steps|things|changes) (?:taken|tried|done|made)(?: so far)?|done so far"
                         r"|already (?:done|tried))\b[^:]{0,20}:")


def _marked_question(text: str) -> str:
    """A question written without its question mark, or with a full stop for one ("Shall I go ahead."), given the
    mark, so every rule reads it as the question its word order makes it — unless its last clause is a statement
    of its own ("Which date works - we have slots from March 4"): the mark would end that."""
    if text.rstrip("\"') ").endswith("?"):
        return text
    clauses = CLAUSE_BREAK.split(text)
    if len(clauses) > 1 and _OWN_STATEMENT.match(clauses[-1].strip()) and not is_question(clauses[-1].strip()):
        return text
    return text.rstrip(" .") + "?"


# a sign-off on a line of its own ("Kind regards,", "Best wishes", "Sincerely,")
_SIGN_OFF = re.compile(r"^\s*(?:(?:kind|best|warm|warmest|many|with) (?:regards|wishes|thanks)|regards|sincerely|"
                       r"yours (?:truly|sincerely)|all the best|best|cheers|thanks again|many thanks|take care)"
                       r"[,.!]?\s*$", re.IGNORECASE)


def _without_signature(lines: list[str]) -> list[str]:
    """An email's lines without the signature under its sign-off: the sender's name, team, hours and phone number
    ("Kind regards, / Nadia / Brightcart Customer Service / 1-877-555-0310") ask nothing and state none of the
    user's values. The sign-off itself stays (it may close the conversation)."""
    end = next((n for n in range(len(lines) - 1, -1, -1) if _SIGN_OFF.match(lines[n])), None)
    if end is None or end == len(lines) - 1 or len(lines) - end > 6 \
            or any("?" in line for line in lines[end + 1:]):
        return lines
    return lines[:end + 1]


@functools.lru_cache(maxsize=512)
def segments(message: str) -> tuple[Segment, ...]:
    """The message cut into sentences and list items, each marked as asking or not."""
    raw_lines = _without_signature(message.translate(_QUOTES).replace("\r", "").split("\n"))
    # (raw sentence, is item, is header, is a table row stating a value, the item's number, is a status line,
    # is a title)
    cut: list[tuple[str, bool, bool, bool, int | None, bool, bool]] = []
    for n, raw_line in enumerate(raw_lines):
        title = _TITLE_LINE.fullmatch(raw_line.strip()) is not None
        raw_line = _LEADING_EMPHASIS.sub("", raw_line)  # "**1. Email address** - …" is an item too
        step = _STEP_LABEL.match(raw_line)
        if step is not None:
            raw_line = "- " + raw_line[step.end():]
        row, stated = _TABLE_ROW.match(raw_line), False
        if row is not None:  # a markdown table row is an item of its cells; its rule line is nothing
            cells = [c.strip() for c in row.group(1).split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c) or _above_a_rule(raw_lines, n):
                continue  # (a header row names the columns: "| Check | Result |" asks no check)
            before, after = _columns_of_a_change(raw_lines, n)
            # ("| Running Shorts | Navy / S | Black / M |" under "| Item | Current | New |": "Running Shorts, New:
            # Black / M")
            filled = [f"{after[i]}: {c}" if i in after else c for i, c in enumerate(cells) if c and i not in before]
            # a label and its value ("| Order | E206019 |") states it; a blank to fill in ("| Order number | |",
            # "| Invoice title | ___ |") asks for it
            stated = len(filled) >= 2 and _PLACEHOLDER.fullmatch(filled[-1].lower()) is None
            raw_line = "- " + ", ".join(c for c in filled if not _PLACEHOLDER.fullmatch(c.lower()))
        item_mark = _ITEM.match(raw_line)
        if item_mark is not None and _TICKED.search(item_mark.group(0)):
            continue  # "- [x] Airplane mode - off (done, thanks)": a step of a task list already done asks nothing
        status = _STATUS_ITEM.match(raw_line) if item_mark is None else None
        item = item_mark is not None or status is not None
        numbered = _ITEM_NUMBER.match(item_mark.group(0)) if item_mark is not None else None
        number = int(numbered.group(1)) if numbered is not None else None
        mark = item_mark or status
        line = _strip_markdown(raw_line[mark.end():] if mark is not None else raw_line).strip()
        if not line:
            continue
        parts = _sentences(line)
        for k, part in enumerate(parts):
            if _TITLE_QUESTION.match(raw_line) and k == 0 and len(parts) > 1:
                continue  # "## Slow data? Let's check your VPN": a title, no question to answer
            label = _STEP_LABEL.match(part) if k else None  # ("… back open. Last step: press play")
            part = part[label.end():] if label is not None else part
            cut.append((part, item, k == len(parts) - 1 and part.endswith(":"), row is not None and stated, number,
                        status is not None, title))
    out: list[Segment] = []
    for raw, item, header, table, number, status_line, title in cut:
        text = _plain_request(normalise(raw))
        title = title and not _asks_someone(text)
        question = is_question(text) and not _ASIDE.fullmatch(text) and not _a_label(text) and not title \
            and not (RECAP_LABEL.match(text) and text.rstrip().endswith(":"))  # "What we did:" labels a recap
        if question:
            text = _marked_question(text)
        asks = question or is_directive(text) or (item and _labelled_directive(text))
        out.append(Segment(text=text, raw=raw, asks=asks, question=question, item=item,
                           header=header, table=table, number=number, status=status_line))
    return tuple(_lists_asked(out))


# a list item's short label before what it bids: "- **Digital display:** read the number shown before kWh"
_ITEM_LABEL = re.compile(r"^(?:[\w'/&-]+ ){0,3}[\w'/&-]+:\s+(?=\S)")


def _labelled_directive(text: str) -> bool:
    label = _ITEM_LABEL.match(text)
    return label is not None and not RECAP_LABEL.match(text) and is_directive(text[label.end():])


# a heading or a line all in bold, without a question mark: a title ("**How address changes work**", "## What
# happens next")
# (not one ending on a full stop, nor one asking in a question's word order of someone: "**Shall I go ahead**",
# "## What's your order number")
_TITLE_LINE = re.compile(r"#{1,6}\s+[^?]*[^?.!\s]|\*\*[^*?]*[^*?.!\s]\*\*:?|__[^_?]*[^_?.!\s]__:?")
_PERSON = re.compile(r"\b(?:you|your|i|we|me|us)\b")


# a label that opens on a question word, and what it labels ("What was wrong: the MMSC field was empty", "What you
# did: reset the APN settings"): a statement, no question
_WH_LABEL = re.compile(r"^(?:what|why|how|when|where|who|which)\b[^:?.!]{0,40}:\s+[^?]*[^?\s]$")


def _a_label(text: str) -> bool:
    """Whether "what …: …" labels what follows ("What was wrong: the MMSC was empty") rather than asks: not "Which
    would you prefer: …", nor options to pick ("What size: small, medium or large"), nor a question after it ("What I
    need is a speed test: what does it give")."""
    if _WH_LABEL.match(text) is None:
        return False
    before, _, after = text.partition(":")
    return not _asks_someone(before) and not re.search(r"\bor\b", after) and not has_interrogative_order(after.strip())


def _asks_someone(text: str) -> bool:
    """A question's word order about the user or the agent ("shall i go ahead", "which would you prefer")."""
    return has_interrogative_order(text) and _PERSON.search(text) is not None


# a remark in brackets after a sentence, with no question mark: "Issue it? (one per order, can't redo)"
_ASIDE = re.compile(r"\([^()?]*\)[.!]?")
# a heading that opens on a question of up to five words and goes on ("## Slow data? Let's check your VPN")
_TITLE_QUESTION = re.compile(r"^\s*#{1,6}\s+(?!(?:what|which|who|when|where|how|why|can|could|would|will|do|does|did|"
                             r"is|are|shall|should|may)\b)[^?\s]+(?:\s+[^?\s]+){0,4}\?\s+\S", re.IGNORECASE)


# a column of what a change starts from, beside the column of what it becomes ("| Item | Current | New |")
_FROM_COLUMN = re.compile(r"(?:\*\*)?(?:current|old|from|existing|before|previous|present|original)(?: [\w-]+)?(?:\*\*)?",
                          re.IGNORECASE)


_TO_COLUMN = re.compile(r"(?:\*\*)?(?:new|to|after|requested|updated|change to)(?: [\w-]+)?(?:\*\*)?", re.IGNORECASE)


def _columns_of_a_change(lines: list[str], n: int) -> tuple[set[int], dict[int, str]]:
    """For a row of a table whose header names what a change starts from ("Current") and what it becomes ("New"):
    the columns of the first (they read back no value the user wants) and the names of the second."""
    top = n
    while top > 0 and _TABLE_ROW.match(lines[top - 1]):
        top -= 1
    return _change_columns(lines[top]) if top < n and _above_a_rule(lines, top) else (set(), {})


def _change_columns(header_line: str) -> tuple[set[int], dict[int, str]]:
    """The "Current" and the "New" columns a table's header row names, or neither when it lacks one of them."""
    header = _TABLE_ROW.match(header_line)
    assert header is not None
    cells = [c.strip() for c in header.group(1).split("|")]
    before = {i for i, c in enumerate(cells) if _FROM_COLUMN.fullmatch(c)}
    after = {i: c.strip("*") for i, c in enumerate(cells) if _TO_COLUMN.fullmatch(c)}
    return (before, after) if before and after else (set(), {})


def has_change_table(message: str) -> bool:
    """Whether the message lays out a change as a table with a "Current" and a "New" column."""
    lines = message.split("\n")
    return any(_TABLE_ROW.match(line) and _above_a_rule(lines, n) and _change_columns(line)[0]
               for n, line in enumerate(lines))


def _above_a_rule(lines: list[str], n: int) -> bool:
    """Whether line ``n`` is a table's header row: the rule line comes right after it."""
    following = lines[n + 1] if n + 1 < len(lines) else ""
    return re.fullmatch(r"\s*\|?(?:\s*:?-{2,}:?\s*\|)+\s*(?::?-{2,}:?\s*)?\|?\s*", following) is not None


# a line that lets the user pick any one of the items it goes with
_EITHER_OF = re.compile(r"^(?:\w+,? )?(?:either (?:one )?of (?:these|those|the following)|whichever(?: one)?(?:'s| is)? "
                        r"(?:easier|easiest|works|suits|handier|quicker|simpler))\b")


# a list set out for another time ("For next time, here's the little routine I'd run through if the internet drops
# again:", "For future reference, here's how to do it yourself:")
_LIST_FOR_LATER = re.compile(r"\b(?:for|in) (?:the |your )?(?:next (?:time|trip|journey|visit|holiday)|"
                             r"future(?: [\w-]+)?)\b"
                             r"|\bif (?:it|this|that|the [\w-]+|anything|something)(?: ever)? [\w -]{1,30}? again\b"
                             r"|\bhere(?:'s| is) how (?:to do it|you can do it|to do that) (?:yourself|on your own)\b")


def header_of(segs: Sequence[Segment], k: int) -> Segment | None:
    """The line a list item stands under (the nearest line before it that is no item)."""
    return next((segs[j] for j in range(k - 1, -1, -1) if not segs[j].item), None)


def for_another_time(segs: Sequence[Segment], k: int) -> bool:
    """Whether segment ``k`` is an item of a list set out for another time."""
    header = header_of(segs, k) if segs[k].item else None
    return header is not None and header.text.endswith(":") and _LIST_FOR_LATER.search(header.text) is not None


def _lists_asked(found: list[Segment]) -> list[Segment]:
    """Items under an asking header, or followed by an ask that refers back to them, are asked for themselves;
    items under a header that sets them out for another time ask nothing."""
    out = list(found)
    for i, seg in enumerate(out):
        if for_another_time(found, i):
            out[i] = replace(seg, asks=False, question=False, item=True, header=False)
            continue
        header = header_of(out, i)
        if not seg.item or seg.asks or is_pleasantry(seg.text):  # "- Take your time." under "Please check:"
            continue
        after = next((out[j] for j in range(i + 1, len(out)) if not out[j].item), None)
        if (header is not None and header.asks and header.text.endswith(":")) or (
                after is not None and after.asks and _BACK_REFERENCE.search(after.text)
                and not (header is not None and header.text.endswith(":") and not header.asks)) or (
                # "Either of these works: - A: the phone number … - B: …", "Whichever's easier for you!"
                (header is not None and _EITHER_OF.match(header.text)) or (after is not None
                                                                           and _EITHER_OF.match(after.text))):
            out[i] = replace(seg, asks=True, item=True, header=False)
    return out


@functools.lru_cache(maxsize=16384)
def compiled(source: str) -> re.Pattern[str]:
    """A pattern built from a task's or a message's words, compiled once: re's own cache holds 512 and a
    conversation's reading builds more than that."""
    return re.compile(source)


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """Whole-word pattern of a normalised phrase (a trailing plural 's' tolerated)."""
    return _phrase_pattern(normalise(phrase))


@functools.lru_cache(maxsize=8192)
def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    body = r"[\s-]+".join(re.escape(w) for w in phrase.split())
    return re.compile(rf"(?<![a-z0-9]){body}(?:s|es)?(?![a-z0-9])")


def mentions(text: str, phrase: str) -> bool:
    """Whether normalised ``text`` holds ``phrase`` as whole words."""
    return phrase_pattern(phrase).search(normalise(text)) is not None


_LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+(.+)$", re.MULTILINE)


def offered_as_choice(text: str, phrase: str) -> bool:
    """Whether ``phrase`` stands in a list of alternatives ("basic or premium", "premium, basic or plus", or one
    item of a bulleted or numbered list of several)."""
    text = _MARKDOWN.sub("", text)  # "**no longer needed** or **ordered by mistake**"
    items = _LIST_ITEM.findall(text)
    if len(items) >= 2 and any(mentions(item, phrase) for item in items):
        return True
    body = phrase_pattern(phrase).pattern
    alternatives = re.compile(rf"(?:(?:\bor\s+(?:the\s+)?|/\s*){body})|(?:{body}\s*(?:/|\bor\b|,[^.?!]*\bor\b))")
    return alternatives.search(normalise(text)) is not None
