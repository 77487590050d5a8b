"""The forms of what agents ask and say that are the same in every domain: asking for approval ("Shall I …",
"Please confirm if you would like to proceed …", "Does that look right?"), closing ("Is there anything else?"),
asking what the user needs, asking to hear it again, offering a choice, handing over to a human, refusing.
"""

from __future__ import annotations

import re

# a purpose clause says why the agent asks, not what it asks ("… your user ID so I can proceed?")
PURPOSE = re.compile(
    r"(?:,\s*)?\b(?:so (?:that )?(?:i|we) (?:can|could|may|will be able to|'ll be able to)|so i'm able to|"
    r"in order (?:for me )?to|to be able to|before (?:i|we) (?:can |could )?(?:proceed|go ahead|continue|do|make)|"
    r"(?:and|then) (?:i|we)(?:'ll| will| can| could)|which (?:i|we)(?:'ll| will) (?:need|use)|"
    r"(?:i|we) (?:can|will|'ll) then|that way (?:i|we)|to (?:help|assist) (?:you|with)|"
    # "Once I have those, I can pull up your line.": what they are for (not "I can find it by your email")
    r"(?:i|we) can (?:then |now )?(?:pull up|look up|bring up|find|locate|access|open)"
    r"(?![^,;:]*\b(?:by|with|using|via|from)\b))\b[^,;:]*?(?=\s-\s|[,;:]|$)")
_NOT_WH = r"(?<!\bwhat )(?<!\bhow )(?<!\bwhere )(?<!\bwhich )(?<!\bwhen )(?<!\bwho )(?<!\bwhom )(?<!\bwhy )"
# taking something from the user is asking for it, not leave to act ("Would it be alright if I grabbed your name?";
# "okay if I get it cancelled?" acts: a participle follows)
_NOT_TAKING = (r"(?!(?:just |quickly )?(?:ask(?:ed)?(?: you)? for|grab(?:bed)?|collect(?:ed)?|(?:jot|note|write|take)"
               r"(?:ted|d)? down|(?:get|got|have|had|take|took)\b(?![^.?!]*\b\w{3,}ed\b)))")
NOT_IF_I_TAKE = r"(?! if (?:i|we) " + _NOT_TAKING[3:-1] + r")"
# a yes asked for as all it takes: "if that all matches, a quick yes and it's done"
QUICK_YES = (r"\b(?:a|one) (?:quick |simple |single )?['\"]?(?:yes|go-ahead|ok|okay)['\"]? (?:and|&) (?:it's|it is|"
             r"it'll be|that's|i'll|i will|we'll|i can)\b")
