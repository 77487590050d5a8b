"""Which of the user's own tools an agent asks the user to operate, in the order to operate them.

A request pairs an operation (check, turn on, turn off, restart, reset, reseat, run, send, set, grant, pay) with a
thing the tool operates ("airplane mode", "the VPN", "your SIM"): "toggle flight mode off", "make sure mobile data
is on", "Settings > Apps > Messages > Permissions > SMS > Allow", "could you check whether data roaming is on?",
"How many signal bars do you have?" (a question about what the phone shows is a request to look), "flip Wi-Fi off
and on again" (two operations), "turn it off" (the thing named last). The things come from the tools' names, their
descriptions (what a checking tool shows) and their declared phrases; the operations from common English. No step
is asked by what only sounds like one: the agent's own ("I can enable roaming on your account"), a state ("roaming
is already enabled"), the past ("Had you turned roaming on?"), a purpose ("To send MMS, Messages needs …").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from ._lexicon import SETTING_EFFECTS, inflections, noun_synonyms
from ._memo import PerVocabulary
from ._text import (ASK_LATER, CHAT_LEAD, RECAP_LABEL, Segment, compiled, for_another_time, header_of,
                    normalise)
from ._text import segments as segments_of
from ._vocabulary import UserToolSense, Vocabulary, content_words, web_addresses

# an option named by its label ("the option that says 4G/5G", "the one labelled LTE")
_LABELLED = r"(?:(?:option|one|entry|setting|choice|mode) (?:that says|that reads|labell?ed|called|marked|named) )?"
# operations, as words that ask for them (a particle verb may take its thing in between: "turn it off")
_OPERATIONS: tuple[tuple[str, str], ...] = (
    # ("give the router a restart": the verb that takes the restart as its object)
    ("restart", r"\bgive (?:it|them|(?:the|your) [\w-]+) an? (?:quick |fresh |full |proper )?(?:restart|reboot)\b|"
                r"\b(?:restart|reboot|power[- ]cycle|soft[- ]reset|relaunch|re-launch|reopen|re-open|"
                r"(?:turn|switch|power) (?:it |(?:your |the )(?:phone|device|handset|smartphone|mobile) )?"
                r"off and (?:back )?on)(?:s|es|ed|d|ing)?\b"),
    ("reseat", r"\b(?:reseat|re-seat|reinsert|re-insert|eject|remove and reinsert)(?:s|es|ed|d|ing)?\b"
               r"|\b(?:remove|removing|removed)\b(?= (?:the |your )?(?:sim|nano-sim|sim card|card)\b)"
               r"|\b(?:put|putting|slot|slide|pop|push)(?:s|es|ed|ting|ping|ted)? (?:it|the card|the sim|the tray) back\b"
               r"(?! to (?:the |their |its )?(?:factory |original )?defaults?\b)"  # ("put it back to default": a reset)
               r"|\b(?:tak(?:e|es|ing|en)|took|pop(?:s|ped|ping)?|pull(?:s|ed|ing)?|slid(?:e|es|ing)?|put(?:s|ting)?)"
               r" (?:[\w-]+ ){0,3}?(?:out(?! of\b)|back in)\b"
               # "sim out & back in pls": the card and where it goes, the verbs unsaid
               r"|\b(?:the |your )?sim(?: card)? out,? (?:&|and|\+|then) (?:back )?in\b"),
    ("reset", r"\b(?:reset|restore|revert)(?:s|es|ed|d|ing|ting)?\b"
              r"|\b(?:set|put|return|change|bring)(?:s|ting|ed|ing)?\b(?= (?:[\w-]+ ){0,4}?back to (?:the |their |its )?"
              r"(?:factory |original )?defaults?\b)"),
    ("run", r"\b(?:run|rerun|re-run|redo|retry|repeat|do|perform|try|start|take|open|launch|use|kick off|move on to|"
            r"go on to|proceed (?:to|with)|continue with|"
            r"fire up|fire off|give|grab)"
            r"(?:s|ed|ing|ning)?\b(?:\s+[\w-]+){0,3}?\s+(?=speed[ -]?test)"
            r"|\b(?:re-?)?test(?:s|ing)? (?:your |the )?(?:\w+ )?speed\b|\bmeasur(?:e|es|ing) (?:your |the )?(?:\w+ )?speed\b"
            r"|\b(?:have|take|give it)\b(?= (?:a|another|one more)(?: quick)? (?:go|crack|stab|shot) at (?:the |a )?"
            r"speed[ -]?test)"
            # "3. **Speed test** - run one": the thing named just before
            r"|\b(?:run|rerun|re-run|redo)(?= (?:one|another)(?: more)?\b)"
            # "run it again": the test named before
            r"|\b(?:run|rerun|re-run)(?= (?:it|that|this)(?: (?:again|once more|one more time|now))?\b)"
            # "open Speedtest by Ookla and run a test": the test, whatever it is called
            r"|\b(?:run|rerun|re-run|redo|do|try)(?= (?:a|the|another|one more) (?:quick |new |fresh |same )?test\b)"
            # "One more speed test, please": the test asked for again, its verb unsaid
            r"|\b(?:one more|another|a second|a fresh|a new)(?= (?:quick |fresh |new )?speed[ -]?test\b)"),
    ("send", r"\b(?:send|resend|re-send|try sending|try to send|try|retry|text(?! messages?\b)|fire off|"
             r"shoot(?: off)?)(?:s|ing)?\b"
             r"(?: yourself| a friend| someone| your friend| me| us)?"
             r"(?= (?:(?:a|an|the|another|that|this|your|one|more|new|quick|same) ){0,2}(?:test )?"
             r"(?:mms|picture|photo|message|pic|image|selfie))"
             # ("it needs Storage access to attach photos" says what for)
             r"|(?<!\baccess to )(?<!\bpermission to )(?<!\bable to )\battach(?:es|ing)? (?:a |an |the |your )?"
             r"(?:photo|picture|image|pic|selfie)"
             r"|\b(?:message|mms|picture message|photo) (?:sends|goes through|goes out|gets through|is sent|gets sent)\b"
             r"|\b(?:press|tap|hit)(?:es|ping|ting)? (?:the )?send\b"),
    # (a noun after a number or an article is no step: "two switches to flip")
    ("set", r"\b(?<!\btwo )(?<!\bthe )(?<!\ba )(?<!\bboth )(?<!\bthree )"
            r"(?:set|select|choose|pick|swap|switch|change)(?:s|es|ed|d|ing|ting)?\b"
            r"(?= (?:(?:your|the|it|that|[\w-]+'s) ){0,2}"
            r"(?:network|preferred|to (?!(?:allow|on|off|enabled|disabled|deny|green|blue|gr[ae]y|white|"
            r"the (?:left|right))\b)|over to |it over|it to|mode))"
            # ("pick the option that says 4G/5G": the network type by its label)
            r"|\b(?:select|choose|pick|tap)\b(?= (?:the )?" + _LABELLED + r"[\"']?(?:lte|[2-5]g)\b)"
            r"|\b(?:enable|turn on|switch on|activate)\b(?= (?:the )?[\"']?(?:lte|[45]g)\b)"
            r"|\b(?:bump|move|upgrade)\w*\b(?= (?:[\w-]+ ){0,3}?(?:up )?to \W?(?:lte|[2-5]g)\b)"
            # "set it back to 4G/5G preferred"
            r"|\b(?:set|switch|change|put)\w*\b(?= (?:[\w-]+ ){0,3}?back to \W?(?:lte|[2-5]g)\b)"),
    # "complete"/"approve" pay only when what they take is the payment: "the complete phone number" pays nothing
    ("pay", r"\b(?:pay|tap pay|hit pay)(?:s|es|ed|d|ing)?\b|\b(?:approve|accept|complete|settle|authori[sz]e)(?:s|es|ed|d|ing)?\b"
            r"(?= (?:the |your |that |this |it\b|them\b)?(?:it\b|them\b|(?:pending |carrier's |\$?[\d.]+ )*"
            r"(?:payment|request|bill|charge|amount)))"
            # "tap it and confirm the $60.00 payment" (not "confirm the payment went through": a look)
            r"|\bconfirm(?:s|ed|ing)?\b(?= (?:the |your |that |this )?(?:pending |\$?[\d.]+ )*(?:payment|charge)\b"
            r"(?! (?:went|is|has|was|were|shows|showed|came|arrived|appears|succeeded|worked|cleared)\b))"),
    ("turn on", r"\b(?:enable|activate|allow|grant|re-enable|reenable|connect to|reconnect|join|unmute|tick|check the box for)"
                r"(?:s|es|ed|d|ing)?\b"
                # "plug it back in and power it up": the router's power on
                r"|\b(?:power|plug)(?:s|ed|ing)? (?:it |them |the \w+ |your \w+ )?(?:back )?(?:up|in)\b"
                r"|\bgive(?= (?:\w+ ){0,8}(?:access|permissions?)\b)"
                r"|\blet (?:the |your )?[\w-]+(?: app)? (?:use|access|send|read|"
                r"view|receive)(?: and (?:use|access|send|read|view|receive))?\b"
                # "put your phone in airplane mode", "flip it into flight mode"
                r"|\b(?:put|flip|switch|set|place|go|get)\w* (?:\w+ ){0,2}?(?:in|into) (?=(?:[\w-]+ )?mode\b)"
                r"|\b(?:slide|move|push|flip|switch|toggle|set)\w* (?:\w+ ){0,3}?to (?:green|blue|the right|on)\b"
                r"|\btap (?:it|that|this|them) on\b"
                # "let's bring mobile data back" (not "bring it back to the defaults", a reset)
                r"|\bbring(?:s|ing)? (?:[\w-]+ ){0,3}?back\b(?! to\b)"
                r"|\b(?:make sure|ensure)\b(?=[^.;]{0,60}\b(?:is|are|turns|shows) "
                r"(?:green|blue|orange|highlighted|lit)\b)"
                r"|\bso (?:that )?it(?: lights up| (?:turns|goes)(?: from [\w-]+)? to (?:on|blue|green|orange)"
                r"| turns (?:on|blue|green|orange)|(?: is|'s) "
                r"(?:on|enabled|highlighted))"),
    # ("leave it on", "leave it alone" keep a state: no step off)
    # ("leave out anything after the decimal point" leaves words out of a reading)
    ("turn off", r"\b(?:disable|deactivate|disconnect|exit|"
                 r"leave(?! out\b)(?! (?:[\w-]+ ){0,3}?(?:on|off|alone|as (?:it|they) "
                 r"(?:is|are)|as is|untouched|where (?:it|they) (?:is|are)|be)\b| (?:it|them|that|this)\W*$)|"
                 r"get out of|come out of|shut off|hit disconnect|untick|"
                 r"pause|log out of|logging out of|"
                 # ("on my end" is where, no ending)
                 r"get rid of|ditch|cut|(?<!\bmy )(?<!\bour )(?<!\byour )(?<!\bthe )(?<!\bthat )end|stop|quit|drop|"
                 r"back out|"
                 r"uncheck|kill|"
                 # "close out the VPN connection" (not "close to your limit")
                 r"close(?: out| down)?(?! (?:to|by|enough|call)\b)|"
                 r"(?:slide|move|push|flip|switch|toggle|set)\w* (?:\w+ ){0,3}?to (?:gr[ae]y|white|the left|off)|"
                 r"tap disconnect)(?:s|es|ed|d|ing)?\b|\b(?:switch|take|get|bring|turn)\w* (?:\w+ ){0,2}out of\b"
                 r"|\b(?:make sure|ensure)\b[^.;]{0,40}\b(?:isn't|is not|aren't|are not|not) (?:in|on|highlighted|lit|"
                 r"green|blue|enabled|active|selected)\b"
                 r"|\bso (?:that )?(?:it(?:'s| is)(?: no longer| not)|it isn't|it (?:turns|goes)(?: from [\w-]+ to)? "
                 r"(?:off|gr[ae]y))\b"),
    ("check", r"\b(?:check(?:ing)?|look(?:ing)? (?:at|in|for|out for|up|on|through|over|if|whether|to see)|"
              r"search(?:ing)? for|"
              r"(?:have|take) (?:a|another|a second|a closer|one more) look|see|"
              r"keep(?:ing)? an eye (?:out )?(?:for|on)|watch(?:ing)? (?:out )?for|"
              # ("give the phone a minute to find the network": the phone finds it, the user waits; the brackets keep
              # words out of _with_inflections)
              r"(?<!minut[e] to )(?<!minutes to )(?<!moment to )(?<!seconds to )(?<!whil[e] to )(?<!t[i]me to )find|"
              r"view(?:ing)?|verify(?:ing)?|confirm(?:ing)?|inspect(?:ing)?|review(?:ing)?|peek(?:ing)?|"
              r"find out|tell(?:ing)? me|let(?:ting)? me know|read|reading(?= (?:me|us|out|off|back)\b)|describe|"
              r"(?<=mind )seeing|"  # "would you mind seeing whether …"
              # "try the film you had on earlier": a thing tried to see what it does
              r"try(?:ing)?(?= (?:the|that|this|your|a|an|any|another) (?!(?:steps?|fix|above|following|same|other|"
              r"next|last|first)\b))|"
              r"what does|what do|"
              # "I'd love to know whether any bars come back"
              r"(?:like|love|want|need) to (?:know|hear)(?= (?:whether|if|what|which|how)\b)|"
              # "then send me the speed test result": the result reported
              r"send(?:ing)? (?:me|us)(?= (?:the|your|a|an|what|whether)\b)|"
              # "… and paste the latest one here": what it says, copied into the chat
              r"(?:paste|copy)(?= (?:it|that|this|them|the [\w-]+ one|the [\w-]+ "
              r"(?:alert|message|notification|error)s?) (?:here|in here|into (?:the|this) chat|over|across|for me)\b)|"
              r"report(?:ing)?(?: back)?(?= (?:on |to me )?(?:whether|if|what|which|how)\b)|"
              # "reply with what's in the MMSC field"
              r"(?:reply|respond|write back|get back to me)(?= with (?:what|which|whether|how)\b)|"
              # "3. Reply with the status bar icons.": what is read out
              r"(?:reply|respond|answer)(?= with (?:the|your|its) )|"
              # "note the number on the display", "jot down what the lights are doing" (not "note that …")
              r"(?:note|jot|write)(?:s|d|ing)?(?: down)?(?= (?:the|each|every|what|which|whether|how|its|any|all)\b)"
              r"|make a note of|"
              # "can you list its permissions" (not "you'll see a list")
              r"list(?:ing)?(?: out)?(?= (?:the |your |its |their |all |every|which|what|each)\b)|"
              r"what(?:'s| is) (?:listed|shown|showing|displayed|written)|how many|is it showing|are you seeing|"
              r"how (?:fast|slow|quick|strong|weak)|load(?:ing)?|brows(?:e|ing)|visit(?:ing)?|reach(?! out)|"
              r"open(?:ing)?(?= (?:a |any |the |some )?(?:new )?(?:web ?site|web ?page|site)s?\b)|"
              r"(?:pull|bring)(?:ing|s)? up|"
              # "make sure it's for bill B9001": what a thing is for, looked at (not a state to set)
              r"(?:make sure|ensure)(?= (?:that )?(?:it|they|the [\w-]+)(?:'s| is| are) (?:for|from|addressed to)\b)|"
              r"you(?:'ve| have) (?:found|located|spotted)(?= (?:it|them)\b)|you (?:find|locate|spot)(?= (?:it|them)\b)|"
              r"do you see|can you see|glance at|notice|spot|eyeball|"
              # "take a final meter reading", "I'll need a reading from you": a reading taken is a look
              r"(?:take|took|taking|takes|get|getting|grab|grabbing|need|send me|give me) (?:a |an |the |your )?"
              r"(?:[\w-]+ ){0,2}?reading(?= (?:from|of|off|for|now|today)\b|\W*$)|"
              r"what (?:[\w-]+ ){1,8}?(?:says|shows|displays|reads|lists|is showing|appears?)|"
              # "what's the top one say?": "what does" said short
              r"what(?:'s|s) (?:[\w-]+ ){1,6}?(?:say|show|read)(?=\W*$))\b"),
)
# ("toggling" too: a verb's -ing form without its -e)
_PARTICLE = re.compile(r"\b(turn|switch|toggl(?:e|ing)|flip|flick|set|put|make sure|making sure|ensure|ensuring|keep|leave|"
                       r"power|get|shut)\w*\b")
_ON_OFF = re.compile(r"\b(on|off)\b(?! (?:your|the|my|this|our|their) (?:phone|iphone|android|device|handset|smartphone|"
                     r"mobile(?! (?:internet|data|network))|screen|"
                     r"settings|home screen|lock screen|end|side)\b)")
# "VPN off, please.", "Mobile data back on now": a thing and the state to put it in, no verb and no "is"
_TERSE_STATE = re.compile(r"^(?:and |then |now |lastly |finally |first |next )*(?!.*\b(?:is|are|was|were|be|been|being|stays?|remains?|still|already)\b)"
                          # (not a state given: "with Wi-Fi on now, …", "once data is on")
                          r"(?!(?:with|without|once|when|whenever|if|while|after|before|since|until|as|so|because|"
                          r"keep|leave|left|having)\b)"
                          # ("airplane mode off first": its place in the order said after it)
                          r"(?:the |your )?[\w-]+(?: [\w-]+){0,3}? (?:back )?(on|off)(?: (?:now|please|for now|first|"
                          r"next|last|after that))?,?"
                          r"(?: please)?\W*$")
_STATE_QUESTION = re.compile(r"^(?:(?:and|also|now|on your phone|right now|" + CHAT_LEAD + r"),? )*"
                             r"(?:is|are|was|does|do(?! (?:a|an|another|the same|that|this|it|these|the following|"
                             r"both|them|each)\b)|has|"  # ("Do these in order:" says what to do)
                             r"have(?! (?:a|an|another|one more) (?:go|try|crack|shot|stab)\b)|"
                             r"did|any chance)\b"
                             # "Is the problem only with picture messages?": about the problem, not what a screen shows
                             r"(?! (?:the|this|that|your) (?:problem|issue|error|fault|trouble)\b)"
                             # "Is the line that isn't getting data the one ending in 0163?": which line, a fact
                             r"(?! (?:the|this|that|your) (?:line|account|number|phone number|plan)\b)"
                             # "Are ordinary text messages going through?": the problem, as the user lives it
                             r"(?! (?:[\w-]+ ){0,2}(?:texts|text messages|sms messages|calls|phone calls)\b)"
                             # "Does that make sense?", "Does this sound fair?": about what the agent said
                             r"(?! (?:that|this|it|everything|all that) (?:make|sound|seem|look|work)s? (?:sense|good|"
                             r"right|ok|okay|fair|alright|clear|reasonable|for you)\b)"
                             r"(?! you (?:mind|want|tried|try|already|had a chance|"
                             r"got a chance|been able|know|remember|happen|"
                             # "Are you okay to switch off your VPN?": a step asked politely
                             r"(?:okay|ok|able|willing|happy|comfortable|ready|free) to))"
                             # "Do you have a SIM tool handy?", "Does your phone have an eSIM?": what the user owns
                             r"(?! (?:you|your (?:phone|device)|it) (?:have|has|got|support|use) (?:a|an|any)\b"
                             r"(?!.*\b(?:on|running|enabled|active|connected|showing)\b))"
                             # "Do you have the PUK for your SIM?": a code the user holds is a fact, no screen
                             r"(?! you (?:have|got|still have)(?: [\w-]+){0,3}? (?:code|pin|puk|password)s?\b)")
# a question about when or why something happened asks for no step ("When did it start - after a restart?")
_HISTORY = re.compile(r"^(?:\w+,? )?(?:did|has|had) (?:that|this|it|doing (?:that|so)) (?:help|work|fix|make a difference|"
                      r"do the trick|change anything|sort)\b"  # "Did that help?": how the step went
                      r"|^(?:\w+,? )?(?:when|why|how long|how often|where)\b"
                      # "when you have a second, …" is no question about the past
                      r"(?! you(?:'ve| have| get| got| are|'re| can)\b).*\b(?:did|was|were|has|have|had|started|"
                      r"began|happened)\b"
                      # "Have you already tried rebooting?": what the user did before, not a step now
                      r"|^(?:\w+,? )?(?:have|had|did) you (?:already|ever|previously) (?:tried|try|attempted|done)\b"
                      # "Had you turned on roaming before you left?", "Did you turn Wi-Fi off on purpose?"
                      # (after a lead phrase: "Just out of curiosity, had you put the phone in airplane mode …?")
                      r"|^(?:\w+,? |[^.?!,:;]{1,40}, )?(?:had|did) you\b"
                      # (after a lead clause: "Before we change anything - did you run a phone cleaner recently?")
                      r"|^[^.?!]{0,40}?\s-\s(?:had|did) you\b"
                      # "What were you doing when …?", "Has this been happening since you turned on Data Saver?",
                      # "Can you tell me roughly when the data stopped working?": the problem's history, no step now
                      r"|^(?:\w+,? )?what (?:were|was|did|had) you\b|\b(?:been (?:happening|going on)|ever since)\b"
                      # "Could you tell me what happened after you restarted?", "Did anyone set up that VPN?"
                      r"|\bwhat happened\b|^(?:\w+,? )?did (?:anyone|someone|somebody)\b"
                      # "Got it on? Great.": whether the step was done
                      r"|^(?:\w+,? )?(?:got|managed to get) (?:it|that|them|this) (?:back )?(?:on|off|working|going|"
                      r"done|sorted)\s*\?"
                      r"|\bsince (?:you|we|i) (?:\w+ )?\w+(?:ed|t)\b"
                      r"|\b(?:tell me|let me know|remember|recall)(?: \w+)? (?:when|why|how long ago) "
                      r"(?!you(?:'ve| have|'re| are| get| can)\b)(?:[\w'-]+ ){0,5}?(?:did|was|were|began|\w+ed)\b"
                      # "Did turning off the VPN make any difference?": how an earlier step went
                      r"|^(?:\w+,? )?(?:did|has|had) (?:\w+ing)\b"
                      # "Were you able to turn off the VPN?", "Have you changed your APN settings recently?"
                      r"|^(?:\w+,? )?(?:were|was) you able to\b|^(?:\w+,? )?(?:did|have|had) you (?:manage|managed|get|"
                      r"got|been able) to\b|^(?:\w+,? )?(?:have|had|did) you\b.*\b(?:recently|lately|earlier|previously|"
                      r"before today|last (?:time|week|night))\b")
# a time after this conversation: "if it happens again", "in the future", "next time"
_LATER_TIME = (r"(?:if|should) (?:it|this|that|the (?:problem|issue)) (?:ever )?(?:happens again|comes back|returns|"
               r"recurs|starts again)(?! (?:up|on|online)\b)|(?:when|whenever) (?:it|this|that|the (?:problem|issue)) "
               r"(?:ever )?happens again|in (?:the )?future|next time|for (?:another time|future reference)"
               r"|(?:if|when|whenever) you (?:travel|go abroad|fly|go overseas|are abroad) again"
               # "if speeds drop again later, check …": a tip for another time
               r"|(?:if|should|when|whenever) (?:[\w'-]+ ){1,3}?(?:drops?|slows? down|slows?|stops?|fails?|dies|"
               r"acts? up|goes (?:down|out)|cuts? out|disappears?|breaks?)(?: out| off| down)? again\b")
_NEGATED = re.compile(r"\b(?:(?<!why )don't|do not|no need to|not necessary|never|avoid|without|instead of|rather than|"
                      # "Later I may ask you to restart, but not yet": a step for later
                      r"but not (?:yet|just yet|right now)|(?:i|we) (?:may|might) (?:later |eventually |also )?ask you to|"
                      # "You can try restarting if it ever comes back": advice for another time
                      + _LATER_TIME + "|"
                      r"you don't need|no need for|(?:isn't|is not|not) (?:necessary|needed|required)|"
                      # "a restart now wouldn't help": a step said to be of no use
                      r"(?:wouldn't|would not|won't|will not|doesn't|does not|isn't going to) (?:really )?(?:help|fix|"
                      r"change|do anything|make (?:a|any) difference)|"
                      r"leave \w+ (?:on|off) for now|(?:do|did) you (?:usually |normally )?use to|"
                      # a step withdrawn or left for later: "please hold off on restarting the router", "we'll leave
                      # the router alone for now", "skip the restart"
                      r"hold off (?:on|with|for (?:a |the )?(?:moment|second|minute|bit|now)|until)|"
                      # (not the step after it: "skip the restart and go straight to the speed test")
                      r"leave (?:the |your |that |it )?[\w -]{0,25}?alone|"
                      r"\bskip\b(?![^,.;]*\b(?:and|then) (?:go|head|run|do|try|open)\b)|"
                      # "disconnect it for now, you can reconnect later": what the user may do later, no step now
                      r"you (?:can|could|may) (?:always |just )?\w+(?: [\w-]+){0,3} (?:later|afterwards|after(?:wards)? "
                      r"we're done|once we're done|again later)|"
                      # "How would you like to pay for the top-up?" asks a choice, no step
                      r"(?:how|when|where|which|what) (?:\w+ )?(?:would|do|did) you (?:like|want|prefer|wish) to|"
                      # "the number you're trying to send the picture to": what the user means to do, no step
                      r"you(?:'re| are| were|'ve been| have been) (?:trying|hoping|wanting|attempting|planning) to|"
                      # "Who are you trying to send the picture to?"
                      r"(?:are|were) you (?:trying|hoping|wanting|attempting|planning) to|"
                      # "Do you know how to turn off airplane mode?": what the user knows, no step yet
                      r"(?:do|did) you (?:already )?know (?:how|where) to|"
                      # "Could you tell me which VPN app you use?": the user's habits, not a screen
                      r"(?:which|what)(?: [\w-]+){0,3} (?:do |did )?you (?:use|usually use|prefer|own))\b")
# "…, but that's entirely up to you": a step left to the user's choice is not asked
# "In the future, you could try toggling mobile data", "If it happens again, restart the phone": a sentence led by
# another time is advice for then, all of it
# ("FYI: if it happens again, …"; "Just so you have it for another time: …")
_ANOTHER_TIME = re.compile(r"^(?:\w+[,:]? |(?:just )?so you (?:have it|know) )?(?:" + _LATER_TIME + r")\b")
# "Shall I turn on roaming? Once I do, you'll need to …": a step after the action offered, for after a yes
_ONCE_I_DO = re.compile(r"^(?:\w+,? )?(?:once|after|when|if) (?:i|we) (?:do|did|have|do (?:that|so|it)|"
                        r"(?:'ve|have) done (?:that|so|it))\b(?! \w)"
                        # what comes after the answers the message asks for: "Once I have those, we'll look at roaming"
                        r"|^(?:\w+,? )?(?:once|after|when) (?:i|we)(?:'ve| have)? (?:have|get|got|receive|received) "
                        r"(?:those|that|them|these|it|this|everything|all (?:that|of (?:that|those|them)))\b,? "
                        r"(?:i|we)(?:'ll| will| can)\b"
                        # a step the agent will ask for later: "After that I'll … ask you to restart the phone"
                        r"|^(?:(?:after (?:that|this|which)|afterwards|later(?: on)?|next time|(?:and )?then),? "
                        r"(?:i|we)(?:'ll| will)|(?:i|we)(?:'ll| will) (?:then|later)) "
                        r"(?![^.?!]*\b(?:now|right away|first)\b)")
_UP_TO_YOU = re.compile(r"\b(?:it's|that's|it is|that is) (?:entirely |completely |totally |really )?(?:up to you|your "
                        r"(?:call|choice|decision))\b")
_DESCRIBING = re.compile(r"^(?:when|whenever|what happens|if you're|if you are|to make sure we|now that|"
                         # ("so the phone can reconnect" says why; "so is your phone showing LTE?", "so open the
                         # VPN app" and "so what does the speed test say" ask)
                         r"so (?=(?:that|the|it|its|this|these|those|your|you|we|i|they|there|he|she|my|our|any|all|"
                         r"no|what(?:'s| is) (?:left|needed|missing|remaining)|all that's)\b)"
                         r"(?!(?:i|we)(?:'ll| will| need| would|'d) )"  # ("so i'll need you to …" asks)
                         # (so do "so you'll just need to …" and "so all that's left is for you to …")
                         r"(?!you(?:'ll| will|'d| would)?(?: (?:just|simply|only|still|also|now|then|first))* "
                         r"(?:need|have|want) to\b|all (?:that's|that is) left\b)|because|since|"
                         r"once (?:the|it|that)|while|\(?you(?:'ll| will| should| may| might|'d| would)(?: now| then| also)? "
                         r"(?:see|get|receive|notice|find))\b")
# "once it's up tell me what the icons show": a step asked for after the condition (not "once it reconnects you'll see")
_ONCE_THEN_ASK = re.compile(r"^once (?:the|it|that)\b[^,;]{0,40}?,? (?:please |then |just )?(?:tell me|let me know|"
                            r"check|look|read|send|run|try)\b")
_SEEN_WHEN = re.compile(r"^(?:\w+,? )?what (?:do you|does it|does the (?:app|screen|phone|device)) (?:see|show|say|display)\W*$")
_RELATIVE = re.compile(r"(?:^|, )(?:which|who) (?!is\b|are\b)[a-z]+s\b")
# ("after which you should restart" comes after what it follows; so does what follows "and after, tell me …" or
# "and after to tell me …", "after" for "afterwards")
_AFTER = re.compile(r"^(?:after(?! (?:which|that|this|doing so|to)\b)(?!,)|once|as soon as|"
                    r"(?:but )?only (?:when|once|after)|"
                    # "…, having first reseated the SIM" (not "having allowed SMS already": done before)
                    r"having (?!.*\balready\b))\b")
# "before running the speed test, turn Wi-Fi off": the step named with "before" comes last
_BEFORE = re.compile(r"^(?:and |but )?(?:before|prior to|ahead of) (?!(?:that|this|then|doing (?:that|so|this)|you do)\b)\w+")
# "run the test, but first turn Wi-Fi off", "Send an MMS. Before that, allow Storage.": what follows comes first
# "Before we restart anything, can I get your phone number?": the agent's own plan, no step
# "run the test again - but make sure Data Saver is off before you do": a later clause done first
_FIRST_AFTER = re.compile(r"\b(?:before (?:you do|doing)(?: (?:that|so|this|it))?|beforehand|first)\W*$")
# "once the APN has been reset": a step done first, though said as a state
_DONE_FIRST = re.compile(r"^(?:once|after) (?:the |your )?[\w -]{2,30}? (?:has|have) been \w+\W*$")
# "… and restarted": a step in the past participle, going on from the after-clause before it
_PARTICIPLE = re.compile(r"^(?:and |then )?(?:[a-z-]+ed|[a-z-]+en|put|reset|set)\b")
# (its head shared with the step before: a like thing, not an aside "…, the switch under Settings")
_GAPPED = re.compile(r"^(?:and |then |and then )*((?:the |your )?[\w-]+(?: [\w-]+){0,3})\W*$")
_PROBLEM_REPORT = re.compile(
    r"\b(?:what (?:do you|did you|you|does it|does the phone) (?:see|get|notice|say|show)|what (?:exactly )?happens|"
    r"what (?:appears|shows up|comes up|pops up)|describe|walk me through|tell me (?:more )?about)\b[^.?!]*?"
    r"\b(?:when|whenever|each time|every time|as soon as)\b[^.?!]*?\b(?:try|tried|trying|fails?|failed|failing|"
    r"attempt\w*|goes wrong|doesn't|won't|can't|stops?|stopped|drops?|dropped)\b"
    # "Can you describe the problem with your mobile data in more detail?"
    r"|\b(?:describe|tell me (?:more )?about|explain|walk me through)\b[^.?!]*?\b(?:problem|issue|trouble|symptoms?|"
    r"error message|going on|happening)\b")
_PARTICIPLE_STATE = re.compile(r"[a-z-]+ed\b")
_BEFORE_WE = re.compile(r"^(?:and |but )?before (?:we|i)\b")
_FIRST_THOUGH = re.compile(r"^(?:and |but |though,? )*(?:first(?:,? though)?\b(?!,? (?:step|thing)\b)|before "
                           r"(?:that|this|doing (?:that|so|this)|you do(?: (?:that|so|this|it))?)\b)")
# "toggle airplane mode: on, wait a few seconds, then off again": the state alone, for the thing just named
_BARE_STATE = re.compile(r"^(?:(?:and|then|now|finally|and then|next),? )*(?:back )?(on|off)(?: again| once more)?"
                         # "Cycle airplane mode - on for 10 seconds, then off."
                         r"(?: for (?:a few |about |around |roughly |at least )?[\w-]+ (?:seconds?|secs?|moments?|minutes?))?"
                         r"(?: please| pls| plz)?\W*$")  # ("airplane mode - off pls": a terse agent's please)
_SPLIT = re.compile(r"\s*(?:[;,]|\s-\s|:\s|(?=\bso (?:that |the |your |we\b|you're\b|you'll\b|there\b|"
                    # "restart your phone so it can find the network again": what the step is for
                    r"(?:it|they)(?: can| could| will| should| may| might|'ll)\b))"
                    r"|\band then\b(?! (?:on|off|back)\b)|"
                    # (not inside a modal's verb: "you should then see LTE" is what will show, one clause)
                    r"(?<!should )(?<!would )(?<!could )(?<!might )(?<!will )(?<!'ll )(?<!'d )(?<!may )(?<!can )"
                    r"\bthen\b(?! (?:on|off|back)\b)|"
                    r"\band (?=(?:let|tell|check|see|run|restart|reboot|turn|switch|try|send|look|make|set|slide|put|"
                    r"hold|choose|open|go|if (?:it|so|that|they)(?:'s| is| are)?\b))|\.\s|(?=\bafter\b)|"
                    # "if it is on please turn it off": the step after its condition, without a comma
                    r"(?:(?<=\bon)|(?<=\boff)|(?<=enabled)|(?<=disabled))\s+(?=please\b)|"
                    r"(?<!let me know )(?<!tell me )(?=\bonce (?:you\b|it\b|the\b|that\b|this\b|your\b|"
                    r"(?:[a-z][\w-]* ){1,3}(?:is|are|has|have)\b))|"
                    r"(?=\bwhen you\b)|(?=\bnow that\b)|(?=\bonly (?:when|once)\b)|(?=\bas soon as\b)|"
                    r"(?<!let me know )(?<!tell me )(?=\bwhat happens\b)|"
                    # "(a) power-cycle the router (b) send me …": the next of a list written in one line
                    r"\s(?=\((?:[a-e]|[1-9])\)\s))\s*")
# where an item stands in a list a screen shows ("the newest one", "the top alert")
_POSITION = r"(?:newest|latest|most recent|top|first|last|bottom)"
# ("is one connected?" after "… caused by a VPN": one of the thing just named)
_PRONOUN = re.compile(r"(?<=\bis )one\b|(?:(?<=\bthere's )|(?<=\byou see ))one(?= (?:from|for|with|in|on|there|listed|waiting|pending)\b|[^\w ]|$)|\bone(?= (?:is|was|has|'s) \w)|\b(?:it|that|this|them|this one|that one|(?:which|the|those|these) ones|the (?:toggle|switch|setting|option|button|slider))\b"
                      # ("tell me which are allowed": which of what the screen lists)
                      r"|(?<=\btell me )which(?= are (?:allowed|denied|on|off|enabled|disabled)\b)"
                      # ("Open Settings > VPN. If anything there is listed as Connected, disconnect it.")
                      r"|\b(?:anything|something|any|one) (?:there|in there|on (?:that|this) screen)\b"
                      # ("What does the newest one at the top say?" of the alerts just named)
                      rf"|\bthe {_POSITION} one\b")
_ELEMENT = r"[\w&/'()][\w&/'\-()]*(?: [\w&/'()][\w&/'\-()]*){0,2}"
# a settings path starts the sentence or follows where it is ("under", "in", "go to"), each step a few words
_PATH = re.compile(rf"(?:(?<=^)(?=(?:settings|quick settings|app info|apps)\b)|(?<=\bunder )|(?<=\bin )|(?<=\bto )|"
                   rf"(?<=\bat )|(?<=\bvia )|(?<=\bopen )|(?<=: )|(?<=that's )|(?<=\bdoes )|(?<=\bcheck )"
                   # (not from a state or a place word before it: "make sure it's on in Settings > …")
                   rf"|(?<=it's ))((?!(?:on|off|in|under|at)\b)(?:{_ELEMENT}\s>\s)+{_ELEMENT})")
_CHECK_FOLLOWS = re.compile(r"^\s*(?:me |us )?(?:whether|if|what|which|how|where|once|when|the result|the rating|"
                            r"the speed|it\b|that\b)")


@dataclass(frozen=True)
class _Thing:
    phrase: str
    at: int
    end: int
    modifier: str | None = None  # the thing named right before an icon or indicator ("the airplane icon")


# per vocabulary, compiled once: the things' patterns (with a piece of each a text must hold), the declared phrases'
_COMPILED: PerVocabulary[tuple[tuple[str, str, re.Pattern[str]], ...]] = PerVocabulary(4)


def _thing_patterns(vocab: Vocabulary) -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """(phrase, a piece any match holds, pattern) of every thing the user tools name, longest first."""
    cached = _COMPILED.get(vocab, "things")
    if cached is not None:
        return cached
    out = []
    for phrase in sorted({p for s in vocab.user_tools for p in (*s.objects, *s.mentions)}, key=lambda p: -len(p)):
        # a long one-word thing in another form too ("connected" for "connection")
        tail = r"\w*" if " " not in phrase and len(phrase) >= 7 else r"(?:s)?"
        stem = phrase[:-3] if tail == r"\w*" else phrase
        if tail != r"\w*" and re.search(r"[^s]s$" if " " in phrase else r"\w\w[^siu]s$", phrase):
            stem = phrase[:-1]  # "web pages" said of one: "load a web page"; "the latest alert" of "alerts"
        if tail == r"\w*":  # (going on as the phrase does, or as a participle: "server" is no "service")
            tail = rf"(?:{re.escape(phrase[len(stem)])}\w*|ed\b)?"
        spaced = re.escape(stem).replace(r"\ ", "[ -]")  # "speed-test" is the speed test
        out.append((phrase, stem.split()[0][:4], compiled(rf"(?<![a-z0-9-]){spaced}{tail}(?![a-z0-9-])")))
    return _COMPILED.put(vocab, "things", tuple(out))


# per vocabulary, the things of a clause (the rules of one message ask it of each clause a few times)
_THINGS: PerVocabulary[tuple[_Thing, ...]] = PerVocabulary(512)


def _things(text: str, vocab: Vocabulary) -> list[_Thing]:
    """Device things named in a clause, longest first, a modifier of a following thing dropped ("SIM card icon"
    is about the icon)."""
    cached = _THINGS.get(vocab, text)
    return list(cached if cached is not None else _THINGS.put(vocab, text, tuple(_things_in(text, vocab))))


def _things_in(text: str, vocab: Vocabulary) -> list[_Thing]:
    found: list[_Thing] = []
    for phrase, piece, pattern in _thing_patterns(vocab):
        if piece not in text:
            continue
        for m in pattern.finditer(text):
            if text.endswith("our ", 0, m.start()) and not text.endswith("your ", 0, m.start()):
                continue  # "our website", "our network": the company's, no thing on the user's device
            if text.endswith(("on ", "in our "), 0, m.start()) and text.startswith("file", m.start()):
                continue  # "the birthday we have on file": the company's records
            if not any(t.at <= m.start() < t.end or t.at < m.end() <= t.end for t in found):
                found.append(_Thing(phrase, m.start(), m.end()))
        for m in _inverted(phrase).finditer(text):
            if not any(t.at <= m.start() < t.end or t.at < m.end() <= t.end for t in found):
                found.append(_Thing(phrase, m.start(), m.end()))
    found.sort(key=lambda t: t.at)
    # "open the VPN app": the app of a thing named before it is that thing's, not the apps' permissions
    found = [t for k, t in enumerate(found) if not (k and t.phrase in _APPS and 0 <= t.at - found[k - 1].end <= 1)]
    out: list[_Thing] = []
    for k, t in enumerate(found):
        if k + 1 < len(found) and found[k + 1].at - t.end <= 1 and found[k + 1].phrase in _HEADS:
            found[k + 1] = _Thing(found[k + 1].phrase, found[k + 1].at, found[k + 1].end, modifier=t.phrase)
        else:
            out.append(_qualified(t, text, vocab))
    return out


@functools.lru_cache(maxsize=256)
def _inverted(phrase: str) -> re.Pattern[str]:
    """A two-word thing said head first ("router lights": "the lights on the front of your router")."""
    words_ = phrase.split()
    if len(words_) != 2:
        return re.compile(r"(?!x)x")
    qualifier, head = (re.escape(w) for w in words_)
    return re.compile(rf"(?<![a-z0-9-]){head}(?:s)? (?:on|of|at|in|for) (?:the |your )?(?:(?:front|back|top|side|"
                      rf"bottom|side panel) (?:of|on) (?:the |your )?)?{qualifier}(?![a-z0-9-])")


def _qualified(thing: _Thing, text: str, vocab: Vocabulary) -> _Thing:
    """A thing a screen merely shows, named with a word only another screen's things have, is that screen's: "the
    top bar" is the status bar's top, not the signal bars."""
    word = re.search(r"([a-z][\w-]{2,}) $", text[:thing.at])
    if word is None or word.group(1) in _GENERIC or not any(thing.phrase in s.mentions for s in vocab.user_tools):
        return thing
    holding = sorted((p for s in vocab.user_tools for p in s.objects if word.group(1) in p.split()[:-1]), key=len)
    owners = {_tools_of(p, vocab) for p in holding}
    if len(owners) != 1:
        return thing
    owner = next(iter(owners))
    if not any(thing.phrase in s.mentions for s in vocab.user_tools if s.tool in owner):
        return thing
    return _Thing(holding[0], word.start(1), thing.end)


