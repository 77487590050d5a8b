"""Asks about the conversation itself, which leave the user nothing to place.

An agent's question or directive is *unanswerable* only when it wants a thing the user does not have: a number it
was never given, a detail outside its goal, an action none of its tools performs. Many asks want no thing at all —
"Are you still there?", "Did that do the trick?", "Is now a good time?", "Please stay on the line", "What do you
think?", "Did you get my email?", "Before you go, would you mind a quick survey?". A person answers them from how
the conversation is going, so the simulated user must not say "sorry, which … do you mean?" to them: recorded as
``simulator_misunderstood``, that would excuse a failing agent's trial as inconclusive.

The forms are read by structure: who or what the ask is about (the user as a person, the step or answer just
given, the messages exchanged, the pace of the chat) and what it wants of them (a state, an opinion, a yes/no on
an outcome). None names a thing of the user's domain, so a rule here cannot swallow an ask for a fact.
"""

from __future__ import annotations

import re

from ._text import has_interrogative_order

# what opens a sentence before its ask ("Great, …", "Just to check: …", "Before you go, …"): a few words and a
# comma, never a clause that asks something itself ("What's your ID, and are you ready?")
_LEAD = (r"^(?:(?!(?:what|which|who|where|when|how|could|can|would|will|do|does|did|is|are|please|tell|give|send|"
         r"share|provide)\b)[a-z']+(?: [a-z']+){0,2}[,:!]\s+|(?:so|and|also|now|ok|okay|great|perfect|alright|oh|"
         r"well|just) )*")
# the step, fix or answer the agent just gave
_OUTCOME_SUBJECT = (r"(?:that|this|it|everything|things|all (?:of )?(?:that|this)|the (?:fix|steps?|change|restart|"
                    r"reset|solution|above|information|info|explanation|answer|update|tips?|suggestions?)|(?:this|the|our) "
                    r"(?:chat|conversation|call))")
# what a step or answer did: worked, helped, sorted it out, made sense
_OUTCOME = (r"(?:help(?:ed|s)?|helpful|useful|work(?:ed|s|ing)?|fix(?:ed)?|solve[ds]?|resolve[ds]?|sort(?:ed)?|"
            r"do the trick|did the trick|make (?:a|any) difference|made (?:a|any) difference|clear(?:ed)? (?:it|things|"
            r"that) up|answer(?:ed)? your question|cover(?:ed)? (?:everything|it|what)|(?:look|looks|looking|sound|"
            r"sounds|seem|seems) (?:fair|ok|okay|good|fine|reasonable|right|better))")
# the user as a person: present, ready, comfortable, satisfied, how they are
_PERSON_STATE = (r"(?:there|still there|with me|still with me|around|ready|available|free|ok|okay|alright|all right|"
                 r"fine|comfortable|happy|satisfied|pleased|content|good)")
# the messages exchanged in this conversation
_MESSAGE = (r"(?:\w+ )?(?:message|messages|email|e-mail|text|link|reply|note|summary|chat)")

GET_STARTED = re.compile(_LEAD + r"(?:(?:(?:shall|should|can|could) we|(?:are you )?ready to|want to) (?:get started|"
                         r"begin|start|get going|dive in|kick off|get this started)"
                         r"|(?:are you )?ready for (?:the |our )?(?:first|next|last) (?:step|one|part))\W*$")
# an account the agent may give: what an offer of information offers
_ACCOUNT = (r"(?:comparison|breakdown|summary|overview|rundown|recap|explanation|walk-?through|run-through|refresher|"
            r"reminder(?: text| email| message)?|heads-up)")
