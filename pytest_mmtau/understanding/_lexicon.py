"""General English the understanding needs besides a domain's own words: verb forms and synonyms of common
actions, synonyms of common nouns (identifiers, contact details, phone settings), and the words that are never a
fact's own modifier. Domain words come from the domain's schemas (see ``_vocabulary``); this is what every domain
shares.
"""

from __future__ import annotations

import functools
import re

# irregular forms (past, participle) of verbs agents use for actions
_IRREGULAR = {"send": ("sent",), "set": ("set",), "put": ("put",), "make": ("made",), "take": ("took", "taken"),
              "give": ("gave", "given"), "pay": ("paid",), "buy": ("bought",), "get": ("got", "gotten"),
              "run": ("ran",), "do": ("did", "done"), "go": ("went", "gone"), "find": ("found",),
              "read": ("read",), "shut": ("shut",), "reset": ("reset",), "hold": ("held",), "rebook": ("rebooked",),
              "withdraw": ("withdrew", "withdrawn"), "freeze": ("froze", "frozen")}
# nouns naming a verb's action ("the cancellation", "this booking")
_NOMINAL = {"cancel": ("cancellation", "cancelation"), "modify": ("modification",), "install": ("installation",),
            "book": ("booking",), "issue": ("issuance",), "suspend": ("suspension",),
            "resume": ("resumption", "reactivation"), "reactivate": ("reactivation",), "place": ("placement",),
            "reserve": ("reservation",), "renew": ("renewal",), "remove": ("removal",), "delete": ("deletion",),
            "pay": ("payment",), "create": ("creation",), "submit": ("submission",), "approve": ("approval",),
            "replace": ("replacement",), "activate": ("activation",), "deactivate": ("deactivation",),
            "add": ("addition",), "refuel": ("refuel", "top-up", "refill"), "top up": ("top-up",),
            "apply": ("application",), "withdraw": ("withdrawal",),
            "schedule": ("scheduling", "appointment"), "process": ("processing",), "change": ("change",),
            "update": ("update",), "upgrade": ("upgrade",), "downgrade": ("downgrade",), "exchange": ("exchange",),
            "swap": ("swap",),
            "return": ("return",), "refund": ("refund",), "transfer": ("transfer",), "escalate": ("escalation",),
            "enable": ("enablement",), "disable": ("disablement",), "order": ("order",), "charge": ("charge",),
            "amend": ("amendment",), "adjust": ("adjustment",), "alter": ("alteration",), "void": ("voiding",),
            "terminate": ("termination",), "close": ("closure",), "open": ("opening",), "redeem": ("redemption",),
            "reschedule": ("rescheduling",), "rebook": ("rebooking",), "unlock": ("unlocking",),
            "lock": ("lock",), "block": ("block",), "freeze": ("freeze",), "credit": ("credit",),
            "extend": ("extension",)}