def _things_by_word(text: str, vocab: Vocabulary) -> list[_Thing]:
    """Things named by a word only one of them has ("check the payment section for a pending request" names the
    payment request), for a clause naming no other."""
    found: list[_Thing] = []
    said = set(re.findall(r"[a-z][\w-]+", text))
    # "confirm the name on the account": a fact, no screen ("your phone" is the device, not the phone number)
    if any(f.head in said - _DEVICES for f in vocab.facts):
        return found
    phrases = {p for sense in vocab.user_tools for p in sense.objects if " " in p}
    verbs = {p for p, _ in _operations(text)}  # "text a picture": the operation, not "text messages"
    for m in re.finditer(r"[a-z][\w-]{3,}", text):
        if m.start() in verbs:
            continue
        # a qualifier, not a head: "payment" of "payment request", never "name" of "access point name"
        holding = sorted((p for p in phrases if m.group(0) in p.split()[:-1]), key=len)
        # used as a qualifier, a noun after it ("the payment section"), not a noun of its own ("at this point")
        qualifies = _QUALIFIED.match(text, m.end()) is not None
        same_tools = len({_tools_of(p, vocab) for p in holding}) == 1
        if holding and qualifies and (same_tools or all(holding[0] in p for p in holding)) \
                and m.group(0) not in _GENERIC:
            found.append(_Thing(holding[0], m.start(), m.end()))
    return found or _things_by_head(text, vocab)


def _tools_of(phrase: str, vocab: Vocabulary) -> frozenset[str]:
    return frozenset(s.tool for s in vocab.user_tools if phrase in s.objects)


def _things_by_head(text: str, vocab: Vocabulary) -> list[_Thing]:
    """A tool's one thing named by its head noun with another qualifier or none ("your pass", "the entry pass"
    for the club app's "door pass"), when no other thing of any tool has that word."""
    found: list[_Thing] = []
    phrases = {p for sense in vocab.user_tools for p in (*sense.objects, *sense.mentions)}
    for sense in vocab.user_tools:
        if len(sense.objects) != 1 or " " not in sense.objects[0]:
            continue
        phrase = sense.objects[0]
        head = phrase.split()[-1]
        if len(head) < 4 or head in _GENERIC or any(head in p.split() for p in phrases if p != phrase):
            continue
        named = re.finditer(rf"(?<![\w-]){re.escape(head)}(?![\w-])", text)
        found += [_Thing(phrase, m.start(), m.end()) for m in named]
    return found


_QUALIFIED = re.compile(r"[ -](?!(?:in|on|at|of|to|for|with|and|or|the|a|an|is|are|was|were|be|it|this|that|from|by|as|"
                        r"so|but|if|when|then|now|again|here|there|please)\b)[a-z][\w-]+")
_GENERIC = frozenset({"mode", "status", "settings", "setting", "screen", "card", "test", "phone", "device", "data",
                      "network", "permission", "permissions", "the", "your", "app",
                      # particles and adverbs: "plug it back in" names nothing "back online" names
                      "back", "down", "again", "more", "quick", "still", "just", "right"})


def names_device_thing(text: str, vocab: Vocabulary) -> bool:
    """Whether a text names something on the user's own device ("mobile data", "the Messages app")."""
    return bool(vocab.user_tools) and bool(_things(text, vocab))


# "… then let me know when you're done": word that a step is done, no look of its own
_DONE_REPORT = re.compile(r"(?:\b(?:and |then |just |please )*)(?:(?:let me know|tell me) (?:when|once|after|as soon as) "
                          r"(?:you(?:'re| are|'ve| have)|it(?:'s| is)|that(?:'s| is)|each(?: one)?(?:'s| is)) "
                          r"(?:all )?(?:done|finished|"
                          r"completed?|through)\b|confirm (?:once|when) (?:done|finished|completed?)\b"
                          # "… and tell me after each how it went"
                          r"|(?:let me know|tell me)(?: (?:after|once|when) (?:each|every)(?: one| step)?,?)? how "
                          r"(?:it|each(?: one)?|that|they) (?:went|goes|go)\b)")
_BARE_REPORT = re.compile(r"^(?:and |then |just |please )*(?:let me know|tell me)\W*$")
# "Mobile data should be on. Could you verify?": a look with nothing after it looks at what was just named
_BARE_CHECK = re.compile(r"(?:^|\b(?:you|please|to|and|just|quickly|can|could|would) )"
                         r"(?:verify|check|confirm|double-check|"
                         r"(?:take|have) (?:a|another|a second|a closer|one more) look|look)"
                         r"(?: (?:that|this|it|for me|quickly|please|real quick|again))*\W*$"
                         r"|^what (?:do|can) you (?:see|notice)(?: there| now| right now)?\W*$")
# "Do you have any bars?": a question about what the phone shows, not what the user owns
_HAVE_ANY = re.compile(r"^(?:\w+,? )?(?:do|does|are|is) (?:you|your (?:phone|device)|it) (?:have|has|got|getting|get|"
                       r"see|seeing) (?:any|some|full)\b")
# (not a relative clause after a comma: "…, which is why your speeds were limited")
# ("What we need is for Messages to have SMS": a cleft saying what the agent needs, no question)
_CLEFT = r"(?! (?:we|i|you) (?:need|want|would like|'d like|have to)\b)"
_WH_STATE = re.compile(r"^(?!which (?:is|was|would be) (?:why|what|how|because)\b)(?:\w+,? )?(?:what|which|how)"
                       + _CLEFT + r"(?:'s|'re| is| are| was| were|(?: [\w-]+){1,3} (?:is|are|was|were)\b)")
# "Which one are you interested in?": about the user, not a screen
_ABOUT_YOU = re.compile(r"\b(?:are|were) you (?:\w+ly )?(?:interested|looking|hoping|trying|thinking|after|"
                        r"considering|leaning|planning|keen|wanting)\b")
# a code or number printed somewhere is a fact the user may not have, not a screen to look at
_CODE = re.compile(r"\b(?:code|number|pin|puk|password|id|serial|imei)\b")
# "is already", "are now": a participle after it is a state ("is already enabled"), not an operation
_STATE_BEFORE = re.compile(r"\b(?:(?:is|are|was|were|'s)(?: (?:already|now|still|currently|also|both))+|(?:was|were)|"
                           r"(?:has|have|had) been"
                           r"(?: (?:already|now|just|successfully))*"
                           # "Data Saver was switched on": the particle of a state, its verb a participle
                           r"|(?:was|were|had been|has been|have been)(?: (?:already|just|previously|accidentally))*"
                           r" (?:switched|turned|toggled|left|kept|set)) $")
_MAKING_SURE = re.compile(r"\b(?:make sure|making sure|ensure|ensuring|so (?:that )?(?:it|they)|until)\b")
# looking for a control or an app finds where a step is done ("find the VPN app and tap Disconnect")
_CONTROL_SOUGHT = re.compile(r"(?:look(?:ing)? for|find|locate|search(?:ing)? for|spot) (?:the |a |your )?(?:[\w-]+ ){0,3}"
                             r"(?:switch|toggle|button|option|slider|tile|setting|entry|menu item|app)\b")
_SEEKING = re.compile(r"(?:look|search|check)(?: out)? for\b|(?:find|locate|spot)\b")
_PLURAL_REFERENCE = re.compile(r"\b(?:both|them|these|those|all of (?:them|these|those)|each of them|each one|"
                               r"whichever(?: one)?|either(?: one)?|any of them)\b")
_EITHER_IF = re.compile(r"^(?:and |but |so )?(?:if|should|in case|wherever|whenever) "
                        # ("if SMS or Storage is switched off there": the two things the condition names)
                        r"(?:(?:either )?(?P<two>(?:the )?[\w-]+(?: [\w-]+)? or (?:the )?[\w-]+(?: [\w-]+)?) "
                        r"(?:is|are|shows?|says?)\b"
                        r"|(?:either|any|whichever)(?: one| of them| of the two| of those| of these)?\b)")
_APPS = frozenset({"app", "apps", "application"})
_HEADS = frozenset({"icons", "icon", "status bar", "signal", "bars", "indicator", "signal bars", "symbol", "symbols"})
# "check whether roaming is on", "verify that the VPN is disconnected": what follows is the state looked at
_WHETHER = re.compile(r"\b(?:whether|if)\b|\b(?:check|verify|confirm|see|double-check)\w*(?: for (?:me|us))? that\b"
                      # "please confirm mobile data is turned on": the state looked at, without "that"
                      r"|\b(?:verify|confirm|double-check)\w*(?= (?:your |the )?[\w -]{2,30}? (?:is|are) )")
# ("if it's on": the copula written short)
_CONDITION = re.compile(r"^(?:(?:and|" + CHAT_LEAD + r"),? )*(?:if|in case|should)\b.*(?:\b(?:is|are|isn't|aren't|be|you're|there's|shows?|says?)|'s|'re)\b.*"
                        r"\b(?:on|off|enabled|disabled|set to|"
                        r"showing|shown|active|connected|disconnected|online|offline|empty|wrong|missing|denied|allowed|"
                        r"using|running|"
                        r"lit|lit up|highlighted|visible|greyed out|grayed out|gr[ae]y|blue|green)\b")
_ONCE_STATE = re.compile(r"^(?:and )?(?:once|as soon as|(?:but )?only (?:when|once)) (?!you|it\b|that\b|this\b)[\w -]{2,30}? "
                         r"(?:is|are) (?:back |turned |switched |toggled )?(on|off|enabled|disabled|disconnected)\W*$")
_STATE_AFTER = re.compile(r"\b(?:is|are)(?: \w+)? (?:on|off|enabled|disabled|active|connected|showing|allowed|"
                          r"denied|turned (?:on|off)|switched (?:on|off))\b")
_IS_BEFORE = re.compile(r"\b(?:is|are|'s|was|were|be|been|isn't|aren't|wasn't|weren't|shows? as|showing as|listed as|"
                        r"appears? as)(?: \w+)?\s*$")
# an operation's word that is a state here ("set to", "selected", "switched on by accident")
_STATE_WORD = re.compile(r"set to|selected|select|switched on|switched off|turned on|turned off|enabled|"
                         r"disabled|allowed")