APPROVE_ACTION = re.compile(
    r"\b(?:shall|should|may) (?:i|we)(?: then| now| please)?\s*[?!.]*$|"
    + _NOT_WH + r"\b(?:shall|should|can|could|may|might) (?:i|we)(?: please| now| just| also| go ahead and)? "
    r"(?!(?:have|get|ask|grab|know|take|see|help|assist|also|please have|start by|just (?:get|have|confirm your)|"
    r"trouble you|bother you|borrow|"
    r"do for|tempt|interest)\b)"
    # "should I get your line back up?" asks about the agent's own doing ("can I get your email?" asks for it)
    r"|" + _NOT_WH + r"\b(?:shall|should) (?:i|we)(?: go ahead and)? (?:get|have|take|grab)\b"
    r"|\b(?:do|would|will|can) you (?:authori[sz]e|allow|permit) (?:me|us) to\b"
    r"|^(?:\w+,? )?how about (?:i|we)\b"  # "How about I cancel it?": the agent's own step proposed
    # "Is that a yes on the cancellation?", "So that's a go for the downgrade?"
    r"|^(?:\w+,? )?(?:is (?:that|this|it)|(?:that|this|it)(?:'s| is)) (?:a )?(?:yes|go|go-ahead|green light) "
    r"(?:on|to|for)\b"
    r"|\bwould you (?:prefer|rather|like) (?:to )?(?:speak|talk|chat|be (?:transferred|connected|put through)|"
    r"(?:continue|carry on) with (?:a|an|one of our|our) (?:human|live|real|person|colleague|specialist|agent|"
    r"representative|supervisor|manager))\b"
    # "Would you prefer to have a colleague handle the invoice?", "Would you like a specialist to take this over?"
    r"|\b(?:would|do) you (?:prefer|rather|like|want) (?:(?:to )?have |for )?(?:a|an|one of our|our) (?:human|live|real|"
    r"colleague|specialist|agent|representative|supervisor|manager|teammate|team member)s? (?:to )?(?:handle|take|look|"
    r"help|deal|sort|pick)\b"
    r"|\b(?:do|would|will) you (?:still |now |really |also )?(?:want|like|wish|prefer) (?:me|us|for (?:me|us)) to\b"
    r"|\b(?:do|would) you (?:still |now |really |also )?(?:want|prefer) that (?:i|we)\b"
    r"|\b(?:do|would|will) you (?:still |now |really |also )?(?:want|like|wish) to (?!(?:know|share|provide|tell|add|"
    r"check(?! out)|look|review|"
    r"order|hear|see|try|get|have|start|continue with (?:the )?(?:troubleshooting|steps)|keep|leave|stick with|stay)\b)"
    r"|\b(?:if|whether) you(?:'d| would)? (?:like|want|wish) to (?:proceed|go ahead|continue|move forward)\b"
    r"|\b(?:if|whether|when) you(?:'d| would)? (?:want|like|wish) me to\b|^(?:so,? |and,? )?you(?:'d| would) like "
    r"(?:me )?to\b|(?:^|[-,:]\s*)(?:\w+,? )?(?:do you )?want me to\b|\bshall we\b|\bready for me to\b"
    r"|\b(?:ok|okay|alright|all right|fine|happy|good|comfortable|content) (?:for (?:me|us) to|if (?:i|we)) "
    + _NOT_TAKING +
    r"\w+"
    r"|\b(?:ok|okay|alright|fine|happy|good) (?:to|if i|if we|for me to) (?:proceed|go|continue|move|make|do|place|"
    r"submit|process|finali[sz]e|book|cancel|change|update|send|issue|apply|create|start)\b"
    r"|\b(?:ready|happy) (?:for me )?to (?:proceed|go ahead|continue|place|submit|confirm|finali[sz]e)\b"
    r"|(?:^|\s-\s|[:;]\s)(?:(?:is it|would it be|are we) )?(?:ok|okay|alright|all right|fine|good) (?:for (?:me|us) )?"
    r"to \w+.*\?$"
    r"|\bready for (?:me|us) to \w+|^(?:\w+,? )?(?:are you |is it )?ready to (?!order\b|start\b|begin\b)\w+"
    r"|\bare you (?:sure|certain)\b(?! about\b| (?:that )?(?:you (?:have|typed|entered|gave|meant|got|used|received|"
    r"spelled)|(?:it|this|that|the)(?:'s| is| was)?)\b)|\bdo you (?:agree|approve|accept|consent)\b"
    r"|\b(?:have|give (?:me|us)) your word\b"  # "Might I have your word that I may proceed?"
    r"|\b(?:your|the) (?:explicit |final |formal |quick |clear |written |verbal )?(?:permission|approval|consent|"
    r"go-ahead|go ahead|ok|okay|authori[sz]ation|green light|"
    r"sign-off|blessing)\b"
    # "I just need your confirmation to cancel it" (not "your confirmation email")
    r"|\b(?:need|want|require|have|get)(?: is)? (?:your|a) (?:quick |final )?confirmation\b"
    r"(?! (?:email|number|code|text|message|link|page|screen))"
    r"|\b(?:are we|is it|am i) (?:good|ok|okay|clear|all set|set) to\b"
    # "All good to lock this in?", "Action required: a yes from you for the downgrade."
    r"|^(?:\w+,? )?(?:all )?(?:good|ok|okay|set) to (?:lock|go|proceed|book|place|submit|send|make|apply)\b"
    r"|\b(?:a|your) ['\"]?(?:yes|go-ahead|ok|okay)['\"]? from you\b"
    # "if that all matches, a quick yes and it's done"
    r"|" + QUICK_YES +
    r"|\b(?:need|get|have|want) (?:a |an |your )?(?:quick |final |clear |simple |explicit |firm |formal )?['\"]?"
    r"(?:yes|ok|okay|green light|"
    r"thumbs[- ]up|sign-off|nod)\b(?! (?:message|prompt|button|sign|signal|status|screen|icon|light|pop-?up|"
    r"notification|box))"
    r"|\b(?:is|would) (?:that|this|it) (?:be )?something you(?:'d| would)? (?:like|want)\b"
    r"|\b(?:is|was) (?:that|this|it) what you(?:'d| would)? (?:like|want)(?: (?:me|us) to do)?\b"
    r"|^(?:\w+,? )?(?:(?:are|would) you(?: be)? )?interested\s*\?"
    r"|^(?:(?!(?:i|we|they)\b)\w+,? )?want to (?!(?:know|share|provide|tell|add|order|hear|see|try|get|have|start|check|restart|turn|"
    r"toggle|open|run|keep|leave|stick with|stay)\b)"
    r"|\b(?:give|send|grant) (?:me|us) (?:the |a |your )?(?:quick |final |clear |simple )?(?:go-ahead|go ahead|ok|okay|"
    r"green light|nod|yes|thumbs[- ]up|permission|approval|consent|agreement|authori[sz]ation)\b"
    r"|\b(?:reply|respond|answer|say|type|write|text|revert)(?: with| back)?(?: a)? [\"']?(?:yes|y|confirm|ok|okay|go|"
    r"proceed|agree|approve)\b"
    r"|\b(?:proceed|go ahead)\s*\?$|\blet me know if you(?:'d| would) like (?:me )?to\b"
    r"|\b(?:let me know|tell me) (?:if|whether) (?:i|we) (?:should|can|may|shall)\b"
    r"|\bif you(?:'d| would) like\b.*\blet me know\b|\bwould you like (?:to go ahead|to proceed)\b"
    r"|\b(?:say|give(?: me)?) the word\b|\bjust say (?:yes|go|ok|okay)\b"
    # "quick yes/no before I submit the plan change: …"
    r"|^(?:(?:a |one )?(?:quick|fast|final|simple) )?(?:yes/no|yes or no|y/n)\b,?(?: -|:)? (?:before|so|then)\b"
    # after an offer ("I can turn on roaming for your line."): "Would you like that?", "Would that help?"
    r"|(?:^|\s-\s|[,;:]\s)(?:\w+,? )?(?:(?:would|do) you )?(?:like|want|desire) "
    r"(?:that|this|it|one|me to(?: do (?:that|this|it))?)\W*$"
    r"|^(?:\w+,? )?would (?:that|this|it) (?:help|work|be (?:ok|okay|alright|all right|fine|good|helpful|useful|"
    r"acceptable|of (?:any )?(?:help|use)))\W*$")