# nouns naming an action being done ("the plan change", "the order cancellation")
ACTION_NOUNS = frozenset({n for nouns in _NOMINAL.values() for n in nouns} | {"request", "upgrade", "downgrade"})
# action verbs agents use for the same action, by class
_ACTION_CLASSES: tuple[tuple[str, ...], ...] = (
    ("cancel", "call off", "void", "terminate", "stop", "close", "end", "drop", "withdraw", "scrap", "revoke", "annul",
     "abort", "unsubscribe", "put a stop to", "put an end to"),
    ("change", "modify", "update", "edit", "amend", "alter", "adjust", "switch", "swap", "move", "upgrade",
     "downgrade", "replace", "set", "redirect", "reroute", "bump up", "move up", "drop down", "step down",
     "scale back", "move down", "bump down"),
    ("return", "send back", "refund"),
    ("exchange", "swap", "replace", "trade"),
    ("issue", "generate", "create", "send", "produce", "prepare", "make out", "raise", "provide", "email"),
    ("schedule", "book", "arrange", "set up", "reserve", "reschedule", "rebook", "plan", "lock in"),
    # doing it again at another time moves it
    ("reschedule", "rebook", "move", "shift", "push back", "bring forward", "postpone", "change"),
    # a later end is a longer stay ("push the return back to the 21st")
    ("extend", "push back", "push out", "prolong", "lengthen"),
    ("apply", "process", "grant", "honor", "honour", "file", "submit", "give", "claim", "credit", "refund"),
    ("create", "open", "start", "initiate", "file", "submit", "raise", "set up", "process", "log", "arrange",
     "generate", "lodge", "put through"),
    ("place", "submit", "send", "put through", "put in", "finalize", "finalise", "complete", "process", "ring up",
     "check out", "lock in"),
    ("suspend", "pause", "deactivate", "freeze", "block", "halt", "put a hold on", "place a hold on"),
    ("resume", "reactivate", "restore", "unsuspend", "reinstate", "unblock", "unfreeze", "reconnect",
     "turn back on", "switch back on", "bring back", "lift", "get back up", "bring back up", "back online"),
    ("send", "issue", "push", "create", "generate", "get out", "fire off"),
    ("enable", "activate", "turn on", "switch on", "flip on", "toggle on", "add", "allow", "unlock"),
    ("disable", "deactivate", "turn off", "switch off", "remove", "block"),
    ("refuel", "top up", "add", "recharge", "reload", "load", "refill", "buy", "purchase", "boost"),
    ("transfer", "escalate", "connect", "hand over", "hand off", "pass", "forward", "route you"),
    ("refund", "reimburse", "credit", "pay back", "reverse"),
    ("charge", "bill", "debit"),
    ("delete", "remove", "erase", "take off", "take out", "drop"),
    ("clear", "wipe", "empty", "flush", "delete"),
    ("play", "watch", "stream", "put on", "press play", "hit play", "start watching", "start playing", "start"),
    ("update", "upgrade", "install the latest version of"),
    ("sign out", "log out", "sign off"),
    ("sign in", "log in", "log back in", "sign back in"),
    ("add", "include", "put"),
    ("pay", "settle", "clear", "charge", "bill"),
    ("get", "look up", "find", "check", "fetch", "pull up", "retrieve", "look into"),
)
# the one-word verbs of the classes: a tool description's opening word names its action when it is one of them
_KNOWN_VERBS = frozenset(v for cls in _ACTION_CLASSES for v in cls if " " not in v)
# verbs that only name an action together with an object of it ("proceed with the cancellation")
GENERIC_ACTION_VERBS = ("proceed", "go ahead", "continue", "complete", "finalize", "finalise", "process", "submit",
                        "carry out", "move forward", "execute", "go through", "start", "initiate", "put through",
                        "set up", "arrange")