_WHAT_SHOWS = re.compile(r"^(?:\w+,? )?(?:what|which|how)\b" + _CLEFT + r".*\b(?:show|shows|showing|shown|displayed|displaying|display|"
                         r"listed|have|has|allowed|granted|enabled|disabled|denied|blocked|turned|switched|"
                         r"say|says|saying|read|reads|look like|looks like|look|looking|set to|selected|getting|seeing|"
                         r"appears?|"
                         r"configured|report|reports|reporting|give|gives|get|come back with|comes back with)\b"
                         # "What's your signal like right now?"
                         r"|^(?:\w+,? )?what(?:'s| is) (?:your|the) [\w -]{2,30} like(?: right now| now| at the moment|"
                         r" currently)?\W*$")
# switching a device off and on again is a restart ("power it off, wait 30 seconds, power it back on")
_OFF_AND_ON = re.compile(r"\b(?:(?:power|turn|switch|shut)(?:ing)? (?:off |down )?"
                         # ("leave it off for a minute before you turn it back on")
                         r"|(?:leave|leaving|keep|keeping) (?=(?:your |the )?(?:phone|device|handset|router|modem|it) "
                         r"off\b))(?:your |the )?(?P<thing>phone|device|"
                         r"handset|router|modem|it)(?: off| down)?\b"
                         r"(?P<between>[^.?!]*?)"
                         # ("… slide the tray back in": only a plug goes back in)
                         r"(?:\b(?:power|turn|switch|start)(?:ing)? (?:it |them |your \w+ |the \w+ )?"
                         r"(?:back )?(?:on|up)"
                         r"|\bplug(?:ging)? (?:it |them |your \w+ |the \w+ )?(?:back )?in"
                         r"|\bback (?:on|up)|(?<=off )and (?:back )?(?:on|up))\b"
                         r"|\bunplug (?:your |the )?(?P<plugged>router|modem|phone|device"
                         r"|it)\b[^.?!]*?\bplug (?:it |them )?"
                         r"back in\b"
                         # "pull the router's power plug out, count to thirty, then push it back in"
                         r"|\bpull (?:out )?(?:the |your )?(?:(?P<pulled>router|modem)(?:'s)? )?(?:power )?"
                         r"(?:plug|cord|cable|lead|adapter)(?: out)?"
                         r"(?: (?:of|from) (?:the |your )?(?P<pulled_from>router|modem))?\b"
                         r"[^.?!]*?\b(?:plug|push|put|pop|slot) (?:it |them )?back in\b")
# "quit the app and reopen it", "close it completely, then relaunch it": a restart of the thing
# (with an aside between dashes: "quit the app completely - not just back to the home screen - and then open it")
_CLOSE_AND_OPEN = re.compile(r"\b(?:fully |completely )?(?:close|quit|exit|force[- ]close|force[- ]quit|shut)(?: down| out of)?"
                             r" (?:the |your )?(?P<thing>[\w'-]+(?: app)?|it)(?: completely| fully| down)?"
                             r"(?: - [^.?!]{1,80}? -)?,?"
                             r" (?:and |then |and then )+(?:re-?open|relaunch|re-?launch|restart|open|launch|start)"
                             r"(?: it| the [\w'-]+(?: app)?| your [\w'-]+(?: app)?)?(?: again| back up| back)?\b")
# the same, said at more length: "go out from the StreamCo app totally, then open it again", "swipe it away (or
# press the X), then start it up again", "properly closed, then open it again", "after you've closed it and opened it
# again"
_CLOSE_THEN_REOPEN = re.compile(r"\b(?:close[sd]?|closing|quit(?:s|ting)?|exit(?:s|ed|ing)?|go(?:ing)? out|"
                                r"swip(?:e|ing) "
                                r"(?:it|the [\w'-]+(?: app)?) away|kill)(?P<between>[^.?!;]{0,90}?),? "
                                r"(?:and |then |and then )+(?:re-?open|re-?launch|open|launch|start)(?:ing|ed)?"
                                r"(?: it| the [\w'-]+(?: app)?| your [\w'-]+(?: app)?)?(?: up)? (?:again|back up)\b")
_OPEN_SCREEN = re.compile(r"\b(?:open|pull up|bring up)\b(?:\s+[\w&'-]+){0,4}?\s+(?:screen|page|menu|panel|settings?|"
                          r"status|section|tab|options|app permissions)\b")
# "… and tell me what it shows": reporting what the screen just opened shows, no look of its own
# (or which of its options is picked: "open Network mode and read me the option that's ticked", "… tell me what's
# selected": the screen just opened is what is looked at)
_PICKED = r"(?:selected|ticked|checked|chosen|highlighted|marked|active|set)"
_CHOICE = r"(?:option|one|setting|entry|choice|item)s?"
_ASKED_WHETHER = re.compile(r"\b(?:whether|if) (?:the |your )?$")
_WHERE_SHOWN = re.compile(r"\b(?:at|in|on|across|along|(?:gone|disappeared|vanished|missing) from) (?:the |your )?$")
_REPORT_OF_IT = re.compile(r"\bwhat (?:it|that|this|the screen|the page) (?:shows|says|reads|displays|lists)\b"
                           # "What does the newest one at the top say?" of the alerts just named
                           rf"|\bwhat does (?:it|that|this|the {_POSITION} one)"
                           r"(?: [\w-]+){0,4}? (?:show|say|read|display)\b"
                           # "tell me the bill number and amount it shows"
                           # (not a relative clause: "the name on the account for the line that shows no service")
                           r"|\bthe (?:[\w-]+ ){1,6}(?:it|the screen|the page) (?:shows|says|displays|lists)\b"
                           rf"|\bwhich (?:modes?|{_CHOICE}) (?:is|are|'s) (?:currently )?{_PICKED}\b"
                           rf"|\bwhat(?:'s| is) (?:currently )?{_PICKED}\b"
                           # "go to Settings > About phone > SIM status and tell me what is written there"
                           r"|\bwhat(?:'s| is) (?:written|shown|displayed|showing|listed) (?:there|on (?:it|that screen|"
                           r"the screen|the page))\b"
                           rf"|\bthe {_CHOICE} (?:that(?:'s| is| are)|which (?:is|are)) (?:currently )?{_PICKED}\b"
                           rf"|\bthe (?:currently )?{_PICKED} {_CHOICE}\b"
                           # "… > Permissions, and read off everything under 'Not allowed'": what the screen lists
                           r"|\b(?:everything|all|whatever|anything)(?: that's| that is)? (?:listed |shown |written )?"
                           r"(?:under|below) ['\"]?(?!(?:the|your|my|a|an|this|that|it)\b)"
                           # (a list's own heading, not "what's listed under Settings > …", the screen itself)
                           r"|\bwhat(?:'s| is) (?:listed|shown|written) (?:under|below) ['\"]?(?=not |allowed|denied)")
_INSPECTION = re.compile(r"\bfor (?:any )?(?:visible |physical )?(?:damage|dirt|dust|debris|scratches|cracks|bends)\b"
                         r"|\b(?:isn't|is not|aren't|not) (?:bent|dirty|damaged|scratched|cracked|dusty|broken)\b"
                         # "check the card is lying flat in its cutout": how it sits in the tray
                         r"|\b(?:is|it's|lies|sits|is lying|is sitting) (?:lying |sitting )?(?:flat|straight|flush|"
                         r"level|properly seated|seated properly|the right way (?:up|round|around))\b")
# a reset of the whole phone ("a factory reset", "reset the phone") is none of one setting's
_WHOLE_RESET = re.compile(r"\b(?:factory|master|hard) reset|\breset (?:all|everything)\b")
# one tool does it, the thing goes unsaid
_IMPLIED = frozenset({"pay", "reseat", "run", "send", "restart", "set", "reset"})


def _with_inflections(pattern: str) -> re.Pattern[str]:
    """A pattern whose verbs ending in -e also match their -ing form ("enabling", "toggling", "restoring"), and
    whose short verbs ending in a vowel and a consonant may double it before -ing or -ed ("swapping", "tapped")."""
    pattern = re.sub(r"(?<![a-z\\])([a-z]{2,})e(?![a-z])", r"\1(?:e|ing)", pattern)
    return re.compile(re.sub(r"(?<![a-z\\])([b-df-hj-np-tv-z]{1,2}[aeiou])([bdgmnpt])(?![a-z])", r"\1\2\2?", pattern))


_REPORT_LEAD = re.compile(r"^(?:and |then |and then )*(?:tell me|let me know|report back|say)\b")
_ARTICLE_BEFORE = re.compile(r"\b(?:the|a|an|any) $")
_OPERATION_PATTERNS = tuple((kind, _with_inflections(pattern)) for kind, pattern in _OPERATIONS)


# the phone looking for the network is what a step makes it do ("make the phone drop off and look for the network
# from scratch: switch airplane mode on …"), no look of the user's
_PHONE_SEARCHES = re.compile(r"\b(?:phone|device|handset|it)\b(?:\s+[\w'-]+){0,4}?\s+(?:look|search|hunt|scan)(?:s|ing)? "
                             r"for (?:(?:the |a )?(?:mobile |cell |cellular )?(?:network|service|signal)s?|it)\b"
                             r"|\b(?:look|search)(?:s|ing)? for (?:(?:the |a )?(?:mobile |cell |cellular )?(?:network|service)s?"
                             r"|it) (?:again|from scratch|afresh|anew)\b")


# many rules of a message ask what its clauses do (each clause some ten times)
@functools.lru_cache(maxsize=4096)
def _operations(clause: str) -> tuple[tuple[int, str], ...]:
    """(position, operation) asked in a clause, in order; a question about a state asks to look."""
    return tuple(_operations_of(clause))


def _operations_of(clause: str) -> list[tuple[int, str]]:
    ops: list[tuple[int, str]] = []
    spans: list[tuple[int, int]] = []  # what the operations read so far cover: no look inside ("let it … view SMS")
    searched = [m.span() for m in _PHONE_SEARCHES.finditer(clause)]
    for kind, pattern in _OPERATION_PATTERNS:
        for m in pattern.finditer(clause):
            if kind == "check" and any(a <= m.start() < b for a, b in searched):
                continue
            if any(p <= m.start() < p + 3 for p, _ in ops) \
                    or (kind == "check" and any(a < m.start() < b for a, b in spans)):
                continue
            if kind == "set" and _ARTICLE_BEFORE.search(clause, 0, m.start()):
                continue  # the noun: "for the change to reach your phone"
            if kind == "set" and m.group(0).startswith("set") and _SET_AS_A_STATE.search(clause, 0, m.start()):
                continue  # a state: "which network mode it's set to"
            spans.append(m.span())
            if kind in ("turn on", "turn off") and m.group(0).endswith("d") and any(k == "check" for _, k in ops):
                continue  # "tell me which permissions are listed as allowed": a state looked at
            ops.append((m.start(), kind))
    ops = [(p, k) for p, k in ops if not (k == "check" and _INFINITIVE.search(clause, 0, p)
                                          and any(q < p and kk == "turn on" for q, kk in ops))]
    particle = _PARTICLE.search(clause)
    if particle is not None:
        for m in _ON_OFF.finditer(clause, particle.start()):
            ops.append((m.start(), "turn on" if m.group(1) == "on" else "turn off"))
    elif (terse := _TERSE_STATE.match(clause)) is not None:  # "VPN off, please.": the state asked, its verb unsaid
        ops.append((terse.start(1), "turn on" if terse.group(1) == "on" else "turn off"))
    ops.sort()
    if _STATE_QUESTION.search(clause) and not re.match(r"^(?:could|can|would|will) you\b", clause):
        return [(0, "check")]
    if _one_state_asked(clause):
        return [(0, "check")]
    if _WHAT_SHOWS.search(clause) and all(_STATE_WORD.search(clause, max(0, p - 9)) for p, k in ops if k != "check"):
        return [(0, "check")]  # "What's the signal strength showing?", "What's the network type set to?"
    if all(k == "check" for _, k in ops) and (screen := _OPEN_SCREEN.search(clause)) is not None:
        # "open the network status screen", "open your mobile data settings and read me the three switches"
        return sorted({*ops, (screen.start(), "check")})
    if (once := _ONCE_STATE.match(clause)) is not None:
        return [(0, "turn on" if once.group(1) in ("on", "enabled") else "turn off")]
    if _CONDITION.search(clause):  # "If airplane mode is on, turn it off": look first; "is disabled" is a state
        ops = [(p, k) for p, k in ops if not _IS_BEFORE.search(clause, 0, p)]
        if not ops:
            return [(0, "check")]
    whether = _WHETHER.search(clause)
    if whether is not None:  # "check whether roaming is enabled": the state looked at, not a step
        ops = [(p, k) for p, k in ops if p < whether.start() or k in ("check", "send")]
        if not ops and _STATE_AFTER.search(clause, whether.end()):
            return [(whether.start(), "check")]  # "it'd help me to know whether airplane mode is enabled"
    if _INSPECTION.search(clause):  # "check it for any visible damage" looks at the card, not a screen
        ops = [(p, k) for p, k in ops if k != "check"]
    # "tell me which ones are allowed": a participle after "is"/"are" is a state looked at, no step
    ops = [(p, k) for p, k in ops if not (k in ("turn on", "turn off") and _PARTICIPLE_STATE.match(clause, p)
                                          and _IS_BEFORE.search(clause, 0, p) and not _MAKING_SURE.search(clause)
                                          and not _AFTER.search(clause))]  # ("once SMS is allowed": a step first)
    # "Roaming is already enabled for your line": a state, no step ("once the APN has been reset": a step first)
    if not _MAKING_SURE.search(clause) and not _AFTER.search(clause):
        ops = [(p, k) for p, k in ops if not (k in ("turn on", "turn off", "reset", "restart", "reseat")
                                              and _STATE_BEFORE.search(clause, 0, p))]
    if any(k != "check" for _, k in ops):  # "look for the switch labelled 'Mobile data' and tap it"
        ops = [(p, k) for p, k in ops if not (k == "check" and _CONTROL_SOUGHT.match(clause, p))]
    # "That reset only kicks in after a restart", "the reboot needs a minute": the step named as the subject of a
    # statement about it, no step asked (not the restart the statement names either)
    if ops and ops[0][1] != "check" and _NOUN_SUBJECT_LEAD.search(clause, 0, ops[0][0]) \
            and _NOUN_SUBJECT_VERB.match(clause, ops[0][0]):
        return []
    if ops and ops[0][1] != "check" and _DONE_ALREADY.match(clause):
        return []  # "You've restarted it already?" echoes what the user did
    return _dedupe([(p, k) for p, k in ops if not _agents_own(clause, p)], clause)


_DONE_ALREADY = re.compile(r"^(?:\w+,? )?you(?:'ve| have) (?:already |just )?[a-z]+(?:ed|en|ne|t) (?:it|that|this|them|"
                           r"the [\w-]+(?: [\w-]+)?) already\W*$")
_NOUN_SUBJECT_LEAD = re.compile(r"^(?:(?:and|but|so|now|great|nice|ok|okay|right|perfect),? )*(?:the|that|this) "
                                r"(?:[\w-]+ )?$")
_NOUN_SUBJECT_VERB = re.compile(r"[\w-]+ (?:only |just |also |usually |normally |typically |then |generally )*"
                                r"(?:[a-z]+s|will|won't|should|may|might|can|could|is|was|has)\b")


# who does a step: the last subject before its verb ("you" in "I'd like you to …", "I" in "I can enable …")
_SUBJECT = re.compile(r"\b(?:i|you|we|let's)\b(?:'ve|'ll|'m|'d| have| will| am| would| can| could)?"
                      # the agent's side as the subject ("our network can't send picture messages over Wi-Fi calling")
                      r"|\bour [\w-]+(?= (?:can|can't|cannot|could|couldn't|won't|will|doesn't|does|is|isn't)\b)")
_OUR_SIDE = re.compile(r"\b(?:on|from|at) (?:our|my) (?:side|end)\b|\bin our (?:system|records)\b")
_OWN_STRETCH = re.compile(r"[,;]|\b(?:while|and|so|but|as|then)\b")  # where another operation's words may start
_ADVISING = re.compile(r"\s*(?:'d|would)\b|\s+(?:just |also |strongly )?(?:suggest|recommend|advise|propose|need|want|"
                       r"ask|like)\b")


def _agents_own(clause: str, pos: int) -> bool:
    """Whether the operation at ``pos`` is the agent's own, "I" its subject (no advice: "I'd suggest …"), or done
    where the agent is ("… then check the line's data settings on our side")."""
    if _OUR_SIDE.search(_OWN_STRETCH.split(clause[pos:], 1)[0]):
        return True
    subject = None
    for subject in _SUBJECT.finditer(clause, 0, pos):
        pass
    if subject is None or not subject.group(0).startswith(("i", "our ")):
        return False
    return _ADVISING.match(clause, subject.start() + 1) is None


def _dedupe(ops: list[tuple[int, str]], clause: str) -> list[tuple[int, str]]:
    """"reset" beats the "check" of "restore the default", "restart" the "turn off … on" it is made of."""
    kinds = {k for _, k in ops}
    out = []
    for pos, kind in ops:
        if kind in ("turn on", "turn off") and "restart" in kinds:
            continue
        if kind == "check" and kinds & {"reset", "reseat", "restart", "pay", "set"} and not any(
                k == "check" and p > min(q for q, kk in ops if kk != "check") for p, k in ops) \
                and not (_SEEKING.match(clause, pos) and "reseat" not in kinds):
            # ("look for the notification and pay it" looks first; "find the tray and pop it out" reseats)
            continue
        out.append((pos, kind))
    return out


def _tool_for(kind: str, thing: str | None, vocab: Vocabulary) -> str | None:
    """The user tool doing ``kind`` to ``thing``: one named for the thing first; for a look, one whose
    description shows it (the most specific screen)."""
    senses = [s for s in vocab.user_tools if _verb_kind(s) == kind]
    if not senses and kind != "check":
        return None
    if thing is None:
        return senses[0].tool if len(senses) == 1 and kind in _IMPLIED else None
    # "switch the router on" is done by the tool whose description says it also powers the router on
    named = [s for s in senses if thing in s.objects] or [s for s in vocab.user_tools
                                                         if kind in s.also and thing in s.objects]
    if named:
        return named[0].tool
    if kind in _IMPLIED and len(senses) == 1 and set(senses[0].objects) & set(thing.split()):
        return senses[0].tool  # "clear the app cache and relaunch it": the app of the cache is what restarts
    if kind == "check":
        showing = [s for s in senses if thing in s.mentions]
        if not showing:  # "is the roaming switch on?": the screen showing what a tool that switches roaming calls it
            names = {o for s in vocab.user_tools if s.verb != "check" and thing in s.objects for o in s.objects}
            showing = [s for s in senses if names & s.mentions]
            # "is SMS listed under Allowed?": the screen of the kind of thing it is ("sms permission": permissions)
            kinds = {f"{o.split()[-1]}s" for o in names if " " in o}
            showing = showing or [s for s in senses if kinds & (s.mentions | set(s.objects))]
        if showing:
            return min(showing, key=lambda s: len(s.mentions)).tool
        # "what does the speed test say?": a thing only a test shows is looked at by running the test
        testing = [s for s in vocab.user_tools if _verb_kind(s) in ("run", "send") and thing in s.objects]
        if testing:
            return testing[0].tool
        # "is the Storage permission allowed?": the screen showing things of that kind (permissions)
        head = thing.split()[-1] if " " in thing else None
        sharing = [s for s in senses if head and (head in s.mentions or head in s.objects)]
        if len(sharing) == 1:
            return sharing[0].tool
    return None


def _verb_kind(sense: UserToolSense) -> str:
    return {"grant": "turn on", "toggle": "turn on"}.get(sense.verb, sense.verb)


def _flatten_paths(text: str) -> str:
    """"Settings > Apps > Messages > Permissions > SMS > Allow" → "sms allow": a path names where the last
    step is, not things to look at."""
    def last(m: re.Match[str]) -> str:
        parts = [p.strip() for p in m.group(1).split(">")]
        if len(parts) >= 2 and re.fullmatch(r"(?:allow|on|off|enable|disable|deny)", parts[-1]):
            return f"{parts[-2]} {parts[-1]}"
        if len(parts) >= 2 and re.match(r"\W?(?:lte|[2-5]g)\b", parts[-1]):
            return f"set {parts[-2]} to {parts[-1]}"  # "… > Network mode > 4G/5G": the type the mode is set to
        return parts[-1]

    return _PATH.sub(last, text)


_WHEN_IN_STATE = re.compile(r",?\s+(?:when|while) (?:the|your) ([\w -]{2,25}? (?:is|are) (?:turned |switched )?"
                            r"(?:on|off|enabled|disabled|connected|disconnected))(?=\W*$)")
_ANY_THERE = re.compile(r"(^|\s-\s|: )any (?=[\w -]{2,30}? (?:there|up there|up top|showing|on (?:the|your) screen)"
                        r"\W*$)")
_IF_SO_LEAD = re.compile(r"^((?:and |but )?if (?:so|yes|it is|it's|they are|they're))\s+(?=(?!on\b|off\b)[a-z])")
_CALLED_BY_NOUN = re.compile(
    r"(?:^|(?<=, so )|(?<=, and )|(?<=; )|(?<=\s-\s))(?:(?:and|so|okay|ok|right|great|perfect|alright|now|next|then),? )*"
    r"(?P<lead>(?:(?:it's |it is )?time (?:for|to do)|now for|on to|onto|moving on to|next up is|"
    r"let's (?:do|have|get to|try)|go ahead and do|please do) )?"
    r"(?:that|the|this|a|our)(?: quick| new| fresh| final)? (?P<step>[\w -]{2,25}?)"
    r"(?P<mentioned> (?:i|we) (?:mentioned|talked about|spoke about|discussed|planned|promised|said)"
    r"(?: earlier| before| a moment ago| just now)?)?(?=\W*$|\s-\s|, )")


def _called_step(step: str, vocab: Vocabulary) -> str | None:
    """A step named by its noun ("restart", "APN reset", "speed test") said as the step: "restart", "reset the
    apn", "run the speed test"; None when the noun is no step on the user's device."""
    ops = _operations(step)
    if ops and ops[0][1] in _IMPLIED:
        at = ops[0][0]
        return step[at:] if not at else f"{step[at:]} the {step[:at].strip()}"
    if _A_SIDE.search(step):
        return None  # "Now for the phone side", "now for the picture message problem": a part of the work, no step
    things = _things(step, vocab)
    sense = _implied_tool(things[0].phrase, vocab) if len(things) == 1 else None
    return f"{sense.verb} the {step}" if sense is not None else None


def _implied_tool(thing: str, vocab: Vocabulary) -> UserToolSense | None:
    """The tool doing what only it does to a thing named alone ("the speed test": run it); none for a screen ("Next
    step: APN settings" names where a step is, no step done to it)."""
    if _A_SCREEN.search(thing):
        return None
    return next((s for s in vocab.user_tools if _verb_kind(s) in _IMPLIED and thing in s.objects), None)


_A_SIDE = re.compile(r"\b(?:side|end|part|bit|stuff|problem|issue|trouble|fault|question)$")
_A_SCREEN = re.compile(r"\b(?:settings?|screen|menu|page|panel)$")
_PATH_IN_PARENS = re.compile(r"\s*\((?:[^()>]*\s>\s)+[^()>]*\)")
_YOUR_END = re.compile(r",? (?:on|at|from) your (?:end|side)\b")
# a label on the screen set off in quotes ("turn on 'Mobile data'", 'the "network mode" setting')
_QUOTED_LABEL = re.compile(r"(?<![a-z0-9])[\"']([a-z][a-z0-9 /&+-]{1,30}?)[\"'](?![a-z0-9])")


# what may stand before the subject of a sentence: "The Data Saver …", "Your VPN …"
_BEFORE_SUBJECT = re.compile(r"(?:(?:okay|ok|so|well|now|and|but|right|also|then|afterwards|after that),?\s+)*"
                             r"(?:(?:the|your|a|an|this|that|its|phone's|device's)\s+)*$")
# … and what follows it: its verb ("Data Saver can throttle …", "Wi-Fi calling often interferes …")
_SUBJECT_VERB = re.compile(r"\s+(?:(?:often|sometimes|usually|also|still|may|might|can|could|will|would|should|"
                           r"is|are|was|were|has|have|does)\b|[a-z]+s\b)")


def _latest_first(things: Sequence[_Thing], text: str) -> list[str]:
    """Names of the things a text named, as candidates for a later "it": the latest first, except that the subject
    of a statement comes first ("Data Saver can throttle mobile data." then "If it's on, switch it off" means Data
    Saver; in "Open Settings and find mobile data" there is no subject)."""
    subject = _subject(things, text)
    ordered = ([subject] if subject else []) + [t for t in reversed(things) if t is not subject]
    return [p for t in ordered for p in (t.phrase, t.modifier) if p]


def _subject(things: Sequence[_Thing], text: str) -> _Thing | None:
    """The thing a statement's last sentence is about, when it opens the sentence as its subject."""
    start = max((m.end() for m in re.finditer(r"[.!?]\s+(?=\S)", text)), default=0)
    subject = next((t for t in things if t.at >= start), None)
    if subject is not None and (_BEFORE_SUBJECT.fullmatch(text[start:subject.at]) is None
                                or _SUBJECT_VERB.match(text, subject.end) is None or _imperative(text[start:])):
        return None
    # ("Data Saver and the VPN can both slow you down": two subjects, no one "it"; "both" takes them in order)
    joined = _JOINED_SUBJECT.match(text, subject.end) if subject is not None else None
    if joined is not None and any(t.at == joined.end() for t in things):
        return None
    # ("SMS is allowed but Files and media isn't": the second subject, the one still to fix)
    if subject is None:
        return None
    contrasted = next((t for t in things if t.at > subject.at and _BUT_BEFORE.search(text, 0, t.at)
                       and _NOT_AFTER.match(text, t.end)), None)
    return contrasted or subject