# asking to check something read back (an approval when it is about an action, else a check of values)
APPROVE_CHECK = re.compile(
    r"\b(?:is|are) (?:that|this|these|those|everything|it|all (?:of )?(?:that|this|the above)|the (?:above|details|"
    r"information|following|order|summary))(?: (?:above|below|here|listed(?: above)?))?"
    r"(?: (?:all|information|details|info|order|summary|plan))? "
    r"(?:correct|right|accurate|ok|okay|alright|fine|good|acceptable|what you (?:want|need|had in mind))\b" + NOT_IF_I_TAKE +
    r"|^(?:\w+,? )?(?:everything|all of (?:that|this|it))(?: (?:above|here|listed))? (?:correct|right|accurate)\s*\?$"
    r"|^(?:\w+,? )?(?:both|both of (?:them|those|these)|all three)(?: still)? (?:correct|right|accurate|current)\s*\?$"
    r"|\b(?:is|was) (?:this|that|it) the (?:\w+ ){1,2}(?:you|that you)\b"
    r"|\b(?:is|was) (?:this|that|it) the (?:one|ones|line|number|order|account) (?:with|having|showing|that(?:'s| is| has))\b"
    r"|\b(?:is|are) (?:that|this|these|those|it) the (?:correct|right) \w+"
    r"|\b(?:does|do|will|would) (?:that|this|these|those)(?: \w+)? (?:work|suit|fit) (?:for )?(?:you|your)\b"
    r"|^(?:and |so )?(?:is|was) (?:this|that|it) the (?:right |correct |same )?(?:one|ones|\w+)\s*\?$"
    r"|^(?:and |so )?(?:is|was|are) (?:this|that|it|these) (?:definitely |really |actually |indeed |still )?"
    r"(?:you|yours|your \w+(?: \w+)?)\s*\?$"
    r"|\b(?:does|do|did) (?:that|this|everything|it|these|all (?:of )?(?:that|this)|the (?:above|order|summary))"
    r"(?: (?:above|below|here|listed(?: above)?))? (?:all )?(?:look|sound|seem)(?: all)? (?:right|correct|good|ok|okay|accurate|fine|alright)\b"
    r"|\b(?:does|would) [a-z]+ing\b[^?.]{0,60}? (?:sound|look|seem) (?:good|right|ok|okay|fine|alright)\b"
    r"|\bwould (?:that|this|it) be (?:ok|okay|alright|all right|fine|acceptable)\b" + NOT_IF_I_TAKE +
    # ("… and let me know if it works" after a step asks what the step did: only "that/this … works" checks a plan)
    r"|\blet me know (?:if|whether) (?:(?:that|this|everything|all (?:of )?(?:that|this)|the (?:above|details|"
    r"summary|plan))(?: all)? (?:works|suits you)|(?:that|this|everything|it|all (?:of )?(?:that|this)|the (?:above|"
    r"details|summary|plan))(?: all)? (?:looks?|sounds?|seems?|is|are) (?:all )?(?:right|correct|good|ok|okay|"
    r"accurate|fine))\b"
    r"|\b(?:sounds?|looks?) (?:good|right|ok|okay|correct)\?|\bgood to go\b|\ball set\?|\bhow does that sound\b"
    r"|(?:,|\s-)\s*(?:correct|right|yes|ok|okay)\s*\?$|\b(?<!\bput )(?<!\bset )(?<!\bto )right\?$"
    r"|^(?:ok|okay|alright|correct|right|yes)\s*\?$"
    r"|\bdid i get (?:that|it|this|everything|all of that) (?:right|correct)\b"
    # "the postcode I have is LS6 2TQ - does that match yours?"
    r"|\b(?:does|do) (?:that|this|it|these|those)(?: all)? (?:match|tally with|agree with) (?:yours|what you have|"
    r"your (?:records?|details|\w+))\b"
    # "is that exactly how you want it to appear?"
    r"|\b(?:is|was) (?:that|this|it) (?:exactly )?(?:how|what) you(?:'d| would)? (?:want|like|wanted|need)\b"
    r"|\b(?:is|was) (?:that|this) (?:exactly )?how it should (?:read|appear|look|be written)\b"
    # a value read back letter by letter: "is that spelled correctly?", "did I spell your name right?"
    # (or "spelled the way your accountant needs it")
    r"|\b(?:is|was|are) (?:that|this|it|everything) (?:spelled|spelt|written) (?:correctly|right|"
    r"(?:exactly )?(?:the way|how) (?:you|your|they|it|the)\b)"
    r"|\bdid i (?:spell|write|type) (?:that|it|this|your \w+(?: \w+)?) (?:correctly|right)\b"
    r"|\b(?:have|did) i (?:got|get|noted|note|written|recorded|understood) (?:that|it|this|everything)(?: down)? "
    r"(?:correctly|right)\b|^(?:and |so )?(?:is )?(?:that |this |everything |it )?all (?:correct|right|accurate)\s*\?$"
    # a check of what was just said, in other words: "Sound like a plan?", "Is that a go?", "is that still current?"
    r"|\bsounds? like a plan\b|^(?:so,? |and,? )?are we (?:good|ok|okay|set|all set|clear)(?: (?:to go|here))?\s*\??$|\b(?:is|are) (?:that|this|it) a go\b|^let's do (?:it|this|that)\s*\?"
    r"|\b(?:is|are) (?:that|this|it|those|these) still (?:current|valid|correct|right|accurate|up to date|the best)\b"
    r"|\b(?:did|have) i (?:get|got|gotten|note|noted|understand|understood|capture|captured|record|recorded|hear|heard|"
    r"write|written|take|taken) (?:that|it|this|those|these|everything|all (?:of )?that|the \w+(?: \w+)?)(?: down)? "
    r"(?:right|correct|"
    r"correctly|accurately)\b"
    r"|^(?:so,? )?(?:yes or no|y/n)\W*$|\b(?:does|will|would) (?:that|this|it) work\b|\b(?:is|are) (?:the|your|"
    r"my) [^?]{1,40} (?:correct|right)\?"
    r"|\b(?:ok|okay|alright|fine|happy) with (?:that|this|these|you)\b|\bagree to\b"
    r"|(?:^|[:;]\s|\s-\s)(?:so,? |and,? |ok(?:ay)?,? )?you(?:'d| would) like\b.*\?$|^(?:so,? )?you want\b.*\?$")