CONVERSATIONAL = re.compile("|".join((
    # how the user is, or whether they are there and ready
    _LEAD + r"(?:how(?:'s| is| are| has| have) (?:you|your (?:day|week|morning|afternoon|evening|weekend))\b"
            r"(?: (?:doing|going|been|feeling|treating you))?)",
    _LEAD + r"(?:are|were) you " + _PERSON_STATE + r"(?: (?:with|about) (?:that|this|everything|how|the outcome|"
            r"the result)\b[^?]*| to (?:continue|go on|keep going|move on)| continuing| now)?\W*$",
    _LEAD + r"how (?:are|do) you feel(?:ing)? about\b",
    _LEAD + r"is (?:now|this|it) (?:a )?(?:good|bad|convenient|ok|okay) time\b",
    # whether the step or answer just given worked, helped or reads well
    _LEAD + r"(?:did|does|do|has|have|is|was|will|would) " + _OUTCOME_SUBJECT + r"(?: (?:all|now|finally|already))?"
            r"(?: been)? " + _OUTCOME + r"\b[^?]*?\W*$",
    _LEAD + r"(?:is|are) (?:it|everything|things|all|(?:the|your) [\w-]+(?: [\w-]+)?) (?:working|looking|sorted|"
            r"back to normal|ok|okay|good|fine)\b"
            r"(?: (?:now|again|on your (?:end|side)|for you|as expected|properly))*\W*$",
    _LEAD + r"(?:please |just )*(?:let me know|tell me|keep me posted(?: on)?) (?:how (?:it|that|things|everything) "
            r"(?:goes|went|works?)|(?:if|whether) " + _OUTCOME_SUBJECT + r" " + _OUTCOME + r"|(?:if|whether) (?:the|your) "
            r"[\w' -]{1,40}? (?:looks?|seems?) (?:right|ok|okay|good|correct|fine)|(?:if|whether) (?:anything|something) "
            r"(?:looks?|seems?) (?:off|wrong|odd|strange|unusual|unclear))\b[^?]*?\W*$",
    # whether the step just asked for is done, and what it showed ("Done?", "Any luck?", "What did you find?")
    _LEAD + r"(?:all |are you )?(?:done|finished|any luck|how did (?:it|that) go|what did you (?:find|see|get|notice)"
            r"(?: there)?)\W*$",
    # … or asked by the state it leaves ("All back in?", "Is it back on?", "Everything plugged in again?")
    _LEAD + r"(?:(?:is|are) (?:it|they|everything) |all |everything )(?:(?:back|plugged|switched|turned) ){0,2}(?:in|on|off|"
            r"out|up|back|in place|seated)(?: again| now| properly| on your (?:end|side))?\W*$",
    # a report back on the step just asked for ("Let me know once you've done that")
    _LEAD + r"(?:please |just )*(?:let me know|tell me|give me a shout) (?:once|when|after|as soon as) you(?:'ve| have)? "
            r"(?:done|finished|completed|tried|got through) (?:that|this|it|those|these|them|the steps?)\W*$",
    # … or echoes that the user did it already ("You've restarted it already?")
    _LEAD + r"you(?:'ve| have) (?:already |just )?[a-z]+(?:ed|en|ne|t) (?:it|that|this|them)(?: already)?\W*$",
    # … or to say the step is done, by the state it leaves ("Then tell me it's done.", "Let me know once it's lit up
    # again.")
    _LEAD + r"(?:then |and )?(?:please |just )*(?:let me know|tell me)(?: (?:once|when|that|as soon as))? "
            r"(?:it's|it is|that's|that is|they're|they are|everything's|everything is) (?:all )?(?:done|finished|"
            r"complete|lit(?: up)?|back (?:on|up)|on|off|switched (?:on|off)|turned (?:on|off))(?: again)?\W*$",
    # the user's opinion or questions of their own
    _LEAD + r"(?:what do you think|(?:any|do you have any|got any) (?:other |more |further )?(?:thoughts|questions|"
            r"concerns)(?: (?:so far|about (?:this|that|it|any of (?:this|that))|for me))?|"
            r"(?:does|do) (?:that|this) (?:sound|seem) (?:fair|reasonable|ok|okay))\W*$",
    _LEAD + r"how did (?:i|we) do\b",
    # a rating of the help ("On a scale of 1-5, how would you rate my help today?")
    _LEAD + r"(?:on a scale (?:of|from) [^?]{1,20}?,? )?how (?:would|do|did) you rate\b[^?]*\W*$",
    _LEAD + r"how (?:satisfied|happy) (?:are|were) you with (?:my|our|the|today's) (?:help|service|support|chat)\b"
            r"[^?]*\W*$",
    # how easy it went ("Was that painless or was that painless?", "Wasn't that quick?")
    _LEAD + r"(?:was|wasn't|isn't) (?:that|this|it) (?:\w+ )?(?:painless|easy|quick|simple|smooth|fast|a breeze)\b"
            r"[^?]*\W*$",
    # whether what was just proposed suits the user ("Does the new total work for you?")
    _LEAD + r"(?:does|do|would|will) (?:the|that|this|these|those) (?:[\w'-]+ ){0,3}[\w'-]+ (?:work|suit) (?:for )?you\W*$",
    # wishes beyond the request, answered "nothing, thanks" ("Is there anything special you'd like us to prepare?")
    _LEAD + r"(?:is there )?anything (?:special|in particular|particular|specific|else)(?: about [\w' -]{1,30}?)? "
            r"(?:(?:you(?:'d| would) like|you want) (?:us|me) to (?:do|prepare|arrange|organise|organize|set up|have "
            r"ready|know|note|pass on)\b|you(?:'re| are) (?:worried|concerned|unsure|curious|anxious) about\W*$)",
    # whether what the agent described matches what the user sees ("Does that match what you're seeing?")
    _LEAD + r"(?:does|do|is) (?:that|this|it|everything) (?:match|line up with|agree with|fit with|sound like|look like) "
            r"(?:what|how) you(?:'re| are)? (?:seeing|see|saw|have|expected|expect|remember)\b[^?]*\W*$",
    # where the user is, what is at hand ("Are you near the router?", "Do you have your phone handy?")
    _LEAD + r"(?:are|were) you (?:\w+ )?(?:near|next to|close to|in front of|by) (?:the|your|a) [\w' -]{1,30}?"
            r"(?: (?:right now|at the moment|now))?\W*$",
    _LEAD + r"(?:are|were) you (?:currently |still )?(?:on|using) (?:the|your) (?:device|phone|computer|laptop|tablet|"
            r"handset|tv)\b[^?]*\W*$",
    # (a thing, not information: "Do you have the order number handy?" asks for the number)
    _LEAD + r"(?:do|did) you have (?:your|the) (?![\w' -]*\b(?:number|id|code|pin|email|e-mail|address|name|date|"
            r"details|info|information|reference|confirmation)\b)[\w' -]{1,30}? (?:handy|nearby|with you|to hand|"
            r"close by|in front of you)\W*$",
    # whether it suits the user to go on now ("Is now still a good time?", "Is this a good moment to talk?")
    _LEAD + r"(?:is|would) (?:now|this|it|today) (?:still )?(?:be )?(?:a )?(?:good|ok|okay|convenient|bad|fine) "
            r"(?:time|moment)\b[^?]*\W*$",
    # whether to begin ("Shall we get started?", "Ready to dive in?"): a yes goes on, it approves no action
    GET_STARTED.pattern,
    # a remark put as a question ("Did you know you can also manage this in our app?")
    _LEAD + r"did you know (?:that )?(?:you|we|our|there)\b[^?]*\W*$",
    # leave to ask ("Mind if I ask a couple of quick questions first?"; "Mind if I ask for your email?" asks for it)
    _LEAD + r"(?:(?:do|would) you )?mind if (?:i|we) (?:ask|go over|run through|check|confirm)\b"
            r"(?! (?:you )?for\b)[^?]*\W*$",
    # small talk about how the user found the business
    _LEAD + r"how did you (?:hear about|find|come across|learn about) (?:us|our \w+)\b",
    _LEAD + r"how(?:'s| is| are) (?:everything|that|this|it|things|all (?:of )?(?:this|that)) (?:sounding|looking|"
            r"going|coming along)\b[^?]*\W*$",
    # the messages exchanged: whether the user got or can see them
    _LEAD + r"(?:did|have|has|can|could) you (?:receive|received|get|got|gotten|see|seen) (?:my|the|our|that) "
            + _MESSAGE + r"(?: (?:i|we) (?:just )?sent(?: you)?| from (?:me|us))?\W*$",
    # … or found what was sent ("Were you able to see the invoice in your email?")
    _LEAD + r"(?:were|are|have you been) (?:you )?able to (?:see|find|get|receive|open|access) (?:it|them|that|this|"
            r"(?:the|my|our|that|your) [\w' -]{1,30}?) in your (?:email|e-mail|inbox|messages|texts|account)\W*$",
    r"\b(?:confirm|let me know) (?:that |once |when )?you(?:'ve| have) (?:received|got|gotten|seen) (?:it|them|that|"
    r"this|my \w+|the \w+)\W*$",
    # the pace of the chat: waiting, staying, taking one's time
    _LEAD + r"(?:please |kindly |just |(?:would|do) you (?:like|want|mind) to |(?:can|could) you )*(?:stay|remain) (?:on|in|with) (?:the|this|our) (?:line|chat|call|conversation|"
            r"page)\b(?: (?:while|until|as|for)\b[^?]*)?\W*$",
    _LEAD + r"(?:please |kindly |just )*keep (?:this|the) (?:chat|window|tab|page|conversation) open\b[^?]*$",
    _LEAD + r"(?:(?:(?:would|do) you mind|are you (?:ok|okay|fine|able to)|(?:can|could) you) (?:holding|waiting|"
            r"staying|hold|wait)|(?:please |kindly )*(?:bear with me|be patient))\b[^?]*\??$",
    _LEAD + r"(?:please |just )*take your time\b",
    _LEAD + r"(?:i(?:'d| would) (?:suggest|recommend)|it's (?:best|worth)) (?:waiting|giving it)\b",
    _LEAD + r"(?:please |kindly |just )*(?:keep an eye (?:on|out for)|(?:look|watch) out for|keep (?:your|the) "
            r"[\w' -]{1,30}? (?:handy|safe|nearby|somewhere safe))\b",
    _LEAD + r"(?:whenever|when) (?:it suits you|you(?:'re| are) ready)(?:,? (?:just )?(?:reply|respond|write back|"
            r"message (?:me|us))(?: here| back)?)?\W*$",
    # the agent's own pace: "I'll need a moment to pull this up"
    r"^(?:i|we)(?:'ll| will)? (?:just )?need (?:a|one|a few) (?:moment|minute|second|sec|moments|minutes|seconds)\b",
    _LEAD + r"(?:please |just )*(?:give|allow|grant) (?:me|us) (?:just |only )?(?:a|one|a few|a couple of|a quick) "
            r"(?:moment|minute|second|sec|moments|minutes|seconds|mo)\b",
    # an exclamation put as a question: "Isn't it great when things just work?"
    _LEAD + r"(?:isn't|aren't|wasn't|don't you (?:just )?(?:love|hate)) (?:it|that|this) (?:\w+ )?(?:great|nice|good|"
            r"annoying|frustrating|wonderful|the best|the worst)\b",
    # a survey about the chat, or a record of it offered
    r"\b(?:survey|feedback form|rate (?:your|this|the) (?:experience|chat|conversation|support))\b",
    _LEAD + r"(?:would|do) you (?:like|want) (?:a|an) (?:\w+ )?(?:copy|summary|recap|transcript|receipt) of\b",
    # an account of something offered, to take or leave ("Would you like a quick comparison with your current plan?",
    # "Would a summary of the next steps be helpful?", "Do you want a reminder text the day before?")
    _LEAD + r"(?:would|do) you (?:like|want) (?:me to (?:give|send) you )?(?:a|an|some) (?:quick |brief |short |full |"
            r"more )?(?:detailed )?" + _ACCOUNT + r"\b[^?]*\W*$",
    _LEAD + r"would (?:a|an|some) (?:quick |brief |short |full )?" + _ACCOUNT + r"\b[^?]*? (?:be )?(?:helpful|useful|"
            r"help)\W*$",
    # the user's own questions about the matter ("Any questions about how the final bill works?", "Is there anything
    # you'd like to know about the rooms?")
    _LEAD + r"(?:(?:do you have|are there|got) )?any (?:other |more |further )?(?:questions|concerns) (?:about|"
            r"regarding|on)\b[^?]*\W*$",
    _LEAD + r"(?:is there )?anything (?:else )?(?:you(?:'d| would) like|you want) to (?:know|ask)\b[^?]*\W*$",
    # the user's opinion of what was just proposed ("How does that room sound to you?"), or whether it was what they
    # expected ("Was that what you were expecting to see?")
    _LEAD + r"how (?:does|do) (?:that|this|it|these|those)(?: [\w-]+){0,2} (?:sound|look|seem)(?: to you)?\W*$",
    _LEAD + r"(?:is|was) (?:that|this|it) what you(?:'re| are| were)? (?:expect(?:ed|ing)?|want(?:ed)?|after|looking "
            r"for|hoping for|had in mind|needed)\b[^?]*\W*$",
    # needs beyond the request, answered "none" ("Do you have any allergies I should flag to the kitchen?", "Any
    # accessibility needs we should know about?")
    _LEAD + r"(?:(?:do you have|are there|have you got) )?any (?:special |particular |specific |other )?(?:requests?|"
            r"requirements|needs|allergies|dietary (?:requirements|restrictions|needs)|accessibility (?:needs|"
            r"requirements))\b[^?]*\W*$",
    # wishes or news beyond what was said, answered "no, that's all" ("Did you need anything else on the invoice?",
    # "Is there anything else about this order you'd like to change?", "Have you tried anything else, like
    # restarting?", "Is anything else not working?")
    _LEAD + r"(?:(?:is there|are there|is|was|were|do you|did you|would you|have you|has)\b[^?]*?\b)?(?:anything|"
            r"something) (?:else|more)\b[^?]*\W*$",
)))