_BUT_BEFORE = re.compile(r"\bbut (?:the |your )?$")
_NOT_AFTER = re.compile(r"\s+(?:isn't|is not|aren't|are not|wasn't|is still (?:off|blocked|denied|disabled)|is (?:off|"
                        r"blocked|denied|disabled))\b")


_JOINED_SUBJECT = re.compile(r"\s+(?:and|or|&)\s+(?:the |your )?")


def _verb_first(swapped: re.Match[str]) -> str:
    """"run speed test again" from "speed test > run again": the step's verb before its thing."""
    verb, _, rest = swapped.group("step").partition(" ")
    return f"{verb} {swapped.group('thing')} {rest}".strip()


# (segment or order, tool, whether it is a look at "it" only)
_Step = tuple[int, str, bool]


@dataclass
class _Carried:
    """What reading one sentence leaves for the next."""

    antecedent: list[str]  # the things named so far, the latest first
    header_asks: bool = False  # whether the line above the current list asks
    header_looks: bool = False  # … and asks only to look, at nothing it names
    header_verb: str = ""  # the verb the line above ends on, its things below ("please allow: - SMS - Storage")
    header_thing: str = ""  # the one thing the line above names ("In your VPN app: - Disconnect")
    last_clause: str = ""  # the last clause of the sentence before
    described: bool = False  # whether the sentence before asked to describe the problem


def requested_tools(segments: Sequence[Segment], asking: Sequence[bool], vocab: Vocabulary, *,
                    previous: str = "") -> list[tuple[int, str]]:
    """(segment index, tool) of the user tools the asking segments ask the user to operate, in order (a step to
    do "after" another comes first: "restart your phone after reseating the SIM"); a tool asked for twice is
    listed at each segment asking for it. "It" may be a thing the agent's ``previous`` message named last ("Data
    Saver is switched on." then "Could you turn it off?")."""
    if not vocab.user_tools:
        return []
    out: list[_Step] = []
    said_before = normalise(previous)
    carried = _Carried(_latest_first(_things(said_before, vocab), said_before) if previous else [])
    segments, asking = _plan_picked(segments, asking, vocab, previous)
    restarts = _restarts_across(segments)
    for index, (seg, asks) in enumerate(zip(segments, asking)):
        ordered, first_from = _segment_steps(index, seg, asks, segments, vocab, restarts, carried)
        if _AGENTS_MARK.search(seg.text):  # ("1. Enable roaming on your line *(me)* - …": the agent's own step)
            ordered = []
        if first_from == 0 and ordered and out:  # "Before that, …" opens the sentence: before the last one's steps
            earlier = out[-1][0]
            at = next(n for n, step in enumerate(out) if step[0] == earlier)
            out[at:at] = ordered
        else:
            out += ordered
    for k, seg in enumerate(segments):  # "Turn off Wi-Fi calling. Then do the same for Wi-Fi."
        same = _SAME_FOR.search(seg.text)
        if same is not None and _AGENT_DOES.search(seg.text, 0, same.start()) is None \
                and all(i != k for i, _, _ in out):
            at = next((n for n, step in enumerate(out) if step[0] > k), len(out))
            out[at:at] = [(k, tool, False) for tool in _the_same_for(same, segments[:k], vocab, previous)]
    if not out:
        return _steps_set_out_before(segments, vocab, previous)
    senses = {s.tool: s for s in vocab.user_tools}
    looks = {tool: s for tool, s in senses.items() if s.verb == "check"}
    out = [step for step in _one_screen_shows_it(out, segments, vocab, looks) if not for_another_time(segments, step[0])
           and not _found_to_act_on(step, out, segments, looks) and not _said_of_a_step(segments[step[0]].text)
           and not _NOT_UNTIL_TOLD.search(segments[step[0]].text)
           and not _ON_ANOTHER_PHONE.search(segments[step[0]].text)]
    # "turn on mobile data and tell me what it shows": the look reports the step before it, it is no step of its own
    # ("open the payment request, check that it's for bill B9001, then pay it": a look at what a later step acts on,
    # before any step, is one)
    # (a tool that does something of its own before it is looked at is a step: "close the app and open it again,
    # then try that film and tell me if it starts" plays a title)
    steps_of_their_own = [(i, t) for n, (i, t, looks) in enumerate(out) if not looks or (
        all(other_looks for _, _, other_looks in out[:n])
        and any(set(senses[t].objects) & set(senses[later].objects) for _, later, _ in out[n + 1:]))
        or bool(senses[t].actions and _names_any(segments[i].text, (*senses[t].objects, *senses[t].actions)))]
    return steps_of_their_own if steps_of_their_own else [(i, t) for i, t, _ in out]


def _acts_of_its_own(clause: str, found: Sequence[tuple[int, str, bool]], vocab: Vocabulary) -> bool:
    """Whether the clause names a tool by a verb of its own ("press play" plays a title; "open Settings" names no
    tool's own doing)."""
    senses = {s.tool: s for s in vocab.user_tools}
    return any(senses[tool].actions and _names_any(clause, senses[tool].actions) for _, tool, _ in found)


def _names_any(text: str, words: Iterable[str]) -> bool:
    return any(compiled(rf"\b{re.escape(w)}\b").search(text) for w in words)


# the step as the subject of a statement of what it did or usually does ("Switching the Wi-Fi back on is very often
# all it takes, so please don't feel bad"), in a sentence that asks for no try ("Resetting them usually sorts this
# out - could you give that a try?" asks it; "Restarting your phone should fix it" is no such statement)
_GERUND_SUBJECT = re.compile(r"^(?:(?:and|but|so|now|honestly),? )*(?!(?:some|no|any|every)thing\b)[a-z]{3,}ing\b"
                             r"[^,;:?]{0,50}? (?:was|were|did|fixed|solved|worked|took|helped|(?:is|are) (?:very )?"
                             r"(?:often|usually|normally|typically|generally)|(?:very )?(?:often|usually|normally|"
                             r"typically|generally)|tends)\b")
_A_TRY_ASKED = re.compile(r"\?|\b(?:could|can|would|will) you\b|\b(?:give|try) (?:it|that|this)\b|\bgo ahead\b")


# … and what not to do instead, in brackets: "do a full restart (not an airplane toggle)"
_FALLBACK_IN_PARENS = re.compile(r"\s*\((?:(?:or )?(?:if|unless|in case)|not|rather than|instead of)\b[^()]*\)")
# a step the user took before, said in the past tense
_YOU_DID = re.compile(r"^(?:(?:and|but|so|since|as),? )?you (?:already |just |previously |also )?[a-z]+ed\b(?! to\b)")
# what something else cannot do: "Kestrel can't send MMS over Wi-Fi calling, so please …" states why
_IT_CANNOT = re.compile(r"^(?!(?:i|we|you|please|just|then|and|so|now)\b)(?:[\w'-]+ ){1,3}?(?:can't|cannot|can not|"
                        r"won't|isn't able to|is unable to|doesn't|does not)\b")
# a time gone by: "you put the phone in airplane mode on the flight yesterday" reports it
_IN_THE_PAST = re.compile(r"\b(?:yesterday|last (?:night|week|month|time)|this morning|the other day|\w+ (?:days?|"
                          r"weeks?|hours?|minutes?) ago)\b")
# "You'll need to restart the phone after that, but hold off until I tell you": the sentence's steps wait for word
# (not a wait after the step: "Restart your phone, then wait until I tell you it's back")
_NOT_UNTIL_TOLD = re.compile(r"\b(?:but|just) (?:please )?(?:hold off|wait|don't do (?:it|that|this|anything)"
                             r"(?: yet)?) (?:on (?:it|that|this) )?"
                             r"until (?:i|we) (?:tell|say|ask|give|let you know)\b")


def _said_of_a_step(sentence: str) -> bool:
    return _GERUND_SUBJECT.match(sentence) is not None and _A_TRY_ASKED.search(sentence) is None


_A_CONTROL_FOUND = re.compile(r"\b(?:find|locate|look for|spot)\b[^.?!]{0,40}?\b(?:switch|toggle|button|tile|icon|"
                              r"slider)\b")
_ACT_ON_IT = re.compile(r"^(?:(?:then|now|next|and|so|okay|ok),? )*(?:please |just )?(?:tap|press|hit|flip|toggle|"
                        r"switch|turn|slide)(?: on)? (?:it|that|this one|that one)\b")


def _found_to_act_on(step: _Step, steps: Sequence[_Step], segments: Sequence[Segment],
                     looks: Mapping[str, UserToolSense]) -> bool:
    """"Find the 'Mobile data' button. Tap it once to switch it off, …": finding the control the next sentence
    works is the way to that step, no look of its own."""
    at, tool, _ = step
    return tool in looks and _A_CONTROL_FOUND.search(segments[at].text) is not None \
        and at + 1 < len(segments) and _ACT_ON_IT.match(segments[at + 1].text) is not None \
        and any(k == at + 1 and t not in looks for k, t, _ in steps)


def _one_screen_shows_it(steps: list[_Step], segments: Sequence[Segment], vocab: Vocabulary,
                         looks: Mapping[str, UserToolSense]) -> list[_Step]:
    """"Look at the top of your screen. What does it show for signal?": a thing several screens show (signal) is
    looked at on the screen the message sends the user to, not on another screen it never names (a look after a
    step in between is a look of its own: "turn airplane mode off, then tell me whether you have signal")."""
    text = " ".join(seg.text for seg in segments)
    named = {p for t in _things(text, vocab) for p in (t.phrase, t.modifier) if p}
    # (what the look's own sentence names: "2G is a very old kind of network. … Then glance at the top of your
    # screen: does it show 4G next to the signal bars?" looks at the status bar alone)
    here = {k: {p for t in _things(segments[k].text, vocab) for p in (t.phrase, t.modifier) if p}
            for k in {step[0] for step in steps}}

    def shown_elsewhere(n: int) -> bool:
        sense = looks.get(steps[n][1])
        if sense is None or named & set(sense.objects) & here[steps[n][0]]:
            return False
        seen = named & sense.mentions
        first, last = n, n  # the run of looks, with no other step between, that this one belongs to
        while first > 0 and steps[first - 1][1] in looks:
            first -= 1
        while last + 1 < len(steps) and steps[last + 1][1] in looks:
            last += 1
        return bool(seen) and any(
            (other := looks[steps[m][1]]).tool != sense.tool and named & set(other.objects)
            and seen <= other.mentions | set(other.objects) for m in range(first, last + 1))

    return [step for n, step in enumerate(steps) if not shown_elsewhere(n)]


def _plan_picked(segments: Sequence[Segment], asking: Sequence[bool], vocab: Vocabulary,
                 previous: str) -> tuple[list[Segment], list[bool]]:
    """"Here's the plan: 1. I check your line. 2. You reseat the SIM. … Let's start with #2.": the items a sentence
    picks by number are the steps asked, the plan's other items are not (yet); items of a plan in the message
    before are read at the picking sentence."""
    segs, asks = list(segments), list(asking)
    pick = next((k for k, seg in enumerate(segs) if not seg.item and _PICK.search(seg.text)), None)
    if pick is None:
        return segs, asks
    numbers = [int(a or b) for a, b in _PICKED_NUMBER.findall(segs[pick].text)]
    numbered = [k for k in range(pick) if segs[k].number is not None]
    if numbered:
        for k in numbered:  # (an item not picked asks nothing now, whoever's step it is)
            asks[k] = segs[k].number in numbers
            segs[k] = segs[k] if asks[k] else replace(segs[k], text="", raw="")
        return segs, asks
    picked = [_plan_step(seg.text).rstrip(" .") for n in numbers for seg in segments_of(previous) if seg.number == n]
    if picked:
        said = ", then ".join(picked)
        segs[pick] = replace(segs[pick], text=said, raw=said)
        asks[pick] = True
    return segs, asks


# "Let's start with #2", "Go ahead with step 2", "Start with #2, then #3"
# ("Give me a moment for step 1": the agent's own step picked)
_PICK = re.compile(r"\b(?:start|begin|kick off|go ahead|proceed|carry on|get going|lead off|let's do|do|try|go|"
                   r"(?:moment|minute|second|sec) for)"
                   r"(?: off| on)? (?:with |on )?(?:#|(?:step|option|item|number) ?)\d")
_PICKED_NUMBER = re.compile(r"#\s*(\d+)|\b(?:step|option|item|number)s? ?(\d+)")
# "You reseat the SIM card.", "(you) Disconnect the VPN", "(me) Check the line": whose step a plan's item is
_PLAN_OWNER = re.compile(r"^(?P<mark>\W*)(?:\((?P<who>you|me|us|we|i)\)|you(?= [a-z]))\s*")


_AGENTS_MARK = re.compile(r"\((?:me|us|agent|my side|our side|on my end|on our end)\)")


def _plan_step(item: str) -> str:
    """A plan's item said as the step it is: the user's in the imperative, the agent's with "I" as subject."""
    owner = _PLAN_OWNER.match(item)
    if owner is None:
        return item
    rest = item[owner.end():]
    if owner.group("who") in ("me", "us", "we", "i"):
        return f"{owner.group('mark')}i {rest}"
    return f"{owner.group('mark')}{rest}" if _imperative(rest) else item


_STEP_LEFT = re.compile(r"(?:^|(?<=, ))(?=[a-z]{3,}ing\b[^,;:?]{0,60}? (?:is|would be|will be) (?:the|our|your) "
                        r"(?:last|next|final|only|remaining) (?:piece|step|thing|bit|part)\b)")
# a step named by its gerund: "The usual fix … is giving the app its permissions back", "Resetting it usually helps"
_GERUND_STEP = re.compile(r"^(?:[^.]*?\b(?:is|means|involves|would be)\s+)?(?P<verb>[a-z]{3,}ing)\b(?P<rest>[^.]*)")


def _as_imperative(text: str) -> str:
    """A sentence naming a step by its gerund, said as the step in the imperative; else the sentence as it is."""
    m = _GERUND_STEP.match(text)
    if m is None:
        return text
    gerund, rest = m.group("verb"), m.group("rest")
    for base in (gerund[:-3] + "e", gerund[:-3], gerund[:-4]):
        if any(at == 0 for at, _ in _operations(f"{base}{rest}")):
            return f"{base}{rest}"
    return text


def _steps_set_out_before(segments: Sequence[Segment], vocab: Vocabulary, previous: str) -> list[tuple[int, str]]:
    """"Could you do that now?" after "you'll need to turn off Data Saver and then restart your phone", "Done? Now do
    the same again.": the steps set out for the user before, in this message's earlier sentences ("Turning it off
    should help - would you mind doing that?") or else in the agent's previous message."""
    doing = next((k for k, seg in enumerate(segments) if _does_the_same(seg.text)), None)
    if doing is None or not segments[doing].asks:  # ("Whenever you do try it, it should go through.")
        return []
    said = segments[doing].text[:_DO_THAT.search(segments[doing].text).start()]  # type: ignore[union-attr]
    said = re.sub(r"\W*(?:\b(?:would|could|can|will) you(?: \w+)?|\bplease|\band)?\W*$", "", said)
    told = [*segments[:doing], *([Segment(said, said, True, False, False, False)] if said else [])]
    # "Data Saver needs to be off. Could you do that?": the state needed is the step to do ("The usual fix is
    # giving the Messages app its permissions back. Could you give that a go?": the step named by its gerund)
    told = [replace(seg, text=_as_imperative(_NEEDED.sub(r"turn \g<thing> \g<state>", seg.text))) for seg in told]
    set_out = requested_tools(told, [True] * len(told), vocab, previous=previous) if told else []
    if set_out or not previous:
        return [(doing, tool) for _, tool in set_out]
    before = segments_of(previous)
    return [(doing, tool) for _, tool in requested_tools(
        before, [_OWN_PLAN.search(s.text) is None or _YOU_NEED.search(s.text) is not None for s in before], vocab)]


def _segment_steps(index: int, seg: Segment, asks: bool, segments: Sequence[Segment], vocab: Vocabulary,
                   restarts: dict[int, str], carried: _Carried) -> tuple[list[_Step], int | None]:
    """The steps one sentence asks, in their order (each at the sentence's index), and the clause from which on
    they come before the sentence before's steps, if any ("Before that, …")."""
    asks = _asks_a_step(seg, asks)
    text, asks, what_it_does = _rephrased(index, seg, asks, segments, vocab, restarts, carried.header_asks)
    text, asks = _answered_by_a_look(index, seg, text, asks, segments, vocab)
    text, asks = _read_as_list(index, seg, text, asks, segments, vocab, carried)
    clauses, asks, history = _clauses_asked(index, seg, text, asks, segments, vocab, carried)
    steps, first_from, asks = _clause_steps(index, clauses, asks, history, segments, vocab, carried)
    # "Wi-Fi calling can hijack picture messages and try to send them over Wi-Fi. Is it on?": a statement's
    # subject stays what a later "it" means when its later clauses have no subject of their own
    naming = next((n for n, c in enumerate(clauses) if _things(c, vocab)), None) \
        if not seg.asks and len(clauses) > 1 else None  # (after "Okay, so …")
    opening = _subject(_things(clauses[naming], vocab), clauses[naming]) if naming is not None else None
    if opening is not None and naming is not None and len(clauses) > naming + 1 \
            and all(_subject(_things(c, vocab), c) is None for c in clauses[naming + 1:]):
        carried.antecedent = [opening.phrase, *(p for p in carried.antecedent if p != opening.phrase)]
    if asks and not steps and what_it_does:
        steps = [(0, tool, False) for tool in _by_what_it_does(text, what_it_does, vocab)]
    carried.last_clause = clauses[-1] if clauses else ""
    return [(index, tool, looks) for _, tool, looks in sorted(steps, key=lambda s: s[0])], first_from


def _asks_a_step(seg: Segment, asks: bool) -> bool:
    """Whether the sentence may ask steps, before its clauses are read."""
    # (a sentence the reader left out as an approval or the agent's own action stays out: "Please confirm.")
    asked = (asks or (not seg.asks and (_PATH_LED.match(seg.text) or _PLEASE_DO.match(seg.text)) is not None)) \
        and not _OFFER_HOW.search(seg.text) \
        and not _UP_TO_YOU.search(seg.text)
    # "Please grant it the permission for SMS.": a step in the imperative is the user's, even where another
    # reader took the sentence for an approval of the agent's action
    # "Once the router's lights have settled, is your device showing as online again": a question after when
    return asked or (seg.asks and _directs_a_step(seg.text)) or (_WHEN_FIRST.match(seg.text) is not None and any(
        _STATE_QUESTION.search(c) for c in _SPLIT.split(seg.text)[1:] if c))


def _rephrased(index: int, seg: Segment, asks: bool, segments: Sequence[Segment], vocab: Vocabulary,
               restarts: dict[int, str], header_asks: bool) -> tuple[str, bool, str]:
    """The sentence with its indirect and elided steps said as steps, whether it asks, and the words describing a
    setting by what it does, if the sentence names it that way."""
    text = _QUOTED_LABEL.sub(r"\1", seg.text)  # "swap the 'network mode' over to …": the label, unquoted
    # "look for one titled Payment request (if you don't see it, open the app and check under Billing)": a way round
    # a step that fails, in brackets, leaves the step as it is
    text = _FALLBACK_IN_PARENS.sub("", text)
    if seg.item:
        text = _plan_step(text)
    # "net mode -> 4G/5G", "Network mode: LTE, please": the network type to set, said without a verb
    # (not a value reported: "Network mode: 3G", or an item under "Here's what I see:")
    if not seg.item or header_asks:
        text = _TERSE_NETWORK.sub(r"\g<lead>set the network mode to \g<type>", text)
    # "I'm curious what your status bar shows", "My next question is whether roaming is on": a report asked
    # for indirectly
    if (curious := _CURIOUS.match(text)) is not None:
        text, asks = f"please tell me {text[curious.end():]}", True
    # "What I'd really like is for mobile data to be switched back on", "I'd like the network mode set to 4G":
    # the state the agent wishes for, the step that puts it there
    if (wished_state := _WISHED_STATE.match(text)) is not None and _things(wished_state.group("thing"), vocab):
        verb = _PARTICIPLE_BASE[wished_state.group("verb")]
        text, asks = f"please {verb} {wished_state.group('thing')}{text[wished_state.end():]}", True
    # "It would help if you disconnected the VPN and ran a speed test": the steps wished for, in the past tense
    wished = _HELPS_IF_YOU.search(text)
    if wished is not None:
        wish = _WISHED_VERB.sub(lambda m: m.group(1) + _base_form(m.group(2)), text[wished.end():])
        text = f"{text[:wished.start()]}, please {wish}"  # (an "if" would make the step a condition)
        asks = asks or any(at == 0 for at, _ in _operations(wish))
    text = _YOUR_END.sub("", text)  # "switch Flight Mode off on your end": where the user is, no state
    text = _IF_SO_LEAD.sub(r"\1, ", text)  # "if so switch it off": the answer, then the step
    # "And now that restart I mentioned - …", "Time for the reboot.", "so let's do that speed test": a step the
    # conversation announced, called now by its noun
    if (called := _CALLED_BY_NOUN.search(text)) is not None and (called.group("lead") or called.group("mentioned")) \
            and (step := _called_step(called.group("step"), vocab)) is not None:
        text, asks = f"{text[:called.start()]}please {step}{text[called.end():]}", True
    # "Data saver: switch it off (Settings > Mobile data > Data saver)": a path in parentheses says where the step
    # is done; what the step is done to is named outside it
    where = _PATH_IN_PARENS.search(text)
    if where is not None and _things(text[:where.start()] + text[where.end():], vocab):
        text = text[:where.start()] + text[where.end():]
    # "Take a speed test when the VPN is disconnected": the state the step is done in, set up first
    # (without its article: "once the …" opens a description, "once Wi-Fi Calling is off" a step done first)
    text = _WHEN_IN_STATE.sub(lambda m: f", once {m.group(1)}" if _imperative(m.string[:m.start()]) else m.group(0),
                              text)
    text = _DEVICE_HELD_OFF.sub(r"power off the \1,", text)  # "with the phone switched off, …"
    text = _WITHOUT_THING.sub(r"with \1\2 switched off", text)  # "run the speed test without the VPN"
    # "the mode that cuts all wireless connections - the plane icon": the mode, named after the dash or by the
    # words of what it does (else the sentence is read as it stands)
    what_it_does = " ".join(m.group(0)[len(m.group(1)):] for m in _WHAT_IT_DOES.finditer(text))
    if what_it_does:
        stripped = _WHAT_IT_DOES.sub(r"\1", text)
        by_description = _by_what_it_does(stripped, what_it_does, vocab)
        if by_description or _things(stripped, vocab):
            text = stripped
        what_it_does = what_it_does if by_description else ""
    text = _APPS_OWN.sub(r"\1 ", text)  # "the Messages app's permissions": the messages app permissions
    before = segments[index - 1].text if index else ""
    text = restarts.get(index) or _OFF_AND_ON.sub(lambda m: _restart(m, vocab, before),
                                                  _flatten_paths(_DEVICES_OWN.sub(r"\1 ", text)))
    text = _CLOSE_AND_OPEN.sub(lambda m: f"restart the {m.group('thing').split()[-1]}"  # "the StreamCo app"
                               if m.group("thing") != "it" else "restart it", text)
    text = _CLOSE_THEN_REOPEN.sub(lambda m: "restart the app" if re.search(r"\bapps?\b", m.group(0)) else "restart it",
                                  text)
    text = _cycled(_DONE_REPORT.sub("", _ASIDE.sub("", text)), vocab)
    # "airplane mode needs to come off", "roaming wants to be on": the state a setting should end up in is the
    # step that puts it there
    text = _SHOULD_END_UP.sub(lambda m: _step_to_state(m, vocab, _next_text(index, segments)), text)
    return text, asks, what_it_does


def _answered_by_a_look(index: int, seg: Segment, text: str, asks: bool, segments: Sequence[Segment],
                        vocab: Vocabulary) -> tuple[str, bool]:
    """A question answered by looking at the device, said as that look."""
    # "How fast is it now? A speed test on the phone will tell us": the question is answered by the tool named as
    # the means, which is the step
    means = _MEANS.match(text) if index and not seg.asks and (
        segments[index - 1].question or _ASKED_OPENING.match(segments[index - 1].text)) else None
    if means is not None:
        thing = _things(means.group("thing"), vocab)
        answering = next((sense for sense in vocab.user_tools if len(thing) == 1
                          and _verb_kind(sense) in _IMPLIED and thing[0].phrase in sense.objects), None)
        if answering is not None:
            text, asks = f"please {answering.verb} the {thing[0].phrase}", True
    # "data saver on?", "VPN still connected? if yes, drop it": a setting and a state asked about, no verb, is a
    # look at it (asked by its mark, or by the "if yes" that answers it, in this sentence or the next)
    if _ANY_THERE.search(text):  # "top of your screen - any little plane icon there": a question, its mark left off
        text, asks = _ANY_THERE.sub(r"\1is there any ", text), True
    answer = _IF_ANSWERED.search(text)
    head = text[:answer.start()] if answer is not None else text
    terse_question = _TERSE_QUESTION.match(head)
    if terse_question is not None and _things(terse_question.group("thing"), vocab) \
            and not re.search(r"\b(?:is|are|was|were|been|be)\b", terse_question.group("thing")) and (
            seg.question or answer is not None
            or (index + 1 < len(segments) and _IF_ANSWERED.match(segments[index + 1].text) is not None)):
        at = terse_question.start("thing")
        asked = re.sub(r"^(.*?)(?: -|:) ", r"\1 ", head[at:], count=1)  # ("data saver - on?")
        return f"{head[:at]}is {asked.rstrip(' .?!')}?" + (f" {text[answer.end():]}" if answer else ""), True
    return text, asks