CONFIRM_WORD = re.compile(r"(?<!\bi )(?<!\bwe )(?<!\bi'll )(?<!\blet me )(?<!^to )(?<!^just to )"
                          r"\b(?:confirm|confirming|reconfirm)\b")
# what follows "confirm" when the agent asks to approve an action ("confirm you'd like me to …")
CONFIRM_ACTION = re.compile(
    r"^\s*(?:that |if |whether |with me |for me |to me |back )*(?:you(?:'d| would)? (?:like|want|wish|agree|approve)|"
    r"you(?:'re| are) (?:happy|ok|okay|sure)|(?:i|we) (?:can|should|may|shall)|(?:yes|ok|okay|proceed|go ahead)\b)")
# … or to check what it read back ("please confirm the details above", "confirm.")
CONFIRM_CHECK = re.compile(
    r"^\s*(?:that |if |whether |with me |for me |to me |back |once more |again |(?:below|here|above|now)\b\s*)*(?:$|"
    r"[.?!,:]|(?:this|that|these|"
    r"those|the above|everything|all|it|the following|the (?:details|information|changes?|action|request|order|"
    r"summary|plan|above)|your (?:choice|decision|approval|request|selection)"
    # "I have your email as …. Can you confirm the spelling is correct?"
    r"|the spelling(?= (?:is|looks) (?:correct|right)|\W*$))\b)")
VERIFY_PREFIX = re.compile(r"^(?:so,? |ok(?:ay)?,? |great,? |alright,? |perfect,? )?(?:just )?(?:to (?:confirm|verify|"
                           r"double[- ]check|make sure)|confirming|just checking|let me confirm|i(?:'d| would)? like "
                           r"to confirm|i just want to confirm|quick check|before i (?:proceed|go ahead|make))\b")