# synonyms of nouns that name facts and objects
_NOUN_CLASSES: tuple[tuple[str, ...], ...] = (
    ("id", "identifier", "number", "no", "#", "code", "reference", "ref"),
    ("email", "e-mail", "email address", "e-mail address", "mail", "inbox"),
    ("phone", "mobile", "cell", "telephone", "phone number", "mobile number", "cell number", "contact number"),
    ("zip", "zip code", "zipcode", "postal code", "postcode", "post code"),
    ("birth", "birthday", "born", "dob", "birthdate", "birth date"),
    ("name", "full name", "surname", "family name", "last name"),
    ("order", "purchase", "booking", "reservation"),  # (a "transaction ID" is a payment's, not the order's)
    ("account", "profile"),
    ("address", "street address", "mailing address"),
    ("shipping", "delivery", "mailing", "destination"),
    ("date", "day", "weekday"),
    ("title", "header", "heading"),
    ("item", "product", "article"),
    ("image", "photo", "picture", "screenshot", "screen shot", "pic", "screen capture", "capture", "screengrab", "screen grab", "snapshot"),
    ("reason", "cause"),
    ("amount", "figure", "sum"),  # "a rough figure for the damage"
    ("type", "kind", "sort", "category"),  # "what kind of room?" asks for the room type
    ("merchant", "business", "vendor", "seller", "retailer", "store", "shop"),  # who a card charge is from
    ("club", "gym", "branch"),  # where a member trains (not "location": any place may be one)
    ("title", "show", "movie", "film", "video", "episode", "series"),
    ("method", "option", "way", "form", "mode", "means"),
    ("options", "option", "variant", "version", "color", "colour", "size", "style", "finish", "capacity",
     "configuration", "combination", "material"),
    ("customer", "client", "account holder"),
    ("line", "number", "phone line"),
    ("plan", "tier", "package", "subscription plan", "subscription level", "subscription tier", "plan level"),
    ("subscription", "membership", "service"),
    ("invoice", "receipt", "bill"),
    ("installation", "install", "setup", "appointment"),
    # the user's own device and its settings (and the icons that stand for them on a phone's quick-settings panel)
    ("airplane mode", "flight mode", "aeroplane mode", "airplane", "plane"),
    ("wi-fi", "wireless", "wlan", "wi-fi network", "curved lines", "fan of curved lines"),
    ("mobile data", "cellular data", "mobile internet", "cellular", "data connection", "two arrows",
     "up and down arrows"),
    ("data roaming", "roaming"),
    ("data saver", "low data mode", "data saving", "data-saver", "half-filled circle"),
    ("apn", "access point name", "access point", "apn settings"),
    ("mms center", "mmsc", "mms centre", "mmsc field", "mms center field"),
    ("sim", "sim card"),
    ("device", "phone", "handset", "smartphone", "mobile"),
    ("permissions", "permission", "access"),
    ("mms", "picture message", "multimedia message", "photo message", "picture messaging", "test picture",
     "test photo"),
    ("vpn", "virtual private network"),
    ("network mode", "preferred network", "network type", "preferred network type", "network preference"),
    ("speed test", "speedtest", "internet speed", "data speed", "speed"),
    ("status bar", "top of the screen", "top of your screen", "notification bar", "icons", "icon", "indicator",
     "top left", "top right", "top corner", "upper corner", "top left corner", "top right corner", "upper left",
     "upper right", "upper left corner", "upper right corner", "top of the display", "top of your display", "up top", "symbol", "symbols",
     "notification shade", "notification panel"),
    ("router", "modem", "internet box"),
    ("connection", "internet connection", "connectivity", "online", "offline", "back online", "internet", "browse the web",
     "web pages", "websites"),
    ("payment request", "payment link", "pending payment", "payment notification", "notification"),
    ("alerts", "notifications", "notification list", "notification centre", "notification center", "bell icon",
     "bell", "bell-shaped icon"),
    ("storage", "files and media", "files", "media", "photos and videos", "photos and media", "photos and files",
     "photos permission", "storage permission"),
    ("sms", "text messages", "sms messages", "sms permission"),
    ("signal", "bars", "reception", "signal bars"),
)
# what shows a value on the user's own device ("the number on its display")
SCREEN_NOUNS = frozenset({"display", "screen", "readout", "dial", "panel", "lcd"})
# names of a fact that are synonyms only as a whole ("surname" is a last name, not a last anything)
PHRASE_SYNONYMS: tuple[frozenset[str], ...] = (
    frozenset({"last name", "surname", "family name"}),
    frozenset({"first name", "given name", "forename", "christian name"}),
    frozenset({"date of birth", "birth date", "birthdate", "birthday", "dob"}),
    frozenset({"phone number", "telephone number", "contact number", "mobile number", "cell number"}),
    frozenset({"zip code", "postal code", "postcode", "post code", "zipcode"}),
    frozenset({"email address", "e-mail address", "email", "e-mail"}),
    frozenset({"estimated amount", "estimate", "estimated cost", "cost estimate"}),
)
# what else the identifier of a thing is called ("the confirmation number" of an order or a booking)
ID_NAMES = {"order": ("confirmation number", "confirmation code", "confirmation #"),
            "booking": ("confirmation number", "confirmation code"),
            "reservation": ("confirmation number", "confirmation code")}