def _read_as_list(index: int, seg: Segment, text: str, asks: bool, segments: Sequence[Segment], vocab: Vocabulary,
                  carried: _Carried) -> tuple[str, bool]:
    """A list item said as the step its header asks for; a line that is no item becomes the header of the items
    after it."""
    # "Could you make these changes? - Mobile data: On - VPN: Disconnected": each item a state to set
    # ("- Airplane mode: off (swipe down from the top)": how to get there, said aside)
    setting = _SETTING_ITEM.match(_TRAILING_ASIDE.sub("", text)) if seg.item else None
    # "Could you check these for me? - Data roaming - Data Saver": each item a thing to look at
    looked_at = _TERSE_THING.match(_LIST_MARK.sub("", text)) if seg.item and carried.header_looks else None
    if setting is not None and carried.header_asks:
        state = "off" if setting.group(2) in ("off", "disabled", "disconnected", "disconnect", "deny", "denied") \
            else "on"
        return f"turn {setting.group(1)} {state}", True
    if looked_at is not None and len(_things(looked_at.group(0), vocab)) == 1:
        return f"check {looked_at.group('thing')}", True
    if seg.item and carried.header_asks and (swapped := _THING_THEN_STEP.match(text)) is not None \
            and _things(swapped.group("thing"), vocab) \
            and any(at == 0 for at, _ in _operations(_verb_first(swapped))):
        # "Next: - VPN → disconnect - Speed test → run again": the thing, then what to do to it
        return _verb_first(swapped), True
    if seg.item and carried.header_asks and carried.header_verb \
            and (listed := _TERSE_THING.match(_LIST_MARK.sub("", text))) \
            and len(_things(listed.group(0), vocab)) == 1:
        return f"{carried.header_verb} {listed.group('thing')}", True
    if seg.item and carried.header_asks and carried.header_thing and not _things(text, vocab) \
            and _BARE_VERB_ITEM.match(text) and any(at == 0 for at, _ in _operations(f"{text} {carried.header_thing}")):
        return f"{text.rstrip(' .!?')} {carried.header_thing}", True
    if not seg.item:
        # (a line above a list is its header though it ends on no colon: "### On your phone")
        above_items = seg.header or (index + 1 < len(segments) and segments[index + 1].item)
        carried.header_asks = seg.asks or (above_items and _DIRECTING_HEADER.search(text) is not None
                                           and _REPORTING_HEADER.search(text) is None)
        ending = _HEADER_VERB.search(text) if seg.header else None
        carried.header_verb = ending.group(1) if ending is not None and any(
            at == 0 for at, _ in _operations(ending.group(1) + " it")) else ""
        named_above = _things(text, vocab)
        carried.header_thing = named_above[0].phrase if above_items and len(named_above) == 1 else ""
        # (a look with nothing to look at: what it looks at is listed below)
        carried.header_looks = seg.asks and [k for _, k in _operations(text)] == ["check"] \
            and not _things(text, vocab)
    # ("Here's what to do: - Permissions → SMS → Allow": an item under a header that sets out steps is one; not a
    # statement with its own subject: "Two options for you: 1. … 2. We leave roaming off")
    return text, asks or (seg.item and carried.header_asks and _ITEM_SUBJECT.match(text) is None)


_ITEM_SUBJECT = re.compile(r"^\W*(?:i|we|you|they|it|this|that|there|he|she)(?:'\w+)?\b")


_KEY_VALUE = re.compile(r"^(?:[-*\u2022]\s*)?(?P<key>[\w /&'-]{2,30}):\s+\S")
_SETTABLE = re.compile(r"(?:on|off|enabled|disabled|connected|disconnected|allowed|allow|denied|deny|\d+g[\w/ ]*)\b")


def _in_a_readout(index: int, segments: Sequence[Segment], vocab: Vocabulary) -> bool:
    """A "Key: value" line in a run with another whose key is no thing of the device ("Server: relay-9 … / Data
    saver: off"):
    a readout of what was found, not a checklist of states to set."""
    def foreign_key(text: str) -> bool:  # (or a value no step sets or is: "Roaming: n/a (home network)")
        line = _KEY_VALUE.match(text)
        return line is not None and (not _things(line.group("key"), vocab) or (
            _SETTABLE.match(text, line.end() - 1) is None and not _operations(text[line.end() - 1:])))

    if _KEY_VALUE.match(segments[index].text) is None:
        return False
    # the run of "Key: value" lines the line is in
    start = end = index
    while start > 0 and _KEY_VALUE.match(segments[start - 1].text):
        start -= 1
    while end + 1 < len(segments) and _KEY_VALUE.match(segments[end + 1].text):
        end += 1
    return any(foreign_key(segments[i].text) for i in range(start, end + 1) if i != index)



def _clauses_asked(index: int, seg: Segment, text: str, asks: bool, segments: Sequence[Segment], vocab: Vocabulary,
                   carried: _Carried) -> tuple[list[str], bool, bool]:
    """The sentence's clauses, whether it asks steps, and whether it asks about the past."""
    # "If you could give it access to photos, that should clear it": a step asked politely, its effect after it
    text = _POLITE_IF.sub("please ", text)
    # "granting Storage to the Messages app is the last piece of the puzzle": the step left, asked
    if (left := _STEP_LEFT.search(text)) is not None:
        text, asks = text[:left.start()] + "please " + _as_imperative(text[left.start():]), True
    split = _continued(c for c in (_LIST_MARK.sub("", c) for c in _SPLIT.split(text)) if c)
    split = [part for c in split for part in _terse_then_step(c, vocab)]
    clauses = _appositions_joined([part for c in split for part in _condition_first(c, vocab)], vocab)
    # "I can switch roaming on for your line, and in the meantime please make sure mobile data is on": a step
    # directed in a later clause of a sentence taken for the agent's own action is the user's all the same
    # ("While I pull up your account, could you check what your connection indicator shows?": a look too,
    # when the clause names something on the device; a read-back's "could you check that's right?" names none)
    asks = asks or (seg.asks and any(_directs_a_step(_MEANWHILE.sub("", c), looks=names_device_thing(c, vocab))
                                     for c in clauses[1:]))
    # "Airplane mode off, then on.", "VPN off, then speed test.", "Data Saver: off.": a sentence of steps said
    # as things and states alone, no verb, asks them
    # (a list item asks as its header does: "Here's what I see: - Wi-Fi: off" reports)
    # (an item among steps asks too: "1) wifi ON / 2) check connection")
    led = (seg.item and (carried.header_asks or _among_steps(index, segments))) or _THEN_LEAD.match(text) is not None
    if not _in_a_readout(index, segments, vocab) and not seg.status \
            and (terse := _terse_steps(clauses, vocab, led=led)) is not None:
        clauses, asks = terse, asks or not seg.item or led
    else:  # "switch that off, then speed test": a thing only one step is done to, after a step
        clauses = [_implied_step(c, vocab) if any(_operations(before) for before in clauses[:k]) else c
                   for k, c in enumerate(clauses)]
        clauses = [_same_step_for(c, clauses[k - 1], vocab) if k else c for k, c in enumerate(clauses)]
    if _one_state_asked(text):
        clauses = [text]  # "Quick one: airplane mode - on or off?": one question about the thing it names
    # "Now load a page or run a speed test.", "If you see a key icon, disconnect the VPN.": a step in the
    # imperative asks though the sentence reads as no question or directive (not the agent's own plan: "I'll
    # send the request, and then reactivate the line")
    # ("… send me the account ID so I can check the plan": what the agent does after, no plan of the agent's)
    own_plan = _OWN_PLAN.search(_SO_I_CAN.sub("", text)) is not None
    asks = asks or (not seg.asks and any(_imperative(c) and (not own_plan or _TO_YOU.match(c))
                                         for c in clauses)) or (not seg.asks and _ADVICE.match(text) is not None) \
        or (not seg.asks and any(_asked_of_you(c) for c in clauses))
    # "Describe what happens when you try to send an MMS", "Tell me what you see when a picture message fails":
    # the problem described, no step (unless a step is asked beside it: "Send one and tell me what happens")
    stepped = any(_imperative(c) and any(kind != "check" for _, kind in _operations(c)) for c in clauses)
    # ("… - does it fail right away?" goes on describing it)
    carried.described = (_PROBLEM_REPORT.search(text) is not None or (carried.described and seg.question)) \
        and not stepped
    asks = asks and not carried.described
    # "… - could you restart the device." and "🙂 Is your phone showing LTE …": a question without its mark
    asks = asks or (not seg.asks and any(_polite(c) for c in clauses)) \
        or (not seg.asks and _LIST_MARK.match(seg.text) is not None
            and _STATE_QUESTION.search(_LIST_MARK.sub("", seg.text)) is not None)
    asks = asks and not _ANOTHER_TIME.match(seg.text) and not _ONCE_I_DO.match(seg.text) \
        and not ASK_LATER.search(seg.text)  # ("Once roaming is active, I'll have you switch on data roaming")
    asks = asks and not RECAP_LABEL.match(seg.text) and not _AS_A_RULE_BUT.search(seg.text)
    # (nor the items under a recap's label: "What was wrong, and what we did: - Airplane mode was on → you turned it
    # off")
    recap = header_of(segments, index) if seg.item else None
    if recap is not None and RECAP_LABEL.match(recap.text):
        return [], False, False
    # "When it's back up, check whether you have signal": a step after the when-clause is no question about
    # the past
    history = _HISTORY.search(seg.text) is not None and not any(_imperative(c) for c in clauses[1:])
    # "If that little plane is showing, that's our culprit. Swipe down and tap it": the condition on the screen
    # asks a look though the step is in the next sentence
    opened = _CHAT_OPENING.sub("", text)  # (not "Okay, so …" as a clause)
    parts = [c for c in _SPLIT.split(opened) if c] \
        if index + 1 < len(segments) and _SHOWN_IF.match(opened) is not None else []
    shown = _SHOWN_IF.match(parts[0]) if len(parts) > 1 else None
    if shown is not None and all(kind == "check" for _, kind in _operations(parts[0])) \
            and all(_VERDICT.match(c) for c in parts[1:]) and _step_follows(parts[1:], _next_text(index, segments)):
        return [f"check whether {parts[0][shown.end():]}"], True, history
    return clauses, asks, history


_POLITE_IF = re.compile(r"^if you (?:could|can|would|'d|(?:would|'d) be able to|are able to) (?=[^,]+, (?:that|this|it|"
                        r"which) (?:should|will|would|ought to|'ll)\b)")


# "I'd normally have you send a test picture now, but you'd rather wait": the step not asked this time
_AS_A_RULE_BUT = re.compile(r"\b(?:i|we)(?:'d| would) (?:normally|usually|ordinarily|typically|otherwise)\b[^.?!]*?"
                            r"(?:,|\s-)\s*but\b")


_THEN_LEAD = re.compile(r"^(?:and )?(?:then|next|after that|afterwards)\b")  # "then speed test": a step in a run


def _implied_step(clause: str, vocab: Vocabulary) -> str:
    """A clause that is a test alone, said as the test run ("speed test": run the speed test; not "network type" in
    a list of things to read)."""
    alone = _lone_thing(clause, vocab)
    doing = _implied_tool(alone[1], vocab) if alone is not None else None
    if alone is None or doing is None or _verb_kind(doing) not in ("run", "send"):
        return clause
    return f"{doing.verb} the {alone[1]}"


def _same_step_for(clause: str, before: str, vocab: Vocabulary) -> str:
    """"set SMS to Allow first, then Storage" (or "then same deal for Storage"): a thing alone after a step on one
    other thing, the same step on it."""
    alone = _lone_thing(_SAME_DEAL.sub("then ", clause), vocab)
    done_to = _things(before, vocab)
    if alone is None or _operations(clause):
        return clause
    if len(done_to) == 1 and len(_operations(before)) == 1 and done_to[0].phrase in before:
        return re.sub(r"\s+first\b", "", before.replace(done_to[0].phrase, alone[1], 1))
    # ("tap SMS and set it to Allow, then same deal for Storage": the step said of "it")
    if not done_to and _operations(before) and _SAME_DEAL.match(clause) and (it := _IT.search(before)):
        return f"{before[:it.start()]}{alone[1]}{before[it.end():]}"
    return clause


_IT = re.compile(r"\bit\b")
_SAME_DEAL = re.compile(r"^(?:(?:and|then|next|now),? )*(?:do |it's |it is )?(?:the )?same (?:deal|thing|again|story|"
                        r"goes|way|here|drill) (?:for|with) ")


def _lone_thing(clause: str, vocab: Vocabulary) -> tuple[re.Match[str], str] | None:
    """A clause naming one thing and nothing else ("speed test", "the same speed test after"): its match and the
    thing; None for any other clause."""
    thing = _TERSE_THING.match(clause)
    things = _things(clause, vocab) if thing is not None else []
    if thing is None or len(things) != 1 or things[0].phrase != thing.group("thing"):
        return None
    return thing, things[0].phrase


def _terse_then_step(clause: str, vocab: Vocabulary) -> list[str]:
    """"wifi calling off & retry the mms": a thing and its state, then a step, said as two clauses."""
    joined = _TERSE_AND.match(clause)
    if joined is None or not _TERSE_STATE.match(joined.group(1)) or not _things(joined.group(1), vocab) \
            or not (_imperative(joined.group(2))
                    or (_TERSE_STATE.match(joined.group(2)) and _things(joined.group(2), vocab))):
        return [clause]  # (or a second thing and its state: "mobile data on and the VPN off")
    return [joined.group(1), joined.group(2)]


_TERSE_AND = re.compile(r"^(.+? (?:on|off)) (?:&|and|\+) (?!then\b)(.+)$")


_HELD_OFF = re.compile(r"^(?:but |and )?(?:please )?(?:hold off|don't (?:do|start) (?:that|it|this|anything) "
                       r"(?:just )?yet|(?:i|we)(?:'ll| will) (?:walk|guide|take) you through (?:that|it|this),? "
                       r"(?:once|when|after|as soon as))\b")
_SO_I_CAN = re.compile(r"\bso (?:that )?(?:i|we) (?:can|could|'ll|will|may)\b.*")


def _next_text(index: int, segments: Sequence[Segment]) -> str:
    """The sentence after sentence ``index``, or nothing."""
    return segments[index + 1].text if index + 1 < len(segments) else ""


def _clause_steps(index: int, clauses: Sequence[str], asks: bool, history: bool, segments: Sequence[Segment],
                  vocab: Vocabulary, carried: _Carried) -> tuple[list[_Step], int | None, bool]:
    """The steps the sentence's clauses ask, each with its place in the order; the clause from which on the steps
    come before the earlier ones, if any; and whether the sentence asks, now that its clauses are read."""
    steps: list[_Step] = []
    first_from: int | None = None
    after_before = False  # whether the clause before was an after-clause ("after you've …")
    looked: str | None = None  # the one screen the clause before looked at, if that was all it asked
    # ("restart the phone after that, but hold off until I confirm": the steps before the hold-off are for later)
    held_before = max((j for j in range(1, len(clauses)) if _HELD_OFF.match(", ".join(c for c in clauses[j:] if c))),
                      default=0)
    for k in range(len(clauses)):
        named = next((p for p in carried.antecedent if p not in _DEVICES), None)
        clause = _in_context(index, k, clauses, named, segments, vocab)
        clause, set_up, states_it = _with_state(k, clauses, clause, named, carried.last_clause)
        asks = asks or states_it
        if _no_step(k, clauses, clause):
            clause = ""
        alone = not k and all(not _operations(c) for c in clauses[1:])  # "You'll need to X first, though."
        if first_from is None and (_FIRST_THOUGH.match(clause) or ((k or alone) and _FIRST_AFTER.search(clause))):
            first_from = k
        clause = _verb_shared(k, clauses, clause)
        things = _clause_things(k, clauses, clause, vocab)
        # "What do you see when you open your pass?": the look is done by doing the when-clause's step
        seen_on = k > 0 and _SEEN_WHEN.match(clauses[k - 1]) is not None and clause.startswith("when you ")
        # ("You turned data saver off earlier; please turn it back on now": what the user did, named for the "it")
        clause = _ALTERNATIVE_AFTER.sub("", clause)
        if asks and k >= held_before and not _NEGATED.search(clause) and not history and not _BEFORE_WE.match(clause) \
                and not _YOU_DID.match(clause) and not _IN_THE_PAST.search(clause) and not _IT_CANNOT.match(clause) \
                and (not _DESCRIBING.search(clause) or _CONDITION.search(clause) or _DONE_FIRST.match(clause)
                     or _ONCE_THEN_ASK.match(clause)
                     or seen_on or (k > 0 and _TAPPED.search(clauses[k - 1]) is not None
                                    and _SO_IT_IS.match(clause) is not None)):
            found = _found_in(clause, things, looked, carried.antecedent, vocab)
            if NAVIGATION.match(clause) and all(op == "check" for _, op in _operations(clause)) and any(
                    op != "check" for c in [*clauses[k + 1:], *_next_step_on_it(k, clauses, index, segments)]
                    for _, op in _operations(c)) and not _acts_of_its_own(clause, found, vocab):
                found = []  # "open the Wi-Fi settings and switch Wi-Fi off": where the step is done
            # "after you've turned Wi-Fi calling off and restarted": the participle goes on the after-clause
            after = (_AFTER.search(clause) is not None and not _ONCE_THEN_ASK.match(clause)) or set_up \
                or (k > 0 and after_before and _PARTICIPLE.match(clause) is not None)
            after_before = after
            order = -1 if after else len(clauses) + k if _BEFORE.match(clause) else k
            if first_from is not None:
                order -= 2 * len(clauses) + 1
            # "once you've found it, pay it": a look done first is a step, not a report of one
            steps += [(order, tool, looks and not after) for _, tool, looks in _first_each(found)]
            looks_at = {tool for _, tool, _ in found}
            looked = looks_at.pop() if len(looks_at) == 1 and all(
                kind == "check" for _, kind in _operations(clause)) else None
        else:
            looked = None
        # "…, which blocks all cellular signals": what a relative clause names is no "it" of a later step
        relative = _RELATIVE.search(clause)
        # (nor what a purpose names: "that one should be off for MMS to work - can you change it?")
        purpose = _FOR_IT_TO.search(clause)
        named_here = [t for t in things if (relative is None or t.at < relative.start())
                      and (purpose is None or not purpose.start() <= t.at < purpose.end())]
        carried.antecedent = _latest_first(named_here, clause) + carried.antecedent
    return steps, first_from, asks


def _in_context(index: int, k: int, clauses: Sequence[str], named: str | None, segments: Sequence[Segment],
                vocab: Vocabulary) -> str:
    """Clause ``k`` said as what it asks where the clauses around it, the screen or the thing named last decide it."""
    clause = clauses[k]
    either = _EITHER_IF.match(clauses[k - 1]) if k else None
    if either is not None:  # "if either one is denied, allow it": each of them ("if SMS or Storage is off": both)
        both = either.group("two").replace(" or ", " and ") if either.group("two") else "each one"
        clause = re.sub(r"\bit\b", both, clause)
    bare = _BARE_STATE.match(clause)
    if (ahead := _BEFORE_A_THING.match(clause)) is not None and not _operations(clause):
        # "Ahead of the speed test, turn the VPN off": the test, named alone, is run after
        implied = next((s for t in _things(clause, vocab) for s in vocab.user_tools
                        if _verb_kind(s) in _IMPLIED and t.phrase in s.objects), None)
        if implied is not None:
            clause = f"before {implied.verb} {clause[ahead.end():]}"
    if _IF_SO.match(clause) and named is not None and k + 1 < len(clauses) \
            and not (index and segments[index - 1].question):
        # "… might still be on. If so, turn it off": look at it first (after "Is it on?" the question looks)
        clause = f"check {named}"
    shown_if = _SHOWN_IF.match(clause)
    if shown_if is not None and not _operations(clause) \
            and _step_follows(clauses[k + 1:], _next_text(index, segments)):
        # "If there's a plane icon up by the clock, switch airplane mode off": what the screen shows decides
        # the step, so the user looks first
        clause = f"check whether {clause[shown_if.end():]}"
    if bare is not None and named is not None:
        clause = f"turn {named} {bare.group(1)}"
    return clause


def _with_state(k: int, clauses: Sequence[str], clause: str, named: str | None,
                last_clause: str) -> tuple[str, bool, bool]:
    """The clause said as the step that puts a setting in the state it names; whether that state is set up before
    the step of its sentence ("…, with Wi-Fi off"), and whether the clause asks it though it asks nothing else."""
    needed = _NEEDS_STATE.search(clauses[k - 1] if k else last_clause)
    held_state = _WITH_STATE_ONLY.match(clause)
    if held_state is not None:  # "with the VPN off, run the speed test again": the VPN turned off first
        state = "on" if held_state.group(2) in ("on", "enabled", "connected") else "off"
        clause = f"turn {held_state.group(1)} {state}"
    elif _WITH_DONE.match(clause) or re.match(r"^having\b.*\balready\b", clause):
        clause = ""  # "With the APN restored, let's check whether that fixed it": a step done already
    elided = _MAKE_SURE_IT_IS.match(clause)
    if needed is not None and named is not None and elided is not None:
        # "Cellular Data needs to be green …; please make sure it is": the state the clause before named
        clause = f"{elided.group(1)} {named} is {needed.group(1)}"
    elif needed is not None and named is not None and _FLIP_IT.search(clause) and needed.group(1) in ("on", "off"):
        # "That one needs to go off - can you flip it?": the flip puts it in the state just named
        clause = f"turn {named} {needed.group(1)}"
    it_needs = _IT_NEEDS.match(clause)
    if it_needs is not None and named is not None and not _FOR_IT_TO.search(clause) \
            and not (it_needs.group("modal") == "should" and _EXPECTED.search(clause)):
        # "The last piece is the Data Roaming switch; it has to be on as well.": the state "it" should end up
        # in, the step that puts it there
        return f"turn {named} {it_needs.group('state')}", held_state is not None, True
    return clause, held_state is not None, False


# what the step is done instead of, after it: "tap Allow rather than Don't allow" (the step stands)
_ALTERNATIVE_AFTER = re.compile(r"(?<=\S)\s+(?:rather than|instead of)\b[^,;]*$")


def _no_step(k: int, clauses: Sequence[str], clause: str) -> bool:
    """Whether the clause, though it names a step, asks none."""
    if _PURPOSE.match(clause) and (k + 1 == len(clauses) or not (
            _imperative(clauses[k + 1]) or NAVIGATION.match(clauses[k + 1]))):
        return True  # "To send MMS, Messages needs …" (not "To turn Wi-Fi off, open Settings > Wi-Fi")
    if k and clause.startswith("which "):
        return True  # "…, which the app needs to send picture messages": what it is for, no step
    if k and _AFTER_A_THING.match(clause) and _STATEMENT.match(clauses[k - 1]) and not _imperative(clauses[k - 1]):
        return True  # "- the reset only takes effect after a restart": when a statement holds, no step
    # "Turn off airplane mode and let me know", "Once you've switched it off, let me know": word that the step is
    # done, no look
    # ("I could also go over our roaming rates - just let me know": the word that takes up the agent's offer)
    return bool(k and _BARE_REPORT.match(clause) and (any(kind != "check" for _, kind in _operations(clauses[k - 1]))
                                                      or _AGENT_OFFERS.search(clauses[k - 1]) is not None))


_AGENT_OFFERS = re.compile(r"\b(?:i|we)(?:'d| would)? (?:also |happily |gladly )?(?:can|could|be (?:happy|glad) to|"
                           r"am happy to)\b|\b(?:i'm|we're) (?:happy|glad) to\b")


def _verb_shared(k: int, clauses: Sequence[str], clause: str) -> str:
    """"grant Messages the Storage permission, then the SMS permission": the verb said once for both."""
    gapped = _GAPPED.match(clause) if k else None
    if gapped is not None and not _operations(clause) and (done := _operations(clauses[k - 1])) \
            and done[0][1] != "check" and clauses[k - 1].split()[-1] == gapped.group(1).split()[-1]:
        return f"{clauses[k - 1][done[0][0]:].split()[0]} {gapped.group(1)}"
    return clause


def _clause_things(k: int, clauses: Sequence[str], clause: str, vocab: Vocabulary) -> list[_Thing]:
    """The things the clause names, the device's own parts by word where it names only the device."""
    things = _things(clause, vocab)
    if all(t.phrase in _DEVICES for t in things):
        things = sorted([*things, *_things_by_word(clause, vocab)], key=lambda t: t.at)
    if not things and len(clause.split()) <= 2 and k + 1 < len(clauses) \
            and any(kind in ("turn on", "turn off") for _, kind in _operations(clause)) \
            and any(kind in ("turn on", "turn off") for _, kind in _operations(clauses[k + 1])):
        # "disable and then re-enable mobile data": a bare verb takes the thing of the next switch (not "tap
        # Disconnect, then rerun the speed test")
        things = [_Thing(t.phrase, len(clause), len(clause)) for t in _things(clauses[k + 1], vocab)[:1]]
    return things


def _found_in(clause: str, things: list[_Thing], looked: str | None, antecedent: list[str],
              vocab: Vocabulary) -> list[tuple[int, str, bool]]:
    """(position, tool, a look at "it" only) of the steps a clause asks, a state it is done in first (-1)."""
    # (a tool's own verb and thing done by the agent is no step: "I've reset the APN profile for your line on our
    # side")
    found = sorted({*((p, t, False) for p, t in _declared(clause, vocab) if not _agents_own(clause, p)),
                    *((p, t, False) for p, t in _acted(clause, vocab, antecedent) if not _agents_own(clause, p)),
                    *_paired(clause, things, antecedent, vocab)})
    # "look at the top of your screen and tell me whether you see signal bars": the report of that look, when the
    # screen looked at shows everything the report names
    if looked is not None and _REPORT_LEAD.match(clause) and things \
            and all(tool.startswith("check") for _, tool, _ in found) \
            and all(any(s.tool == looked and (t.phrase in s.objects or t.phrase in s.mentions)
                        for s in vocab.user_tools) for t in things):
        return []
    # "try a speed test with the VPN disconnected": the state it is done in is set up first
    held = [m.span() for m in _WITH_STATE.finditer(clause)]
    return sorted((-1 if any(a <= p < b for a, b in held) else p, t, looks) for p, t, looks in found)