CLOSING = re.compile(
    # "take care" wishes ("I can take care of both" does not), "bye" ends a sentence ("Bye-bye airplane mode:" not)
    r"\btake (?:good |great )?care\b(?! of\b)|\btake it easy\b|\ball the best\b|\bcheers\b"
    r"|\b(?:bye|bye-bye)\b(?=\s*(?:[!.,]|$|for now))|\bwishing you\b"
    # "Have I resolved everything for you today?": whether more help is wanted
    r"|\bhave (?:i|we) (?:resolved|answered|covered|solved|sorted|handled|taken care of|helped with) "
    r"(?:everything|all)\b"
    # "anything else" offers more help, unless it is about something of this request ("anything else on the card"),
    # and "something else" unless it is the last option of a list ("an order, a delivery, something else?")
    # ("anything else on your screen?" asks about a thing; "anything else on your mind / list?" offers more help)
    # ("No need to confirm anything else": nothing more needed, no offer)
    r"|(?<!\bbefore )(?<!\babove )(?<!\bmore than )(?<!\bneed to confirm )(?<!\bneed to check )"
    r"\b(?:anything|(?<!, )(?<!\bor )something) (?:else|more)\b"
    r"(?! (?:on|in|from) (?!your (?:mind|list|plate|end)\b)| (?:that|which)\b"
    r"| to (?:note|know|mention|keep in mind|be aware of|consider)\b"
    # … or what the user knows of this request ("anything else about this order you'd like to change?", "anything
    # else you remember about the charge?", "anything else I should know before …?")
    r"| about (?:this|that|the|these|those)\b| you (?:remember|recall|noticed?|saw|can tell me)\b"
    r"| (?:i|we) (?:should|need to|ought to|must) know\b"
    # … or more of this request, or of the problem, with an example ("anything else changed on the order?", "anything
    # else not working - calls, texts?", "have you tried anything else, like restarting?")
    r"| (?:\w+ed|not|going on)\b|[^?.!]*?(?:, like\b|\bsuch as\b|\be\.g\.))"
    r"|\btakes? care of everything\b|\breach out (?:any ?time|again|whenever)\b|\bwraps? (?:things|it|everything) up\b"
    r"|\b(?:it was|it's been|it has been) (?:a|my|an absolute) pleasure\b|\b(?:best of luck|good luck)\b"
    r"|\btalk (?:soon|later|to you soon)\b|\bif you (?:ever )?need (?:anything|me|us)\b(?! (?:\w+ )?to\b)"
    r"|(?:^|[-,;:] |\band )happy \w+ing[!.]*$"
    r"|^(?:i )?hope (?:you(?:'ll)? (?:enjoy|have)|the rest of your|your (?:day|week|evening|weekend))\b"
    r"|\bany(?:thing)? other (?:questions?|issues?|concerns?|things?|way)\b"
    r"|\belse (?:i|we) can (?:help|do|assist)\b|\bfurther (?:assistance|help|questions)\b|\bwill that be all\b"
    r"|\bis that (?:all|everything)\b(?! (?:correct|right|accurate|good|ok|okay|fine)\b)"
    # (not a clause's subject: "the trade-off is that everything loads more slowly")
    r"(?=\s*(?:[?.!,)]|$|for\b|you\b|i\b|we\b|on\b|then\b|today\b|with\b))"
    r"|\bis there more (?:i|we) can\b|\bhelp (?:you )?with (?:anything|something) (?:else|more)\b"
    r"|\bhave a (?:great|good|nice|wonderful|lovely)(?: rest of (?:your|the))? (?:day|evening|one|weekend|night)\b"
    # a wish of any words as a sentence of its own: "- have a lovely afternoon!", "Enjoy the new plan!"
    r"|(?:^|[-,;:] |\b(?:and|hope you) )have (?:yourself )?an? (?:[a-z]+ ){1,3}(?:day|afternoon|morning|evening|weekend|night|"
    r"week|holiday|one|time|trip|stay|visit|flight|journey|vacation|break|meal)\b"
    # (a wish may go on after a dash or "and": "Enjoy the time away - we'll be here when you get back.")
    r"|(?:^|[-,;:] |\band )enjoy (?:your|the) [\w' -]{1,30}[!.]*$|^enjoy (?:your|the) [\w' ]{1,30}? - "
    r"|\bsafe (?:travels|trip|journey|flight|drive|driving)\b|\btravel safe(?:ly)?\b|\bbon voyage\b"
    r"|\bgoodbye\b"
    r"|\bif you (?:have|need) any(?:thing)? (?:more|else|other|further|questions?)\b|\bfeel free to reach out\b"
    r"|\bsee you (?:soon|then|later|next time)\b|\benjoy (?:your|the) (?:meal|food|order|day|evening|weekend)\b"
    r"|(?:^|, )enjoy(?:[!.]*$|, and\b)"  # ("Thanks for calling, enjoy!")
    # thanks for the custom, or a wish for the meal: "Thanks for dining with us!", "Bon appetit!"
    r"|\bthanks? (?:you )?(?:so much |again )?for (?:choosing|dining with|ordering (?:with|from)|shopping with) us\b"
    r"|\bwe look forward to (?:serving|seeing|having) you\b|\bbon app[eé]tit\b"
    r"|\bwhat else can i (?:help|do)\b")
GOAL_QUESTION = re.compile(
    r"\bhow (?:can|may|could|might) (?:i|we) (?:help|assist|be of)\b|\bwhat (?:can|could|may) (?:i|we) (?:do|help|"
    r"look into|check|look at|take a look at|sort out)\b"
    r"|\bwhat (?:do|would|did) you (?:need|want|like|wish) (?:help|assistance|a hand|some help|me to (?:do|look|check)|"
    r"to do|today)\b"
    # the wh-word is what the help is for: "Which part of the order can I help you with?"
    r"|\b(?:can|could|may) (?:i|we) (?:help|assist) (?:you )?with\s*\??$|\bhow you(?:'d| would) like (?:me )?to proceed\b"
    r"|\bwhat(?:'s| is) wrong\b|\bis (?:there )?(?:something|anything) (?:specific |in particular |particular )?"
    r"(?:going on|wrong|happening|not working)\b|\bwhat (?:seems to be|is|'s) "
    r"(?:the |your )?(?:problem|issue|matter|trouble|request|concern)\b|\bwhat(?:'s| is) going on\b"
    r"|\b(?:describe|explain) (?:the |your |what )|\btell me (?:a (?:bit|little) )?(?:more )?about (?:the |your |"
    r"what(?:'s| is)? )(?:been )?(?:issue|problem|situation|request|trouble|happen|going on)|\btell me what (?:happened|is going on|'s going on|you need|"
    r"you(?:'d| would) like|the (?:issue|problem) is)\b|\bwhat (?:brings you|"
    r"happened|is happening|exactly)\b|\bwhat (?:are|were) you (?:looking|hoping|trying)\b"
    # the problem described by its symptoms: what happens, since when, what the screen says
    r"|\bwhat (?:exactly )?happens (?:exactly )?when you\b"
    r"|\bwhat (?:kind of |sort of |type of )?(?:issues?|problems?|trouble) (?:are|is|were) you (?:having|experiencing|"
    r"facing|seeing|running into|dealing with)\b|\bis there (?:an?|any|some) (?:issue|problem)\b[^?]*\b(?:help|assist)"
    r"|\bwhen did (?:this|it|the (?:problem|issue|trouble)) (?:first )?(?:start|begin)"
    r"|\bhow long has (?:this|it|the (?:problem|issue)) been\b|\b(?:do|did) you (?:see|get|receive|notice) (?:an?|any) "
    r"(?:error|warning|alert|pop-?up)|\bwhat (?:error|warning|message) (?:do|did|are) you\b"
    # (not what the user wants a thing changed to: "… and what you would like to change it to")
    r"|\bwhat you (?:need|want|would like|are looking for|'re looking for)\b(?! to (?!do\b)[a-z]+)|\bhow (?:would|do) you (?:like|"
    r"want) (?:me )?to proceed\b|\bwhat is the nature\b|\bwhat kind of (?:help|assistance|issue|problem)\b"
    r"|\bwhat(?:'s| is) the reason for your (?:call|contact|message)\b"
    r"|\bwhich (?:issue|problem|request)\b|\bwhat do you mean\b|\bwhat would you like to (?:do|order)\b"
    r"|\bhow can i help\b"
    r"|\bwhat(?:'s not| is not| isn't| doesn't| does not| stopped| has stopped| isn't| 's not) work(?:ing)?\b"
    r"|\bwhat(?:'s| is| seems) (?:broken|failing|acting up)\b"
    # the problem asked by its symptoms in other words: "what seems to be going wrong", "what are you noticing when
    # it fails", "what isn't behaving the way it should", "which of these best describes the problem"
    r"|\bwhat(?:'s| is| seems to be| appears to be)? (?:going wrong|gone wrong|happening|the matter|behaving|acting)\b"
    r"(?! (?:is|was) (?:that|because)\b)"
    r"|\bwhat (?:are|do|did) you (?:notic|see|experienc|observ|run)\w*(?: into)? (?:when|on|with|while)\b"
    r"|\bwalk me through what (?:you|happens)\b|\bwhat you (?:notice|see|experience|get) (?:when|while)\b"
    r"|\bwhat (?:isn't|is not|doesn't|does not|won't|will not|can't|cannot)\b"
    r"|\b(?:describes?|sums? up) (?:the|your) (?:problem|issue|situation|trouble|symptoms?)\b"
    r"|\bwhat(?:'s| is) on your mind\b"
    r"|\bwhat (?:(?:would|do) you|(?:is it )?you(?:'d| would)) (?:like|want|need) (?:me )?to (?:get )?(?:sorted|"
    r"sort out|fixed|fix|resolved|resolve|"
    # … but "what would you like to change them to?" asks for the new value
    r"done|change\b(?!.*\bto\W*$))\b"
    r"|\bis there (?:something|anything) (?:specific |particular |in particular )?you(?:'d| would) like (?:me )?to "
    r"(?:do|help|change|look)\b")