# a question the agent asks only to answer it in the next sentence ("What happens next? You'll get an email …",
# "Why does airplane mode matter? It switches off every radio", "Curious what Premium adds? Faster speeds"): about
# a cause, a process or a meaning, never about the user's own things
_RHETORICAL = re.compile(
    r"^(?:so,? |and,? )?(?:why\b|how come\b|what if\b|(?:wondering|curious|need|want to know|looking for)\b"
    r"|what(?:'s| is| does| do| did)? (?:this|that|it|happens|happened|comes next|(?:is )?causing|caused|going on|"
    r"next|the (?:catch|difference|reason|next step|upshot))\b|how (?:does|do|did|is|will) (?:this|that|it) "
    r"(?:work|happen)\b)")
_ABOUT_THE_USER = re.compile(r"\b(?:you|your|yours)\b(?<!for you)")


# what a thing means, how it works, what it includes: an explanation the agent goes on to give, whoever it concerns
# ("What does a freeze mean for your billing? You won't be charged …")
_EXPLAINED = re.compile(r"^(?:so,? |and,? )?(?:what (?:does|do|will|would) (?:[\w'-]+ ){1,5}mean\b|how (?:does|do|will|would) "
                        r"(?:[\w'-]+ ){1,4}work\b|what(?:'s| is| are) (?:included|involved|covered)\b)")