# a clause that only leads a step ("Next:", "Step 2 -", "Quick one:") or only says please
_TERSE_LEAD = re.compile(r"^(?:(?:next|then|now|finally|first|also|and|please|ok|okay|great|thanks|quick one|"
                         # ("the speed test after that, please": its place in the order)
                         r"after that|afterwards|after|as before|again|once more|"
                         r"(?:step|stage) (?:\d+|one|two|three|four|five)|(?:first|next|last|final|second|third) "
                         r"(?:step|thing|one))\W*)+$")
# a lead that directs the terse steps after it ("After that: mobile data on", "What I need from you: VPN off")
_DIRECTING_LEAD = re.compile(r"^(?:(?:and|then|so|now|ok|okay),? )*(?:after that|after which|from there|"
                             r"in (?:this|that|the following) order|the rest(?: is)?|what (?:i|we) need(?: from you)?"
                             r"(?: is)?|(?:here's |here is )?what to do|(?:your|the) (?:homework|job|task|part|bit|to-do)"
                             r"(?: here| now)?(?: is)?(?: simple| easy| quick| short)?|"
                             r"on (?:your|the) (?:phone|handset|device)(?: itself)?|(?:still )?(?:remaining|left|to do)"
                             r"(?: on your (?:list|side|end))?)\W*$")
_TERSE_PARTICIPLE = re.compile(r"^(?:(?:and|then|now|lastly|finally|next),? )*(?P<thing>(?:the |your )?[\w-]+"
                               r"(?: [\w-]+){0,3}?) (?P<state>disconnected|enabled|disabled)\W*$")
_TERSE_THING = re.compile(r"^(?P<lead>(?:(?:and|then|next|now),? )*)(?:a |an |the |your )?"
                          r"(?P<again>(?:same |quick |new |fresh |another |one more )?)"
                          # ("And the speed test after that, please.": its place in the order said after it)
                          r"(?P<thing>[\w-]+(?: [\w-]+){0,3}?)"
                          r"(?P<after>(?: (?:after that|next|afterwards|too|as well|after|as before|once more))?)"
                          r"(?:,? (?:please|now|again))*\W*$")  # ("speed test again pls")


def _among_steps(index: int, segments: Sequence[Segment]) -> bool:
    """Whether another item of the list holding segment ``index`` asks something."""
    first, last = index, index
    while first > 0 and segments[first - 1].item:
        first -= 1
    while last + 1 < len(segments) and segments[last + 1].item:
        last += 1
    return any(segments[k].asks for k in range(first, last + 1) if k != index)


def _terse_steps(clauses: Sequence[str], vocab: Vocabulary, *, led: bool = False) -> list[str] | None:
    """The clauses of a sentence made only of steps without verbs, each a thing and the state to put it in ("VPN
    off"), a state for the thing just named ("…, then on"), or a thing one tool does something to ("then speed
    test": run it), as clauses with their verbs; None when any clause says more (a state reported: "Wi-Fi is on").
    ``led``: an item under a header that sets out steps ("Quick checklist: - Speed test again")."""
    out: list[str] = []
    named, stated = False, False
    for k, clause in enumerate(clauses):
        following = clauses[k + 1] if k + 1 < len(clauses) else ""
        if _TERSE_LEAD.match(clause) or (not out and _DIRECTING_LEAD.match(clause)):
            led = True
            continue
        if _TERSE_STATE.match(clause) and _things(clause, vocab):
            named = stated = True
            out.append(clause)
            continue
        # "…, and the VPN disconnected": a state said by a participle, the step that reaches it
        participle = _TERSE_PARTICIPLE.match(clause)
        if participle is not None and _things(participle.group("thing"), vocab):
            named = stated = True
            verb = {"disconnected": "disconnect", "enabled": "enable", "disabled": "disable"}[participle.group("state")]
            out.append(f"{verb} {participle.group('thing')}")
            continue
        if _BARE_STATE.match(clause) and named:
            stated = True
            out.append(clause)
            continue
        alone = _lone_thing(clause, vocab)
        if alone is None:
            return None
        thing, phrase = alone
        named = True
        if _BARE_STATE.match(following):  # "Data Saver: off."
            out.append(clause)
            continue
        # "then speed test": the one tool doing what only it does to this thing (run it, restart it)
        doing = _implied_tool(phrase, vocab)
        if doing is None:
            return None
        # (a thing alone is a heading, "Speed test.", unless led or asked: "Next: speed test, please.")
        # ("then speed test", "same speed test after": its place among steps)
        stated = stated or led or k > 0 or clause != thing.group(0) \
            or bool(thing.group("lead") or thing.group("again").strip() in ("same", "one more")
                    or thing.group("after")) \
            or bool(re.search(r"\bplease\b", " ".join([clause[thing.end("thing"):], *clauses[k + 1:]])))
        out.append(f"{doing.verb} the {phrase}")
    return out if stated or led else None  # ("same speed test after.": its place in the order said after it)


# "could you try your SIM in another handset … and tell me whether it picks up a signal there?": a step on a phone
# the user's own tools do not reach
_ON_ANOTHER_PHONE = re.compile(r"\b(?:in|into|on|with) (?:another|a different|a second|a spare|an old|someone else's|"
                               r"a (?:friend|mate|family member|relative|colleague)'s) (?:phone|handset|device|mobile)\b")
# "Now do the same for Wi-Fi", "Could you do that once more with Wi-Fi off?": the steps set out before, done to
# another thing or in another state
_SAME_FOR = re.compile(r"\b(?:do|try|repeat|redo) (?:the same(?: thing| steps?)?|that|this|those steps|these steps)"
                       r"(?: (?:again|once more|one more time|now|too|as well))* (?P<how>for|with|on) (?:the |your )?"
                       r"(?P<thing>[\w -]{2,30}?)(?P<state> (?:turned |switched )?(?:on|off|disconnected|connected|"
                       r"enabled|disabled))?(?:,? (?:too|as well|now|please|this time))*\W*$")


def _the_same_for(same: re.Match[str], earlier: Sequence[Segment], vocab: Vocabulary, previous: str) -> list[str]:
    """The steps set out before (in this message's earlier sentences, else in the agent's previous message), done
    to the thing "the same for" names, or after putting the thing "with" names in its state."""
    told = requested_tools(earlier, [True] * len(earlier), vocab) if earlier else []
    if not told and previous:
        before = segments_of(previous)
        told = requested_tools(before, [_OWN_PLAN.search(s.text) is None or _YOU_NEED.search(s.text) is not None
                                        for s in before], vocab)
    things = _things(same.group("thing"), vocab)
    if not told or len(things) != 1:
        return []
    thing = things[0].phrase
    if same.group("state"):  # "… with Wi-Fi off": that state set up first, then the same steps
        kind = "turn on" if re.search(r"\b(?:on|connected|enabled)$", same.group("state")) else "turn off"
        held = _tool_for(kind, thing, vocab)
        return [held, *(tool for _, tool in told)] if held else []
    if same.group("how") != "for":
        return []
    kinds = {s.tool: _verb_kind(s) for s in vocab.user_tools}
    return [tool for _, done in told if (tool := _tool_for(kinds[done], thing, vocab)) is not None]


def _next_step_on_it(k: int, clauses: Sequence[str], index: int, segments: Sequence[Segment]) -> list[str]:
    """The next sentence's first clause, when this clause ends its sentence and that one operates on "it": "Find
    Wi-Fi in your settings. Turn it off." (finding it is where the step is done), or this clause goes down a
    settings path ("1. Open Settings > Cellular > Cellular Data Options. 2. Turn on Data Roaming.")."""
    if k + 1 < len(clauses) or index + 1 >= len(segments):
        return []
    first = _SPLIT.split(segments[index + 1].text)[0]
    if _NEGATED.search(first):  # ("… and read me what it says. There's no need to restart your phone for this.")
        return []
    return [first] if re.search(r"\b(?:it|that|this|them)\b", first) or ">" in segments[index].text else []


# "your phone's screen" is your screen, "the phone's SIM tray" the SIM tray
_DEVICES_OWN = re.compile(r"\b(your|the) (?:phone|device|handset|smartphone)'s ")
_APPS_OWN = re.compile(r"\b([\w-]+ app)'s ")
# "Android: Settings > Network & internet > …", "iPhone users: Settings → Cellular → …"
_LIST_MARK = re.compile(r"^(?:[^\w(\"']+|\d+[^\w\s]+\s*|\((?:[a-e]|\d{1,2})\)\s*)+")  # (and "(a) ")
# a setting and the state it should end up in, at the opening of a clause ("before anything else, airplane mode
# needs to come off"; "mobile data needs switching on")
_SHOULD_END_UP = re.compile(
    r"(?:^|(?<=[,:;] ))(?P<thing>(?:the |your )?[a-z][\w -]{1,30}?) (?P<modal>needs? to|has to|have to|must|ought to|"
    r"wants? to|should)(?: be| go| come| get| stay| remain)(?: back)?(?: turned| switched| set| toggled)?"
    r" (?P<state>on|off|enabled|disabled|connected|disconnected)\b"
    r"|(?:^|(?<=[,:;] ))(?P<thing2>(?:the |your )?[a-z][\w -]{1,30}?) needs? (?:switching|turning|toggling) (?:back )?"
    r"(?P<state2>on|off)\b")
# "should be on" is also what the agent expects after its own change ("roaming should be on within minutes")
# "a speed test on the phone will tell us", "a test picture to any contact would settle it"
_MEANS = re.compile(r"^(?:(?:a|an|the|one|another|running|doing|sending|taking|trying)(?: quick| new| fresh| test| single)? )?"
                    r"(?P<thing>[a-z][\w-]*(?: [\w-]+){0,2}?)(?: on (?:the|your) (?:phone|device|handset)| to [\w ]{2,20}?)?"
                    r" (?:will|would|should|can|could|'ll|'d) (?:tell|show|settle|answer|give)\b")
# a sentence that opens as a question, its mark left off ("How fast is it now.")
_ASKED_OPENING = re.compile(r"^(?:how|what|which|is|are|does|do|did|has|have|can|could)\b")
_EXPECTED = re.compile(r"\b(?:i|we)(?:'ve| have| just)\b|(?<!right )\bnow\b|\b(?:by itself|on its own|automatically|"
                       r"shortly|soon|within|again|in a (?:few|couple|minute|moment)|once|after|when)\b")
# "… if yes, kill it": the answer to a question asked just before
_IF_ANSWERED = re.compile(r"(?:^|\s*[.?!]?\s+)(?=if (?:yes|so|not)\b)")
# what a state is needed for, said around it: an explanation ("for this to work", "for picture messages to go out")
_FOR_IT_TO = re.compile(r"\bfor (?:[\w'-]+ ){1,4}to [a-z]+\b|\bin order to\b|\bso (?:that )?(?:it|you|the|your)\b")
# the state needed, then checked or done by a later ask that names it by "that" or not at all
_CHECKED_AFTER = re.compile(r"\b(?:verify|check|checking|double-check|confirm|make sure|ensure|see if|"
                            r"do (?:that|this|it|so)|take care of|sort (?:that|it|this))\b")
_TERSE_QUESTION = re.compile(r"^(?:(?:and|so|also|ok|okay),? )*(?P<thing>(?:the |your )?(?!(?:can|could|would|will|"
                             r"shall|should|may|might|is|are|was|were|do|does|did|have|has|had|what|which|how|why|"
                             r"where|when|who|if|and|so|any|anything)\b)[a-z][\w-]*(?: \w[\w-]*){0,3}?)(?: -|:)? "
                             r"(?:still |currently |already |now )?(?:turned |switched )?(?:on|off|enabled|disabled|"
                             r"connected|disconnected|active|allowed)(?: on (?:the|your) (?:phone|handset|device))?"
                             r"(?: by any chance| right now| at the moment| now| still| at all)?\W*$")


_ON_THE_ACCOUNT = re.compile(r"\s*(?:on|for) (?:the|your|this) (?:line|account)\b")


def _step_to_state(m: re.Match[str], vocab: Vocabulary, next_sentence: str) -> str:
    """The step that puts the setting a "needs to be on" names in its state, or the words as they stand when they
    name no setting of the device, state what the agent expects, explain what the state is for ("… needs to be on
    for mobile data to work"), or leave the user to check it or do it ("Mobile data should be on. Could you verify?"
    is a look)."""
    thing = m.group("thing") or m.group("thing2")
    state = m.group("state") or m.group("state2")
    things = _things(thing, vocab)
    if not things or all(t.phrase in _DEVICES for t in things):
        return m.group(0)
    if m.group("modal") == "should" and _EXPECTED.search(m.string):
        return m.group(0)
    if _FOR_IT_TO.search(m.string) or _CHECKED_AFTER.search(f"{m.string[m.end():]} {next_sentence}"):
        return m.group(0)
    if _ON_THE_ACCOUNT.match(m.string, m.end()):  # "roaming has to be enabled on the line": the agent's change
        return m.group(0)
    if state in ("disconnected", "connected"):
        return f"{'disconnect' if state == 'disconnected' else 'connect'} {thing}"
    return f"turn {thing} {'on' if state in ('on', 'enabled', 'connected') else 'off'}"


# "Please note down what's displayed …": "please" and a verb direct a step, whatever the verb
_PLEASE_DO = re.compile(r"^(?:\w+,? )?(?:please|kindly) (?!(?:let me know|note that|be aware|bear in mind)\b)[a-z]+\b")
_PATH_LED = re.compile(r"^\W*(?:[\w -]{1,25}: )?(?:settings|quick settings|control cent(?:er|re)|apps)\s*>")
# a state a thing should be in, and a "make sure it is" left to mean it
_NEEDS_STATE = re.compile(r"\b(?:needs? to|has to|have to|should|must|ought to) (?:be|go|come|stay) (?:back )?"
                          r"(?:turned |switched |set to )?(on|off|"
                          r"green|enabled|disabled|allowed|connected|disconnected)\b")
# "can you flip it?", "switch that for me": a bare flip of "it", no state said
_FLIP_IT = re.compile(r"\b(?:flip|switch|toggle|turn|change|do)(?: it| that| this)(?: for me| now| please)?\W*$")
# "it has to be on as well": the state "it" should end up in
_IT_NEEDS = re.compile(r"^(?:and |so |but )?(?:it|that|this|that one|this one) (?P<modal>needs? to|has to|must|ought to|"
                       r"should)(?: be| go| come| stay)(?: back)?(?: turned| switched)? (?P<state>on|off)\b")
_MAKE_SURE_IT_IS = re.compile(r"^(?:(?:please|so|and|just|now|then),? )*(make sure|ensure|double-check|check)(?: that)? "
                              r"(?:it|they|that|this)(?: is|'s| are)(?: the case)?\W*$")
# "with the phone switched off, reseat the SIM, then power back on": switching it off is the first step
_DEVICE_HELD_OFF = re.compile(r"^(?:\W*)?(?:with|while) (?:your|the) (phone|device|handset) (?:switched|turned|powered) "
                              r"(?:off|down),?")
# "without the VPN": with it off (not "without restarting", a step left out)
_WITHOUT_THING = re.compile(r"\bwithout (the |your )((?![\w-]+ing\b)[\w-]+(?: [\w-]+)?)(?=\W*$)")
# a setting named by what it does: the things of its relative clause are not what is operated ("switch off the mode
# that cuts all wireless connections" turns no Wi-Fi off); not "the toggle that says Mobile data", its label
_WHAT_IT_DOES = re.compile(r"\b((?:the|a|an|this|that) (?:[\w-]+ )?(?:mode|setting|feature|option|switch|toggle|button|"
                           r"app|one|thing)s?) (?:that|which) (?!(?:says|say|reads|read|is (?:labell?ed|called|named)|"
                           r"are (?:labell?ed|called|named)|shows|displays)\b)[^,;.?!()]*?(?=\s-\s|[,;.?!()]|$)")
_NEEDED = re.compile(r"^(?P<thing>[\w -]{2,30}?) (?:needs?|has|have|should|must|ought) (?:to )?be (?:turned |switched )?"
                     r"(?P<state>on|off)\b")
_BEFORE_A_THING = re.compile(r"^(?:and |but )?(?:before|prior to|ahead of) (?=(?:the|a|an|your|another) [\w -]{2,30}\W*$)")
_STATEMENT = re.compile(r"^(?:the|your|it|this|that|which|my|our|its) ")
_AFTER_A_THING = re.compile(r"^after (?:a|an|the|another|each|every) [\w -]{2,30}\W*$")
# a condition on what the screen shows, no state of a setting said ("if there's a key icon", "if it says No SIM")
_SHOWN_IF = re.compile(r"^(?:and |but |so )?(?:if|in case|should) (?=.*\b(?:there(?:'s| is| are)|(?:is|are) there|says?|shows?|reads?|"
                       r"displays?|appears?|(?:is|are) (?:showing|lit|greyed out|grayed out|visible|missing|up (?:there|top)))\b)")
_IF_SO = re.compile(r"^(?:and )?if (?:so|it is|it's|that's the case|that is the case)\W*$")
_CHAT_OPENING = re.compile(r"^(?:(?:okay|ok|so|right|well|alright|now),? )+")
# "that's our culprit", "that's the VPN": what the condition shown on the screen means, said before the step
_VERDICT = re.compile(r"^(?:then )?(?:that's|that is|that'd be|that would be|this is|it's|it is)\b")


def _step_follows(clauses: Sequence[str], next_sentence: str) -> bool:
    """Whether a step in the imperative follows a condition: in the next clause, or after clauses that only say
    what the condition means, in the next clause or the next sentence."""
    for clause in clauses:
        if _imperative(clause):
            return True
        if not _VERDICT.match(clause):
            return False
    # ("Swipe down from the top, tap it …": a verb opens the sentence, and a step is in it)
    return _BASE_VERB.match(next_sentence) is not None and (
        _TAPPED.search(next_sentence) is not None or any(_imperative(c) for c in _SPLIT.split(next_sentence) if c))


# "tap the plane icon so that it's no longer highlighted": the state the tap leaves the control in, the step itself
_TAPPED = re.compile(r"\b(?:tap|press|touch|click|hit|slide|flip|toggle)\b")
_SO_IT_IS = re.compile(r"^so (?:that )?it(?:'s| is| turns| goes| lights)\b")
_DEVICES = frozenset({"phone", "device", "handset", "router", "modem", "smartphone", "mobile"})
_DEVICE_OFF = re.compile(r"^(?:step \d+\s*[-:.)]?\s*)?(?:\w+[,:]? |[\w ]{1,20}[,:] )?(?:please )?"
                         r"(?:turn|power|switch|shut) (?:off |down )?(?:your |the )?(?:phone|device|handset)(?: off| down)?"
                         r"(?:\W*$|(?:,|,? and(?: then)?) (?P<rest>.+)$)")
_DEVICE_ON = re.compile(r"\b(?:turn|power|switch) (?:your |the )?(?:phone|device|handset) (?:back )?(?:on|up)\b")
# "Then: power it back on." after the phone was switched off
# (or with no object at all once it was switched off: "put the card back in and power on")
_IT_ON = re.compile(r"\b(?:turn|power|switch) it (?:back )?(?:on|up)\b"
                    r"|\b(?:and|then),? (?:turn|power|switch) (?:back )?(?:on|up)(?: again)?(?=\W*$)")


def _restarts_across(segments: Sequence[Segment]) -> dict[int, str]:
    """Steps "1. Turn the phone off. … 4. Turn the phone back on.": the off step is no step, the on step a
    restart (after what was done in between)."""
    out: dict[int, str] = {}
    off, rest = None, ""
    for k, seg in enumerate(segments):
        if (device_off := _DEVICE_OFF.match(seg.text)) is not None:
            off, rest = k, device_off.group("rest") or ""  # "power off the phone and reseat the SIM": the rest stays
        elif off is not None and (_DEVICE_ON.search(seg.text) or _IT_ON.search(seg.text)):
            on = _DEVICE_ON.sub("restart the phone", seg.text) if _DEVICE_ON.search(seg.text) \
                else _IT_ON.sub("restart the phone", seg.text)
            out[off], out[k], off = rest, on, None
    return out


# "do you see 4G, LTE or 5G next to the bars?": the rest of a list of what to look for (on the screen: "describe
# what isn't working: calls, mobile data, …" lists symptoms, not things to look at)
_SEEING = re.compile(r"\b(?:see|seeing|notice|spot|show|shows|showing|display|displays|displayed|say|says|saying)\b")
_LIST_GOES_ON = re.compile(r"^[\w/'-]+(?: [\w/'-]+)?(?:,|$| or | and )")


_INFINITIVE = re.compile(r"\bto (?:[\w-]+ (?:and|or) )?$")
_TRAILING_ASIDE = re.compile(r"\s*\([^()]*\)\W*$")
# ("- VPN → disconnect", "- Wi-Fi: off", and under a header that asks, "2. mobile data on")
_SETTING_ITEM = re.compile(r"^([\w][\w &/'-]{1,40}?)\s*(?:[:=>-]|→|->|=>|\s)\s*(on|off|enabled|disabled|connected|"
                           r"disconnected|disconnect|allowed|allow|deny|denied)\W*$")
# a header that sets out steps, though it asks nothing ("A few quick fixes on your phone:", "Quick checklist:"), and
# one that reports (a status block: "Here's what I can see on the line:")
_DIRECTING_HEADER = re.compile(r"\b(?:fix(?:es)?|steps?|to-?do|plan|checklist|changes|try|do this|do these|for you|"
                               r"toggles|in (?:this|that|the following) order|in order|"
                               r"what (?:to|you(?:'ll)? (?:need to|should)) do|"
                               r"on (?:your|the) (?:phone|side|end|device|handset)|actions? (?:required|needed))\b"
                               # ("Next:", "In your VPN app:": where or when the steps below are done)
                               r"|^(?:next|in (?:your|the) [\w -]{1,30} app)\W*$")
_REPORTING_HEADER = re.compile(r"\b(?:see|seeing|found|shows?|showing|status|current|currently|means?|summary|recap|"
                               r"i've|we've|i have|we have|done)\b")
_TERSE_NETWORK = re.compile(r"^(?P<lead>\W*(?:(?:then|now|next|and|finally),? )*)(?:the |your )?(?:preferred )?"
                            r"net(?:work)? (?:mode|type)\s*(?:>|to)\s*"
                            r"(?P<type>\W?(?:lte|[2-5]g)\b[\w/+-]*(?: (?:preferred|auto|\(auto\)))?)"
                            r"(?=(?:,? please|,? pls)?\W*$)")
# a header ending on the verb its items take ("For the Messages app, please allow:")
_HEADER_VERB = re.compile(r"\b(?:please|kindly|you'll need to|need you to|you should|go ahead and) "
                          r"((?:allow|enable|disable|grant|check|reset|restart|turn (?:on|off)|switch (?:on|off)))\W*$")
# an item that is a verb alone, its thing named in the header ("- Disconnect", "- Toggle it off")
_BARE_VERB_ITEM = re.compile(r"^[a-z]+(?: (?:on|off|it off|it on|again))?\W*$")
# an item naming a thing, then the step on it ("**APN settings** – reset to default", "VPN → disconnect")
_THING_THEN_STEP = re.compile(r"^\W*(?P<thing>\w[\w &/'-]{1,40}?)\s+(?:[:>-]|→|->)\s+(?P<step>[a-z][\w -]*?)\W*$")
_NETWORK_TYPE = re.compile(r"\b(?:to|select|choose|pick|tap|enable|turn on|switch on|activate) (?:the )?" + _LABELLED
                           + r"\W?(?:lte|[2-5]g)\b")
# doing again what was set out before: "do that now", "give that another go", "do the same again", "once more"
_DO_THAT = re.compile(r"\b(?:do|try|redo|repeat|give|go through|handle|take care of|sort out|"
                      r"(?<=mind )(?:doing|trying|repeating|handling))\b "
                      r"(?:that|this|those|these|them|both|it|all of (?:that|those|them)|the same(?: thing| steps?)?|"
                      r"(?:those|these|the) (?:steps?|things?))(?! (?:is|was|will|would|should|can|means?)\b)"
                      r"(?: (?:a|another|one more) (?:go|try|shot|time))?"
                      r"(?: (?:now|for me|first|please|when you can|again|once more|one more time|a second time))*"
                      r"(?:\W*$| now that\b|,)"
                      # "Once more, please", "Again, please - …", "Go ahead whenever you're ready."
                      r"|^(?:\w+[,!.]? )?(?:once more|one more time|again)(?:,? please)?\b(?! (?:to|than|after|for)\b)"
                      r"|^(?:\w+[,!.]? )?go ahead(?: (?:whenever|when|once) you(?:'re| are) ready| now| please)?\W*$")
# the agent's own doing ("Shall I do that now?", "Would you like me to do that?"), no step of the user's
_AGENT_DOES = re.compile(r"\b(?:i|we|me|us)(?:'ll|'d| will| would| can| could| shall| should)?(?: \w+)? (?:to )?$"
                         # "let's not do that again", "no need to do that"
                         r"|\b(?:not|never|no need to|don't|won't|needn't)(?: \w+)? $")


def _does_the_same(text: str) -> bool:
    """Whether a sentence asks the user to do again, or now, the steps set out before (not the agent's doing)."""
    text = normalise(text)
    m = _DO_THAT.search(text)
    return m is not None and _AGENT_DOES.search(text, 0, m.start()) is None


_YOU_NEED = re.compile(r"\byou(?:'ll| will|'d| would)? (?:need|want|have) to\b")
# "(you'd see a key icon in the status bar)", "(e.g., Speedtest by Ookla)": an aside explains, it asks no step
_ASIDE = re.compile(r"\s*\((?:you(?:'d|'ll| would| will| should| may| might)|it's|it is|this is|that's|that is|e\.g\.|"
                    r"i\.e\.|for example|such as|which|usually|typically|normally|often)\b[^()]*\)")
_EITHER_STATE = re.compile(r"\b(?:on or off|off or on|enabled or disabled|disabled or enabled|allowed or denied|"
                           r"connected or (?:not|disconnected))\b(?: right now| at the moment| currently| now)?\W*$")