REPEAT = re.compile(
    r"\b(?:didn't|did not|couldn't|could not|don't|do not|wasn't able to|was not able to|not able to) (?:quite "
    r"|fully )?"
    r"(?:catch|understand|hear|follow|get)\b|\b(?:say|repeat|rephrase|restate) (?:that|it|this)\b"
    r"|\b(?:say|repeat) (?:that )?again\b|\bcome again\b|\bnot sure (?:i|what you) (?:understand|mean|follow)\b"
    r"|\bcould you (?:please )?(?:repeat|rephrase|clarify)\b")
CHOICE = re.compile(
    r"\b(?:which|what) (?:kind|type|size|sizes|flavou?r|sort|style|option|options|one|version|variant|color|colour|"
    r"crust|bun|dressing|side|sauce|dip|milk|topping|toppings|level|temperature|doneness)\b"
    r"|\bhow would you like\b|\bwould you like (?:it|them|that|those|this|yours) (?:with|without|as|in)\b"
    r"|\bany (?:toppings|sides|add-ons|extras|modifications|changes|preferences|sauce|dressing)\b"
    r"|\b(?:which|what)\b[\w' -]{0,30}(?:would you like|you(?:'d| would) like|do you want|you want|did you want|"
    r"would you prefer|do you prefer|you(?:'d| would)? prefer|should i|shall i)\b"
    r"|\b(?:or|vs\.?|versus)\b[^.]*\?$|:\s*[\w -]+(?:,\s*[\w -]+)+,? or [\w -]+")
MORE_ITEMS = re.compile(
    r"\bwhat would you like\s*\??$|\bfirst item\b|\bin the mood for\b|\bcraving\b|\bwhat sounds good\b|"
    # a server's "What'll it be?", "What are we having tonight?", "How hungry are we?"
    r"\bwhat(?:'ll| will) it be\b|\bwhat are we (?:having|getting|ordering|eating)\b|\bhow hungry are (?:we|you)\b|"
    r"\bwhat(?:'s| is) the first\b|\bstart (?:you )?off with\b"
    r"|\b(?:what else|anything (?:else|more|to drink|for dessert)|something (?:to drink|else)|would you like to add|"
    r"add anything|ready to order|like to order|can i get (?:you|for you)|what can i get|anything to go with|"
    r"would you like (?:a|some|any) (?:drink|dessert|side)|tempt you\b|(?:let me know|tell me) what you(?:'d| would) like\b|(?:a|any|some) (?:drink|dessert|starter|"
    r"appetizer)s? (?:or|to go with|with|alongside)\b)\b")
# the people a conversation is handed to
_PERSON = (r"(?:(?:human|live|real|senior|billing|technical|tech|support|dedicated|escalations?)\s+)*(?:agents?|"
           r"representatives?|reps?|colleagues?|specialists?|supervisors?|managers?|teams?|team members?|"
           r"departments?|staff(?: members?)?|someone|somebody|experts?|technicians?|advisors?|advisers?|humans?|"
           r"person)\b")
_HAND_OFF_SUBJECT = (r"\b(?:i|we)(?:'ll| will| am|'m| are|'re|'ve| have)?(?: now| just| also| already)?"
                     r"(?: going to| about to| gonna)?(?: be)?")