# what else a thing is called where it is written ("the name on the invoice" is its title)
NAMED_AS = {"title": ("name", "company", "business"), "id": ("number", "code"), "number": ("id", "code")}
# verbs that move a thing to a place: "where should we send it?" asks for an address
DELIVERY_VERBS = frozenset({"ship", "send", "deliver", "mail", "post", "forward", "redirect", "go", "arrive", "move"})
# question words said in other words ("what's prompting the cancellation?" asks why)
WH_PARAPHRASES = {
    "why": re.compile(r"\bwhy\b|\bhow come\b|\bwhat(?:'s| is| was| has been)? (?:prompting|prompted|behind|driving|"
                      r"motivating|motivated|the (?:main )?motivation)\b|\bwhat (?:made|makes|led|leads|prompted|"
                      r"brings|brought|caused|motivated|got) you\b"),
    # an amount: "how much was the charge?"; a person or a title: "whom should the invoice be made out to?"
    # ("what do you expect the repairs to cost?", "what will it cost to put right?")
    "how much": re.compile(r"\bhow much\b|\bwhat (?:do|does|did|will|would|might)\b[^?.]{0,50}\bcost\b"),
    # (or "what should the invoice be addressed to?": the one it is made out to)
    # ("what should go in the 'Bill to' field?": the invoice's own line for it)
    "who": re.compile(r"\bwhom?\b|\bwhat\b[^?.]*\b(?:addressed|made out|issued|made payable|billed) (?:to|under)\b"
                      r"|\bwhat\b[^?.]*\bbill to\W{0,2} (?:field|line|box|section)\b"),
    # a time of day to come: "how late would you like to stay?", "how early can you come in?"
    "how late": re.compile(r"\bhow (?:late|early) (?:would|should|will|do you|can|could|are you)\b"),
    # a span of time to come: "how long would you like it paused?", "for how long?" (never "how long have you …")
    "how long": re.compile(r"\bhow long (?:would|should|will|do you|does it|can|could|are you|is it|is the)\b|"
                           r"\bfor how long\b"),
    # a time to come: "when would you like …", "when works for you" (never "when were you born")
    "when": re.compile(r"\bwhen (?:would|should|will|can|could|do you (?:want|need|prefer)|is (?:a )?(?:good|"
                       r"convenient|best)|works?|suits?|are you (?:free|available|around))\b"),
}
# words that may stand before a fact's name without making it another thing ("your full legal name")
GENERIC_MODIFIERS = frozenset({
    "your", "the", "my", "a", "an", "this", "that", "its", "their", "his", "her", "our", "full", "first", "last",
    "legal", "exact", "correct", "complete", "registered", "primary", "valid", "right", "associated", "linked",
    "same", "preferred", "official", "entire", "whole", "actual", "specific", "relevant", "following", "also",
    "please", "and", "or", "of", "on", "for", "with", "to", "in", "under", "from", "me", "us", "provide", "share",
    "confirm", "tell", "give", "send", "verify", "is", "what", "what's", "which", "whats", "the", "account's",
    "customer's", "contact", "seven-digit", "six-digit", "ten-digit", "digit", "email", "both", "all",
})
# nouns that make a fact's name name something else ("the name of the city", "the product name")
FOREIGN_NOUNS = frozenset({
    "city", "state", "street", "company", "business", "product", "store", "shop", "brand", "file", "user", "pet",
    "app", "model", "device", "network", "bank", "card", "model", "country", "town", "agent", "representative",
    "carrier", "item", "items", "plan", "server", "tracking", "confirmation", "reference", "flight", "hotel", "event",
    "menu", "dish", "restaurant", "table", "school", "employer", "mother's", "maiden", "pin", "password",
    "username", "login", "wi-fi", "tracking", "coupon", "promo", "discount", "gift", "voucher", "serial", "invoice",
    "ticket", "case", "return", "exchange", "refund", "shipment", "package", "parcel", "courier", "delivery",
    "billing", "bill", "payment", "account", "order", "line", "phone", "customer", "product's", "item's",
    # identifiers of a device or a product the user is no holder of ("the IMEI number of your phone")
    "imei", "iccid", "imsi", "sku", "vin", "mac",
    # people and places of the business, not the user ("the name of the sales rep", "the ZIP of the warehouse")
    "rep", "associate", "technician", "warehouse", "depot",
})
# words that flip a fact's meaning when the fact names the other one ("current address" vs the new address)
ANTONYMS = {"new": frozenset({"current", "old", "existing", "previous", "original", "present", "former"}),
            "old": frozenset({"new", "updated"}), "current": frozenset({"new", "updated"}),
            "first": frozenset({"last", "surname", "family"}), "last": frozenset({"first", "given"})}