# a checklist's line: a thing, a colon and what it shows asked ("Network mode: what's selected?", "SIM status: Ready
# or No SIM?")
_LABEL_QUESTION = re.compile(r"^(?!(?:could|can|would|will|do|does|did|please|tell|let|describe|what|which|how|is|are|"
                             r"to|so|now|first|next|one|quick)\b)"
                             r"[a-z][\w'&/-]*(?: [\w'&/-]+){0,3}: (?:(?:what|which|how)\b[^:]*|[^:?]{1,40} or "
                             r"[^:?]{1,40})\?$")
_TAGGED_STATE = re.compile(r"(?:\bis|'s|\bare) (?:still |now |currently )?(?:on|off|enabled|disabled|connected|"
                           r"disconnected|allowed)\b(?: now| still)?,? (?:right|correct|yes|is that right|isn't it|"
                           r"is that correct)\W*$")


def _one_state_asked(text: str) -> bool:
    """A question about one thing's state: "Airplane mode: on or off?", "And Data Saver is off now, correct?",
    "SIM status: Ready or No SIM?"."""
    return bool(_EITHER_STATE.search(text) or _TAGGED_STATE.search(text) or _LABEL_QUESTION.match(text))


_PURPOSE = re.compile(r"^(?:in order )?to (?!make sure\b|be\b)[a-z]+\b")
# a step's participle, not a state: what was done before this message ("with the APN reset", "with that done")
_WITH_DONE = re.compile(r"^(?:and )?(?:with|now with) (?:the |your |that |this |it )?(?:[\w-]+ ){0,3}?(?:now |already |just )?"
                        r"(?:reset|restored|reseated|reinserted|restarted|rebooted|done|fixed|sorted|changed|updated|"
                        r"granted|paid)\W*$")
_WITH_STATE_ONLY = re.compile(r"^(?:(?:this time|again|now|but|and|only),? )*with (?:the |your )?([\w -]{2,25}?) (?:turned |switched )?(off|on|disconnected|disabled|"
                              r"enabled|connected)\W*$")
_WHEN_FIRST = re.compile(r"^(?:once|when|after|now that|as soon as)\b")
_WITH_STATE = re.compile(r"\bwith (?:the |your )?[\w -]{2,25}? (?:turned |switched )?(?:off|on|disconnected|disabled|"
                         r"enabled|connected)\b")
# "Would you like step-by-step instructions for turning off Data Saver?" offers to explain, it asks no step
_OFFER_HOW = re.compile(r"\b(?:i|we)(?:'d| would| can| could|'ll| will)?(?: be (?:happy|glad) to)? (?:walk|guide|talk|take) "
                        r"you through\b|"
                        r"\b(?:would you like|do you want|want me to|shall i|should i)\b.*\b(?:instructions|steps|"
                        r"walk you through|show you how|explain how|guide you|how to)\b")
# advice is an ask: "You may want to turn on the cellular data switch.", "It might be worth restarting."
_ADVICE = re.compile(r"^(?:\w+,? )?(?:(?:whenever|when|once|if) you(?:'re| are) (?:ready|able|free|back)\w*,? |"
                     # "And if you have a moment, it might be helpful to run a speed test"
                     r"(?:if|when|whenever) you (?:have|get|'ve got|have got) (?:a|the) (?:spare |free |quick )?"
                     r"(?:moment|minute|second|sec|chance),? "
                     r"|while you(?:'re| are) (?:at it|there|in there|on it),? )?(?:"
                     # "Whenever you're ready, it would help to run the speed test once more"
                     r"it(?: would|'d| will| might| may| could)? (?:really |also |definitely )?helps? (?:a lot )?to|"
                     r"you(?:'ll|'d| may| might| could| should| will| would)(?: also| then| now| just)? "
                     r"(?:want|wish|need|like|have) to|"
                     # "You could try restarting your phone.", "You might also try toggling airplane mode."
                     r"you (?:could|can|might|may|should)(?: also| always| first| now| just)? try|"
                     r"it(?: may| might| could| would|'d| will|'ll)? be (?:really |very |most |extremely |super )?(?:worth|a good idea to|"
                     r"best to|wise to|(?:easiest|simplest|quickest|fastest) to|"
                     r"(?:helpful|useful|great|ideal) (?:to|if you could))|"
                     # "I'd suggest turning the router off and on again", "I recommend restarting it"
                     r"i(?:'d| would)? (?:suggest|recommend)|"
                     r"it's (?:worth|a good idea to|best to)|(?:the )?(?:(?:best|next|first|last|only|other|[a-z]{3,}est) ){1,2}(?:step|thing|"
                     # "The best thing you can do right now is reset …", "The quickest way to test this would be to …"
                     r"move|fix|option|way|approach)(?: [\w']+){0,6}? (?:is|would be|will be)(?: to| for you to| that you)?|"
                     # "Feel free to reset the APN", "My recommendation would be to …", "All you need to do is …"
                     r"feel free to|(?:my|our) (?:recommendation|suggestion|advice)(?: here)? (?:is|would be|will be) (?:to|that you)|"
                     r"all (?:you need|you have|you'll need|you'd need|that's left|that remains) to do is(?: to)?|"
                     r"the fix(?: here)? is(?: simple| easy)?|"
                     # "The thing to try first is switching Wi-Fi on", "One thing you could do is …"
                     r"(?:the|one|another) (?:thing|step|fix) (?:to|you (?:can|could|should|might)) (?:try|do)"
                     r"(?: first| next| now| here)? (?:is|would be)(?: to)?|"
                     # "A restart would be a good next step.", "A quick reboot might help."
                     r"(?:an?|another) (?:[\w-]+ ){1,2}(?:would|might|could|may|should|will) (?:be (?:a good|the best|"
                     r"the next|worth|useful|helpful|our next)|help|do the trick|fix))\b")
# "I'm going to ask you to reseat …", "I'll have you power …", "We'll want you to set …", "for you to …": the
# step's doer is "you", whoever speaks
_ASKED_OF_YOU = re.compile(r"\b(?:(?:ask|need|want|like|get|have|invite|encourage|request|recommend)(?:ing)? you(?: to)?|"
                           r"for you to|(?:is|be) (?:that|for) you(?: to)?|if you (?:could|can|would|might)|"
                           # "so now you just need to make sure …": an adverb between "you" and its need
                           r"you(?:'ll| will|'d| would)?(?: (?:just|simply|only|still|also|now|then|first))* "
                           r"(?:want|need|have) to)"
                           r"(?: (?:please|just|kindly|quickly|first|then|now|go ahead and))* (?=[a-z])")
# "I'm curious what …", "I wonder whether …", "My next question is whether …": a report asked for indirectly
_CURIOUS = re.compile(r"^(?:\w+,? )?(?:(?:i'm|i am) (?:really |just |a (?:little |bit )?)?curious(?: to (?:know|see|hear))?|"
                      r"i(?:'m| am)? (?:just )?wonder(?:ing)?|my (?:next |other |last |one )?question is) "
                      r"(?=(?:what|whether|if|which|how)\b(?! you (?:could|can|would|might)\b))")
# "What I'd really like is for mobile data to be switched back on": a state wished for (not "I'd love to know if …")
_WISHED_STATE = re.compile(r"^(?:(?:if you don't mind|ideally|so),? )?(?:what )?(?:i|we)(?:'d| would) (?:really |also )?"
                           r"(?:like|love|want)(?: is)? (?:for )?"
                           r"(?P<thing>(?:the |your )?(?!to )(?:(?!\b(?:is|are|if|whether)\b)[\w -]){2,30}?) (?:to be )?"
                           r"(?:(?:back|now) )?(?P<verb>set|switched|turned|changed|disconnected|reset|restarted)\b")
_PARTICIPLE_BASE = {"set": "set", "switched": "switch", "turned": "turn", "changed": "change",
                    "disconnected": "disconnect", "reset": "reset", "restarted": "restart"}
# a step wished for in the past tense after "it would help if you": the step the user is asked for
_HELPS_IF_YOU = re.compile(r"\b(?:would|'d|might|could) (?:really |also |certainly |definitely )?"
                           r"(?:help|be (?:really |very |super |most |so )?(?:great|helpful|useful|ideal|perfect|good|best|"
                           r"wonderful|a (?:big |great )?help))"
                           r"(?: (?:a lot|a great deal|enormously|greatly|me|us|here|so much))* "
                           r"if you (?:just |first |quickly |now |then )?")
_BASE_OF = {"ran": "run", "took": "take", "gave": "give", "sent": "send", "did": "do", "tried": "try", "made": "make",
            "paid": "pay", "chose": "choose", "put": "put", "set": "set", "reset": "reset", "shut": "shut"}
# the verbs of the wished steps: the first, and each after "and" or "then"
_WISHED_VERB = re.compile(r"(^|\band (?:then )?|\bthen )([a-z]+)\b")


def _base_form(verb: str) -> str:
    """A step's verb in the past tense in its base form ("turned" → "turn", "tapped" → "tap", "enabled" →
    "enable"), where the base form is one a step opens on; any other word as it is."""
    if verb in _BASE_OF:
        return _BASE_OF[verb]
    if not verb.endswith("ed"):
        return verb
    return next((base for base in (verb[:-1], verb[:-2], verb[:-3]) if _IMPERATIVE_STEP.match(base)), verb)
_TO_YOU = re.compile(r"^(?:and |then |now )*you(?:'ll| will|'d| would)? (?:(?:also|then|now|just) )?(?:want|need|have) to\b")
# (not "I can't …": what the agent cannot do is left to the user)
_OWN_PLAN = re.compile(r"\b(?:i|we)(?:'ll| will|'m going to| am going to|'re going to| are going to|'d| would| can(?!'t))\b"
                       r"|\blet me\b")
# a clause opening on an operation's verb in its base form
_IMPERATIVE_STEP = re.compile(r"^(?:(?:now|then|next|first|finally|lastly|also|just|simply|quickly|and|please|go ahead and|"
                              r"you(?:'ll| will|'d| would)? (?:want|need|have) to|you should|try to)"
                              r",? )*(?:re-?)?(?:restart|reboot|power-cycle|turn|switch|toggle|flip|flick|reseat|"
                              r"reinsert|"
                              r"eject|remove|take|pop|pull|slide|reset|restore|run|rerun|retry|repeat|load|send|"
                              r"text|set|select|choose|change|pay|approve|accept|complete|enable|activate|allow|"
                              r"grant|connect|join|disable|deactivate|disconnect|exit|kill|check|look|verify|"
                              r"confirm|inspect|peek|tell|let me know|read|open|go|head|navigate|tap|click|try|"
                              # (not the billing cycle: "Cycle resets: 31 May")
                              r"make sure|ensure|hold down|press and hold|long-press|test|"
                              r"cycle(?! (?:resets|ends|starts|renews)\b)|attach|press|ditch|shut|drop|"
                              r"have (?:a|another|one more) (?:go|try|crack|shot|stab) at|power)\b")


_POLITE = re.compile(r"^(?:\w+,? )?(?:could|can|would|will) you (?:please |kindly |just |also )?")


def _asked_of_you(clause: str) -> bool:
    """A step the clause asks "you" to do, inside a frame of the agent's ("I'd ask you to pay it")."""
    framed = _ASKED_OF_YOU.search(clause)
    # ("It'll pop up on your phone for you to pay": what a thing will be there for, said of the thing)
    return framed is not None and _imperative(clause[framed.end():]) \
        and not (framed.group(0).startswith("for you") and _THING_WILL.match(clause))


_THING_WILL = re.compile(r"^(?:\w+,? )?(?:it|this|that|they|the [\w-]+(?: [\w-]+)?)(?:'ll| will)\b")


_STEP_OPENING = re.compile(r"^(?:(?:please|kindly|now|next|then|so|ok|okay|great|perfect|thanks),? )*"
                           r"(?:could|can|would|will) you (?:please |kindly |just |also |now )?"
                           r"|^(?:(?:please|kindly|now|next|then|so|ok|okay|great|perfect|thanks),? )+")


# what leads a step beside the agent's own doing: "and in the meantime, please …", "meanwhile, …"
_MEANWHILE = re.compile(r"^(?:and |but |so )?(?:in the meantime|meanwhile|for now|at the same time|on your side|"
                        r"on your end)?,? ")


# ("make sure mobile data is on": the step's word comes last)
_ENSURING = re.compile(r"(?:make sure|ensure)\b")


def _directs_a_step(text: str, looks: bool = False) -> bool:
    """Whether a sentence opens on asking the user for a step of theirs ("Please grant it …", "Could you switch
    Wi-Fi off …"), not on the agent's own doing ("Would you like me to …", "Can I …"); with ``looks``, a look
    counts too."""
    opening = _STEP_OPENING.match(text)
    if opening is None:
        return False
    rest = text[opening.end():]
    # (a step that changes something: "Please confirm." after an offer confirms the offer, it looks at nothing)
    return _IMPERATIVE_STEP.match(rest) is not None and not _OWN_PLAN.search(rest) \
        and any((at == 0 or _ENSURING.match(rest)) and (looks or kind != "check") for at, kind in _operations(rest))


def _polite(clause: str) -> bool:
    """A step asked as a question, its question mark left off ("could you restart the device.")."""
    asked = _POLITE.match(clause)
    if asked is None and (minded := _MIND_DOING.match(clause)) is not None:
        # "so mind giving the phone a restart now.": "would you mind", its question mark and opening left off
        verb = minded.group("verb")
        rest = clause[minded.end():]
        return any(_imperative(base + rest) for base in (verb, verb + "e", verb[:-1]) if base)
    return asked is not None and _imperative(clause[asked.end():])


_MIND_DOING = re.compile(r"^(?:\w+,? )?(?:would you |do you )?mind (?:just |quickly )?(?P<verb>[a-z]+?)ing\b")


_LEAD = re.compile(r"^(?:(?:now|then|next|first|finally|lastly|also|just|simply|quickly|and|please|go ahead and|right|"
                   + CHAT_LEAD + r"),? )*")


def opens_on_a_step(clause: str) -> bool:
    """Whether a normalised clause opens on an operation on the user's device, whatever it names ("turn it on",
    "allow both", "check for it"): not "go ahead", "try that" or "cancel it"."""
    return _imperative(clause) and bool(_operations(clause))


def _imperative(clause: str) -> bool:
    """A clause opening on an operation's verb ("kick off a speed test", "get rid of the VPN")."""
    rest = clause[_LEAD.match(clause).end():]  # type: ignore[union-attr]
    if _IMPERATIVE_STEP.match(clause) or _IMPERATIVE_STEP.match(rest):
        return True
    return _BASE_VERB.match(rest) is not None and any(p == 0 for p, _ in _operations(rest))


# a first word that can be a verb's base form: not "restarting", "turned", "once", "if", "is", "what"
_BASE_VERB = re.compile(r"^(?!(?:once|if|when|whenever|as|in|is|are|was|were|do|does|did|what|which|how|after|"
                        r"before|while|since|because|so|the|your|my|our|this|that|it)\b)[a-z]+(?<!ing)(?<!ed)\b")


# a verb, not the noun ("the toggle for Data Saver is under …"); its -ing form where a verb asks for it ("try
# toggling airplane mode", "start by cycling Wi-Fi")
_TOGGLE = re.compile(r"(?:(?<!the )(?<!a )(?<!this )(?<!that )(?<!your )(?<!its )\b(?:toggle|cycle|power-cycle)\b"
                     r"|(?<=\btry )(?:toggling|cycling)|(?<=\bby )(?:toggling|cycling)|(?<=\babout )(?:toggling|cycling)"
                     r"|(?<=\bmind )(?:toggling|cycling)|(?<=\bsuggest )(?:toggling|cycling)"
                     r"|(?<=\brecommend )(?:toggling|cycling))"
                     r"(?![^.;]*\b(?:on|off)\b)")
# "give mobile data a quick off-and-on": the cycle as a noun
_GIVE_A_CYCLE = re.compile(r"\bgive (?P<thing>(?:the |your )?[\w -]{2,30}?) an? (?:quick |fast |brief )?"
                           r"(?:off-and-on|on-and-off|off and on|on and off|toggle|cycle)\b")


def _cycled(text: str, vocab: Vocabulary) -> str:
    """"Toggle Airplane Mode" without saying on or off switches it to its other state and back: a mode (an
    exception to how a phone normally runs) on and off again, anything else (Wi-Fi, mobile data) off and on."""
    text = _GIVE_A_CYCLE.sub(r"toggle \g<thing>", text)
    toggle = _TOGGLE.search(text)
    if toggle is None:
        return text
    thing = next((t for t in _things(text[toggle.end():], vocab) if t.at <= 12 and t.phrase not in _DEVICES), None)
    if thing is None:
        return text
    name = thing.phrase
    first, then = ("on", "off") if name.endswith("mode") else ("off", "on")
    end = toggle.end() + thing.end
    return f"{text[:toggle.start()]}turn {name} {first}, then turn {name} {then}{text[end:]}"


# (its place may follow: "grant both the permissions to the Messages app, SMS as well as Storage")
_BOTH_LISTED = re.compile(r"\b(?:both|the two|all three)(?: of)?(?: (?:the|these|those|your))? [\w-]+s\b"
                          r"(?: (?:to|for|of|in|on) (?:the|your) [\w' -]{1,30})?\W*$")


# "switch Data Saver off if it's on": a condition after its step
_TRAILING_IF = re.compile(r"^(?P<step>.*\S),? (?P<cond>(?:if|in case) (?P<subject>it|they|that|[\w -]{2,25}?)(?:'s|'re| is| are)"
                          r"(?: still| currently| already| now)? (?:on|off|enabled|disabled|connected|switched on|"
                          r"turned on|active|showing|denied|blocked|not allowed))\W*$")


def _condition_first(clause: str, vocab: Vocabulary) -> list[str]:
    """A step with its condition after it, as the condition (the thing its pronoun stands for named: the step's
    thing) and then the step: "switch Data Saver off if it's on" → "if data saver is on", "switch data saver off"."""
    m = _TRAILING_IF.match(clause)
    if m is None or not _operations(m.group("step")):
        return [clause]
    cond = m.group("cond")
    if m.group("subject") in ("it", "they", "that"):
        named = [t.phrase for t in _things(m.group("step"), vocab) if t.phrase not in _DEVICES]
        if not named:
            return [clause]
        # ("allow SMS and Storage if they're denied": both are looked at)
        both = m.group("subject") == "they" and len(named) > 1
        said = f"{' and '.join(dict.fromkeys(named))} are" if both else f"{named[0]} is"
        cond = re.sub(r"\b(?:it|they|that)(?:'s|'re)?(?: are| is)?", said, cond, count=1)
    return [cond, m.group("step")]


def _continued(clauses: Iterable[str]) -> list[str]:
    """A look cut off by a comma goes on in the next clause when that one asks nothing itself ("tell me whether
    it shows 3G, LTE or 5G next to the signal bars")."""
    out: list[str] = []
    for clause in clauses:
        if out and not _operations(clause) and _BOTH_LISTED.search(out[-1]) and _operations(out[-1]):
            out[-1] = f"{out[-1]}, {clause}"  # "grant both permissions - SMS and Storage - …": the two named
        elif out and not _operations(clause) and [k for _, k in _operations(out[-1])] == ["check"] \
                and (re.search(r"\b(?:whether|if)\b", out[-1])
                     or (_LIST_GOES_ON.match(clause) and _SEEING.search(out[-1]))):
            out[-1] = f"{out[-1]}, {clause}"
        else:
            out.append(clause)
    return out


# (not a statement: "the reset only takes effect")
_APPOSITION = re.compile(r"^(?:the|your|a|an) (?![\w'-]+(?: [\w'-]+)? (?:only|just|also|usually|normally|typically|"
                         r"generally|will|won't|should|may|might|can|could|is|was|has|takes|needs|kicks)\b)"
                         r"(?:[\w'-]+ ){0,5}[\w'-]+\W*$")


def _appositions_joined(clauses: list[str], vocab: Vocabulary) -> list[str]:
    """A step that names no thing, and the thing named after a dash ("switch off the mode that cuts all wireless
    connections - the little plane icon"): one clause."""
    out: list[str] = []
    for clause in clauses:
        if out and _APPOSITION.match(clause) and _operations(out[-1]) and not _things(out[-1], vocab) \
                and not _operations(clause) and not _SAME_DEAL.match(clause):
            out[-1] = f"{out[-1]} {clause}"
        else:
            out.append(clause)
    return out


def _by_what_it_does(text: str, description: str, vocab: Vocabulary) -> list[str]:
    """The tool doing the text's one operation to the setting a relative clause describes, by the words the
    description shares with each tool's name and description ("disable the option that routes your calls over
    Wi-Fi": Wi-Fi calling); none when two tools share as many."""
    kinds = {kind for _, kind in _operations(text)}
    if len(kinds) != 1:
        return []
    kind = next(iter(kinds))
    said = content_words(description)
    scored = sorted(((len(said & (s.keywords | _effects(s))), s.tool) for s in vocab.user_tools
                     if _verb_kind(s) == kind), reverse=True)
    if not scored or scored[0][0] < 2 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return []
    return [scored[0][1]]


@functools.lru_cache(maxsize=256)
def _effects(sense: UserToolSense) -> frozenset[str]:
    """The words of what the setting a tool operates does (SETTING_EFFECTS), as content words."""
    return frozenset(word for name, effect in SETTING_EFFECTS.items()
                     if any(o in noun_synonyms(name) for o in sense.objects) for word in content_words(effect))


def _coordinated(clause: str, things: Sequence[_Thing]) -> bool:
    """Two things joined by "and", "or" or a comma ("both SMS and Files and media", "SMS and your photos and
    files": the second thing named in a pair of its own)."""
    return any(re.fullmatch(r"\s*(?:,|and|or|as well as|, and|, or)\s*(?:to )?(?:the |your )?(?:[\w-]+ (?:and|&) )?",
                            clause[a.end:b.at])
               or (b.phrase.startswith(("and ", "or ")) and not clause[a.end:b.at].strip())
               for a, b in zip(things, things[1:]))


def _restart(m: re.Match[str], vocab: Vocabulary, before: str = "") -> str:
    """Switching a device off and on again is a restart; what is done while it is off comes first ("power it
    down, reseat the SIM, power it back up"). "Turn it off and on again" after naming a setting toggles it (named
    in this sentence, or else in the sentence ``before``: "Find the 'Mobile data' button. Tap it to switch it off,
    then switch it back on")."""
    if m.group("thing") == "it" and not re.search(r"\b(?:off|down|unplug|shut)\b", m.group(0)):
        return m.group(0)  # "turn it back on" (mobile data, named before) switches nothing off: no restart
    named = _things(m.string[:m.start()], vocab) or (_things(before, vocab) if not m.group(0).startswith("power")
                                                    else [])
    # ("… when it searches for the network again, so please power it off and back on": a device is what is powered)
    if m.group("thing") == "it" and not m.group(0).startswith("power") and any(t.phrase not in _DEVICES for t in named):
        return "turn it off, then turn it on"
    # (only a device is powered: "Thanks for resetting the APN settings. Please power it off and back on.")
    thing = "device" if m.group("thing") == "it" and m.group(0).startswith("power") else m.group("thing")
    restart = f"restart the {thing or m.group('plugged') or m.group('pulled') or m.group('pulled_from') or 'router'}"
    between = (m.group("between") or "").strip(" ,;-")
    between = re.sub(r"^(?:and |then |,)+|(?:,? and| then|,)+$", "", between).strip()
    return f"{between}, then {restart}" if len(between.split()) >= 2 else restart


# going somewhere in the settings is how to do a step, not a step of its own
NAVIGATION = re.compile(r"^(?:(?:first|then|next|now|and|also|please|so|ok|okay|alright|right|step \d+:?|"
                        r"(?:could|would|can|will) you),? )*(?:open|go to|go into|navigate to|"
                        r"head to|head into|tap|tap on|click|click on|select|scroll (?:down )?to|find|locate|launch|"
                        r"swipe|pull down|"
                        r"hold|wait|press)\b")


def _first_each(found: list[tuple[int, str, bool]]) -> list[tuple[int, str, bool]]:
    out: list[tuple[int, str, bool]] = []
    for pos, tool, looks in found:
        if all(tool != t for _, t, _ in out):
            out.append((pos, tool, looks))
    return out


def _declared_patterns(vocab: Vocabulary) -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """(tool, phrase, pattern) of the declared phrases that are whole requests (they open on an operation)."""
    cached = _COMPILED.get(vocab, "declared")
    if cached is None:
        cached = _COMPILED.put(vocab, "declared", tuple(
            (sense.tool, phrase, compiled(rf"(?<![a-z0-9-]){re.escape(phrase)}(?![a-z0-9-])"))
            for sense in vocab.user_tools for phrase in sense.phrases if _OPERATION_START.match(phrase)))
    return cached


def _declared(clause: str, vocab: Vocabulary) -> list[tuple[int, str]]:
    """(position, tool) of the tools whose declared phrase (a whole request: "reseat your SIM") the clause
    holds; of two phrases at one place, the longer ("turn off wi-fi calling", not "turn off wi-fi")."""
    found = []
    for tool, phrase, pattern in _declared_patterns(vocab):
        if phrase in clause and (m := pattern.search(clause)) is not None:
            found.append((m.start(), m.end(), tool))
    return [(a, tool) for a, b, tool in found
            if not any(c <= a and b <= d and (d - c) > (b - a) for c, d, _ in found)]


# a look named "open" (open_door_pass) is also asked as bringing the thing up on the screen
# (and "go to Door Pass": the screen gone to is looked at)
_LOOK_OPENERS = {"open": frozenset(f"{form} up" for verb in ("pull", "bring", "call") for form in inflections(verb))
                 | {f"{form} {to}" for verb in ("go", "head", "navigate") for form in inflections(verb)
                    for to in ("to", "into")}}