# the agent hands the conversation over, or a person will take it up: a statement, not an offer or a question
_TO_PERSON = r"(?:\s+[\w'-]+){0,6}?\s+(?:to |with |in |over to )?(?:a |an |the |one of (?:our|my) |our |my )?" + _PERSON
ESCALATION = re.compile("|".join((
    _HAND_OFF_SUBJECT + r" (?:transferring|transfer|transferred|escalating|escalate|escalated)\b",
    _HAND_OFF_SUBJECT + r" (?:connect|hand|pass|rout|forward|send|sent|loop|refer|assign|rais|bring|brought|get|got|"
                        r"put)[a-z]*\b" + _TO_PERSON,
    _HAND_OFF_SUBJECT + r" (?:connect|hand|pass|rout|put)[a-z]* you (?:over|through|across)\b",
    r"\blet me (?:transfer|connect|escalate|hand|pass|route|put) you\b",
    r"\blet me (?:get|loop in|bring in|connect|pass this to)\b" + _TO_PERSON,
    r"\b(?:transferring|connecting|escalating|routing) you\b(?! through\b)",  # (not "routing you through a server")
    # "passing you to a human colleague now" (texted, without its "I'm")
    r"\b(?:passing|handing|putting) you (?:over |through |across |on )?(?:to|with)\s+(?:a |an |the |one of (?:our|my) |"
    r"our |my )?" + _PERSON,
    # "I have now passed your request to move to Premium to a colleague on our accounts team"
    _HAND_OFF_SUBJECT + r" (?:passed|handed|forwarded|referred|escalated) (?:your|the|this) "
    r"(?:request|case|issue|query|ticket)\b[^.;]{0,60}?\b(?:to|with) "
    r"(?:a |an |the |one of (?:our|my) |our |my )?" + _PERSON,
    r"\byou(?:'ll| will|'re| are)(?: now)? (?:be(?:ing)? )?(?:transferred|routed|handed over)\b",
    r"\byou(?:'ll| will|'re| are)(?: now)? (?:be(?:ing)? )?(?:connected|passed|put through) (?:to|with) (?:a |an |the |"
    r"one of (?:our|my) |our |my )?" + _PERSON,
    r"\b" + _PERSON + r"(?:\s+[\w'-]+){0,4}?\s+(?:will|'ll|is going to|are going to)(?: now)?\s+(?:call|contact|"
    r"reach|follow up|pick (?:it|this|things|your case) up|pick up|take (?:it|this|over|things)|be in touch|get back|"
    r"join|be with|review|handle|look into|ring)\b",
    r"\bi(?:'ll| will) have (?:a|one of (?:our|my)) \w+(?: \w+)? (?:pick up|take over|join|contact)\b")))
# what an agent cannot do that declines nothing: perceive, know, say, feel ("I can't see an outage", "I can't wait
# to help", "I cannot stress enough …", "I can't promise the price will stay")
_NOT_DOING = (r"(?! (?:find|locate|see|verify|access|reach|look|pull|open (?:the |your |that |this )?(?:file|photo|"
              r"image|picture|link|attachment|screenshot|document)|read|hear|seem|tell|say|wait|stress|"
              r"emphasi[sz]e|thank|promise|guarantee|imagine|believe|remember|recall|speak|predict|know|be sure|"
              r"help but|overstate)\b)")
REFUSAL = re.compile(
    r"\b(?:i|we)(?:'m| am| are|'re)? (?:(?:really |truly )?(?:not able|unable|not allowed|not permitted"
    r"|not authori[sz]ed)"
    r" to)\b" + _NOT_DOING +
    r"|\b(?:i|we) (?:can't|cannot|can not|won't be able to|am not able to|'m not able to)\b" + _NOT_DOING +
    # (not a label a screen shows: "SMS says not allowed", "listed as not allowed", "under Not allowed")
    # (nor a state the user's screen may be in: "if it's not allowed, tap it and choose Allow")
    r"|(?<!['\"])(?<!\bsays )(?<!\bshows )(?<!\bshowing )(?<!\bas )(?<!\bunder )(?<!\bmarked )(?<!\bset to )"
    r"(?<!\bif it's )(?<!\bif it is )(?<!\bif they're )(?<!\bif they are )(?<!\bor )"
    r"\b(?:isn't|is not|not|aren't|are not) (?:possible|eligible|allowed|permitted|offered|available|"
    r"supported|covered|an option)\b|\bpolicy (?:doesn't|does not) (?:allow|permit)\b|\b(?:can|could) no longer\b"
    r"|\b(?:outside|beyond) (?:of )?(?:what (?:i|we)(?:'m| am|'re| are)? (?:able|allowed|permitted|authori[sz]ed) to|"
    r"what (?:i|we) can|(?:my|our) (?:scope|remit|authority|permissions?))\b"
    r"|\b(?:not|isn't|aren't|is not|are not) something (?:i|we|this (?:chat|line|desk|team|service))"
    r"(?:'m| am|'re| are)? (?:can|could|able to|allowed to|permitted to)\b"
    r"|\b(?:can't|cannot|can not|couldn't|won't) be \w+(?:ed|en)\b(?: [\w'-]+){0,4}? by (?:me|us)\b"
    # "it has been delivered, so it cannot be cancelled anymore", "it can't be returned because …"
    r"|\b(?:can't|cannot|can not) be \w+(?:ed|en)\b(?:(?: [\w'-]+){0,3}? (?:any ?more|any longer|at this (?:point|"
    r"stage))\b|[^.;]*\b(?:because|since)\b)"
    r"|\bthere(?:'s| is) no(?:thing| \w+(?: \w+)?) left to\b|\bthere(?:'s| is) nothing (?:i|we) (?:can|could)\b"
    r"|\b(?:i|we) (?:have|'ve got) no way to\b|\b(?:i|we) (?:don't|do not) have the (?:ability|access|authority) to\b"
    r"|\b(?:i|we)(?:'m| am|'re| are) only (?:able|allowed|permitted|authori[sz]ed) to\b"
    r"|\bi(?:'m| am) afraid (?:i|we|that|this|it)\b(?! (?:don't|do not|can't|cannot|couldn't) (?:see|find|locate|"
    r"have any record)\b)|\bi(?:'m| am) afraid\b[^.;:]*?(?:n't|\bnot|\bno longer|\bcannot)\b" + _NOT_DOING +
    r"(?<!don't see)(?<!do not see)(?<!can't find)|\bonly (?:a |an )?\w+ (?:order|orders|item|items|line|lines|"
    r"account|accounts) (?:can|may|allows?)\b")