# an action's outcome said in other words ("your installation is scheduled" reports "booked")
OUTCOMES: dict[str, tuple[str, ...]] = {
    "cancelled": ("canceled", "voided", "terminated", "called off"),
    "canceled": ("cancelled", "voided", "terminated", "called off"),
    "booked": ("scheduled", "reserved", "arranged", "set up"),
    "scheduled": ("booked", "reserved", "arranged"),
    "refunded": ("credited", "reimbursed", "paid back"),
    "updated": ("changed", "modified", "switched", "amended"),
    "modified": ("changed", "updated", "amended"),
    "changed": ("updated", "modified", "switched"),
    "issued": ("generated", "sent out"),
    "created": ("opened", "initiated", "filed", "raised", "set up"),
    "requested": ("submitted", "filed", "initiated", "opened"),
    "applied": ("processed", "granted"),
    "placed": ("submitted", "sent to the kitchen", "put through"),
    "resumed": ("reactivated", "restored", "back on"),
    "suspended": ("paused", "deactivated"),
}
# what an ordering guest is asked about besides the items themselves ("And for the dressing?")
ORDER_NOUNS = frozenset({"side", "sides", "dressing", "sauce", "dip", "size", "crust", "bun", "drink", "drinks",
                         "dessert", "protein", "topping", "toppings", "extras", "extra", "add-on", "add-ons", "portion",
                         "spice", "heat", "doneness", "milk", "sweetener", "ice", "flavor", "flavour", "style",
                         "cooked", "temperature", "bread", "cheese"})
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10, "eleven": 11, "twelve": 12}


@functools.lru_cache(maxsize=4096)
def inflections(verb: str) -> frozenset[str]:
    """A verb (or a verb with a particle, ``top up``) in every form and its nouns: ``cancel`` → cancels,
    cancelled, canceled, cancelling, canceling, cancellation."""
    head, _, rest = verb.partition(" ")
    tail = f" {rest}" if rest else ""
    forms = {head, head + "s"}
    if head.endswith("e"):
        forms |= {head + "d", head[:-1] + "ing"}
    elif head.endswith("y") and len(head) > 2 and head[-2] not in "aeiou":
        forms |= {head[:-1] + "ies", head[:-1] + "ied", head + "ing"}
    else:
        forms |= {head + "ed", head + "ing"}
        if len(head) >= 3 and head[-1] not in "aeiouwxy" and head[-2] in "aeiou" and head[-3] not in "aeiou":
            forms |= {head + head[-1] + "ed", head + head[-1] + "ing"}  # cancelled, stopped, shipped
    if head.endswith(("s", "sh", "ch", "x", "z")):
        forms |= {head + "es"}
    forms |= set(_IRREGULAR.get(head, ()))
    out = {f + tail for f in forms}
    out |= set(_NOMINAL.get(verb, ())) | set(_NOMINAL.get(head, ()) if not rest else ())
    return frozenset(out)


def description_verb(description: str) -> str | None:
    """The verb a tool's description opens with when it is a verb of an action the lexicon knows ("Close the
    account on the customer's move-out date" → close, for ``schedule_move_out``): the tool's own words for what it
    does, whatever its name says."""
    first = re.match(r"\s*([A-Za-z]+)\b", description or "")
    verb = first.group(1).lower() if first else ""
    return verb if verb in _KNOWN_VERBS else None