def _acted(clause: str, vocab: Vocabulary, antecedent: Sequence[str] = ()) -> list[tuple[int, str]]:
    """(position, tool) of the tools named by their own verb (in any form or synonym) and the head noun of what
    they operate, a few words apart: clear_app_cache in "clear the StreamCo app's cache", "wipe the app cache"; or
    "it" for that thing named last ("The cache may be corrupted. Could you clear it?")."""
    found = []
    for sense in vocab.user_tools:
        named_by = sense.tool.split("_")[0]
        # a look named by another verb ("open_door_pass"): that verb and its thing ("open the door pass again")
        actions = sense.actions or (frozenset(inflections(named_by)) | _LOOK_OPENERS.get(named_by, frozenset())
                                    if sense.verb == "check" and named_by != "check" else frozenset())
        if not actions:
            continue
        heads = {o.split()[-1] for o in sense.objects}
        verbs = "|".join(sorted((re.escape(a) for a in actions), key=len, reverse=True))
        nouns = "|".join(sorted((re.escape(h) for h in heads), key=len, reverse=True))
        m = re.search(rf"(?<![a-z0-9-])(?:{verbs})(?:\s+[\w'’-]+){{0,4}}?\s+(?:{nouns})(?:s|es|d|ed)?(?![a-z0-9-])", clause)
        # (a verb and its way back, "sign out and back in": "log out of the app and back in")
        back = [o.split(" and ", 1)[1] for o in sense.objects if " and back " in f" {o} "]
        m = m or (compiled(rf"(?<![a-z0-9-])(?:{verbs})(?:\s+[\w'’-]+){{0,5}}?\s+(?:and |then )?"
                           rf"(?:{'|'.join(map(re.escape, back))})\b").search(clause) if back else None)
        # (a phrasal verb around its object: "pull the pass up")
        split = "|".join(re.escape(a[:-3]) for a in actions if a.endswith(" up"))
        m = m or (compiled(rf"(?<![a-z0-9-])(?:{split})(?:\s+[\w'’-]+){{0,3}}?\s+(?:{nouns}) up\b").search(clause)
                  if split else None)
        # "try playing something": the tool's own verb (not a synonym of it) with any thing at all
        own = "|".join(re.escape(v) for v in inflections(named_by))
        m = m or re.search(rf"(?<![a-z0-9-])(?:{own}) (?:something|anything|any(?:thing)? \w+)\b", clause)
        # "then try a show": a thing of its own tried is the tool used on it
        m = m or (compiled(rf"(?<![a-z0-9-])try(?:ing)? (?:a|an|any|another|some) (?:[\w-]+ )?(?:{nouns})s?\b")
                  .search(clause) if sense.actions else None)
        # "… and press play": a phrase whose object is the tool's own verb says it all
        pressed = [a for a in actions if named_by in a.split()[1:]]
        m = m or (compiled(rf"(?<![a-z0-9-])(?:{'|'.join(map(re.escape, pressed))})\b").search(clause)
                  if pressed else None)
        named_last = next((p for p in antecedent if p not in _DEVICES), "")
        if m is None and heads & set(named_last.split()):
            m = re.search(rf"(?<![a-z0-9-])(?:{verbs}) (?:it|them|that|this)\b", clause)
        if m:
            found.append((m.start(), sense.tool))
    return found


_SET_AS_A_STATE = re.compile(r"(?:(?<!\blet)'s|\bis|\bare|'re|\bwas|\bbeen|\bcurrently|\bstill) $")  # (not "let's set")
_INTO_A_PROBLEM = re.compile(r"(?:look|dig|take a look|have a look)(?: in)?(?:to| at| into) (?:the|your|this|that) "
                             r"(?:[\w-]+ ){0,2}(?:problem|issue|trouble|fault|situation)s?\b")
# a look in a relative clause, reported before: "the status bar you read me"
_RELATIVE_YOU = re.compile(r"\b(?:the|a|that|what) [\w -]{1,30} you $")
_DONE_BEFORE = re.compile(r"[\w-]+ (?:you|we) (?:just |already )?(?:did|made|ran|tried|performed|'ve done|have done)\b")
_OPERATION_START = re.compile(r"^(?:check|look|turn|switch|enable|disable|reset|restore|reseat|re-?insert|take|pop|"
                              r"remove|restart|reboot|run|send|set|change|grant|allow|give|pay|accept|approve|make|"
                              r"complete|disconnect|connect|power|what|which|is|any|top)\b")


# "the one that won't send picture messages": the problem, what fails, no step
_FAILING = (r"(?:won't|can't|cannot|couldn't|doesn't|didn't|will not|does not|did not|isn't able to|fails? to|"
            r"refuses? to|keeps failing to)")
_FAILS_TO = re.compile(r"\b(?:that|which|it|they)(?:'s| is| are)? (?:still )?" + _FAILING + " $")
_TO_THE_AGENT = re.compile(r"\w+ (?:me|us)\b(?! (?:a |an |the )?(?:test|picture|photo|mms|multimedia))")


def _paired(clause: str, things: list[_Thing], antecedent: list[str],
            vocab: Vocabulary) -> list[tuple[int, str, bool]]:
    """Operations of a clause paired with the thing each is about: the nearest thing after it, else before it,
    else the one named last ("turn it off")."""
    # ("we can look at the picture-message problem": the problem looked into, no screen looked at)
    # ("that also applies the APN reset you did a moment ago": a step done before, named as a thing)
    # (nor "the status bar you read me": a look in a relative clause, reported before)
    ops = [(at, kind) for at, kind in _operations(clause) if not (kind == "check" and _INTO_A_PROBLEM.match(clause, at))
           and not _DONE_BEFORE.match(clause, at)
           and not (kind == "check" and _RELATIVE_YOU.search(clause, 0, at) and clause.startswith("read", at))
           and not _FAILS_TO.search(clause[:at])]
    # only what a screen shows, not a thing the user has ("any SIM ejector tool")
    if not ops and _HAVE_ANY.match(clause) and any(t.phrase in s.mentions for t in things for s in vocab.user_tools
                                                   if s.verb == "check") \
            and not any(t.phrase in s.objects for t in things for s in vocab.user_tools):
        ops = [(0, "check")]
    if not ops and _WH_STATE.match(clause) and not _CODE.search(clause) and not _ABOUT_YOU.search(clause) \
            and not any(f.head in clause.split() for f in vocab.facts if f.head not in _DEVICES) \
            and any(_tool_for("check", t.phrase, vocab) is not None for t in things):
        ops = [(0, "check")]  # "What's your signal strength?", "How's your reception?": what a screen shows
    if not ops:
        return []
    if not things:  # "I've sent a payment request … Could you check that the request has come through?"
        things = [_Thing(c, m.start(), m.end()) for c in antecedent[:2] if " " in c and c.split()[-1] not in _GENERIC
                  for m in [re.search(rf"\bthe {re.escape(c.split()[-1])}\b", clause)] if m is not None][:1]
    if len(ops) == 1 and len(things) >= 2 and _coordinated(clause, things):
        pos, kind = ops[0]  # "make sure both SMS and Files and media are set to Allow"
        each = [(t.at, tool, False) for t in things if (tool := _tool_for(kind, t.phrase, vocab)) is not None]
        # "check the bars and network letters at the top of your screen": one screen shows them all, one look
        shown = [s.tool for s in vocab.user_tools if kind == "check" and s.verb == "check"
                 and all(t.phrase in s.mentions or t.phrase in s.objects for t in things)]
        if len({tool for _, tool, _ in each}) >= 2 and shown:
            return [(pos, shown[0], False)]
        if len(each) >= 2:
            return each
    if len(ops) == 1 and _PLURAL_REFERENCE.search(clause) and ops[0][1] != "check":
        pos, kind = ops[0]  # "Could you allow both?" after a list of the two permissions
        listed = list(dict.fromkeys(name for c in reversed(antecedent[:6])
                                    if (name := _tool_for(kind, c, vocab)) is not None))
        if len(listed) >= 2:
            return [(pos, name, False) for name in listed]
    out = []
    for pos, kind in ops:
        if kind == "check" and not _STATE_QUESTION.search(clause) and not _checks_thing(clause, pos, things) \
                and not _REPORT_OF_IT.search(clause):
            continue
        if kind == "check" and _OUTCOME_OR.match(clause, pos):
            continue  # "tell me whether it plays or the error comes back": how the step before went, no look
        if kind == "check" and (_WISHED_FOR.search(clause, pos) or _PICKED_BY_ITS_STATE.search(clause, pos)):
            # "let me know which speed you'd like": what the user wants, not what a test shows; "let me know the
            # one that's showing no signal": which line, told by what it shows
            continue
        if kind == "send" and _TO_THE_AGENT.match(clause, pos):
            continue  # "send me a quick message to say so": a reply to the agent, no test message
        if kind == "check":  # one look per question: the screen named for a thing beats one merely showing it
            # ("open Mobile network and tell me whether Data Saver is on": what the question is about, not where)
            asked_about = [t for t in things if t.at > pos and _ASKED_WHETHER.search(clause[max(0, t.at - 20):t.at])
                           and t.phrase not in _DEVICES and _tool_for(kind, t.phrase, vocab) is not None]
            own = [t for t in things if _tool_for(kind, t.phrase, vocab) in
                   {s.tool for s in vocab.user_tools if t.phrase in s.objects}]
            things = asked_about or own or things
        after = [t for t in things if t.at >= pos]
        before = [t for t in things if t.at < pos]
        if kind in ("turn on", "turn off") and clause[pos:pos + 3].strip() in ("on", "off"):
            verb = _PARTICLE.search(clause)  # "make sure Wi-Fi is off so we're testing mobile data": Wi-Fi
            between = [t for t in before if verb is not None and t.at >= verb.end()]
            after, before = [*reversed(between), *after], [t for t in before if t not in between]
        # switching "the airplane icon" off switches airplane mode off; looking at it looks at the status bar
        candidates = [t.modifier if t.modifier and kind != "check" else t.phrase for t in (*after, *reversed(before))]
        if kind == "check":  # "tell me whether No SIM is still at the top of the screen": where it shows is looked at
            placed = {t.phrase for t in things if _WHERE_SHOWN.search(clause[max(0, t.at - 20):t.at])}
            candidates.sort(key=lambda c: c not in placed)
        start, end = _own_span(clause, pos, ops)
        stretch = clause[start:end]
        pronoun = _PRONOUN.search(_RELATIVE_THAT.sub(r"\1", stretch)) is not None
        if pronoun and candidates and all(c in _DEVICES for c in candidates) and _IT_IN_A_STATE.search(clause):
            candidates = []  # "check that it's enabled on your phone": "it", not the phone
        by_pronoun = (not candidates and pronoun) or (kind == "check" and _REPORT_OF_IT.search(clause) is not None)
        # ("go to SIM status and read me what it says": going there is a look of its own, the reading reports it)
        looks_there = kind == "check" and any(start <= t.at < end for t in things)
        if by_pronoun:
            # "switch it off": the latest thing named that can be switched off ("open the network status screen
            # and read me what it says": the screen this clause named)
            candidates = [t.phrase for t in (*reversed(before), *after)] + antecedent[:4] if kind == "check" \
                else antecedent[:4]
            if kind == "check" and _IT_IN_A_STATE.search(clause):
                # "Wi-Fi Calling can interfere with MMS. Could you check whether it's enabled?": "it" is what can
                # be enabled (a setting some tool switches), not the last thing named
                switched = {o for sense in vocab.user_tools if _verb_kind(sense) in ("turn on", "turn off")
                            for o in sense.objects}
                candidates = sorted(candidates, key=lambda c: c not in switched)
        elif not candidates and kind == "check" and (_BARE_REPORT.match(clause) or _BARE_CHECK.search(clause)):
            candidates = antecedent[:1]  # "once your internet works again, let me know"
        elif not candidates and kind != "check" and len(clause.split()) <= 4:
            # "… > Files and media, and choose 'Allow'"; "find the VPN app, tap Disconnect" (of "VPN app")
            candidates = antecedent[:2]
        tool = next((named for c in candidates if (named := _tool_for(kind, c, vocab)) is not None), None)
        if tool is None and kind == "reseat" and pronoun:  # "put it in airplane mode, then take it out again"
            tool = next((named for c in antecedent[:2] if c.endswith("mode")
                         and (named := _tool_for("turn off", c, vocab)) is not None), None)
        if tool is None and pronoun and not by_pronoun:  # "grant it in the app settings"
            tool = next((named for c in antecedent[:4] if (named := _tool_for(kind, c, vocab)) is not None), None)
            by_pronoun = tool is not None
        if tool is None and by_pronoun and kind in _IMPLIED and antecedent:
            # "The SIM status shows 'Not detected'." - "Please reseat it.": the one tool that reseats, its thing
            # a word of what "it" stands for
            only = _tool_for(kind, None, vocab)
            words_of = {w for s in vocab.user_tools if s.tool == only for o in s.objects for w in o.split()}
            tool = only if only is not None and set(antecedent[0].split()) & words_of - _GENERIC else None
        # one tool does it, the thing unsaid: not when "it" is something else ("take it back out" of a mode)
        unsaid = not things and not (pronoun and antecedent and antecedent[0] not in _DEVICES)
        # ("Restart your home router" where the phone is all the user has tools for: another device, no step here)
        unsaid = unsaid and _OTHER_DEVICE.search(clause, pos) is None
        # "switch to LTE/5G in Voice & Data": a network type is what the one setting tool sets, wherever it is
        unsaid = unsaid or (kind == "set" and _NETWORK_TYPE.search(clause, pos) is not None)
        # "have another go at sending that photo": a send names what it sends, "that" is no pronoun there
        unsaid = unsaid or kind == "send"
        if tool is None and (unsaid or (kind in _IMPLIED and things and all(t.phrase in _DEVICES for t in things))) \
                and not (kind == "reset" and (things or _WHOLE_RESET.search(clause))):
            tool = _tool_for(kind, None, vocab)
        if tool is not None:
            # (a condition on "it" is a look of its own: "If it's on, turn it off" looks first)
            out.append((pos, tool, kind == "check" and by_pronoun and not looks_there
                        and _CONDITION.match(clause) is None))
    return out


def _own_span(clause: str, pos: int, ops: Sequence[tuple[int, str]]) -> tuple[int, int]:
    """Where the words of the clause that go with the operation at ``pos`` start and end: "disconnect from it and
    re-run the test" - "it" is what is disconnected, the test is run; from the "and" or "then" that opens the
    operation's own part (after the operation before it) to the operation after it."""
    before = max((p for p, _ in ops if p < pos), default=None)
    after = min((p for p, _ in ops if p > pos), default=len(clause))
    if before is None:
        return 0, after
    joint = None
    for joint in _JOINT.finditer(clause, before, pos):
        pass
    return (joint.end() if joint is not None else before), after


# a device of the user's other than the one its tools operate, when no tool names it
_OTHER_DEVICE = re.compile(r"\b(?:router|modem|laptop|computer|pc|desktop|tablet|ipad|tv|television|console|"
                           r"smartwatch|watch|hotspot|printer)s?\b")
_JOINT = re.compile(r"\s(?:and|then|and then|&)\s")
# "the line that's affected", "the phone that has no service": a relative pronoun, which stands for no earlier thing
_OUTCOME_OR = re.compile(r"(?:tell me|let me know|say)(?: (?:whether|if)) (?:it|that|the (?:app|title|video|film|show|"
                         r"page|router|phone))(?: now)? (?:plays|loads|works|starts|opens|connects|sends|goes through|"
                         r"is (?:playing|loading|working))\b(?: (?:now|properly|fine|ok|okay))?,? or (?:whether |if )?"
                         r"(?:the|an?|that|some) ")
_RELATIVE_THAT = re.compile(r"\b((?:the|your|any) [\w-]+) (?:that|which)(?=(?:'s| is| are| has| was| isn't| doesn't|"
                            r" won't| can't| keeps?| seems?)\b)")
_IT_IN_A_STATE = re.compile(r"\b(?:it|that)(?:'s| is| was)(?: still| currently| now| already)? (?:turned |switched |set )?"
                            r"(?:on|off|enabled|disabled|active|activated)\b")
_PICKED_BY_ITS_STATE = re.compile(r"\b(?:the|which) (?:one|line|number|phone|device)s? (?:that|which)"
                                  r"(?:(?:'s| is| are|'re) (?:showing|getting|having|giving|stuck)|"
                                  # "which is the one that won't send picture messages"
                                  r" " + _FAILING + r")\b")
_WISHED_FOR = re.compile(r"\b(?:which|what)\b[^.?!]*?\byou(?:'d| would)? (?:like|want|prefer|wish)\b"
                         r"|\b(?:which|what)\b[^.?!]*?\byou(?:'re| are) (?:after|looking for)\b")


def _checks_thing(clause: str, pos: int, things: list[_Thing]) -> bool:
    """"Tell me whether the bars come back" looks at the bars; "read me the PUK code printed on the SIM holder"
    asks for a code, not for the SIM screen."""
    rest = clause[pos:]
    verb = re.match(r"\w+(?: \w+)?", rest)
    after = rest[verb.end():] if verb else rest
    if _NUMBER_ASKED.match(after):
        return False  # "tell me the phone number of the line that's affected": a fact, not a screen
    if _CHECK_FOLLOWS.search(after) or not re.match(r"^\s*(?:me |us )?(?:the |your |a |an )", after):
        return True
    near = [t for t in things if 0 <= t.at - pos <= len(verb.group(0) if verb else "") + 25]
    # "read me the name of the selected APN": a part of a thing is looked at on the thing's screen (not a code)
    part = _PART_OF.match(after)
    return bool(near) or (part is not None and any(t.at == pos + len(rest) - len(after) + part.end() for t in things))


# a code or number asked for ("the phone number of the line", "the account ID"; not a count: "the number of bars")
_NUMBER_ASKED = re.compile(r"^\s*(?:'s |is |me |us |know )?(?:the |your |a |an )(?!number of (?!the |your |this |that |my ))"
                           r"(?:[\w-]+ ){0,2}?(?:code|number|pin|puk|password|id|serial|imei)\b"
                           # (a number a device displays is read off it: "the number on your meter"; not "the
                           # number on the account", a record)
                           r"(?! (?:shown|displayed|showing)\b| (?:on|in|at) (?!(?:the |your |our )?(?:account|file|"
                           r"records?|profile|system)\b))")
_PART_OF = re.compile(r"^\s*(?:me |us )?the (?!(?:[\w-]+ )?(?:code|number|pin|puk|password|id|serial|imei)\b)"
                      r"(?:[\w-]+ ){1,2}(?:and (?:the )?[\w-]+ )?(?:of|for|on|in) (?:the |your |this |that )?"
                      # ("the merchant and amount on the newest alert")
                      r"(?:(?:selected|current|active|chosen|newest|latest|most recent|top|first|last) )?")
_AGENT_DID = re.compile(r"^(?:\w+,? )?(?:i|we)(?:'ve| have|'d| had)(?: (?:just|already|now|also))* [a-z]+(?:ed|en|t)\b")
_PURPOSE_TAIL = re.compile(r"\s-\s|;|,? so (?:that )?|,? (?:that|which) (?:should|will|would|might|may)\b")
_CHATTY_LEAD = re.compile(r"^(?:(?:and|" + CHAT_LEAD + r"),? )+", re.IGNORECASE)


def _without_purpose(text: str) -> str:
    """The ask without what it is for ("… logging back in - that should refresh your pass"); a "so" that leads it
    sets off no purpose ("Okay, so could you open …")."""
    return _PURPOSE_TAIL.split(_CHATTY_LEAD.sub("", text), maxsplit=1)[0]


# words of a record as much as of a screen: "the number on your letter" names no screen of the user's
_RECORD_WORDS = frozenset({"number", "code", "id", "name", "date", "detail", "info", "information", "amount", "account",
                           "reference", "email", "address", "value", "total", "balance"})


def tool_by_site(text: str, vocab: Vocabulary) -> str | None:
    """The one user tool whose description names a web address the ask sends the user to ("go to
    speedtest.example.net, tap Go and read me the figures")."""
    ask = normalise(text)
    if _HISTORY.search(ask) or _NEGATED.search(ask) or _AGENT_DID.match(ask):
        return None
    named = web_addresses(ask)
    tools = [s.tool for s in vocab.user_tools if s.sites & named]
    return tools[0] if len(tools) == 1 else None


def look_by_keywords(text: str, vocab: Vocabulary) -> str | None:
    """The one checking tool of the user's that an ask to look and report names by a word of the tool's name or
    description, when nothing else read it ("What does the display say?" for a tool reading "the number shown on
    the meter's display"); none when two share as many."""
    # (each part an aside sets apart: "I'll need a reading - what does the display say?"; then the parts together:
    # "In the app, open Alerts - what does the top one say?")
    parts = re.split(r"\s[-\u2013\u2014]\s", text)
    for part in (*parts, " - ".join(parts)) if len(parts) > 1 else parts:
        found = _look_named(_without_purpose(part) if part in parts else part, vocab)
        if found is not None:
            return found
    return None


# what a screen will show, told ("you'll usually see a key icon"), no look asked
_WHAT_YOU_WOULD_SEE = re.compile(r"\byou(?:'ll| will| should| may| might| would| can|'d)(?: \w+ly)? "
                                 r"(?:see|notice|spot)\b")


# what the agent will look at itself ("I'll first pull up the account, then check the line's data settings")
_WILL = r"(?:i|we)(?:'ll| will|'m going to| am going to)\b"
_AGENT_WILL = re.compile(r"\b" + _WILL + "|" + _OUR_SIDE.pattern)
_AGENT_WILL_FIRST = re.compile(r"^(?:[\w-]+,? ){0,4}?" + _WILL, re.IGNORECASE)
# a choice asked, no look ("Let me know which you'd prefer: a data top-up or a roaming pass.")
_PREFERENCE = re.compile(r"\b(?:prefer|preference|rather|choose|pick)\b")
# a condition before the ask says when, not what to look at ("Should the bars not come back, the next option …")
_CONDITION_FIRST = re.compile(r"^(?:if|should|once|when|unless|in case)\b[^,]*,\s*")
# the words of looking itself name no screen ("check your email", "we'll look at other options")
_LOOKING_WORDS = frozenset({"check", "look", "open", "see", "view", "run", "find", "tell", "show", "say", "read"})


# what the user is asked to give, no verb of looking said: "What's the kWh reading?", "I'll need a fresh meter
# reading from you", "Do you have the figure handy?", "Can you send it over?"
_INFORMATION_WANTED = re.compile(r"^(?:(?:and|so|ok|okay|great|thanks),? )?(?:what(?:'s| is| are)\b|"
                                 # (a thing read off a screen, not one held: "a SIM ejector tool handy?")
                                 r"(?:do|did) you (?:have|see|get) (?:[\w-]+ ){0,3}(?:reading|figure|number|code|"
                                 r"message|error|result|value|status)s?\b|(?:i|we)(?:'ll| will|'d| would)? need\b|"
                                 r"(?:can|could|would) you (?:(?:give|send|pass|share) (?:me|us)|note|jot|"
                                 r"let me have)\b|"
                                 r"(?:please )?(?:(?:give|send|share) (?:me|us)|note down|jot down)\b)")
_NEEDED_FROM_YOU = re.compile(r"^(?:i|we)(?:'ll| will) need\b")


def _look_named(ask: str, vocab: Vocabulary) -> str | None:
    clause = _CONDITION_FIRST.sub("", normalise(ask))
    if _HISTORY.search(clause) or _NEGATED.search(clause) or _AGENT_DID.match(clause) or _DESCRIBING.match(clause) \
            or _WHAT_YOU_WOULD_SEE.search(clause) or _ON_ANOTHER_PHONE.search(clause) \
            or _AGENT_WILL.search(_NEEDED_FROM_YOU.sub("", clause)) or _PREFERENCE.search(clause):
        return None
    kinds = {kind for _, kind in _operations(clause)}
    # (no operation said: a thing asked for that only a look gives, named by two words of the tool at least)
    wanted = not kinds and _INFORMATION_WANTED.search(clause) is not None
    if kinds != {"check"} and not wanted:
        return None
    # a word every user tool's description shares names where they all are ("the club app"), not one screen
    shared = frozenset.intersection(*(s.keywords for s in vocab.user_tools)) if len(vocab.user_tools) > 1 \
        else frozenset()
    # (a word of looking is a thing when no operation is said: "the meter reading")
    said = content_words(clause) - _RECORD_WORDS - (frozenset() if wanted else _LOOKING_WORDS) - shared
    # (a word of the tool's name counts twice: "what are the toggles set to - mobile data, roaming and data saver?"
    # names the mobile data settings more than the speed test that also reads data saver)
    scored = sorted(((len(said & s.keywords) + len(said & s.name_keywords), s.tool) for s in vocab.user_tools
                     if _verb_kind(s) == "check"), reverse=True)
    # (two tools each named by three words or more, one by a word more, are both named: "send cellular status,
    # network type, signal bars" names the status bar's words and the network status's nearly as much)
    if not scored or scored[0][0] < (2 if wanted else 1) or (
            len(scored) > 1 and (scored[1][0] == scored[0][0] or scored[1][0] >= max(3, scored[0][0] - 1))):
        return None
    return scored[0][1]


def tool_by_keywords(text: str, vocab: Vocabulary, *, least: int = 3) -> str | None:
    """The one user tool an ask names by the words of the tool's name and description, when nothing else read it:
    ``least`` words of the tool's name at least ("open the door pass" for open_door_pass, "log out … back in" for
    sign_out_and_back_in), then the most words of its name and description, alone."""
    # the ask itself, not what it is for ("… logging back in - that should refresh your pass")
    ask = _without_purpose(text)
    # "Had you …?", "Don't sign out yet.", "Data Saver was switched on, which is why …" (a state, no ask)
    # ("I've turned roaming on for the line": the agent's own doing)
    if _HISTORY.search(ask) or _NEGATED.search(ask) or _UP_TO_YOU.search(text) or _AGENT_DID.match(ask) \
            or _AGENT_WILL_FIRST.match(ask) or _OUR_SIDE.search(ask) \
            or re.match(r"^[\w -]{2,30}? (?:was|were|had been) (?:\w+ )?\w+ed\b", ask):
        return None
    said, said_name = content_words(ask), content_words(ask, particles=True)
    scored = sorted(((len(said & s.keywords) + len(said_name & s.name_keywords), s.tool) for s in vocab.user_tools
                     if len(said_name & s.name_keywords) >= least), reverse=True)
    if not scored or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1]