# a limit stated in general that the agent says does not apply here ("Returns aren't possible after 30 days, but
# yours arrived 5 days ago, so you're well within the window")
# (nor is what cannot be undone once done, "plan changes can't be rolled back by me", nor a setting only the user's
# own device holds: "I can't change app permissions from my end - those only live on your phone")
REFUSAL_WAIVED = re.compile(r"\bbut\b.*\b(?:you're|you are|we're|we are|it's|it is|that's|yours is|you)(?: \w+)? "
                            r"(?:fine|good|ok|okay|all set|covered|within|eligible|allowed|qualify)\b"
                            r"|\b(?:roll(?:ed)? (?:it |them |this |that )?back|undo(?:ne)?|revers(?:e|ed))\b"
                            r"|\b(?:remotely|from (?:my|our) (?:end|side))\b[^.]*\b(?:on )?your (?:device|phone|laptop|"
                            r"computer|router)\b|\b(?:on )?your (?:device|phone|laptop|computer|router)\b[^.]*"
                            r"\b(?:remotely|from (?:my|our) (?:end|side))\b")
COURTESY = re.compile(
    # a check that the user follows, not a question for information
    r"\b(?:does|did|do) (?:that|this|it|all that|everything) (?:make sense|answer your question|clear (?:that|"
    r"things|it) up)\b|\b(?:is|was) (?:that|this|everything|it|all (?:of )?that) clear\b|\bare you still (?:there|"
    r"with me)\b|\bstill with me\b|"
    r"\b(?:give|allow) me (?:a|one) (?:moment|second|minute|sec)\b|\bbear with me\b|\bone moment\b|\b(?:please|kindly) wait\b"
    r"|\bhold on\b|\bthank you for (?:your )?(?:patience|waiting|contacting|reaching out)\b|\bplease note\b"
    r"|\bdon't hesitate\b|\bplease be aware\b|\blet me know if (?:you have|that|this|there)\b(?! (?:works|suits|"
    r"looks|sounds|seems|is (?:correct|right|ok|okay|fine|accurate)))|\bhappy to help\b"
    # (a negative imperative; "if you don't mind, please provide …" is a softened ask)
    r"|\b(?:please )?(?:(?<!\byou )(?:don't|do not|never)|no need to|there's no need to|you don't need to|"
    r"you do not need to)\b"
    # a sign-off wishes, it asks nothing ("take good care", "enjoy the rest of your day")
    r"|\btake (?:good |great )?care\b|\benjoy (?:the rest of |your )\w+|\bstay (?:safe|well)\b")
PRONOUN = re.compile(r"\b(?:it|that|this|them|they|those|these|both|the (?:details|information|number|one|spelling|"
                     r"value)"
                     r"|(?:a )?(?:different|another|other) one|another(?=\s*(?:[?.!,;]|$))"
                     # "could you upload one?": one of the things just named
                     r"|(?:send|share|upload|attach|provide|take|snap|grab|add|include) (?:me |us )?one)\b")
# asking the user to prove who they are asks for the facts the account look-ups take
IDENTITY = re.compile(r"\b(?:verify|confirm|prove|check) (?:your |the account holder's )?identity\b"
                      r"|\bidentify yourself\b"
                      # (not a code of that name: "the address verification code from your welcome email")
                      r"|\bverification\b(?! (?:code|pin|number|link|email|text|message)s?\b)|\bauthenticate you\b")
# (a passive asks nothing: "or has it been used?")
ASK_FOR_INFO = re.compile(r"\b(?<!\bbeen )(?<!\bwas )(?<!\bwere )"
                          r"(?:provide|share|tell|send|give|let me know|enter|type|spell|confirm|verify|"
                          r"what|which|may i have|can i have|could i have|need|check|double-check|re-enter|resend|"
                          r"try again|look (?:it )?up|use|paste|drop|pop|upload|attach|post|jot|forward|reply|"
                          r"pick|choose|select|clarify)"
                          r"(?:s|es|ed|d|ing)?\b(?!-(?:up|down)\b)"  # "a pop-up", "a drop-down": no ask
                          r"|\b(?:shar|provid|giv|typ|us|confirm|verify|past|upload)ing\b")  # "Mind sharing it?"