# the statement after it gives the answer outright ("Where's your speaker right now? According to the carrier, …")
_ANSWER_OPENS = re.compile(r"^(?:well,? )?(?:according to|per the|turns out|as it turns out|short answer|"
                           r"the (?:short )?answer is|from what i can see)\b"
                           # the agent praising its own question, or finding what it looked for ("So, where's your
                           # order? Great question!", "Now, where was I? Ah yes: …", "… go through? Ah, there it is")
                           r"|^(?:great|good|fair|excellent) question\b|^ah,? (?:yes|right|there it is|here it is|"
                           r"i see|that's it)\b")
# a question no one is meant to answer, whatever follows it ("Who doesn't love a parcel update?", "Who says nothing
# in life is free?", "Isn't it satisfying when the fix is a single tap?", "Now, where was I?", "What makes a smash
# burger a smash burger?", "… why does that always happen at the worst moment?")
_ASKS_NO_ONE = re.compile(
    r"^(?:(?:hmm+|ah|oh|well|now|okay|ok|so|and),? )*(?:who (?:doesn't|does not|hasn't|has not|wouldn't|isn't|"
    r"says|knew|can resist)\b|where was i\b|isn't (?:it|that) (?:\w+ )?(?:satisfying|great|nice|lovely|funny|"
    r"annoying|amazing|wonderful|frustrating|the best|the worst)\b|what makes (?:a |an |the )?(?P<thing>[\w -]{2,30}?) "
    r"(?:a |an |the )?(?P=thing)\W*$)"
    r"|\bwhy (?:does|do|did|is|are|must) (?:that|this|it|these|things) (?:always|never)\b"
    # what everybody feels, with a tag: "I know, nobody likes being passed from one person to another, right?"
    r"|^(?:\w+,? ){0,2}(?:nobody|no one|no-one|everyone|everybody|we all) (?:likes|enjoys|loves|wants|hates|like|"
    r"enjoy|love|want|hate)\b[^?]*,? (?:right|huh|eh|isn't it|don't they|do they)\W*$")