def verbs_of(noun: str) -> frozenset[str]:
    """Verbs whose action ``noun`` names ("payment" → pay, "installation" → install)."""
    return frozenset(verb for verb, nouns in _NOMINAL.items() if noun in nouns and verb != noun)


@functools.lru_cache(maxsize=1024)
def action_synonyms(verb: str) -> frozenset[str]:
    """Verbs naming the same action as ``verb`` (itself included), any class it belongs to."""
    found = {verb}
    for cls in _ACTION_CLASSES:
        if verb in cls:
            found |= set(cls)
    return frozenset(found)


# what common phone settings do, in the words an agent uses to describe one without naming it ("the setting that
# restricts background data", "the option that lets your phone use partner networks abroad"); keyed by a name in
# the noun classes above
SETTING_EFFECTS: dict[str, str] = {
    "airplane mode": "cuts shuts disables turns off every all radios radio wireless signal connections calls flight",
    "data saver": "restricts limits blocks stops background data usage saves reduces throttles apps syncing",
    "data roaming": "abroad overseas travel travelling foreign partner networks international outside country",
    "vpn": "private tunnel routes traffic server encrypts secure another location hides",
    "mobile data": "cellular internet network connection browse carrier",
    "wi-fi calling": "calls over wireless router internet instead of cellular",
}


# the words a customer or an agent says for a reason or a kind a tool's enumeration spells its own way
# ("relocating" for moving_away, "a clash" for a conflict, "unwell" for illness); each word only of its own meaning
_EVERYDAY = (
    ("moving", "relocating", "relocation", "relocate", "relocated"),
    ("conflict", "clash", "clashes", "overlap"),
    ("schedule", "scheduling", "diary", "calendar"),
    ("illness", "ill", "sick", "sickness", "unwell", "poorly"),
    ("expensive", "pricey", "costly", "unaffordable"),
    ("mistake", "mistaken", "mistakenly", "accident", "accidentally", "error", "erroneously"),
    ("theft", "stolen", "burglary", "break-in", "broken into"),
    ("privately", "yourself", "myself", "out of pocket"),
    ("resolved", "sorted", "settled", "fixed"),
    ("excess", "deductible"),
    ("below", "under", "beneath", "less than", "lower than"),
    ("water", "leak", "leaking", "leaked", "flood", "flooded", "flooding", "burst pipe", "escape of water"),
    ("storm", "gale", "high winds", "strong winds", "windstorm", "hurricane"),
    ("fire", "blaze", "smoke"),
    ("accidental", "accident", "accidentally", "dropped", "spilled", "spilt"),
    ("fraud", "fraudulent", "scam"),
    ("duplicate", "duplicated", "twice", "double"),
)


@functools.lru_cache(maxsize=1024)
def everyday_words(word: str) -> frozenset[str]:
    """Other words of the same meaning for a word of an enumeration's member (see _EVERYDAY), none if it has none."""
    return frozenset(w for group in _EVERYDAY if word in group for w in group if w != word)


@functools.lru_cache(maxsize=1024)
def noun_synonyms(noun: str) -> frozenset[str]:
    found = {noun}
    for cls in _NOUN_CLASSES:
        if noun in cls:
            found |= set(cls)
    return frozenset(found)


@functools.lru_cache(maxsize=16384)  # asked of every word of every segment, for each fact's names
def singular(word: str) -> str:
    """A plural noun's singular, roughly (``items`` → item, ``addresses`` → address); other words unchanged."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if len(word) > 2 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


# a verb with a particle is another verb ("check out" is no "check", "send back" no "send", "set up" no "set"):
# each one-word form, with the particles that make it another verb
def _particle_verbs() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for verb in (v for cls in _ACTION_CLASSES for v in cls if " " in v):
        for form in inflections(verb):
            head, _, particle = form.partition(" ")
            if particle:
                found.setdefault(head, set()).add(particle)
    return {head: frozenset(particles) for head, particles in found.items()}


PARTICLES = _particle_verbs()