# a slogan's question, whoever it names ("Love Brightcart? Refer a friend …", "Loving your new speaker?")
_SLOGAN = re.compile(r"^(?:love|loving|enjoying) (?:[\w'&-]+ ){0,3}[\w'&-]+\W*$")
# an evaluation with a tag, asking nothing: "Annoying, isn't it?", "Not ideal, right?"
_TAGGED_REMARK = re.compile(r"^(?:[a-z]+ ){0,2}[a-z]+, (?:isn't it|isn't that|aren't they|right|huh|eh)\W*$")
WH_WORD = re.compile(r"\b(?:what|which|who|whom|whose|where|when|why|how)\b")
# (a question word anywhere already makes a question, so none is listed here)
_QUESTION_OPENER = re.compile(r"^(?:so,? |and,? )?(?:is|are|was|were|do|does|did|can|could|would|will|shall|should|"
                              r"may|might|have|has|had|any|anything|got|need|want|ok|okay|ready|still)\b")


def asks_no_one(question: str) -> bool:
    """Whether a normalised question is a remark that asks nobody anything ("Who doesn't love a fast connection?")."""
    return _ASKS_NO_ONE.search(question) is not None and _ABOUT_THE_USER.search(question) is None


def answered_by_itself(question: str, next_statement: str | None, *, opens: bool = False) -> bool:
    """Whether a normalised question is one the agent answers in the statement that follows it, or one that asks
    nothing at all (a remark with a tag; the user's problem echoed at the start of the message: "Slow data even
    though the signal looks fine? Usually that's a setting on the phone.")."""
    if asks_no_one(question) or (_TAGGED_REMARK.match(question) and _ABOUT_THE_USER.search(question) is None):
        return True
    if _SLOGAN.match(question):
        return True
    if next_statement is None:
        return False
    echoed = opens and _QUESTION_OPENER.match(question) is None and WH_WORD.search(question) is None \
        and not has_interrogative_order(question) and _ABOUT_THE_USER.search(question) is None \
        and len(question.split()) >= 5 and not any(c.isdigit() for c in question)  # (no value checked)
    return echoed or _ANSWER_OPENS.match(next_statement) is not None or _EXPLAINED.search(question) is not None or (
        _RHETORICAL.search(question) is not None and (
            _ABOUT_THE_USER.search(question) is None or question.startswith(("wondering", "curious", "need",
                                                                               "want to"))))


def about_the_conversation(text: str) -> bool:
    """Whether a normalised sentence asks only about the conversation (the user's presence, mood or opinion, whether
    the last step worked, the messages exchanged, the pace of the chat), not for a thing of the domain."""
    return CONVERSATIONAL.search(text) is not None
