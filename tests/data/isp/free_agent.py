"""A home-broadband support agent that words every message as an LLM agent would, one of four wordings per trial:
written for `tests/test_own_domain.py` without reading the simulated user's rules. It walks the customer through
their own router (lights, restart, speed test) and books, changes or credits on the account, reading the customer
generously: account numbers with or without spaces, postcodes in any case, dates as 2026-12-03, "3 December" or
"Thursday the 3rd", counts in words."""

import random
import re

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView

YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right|correct|confirm\w*|ok(ay)?|"
                 r"sounds good|perfect|book it|proceed)\b", re.I)
NO = re.compile(r"\b(no|not|don't|wait|hold on|wrong)\b", re.I)
MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
          "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14}
NOT_NAMES = {"my", "the", "look", "honestly", "sorry", "download", "upload", "fibre", "power", "internet", "wi",
             "monday", "tuesday", "wednesday", "thursday", "friday", "december", "november", "morning",
             "afternoon", "yes", "hi", "hello", "thanks", "thank", "also", "ok", "okay", "as", "i", "it", "contact",
             "name", "that", "well", "oh", "sure", "please", "what", "how"}
PLANS = {"150": 32.0, "500": 38.0, "900": 45.0}


def account_in(text: str) -> str | None:
    joined = re.sub(r"(?<=\d)[ -](?=\d)", "", text)
    found = re.findall(r"(?<!\d)(\d{10})(?!\d)", joined)
    return found[-1] if found else None


def postcode_in(text: str) -> str | None:
    found = re.findall(r"\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b", text.upper())
    return f"{found[-1][0]} {found[-1][1]}" if found else None


def visit_date_in(text: str) -> str | None:
    """The latest December 2026 (or later) date the customer names, as YYYY-MM-DD."""
    found = [(m.start(), f"{m[1]}-{int(m[2]):02d}-{int(m[3]):02d}")
             for m in re.finditer(r"\b(20\d\d)-(\d{1,2})-(\d{1,2})\b", text)]
    for m in re.finditer(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}", text, re.I):
        found.append((m.start(), f"2026-{MONTHS.index(m[2][:3].lower()) + 1:02d}-{int(m[1]):02d}"))
    for m in re.finditer(rf"\b{MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", text, re.I):
        found.append((m.start(), f"2026-{MONTHS.index(m[1][:3].lower()) + 1:02d}-{int(m[2]):02d}"))
    found = [d for d in sorted(found) if d[1] >= "2026-11-30"]
    return found[-1][1] if found else None


def slot_in(text: str) -> str | None:
    found = re.findall(r"\b(morning|afternoon|am|pm)\b", text, re.I)
    return None if not found else ("morning" if found[-1].lower() in ("morning", "am") else "afternoon")


def name_in(text: str) -> str | None:
    pairs = re.findall(r"\b([A-Z][a-z]+)\s+([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\b", text)
    names = [f"{a} {b}" for a, b in pairs if a.lower() not in NOT_NAMES and b.lower() not in NOT_NAMES]
    return names[-1] if names else None


def days_in(text: str) -> int | None:
    found = re.findall(r"\b(\d{1,2}|" + "|".join(COUNTS) + r")\b(?:\s+(?:whole\s+|full\s+)?days?)?", text, re.I)
    values = [int(COUNTS.get(f.lower(), f)) if not f.isdigit() else int(f) for f in found]
    values = [n for n in values if 1 <= n <= 31]
    return values[-1] if values else None


def mbps_in(text: str) -> float | None:
    found = re.findall(r"(\d+(?:\.\d+)?)\s*(?:mbps|mb/s|megabits)", text, re.I)
    return float(found[0]) if found else None


class FreeAgent:
    CONFIRMS = True  # False: it acts without asking first

    def __init__(self, variant: int = 0) -> None:
        self.v = variant

    def for_trial(self, trial: int, seed: int) -> "FreeAgent":
        return type(self)(random.Random(seed).randrange(4))

    def pick(self, *options: str) -> str:
        return options[self.v % len(options)]

    def approved(self, v: ConversationView, question: str) -> bool:
        if not self.CONFIRMS:
            return True
        return bool(v.own_texts and v.own_texts[-1] == question and YES.search(v.last_user)
                    and not NO.search(v.last_user.split(".")[0]))

    async def respond(self, request: AgentRequest) -> AgentReply:
        v = ConversationView.of(request)
        opening = v.user_texts[0].lower()
        if re.search(r"\b(bill|compensat|refund|money back|credit)", opening):
            return self.with_account(v, self.credit)
        if re.search(r"\b(faster|package|upgrade|plan)\b", opening):
            return self.with_account(v, self.upgrade)
        if "slow" in opening:
            return self.with_account(v, self.slow)
        return self.offline(v)

    # ------------------------------------------------------------------ the account

    def with_account(self, v: ConversationView, then) -> AgentReply:
        number, postcode = account_in(v.user), postcode_in(v.user)
        if number is None or postcode is None:
            return self.identify(number is None, postcode is None)
        account = v.result("find_account", account_number=number, postcode=postcode)
        if account is None:
            return AgentReply.calling("find_account", account_number=number, postcode=postcode)
        return then(v, account, account["holder"].split()[0])

    def identify(self, need_number: bool, need_postcode: bool) -> AgentReply:
        if need_number and need_postcode:
            return AgentReply(text=self.pick(
                "I'm sorry you're dealing with this - let's get it sorted. Could you please share your account "
                "number and the postcode where the broadband is installed?",
                "Happy to help! To pull up your account I'll need:\n\n1. Your **account number** - it's the 10-digit "
                "number at the top of your bill\n2. The **postcode** of the property\n\nOnce I have those I'll take "
                "a look.",
                "Thanks for getting in touch. First I need to find your account - what's the 10-digit number from "
                "your bill, and the postcode of the installation address?",
                "Of course. Before we start, please send over your account number along with your postcode so I can "
                "verify the account."))
        if need_number:
            return AgentReply(text=self.pick(
                "Thanks! And your account number, please?",
                "Got it. I'll also need the 10-digit account number printed at the top of your bill.",
                "Thank you. Which account is this? The number is on any of your bills or in the app.",
                "Great - and the account number as well, when you have it to hand."))
        return AgentReply(text=self.pick(
            "Thanks! And the postcode of the property, please?",
            "Got it. What's the postcode where the broadband is installed?",
            "Thank you. To verify the account, please confirm the installation postcode.",
            "Perfect. Just one more detail to check: the postcode on the account."))

    # ------------------------------------------------------------------ the router

    def offline(self, v: ConversationView) -> AgentReply:
        steps = router_steps(v.user_texts[1:])
        if steps["speed"] is not None:
            return AgentReply(text=self.pick(
                f"Brilliant - you're back online at {steps['speed']:g} Mbps, which is right where it should be. "
                "Sorry for the disruption!",
                f"That's a healthy {steps['speed']:g} Mbps download, so the connection is fully restored. Anything "
                "else I can help with?",
                "Great news: your broadband is back online and running at full speed.",
                f"Perfect, {steps['speed']:g} Mbps - everything is working again."))
        if steps["green_after_restart"]:
            return AgentReply(text=self.pick(
                "Excellent, all green means the router has reconnected. To make sure everything's healthy, could "
                "you run a quick speed test at speedtest.example.net and tell me the download figure?",
                "That's what we want to see. Last step: please run a speed test on a connected device and let me "
                "know the result.",
                "Great! Let's just confirm the speed - head to speedtest.example.net, run the test and read me the "
                "numbers.",
                "Lovely. Would you mind doing a speed test so we can check it's performing properly?"))
        if steps["restarted"]:
            return AgentReply(text=self.pick(
                "Thanks for doing that. Now that it's back on, what are the lights on the router showing?",
                "Great. Could you have another look at the router's lights and tell me their colours now?",
                "Perfect. Once it has settled, check the lights again - is the Internet light still orange?",
                "Thank you! Take another look at the front of the router - what do the lights show this time?"))
        if steps["bad_lights"]:
            return AgentReply(text=self.pick(
                "Thanks - a blinking orange Internet light means the router has lost its connection to our network. "
                "Could you restart it? Switch it off at the back, wait 30 seconds, then switch it back on and give "
                "it about two minutes.",
                "That helps, thank you. Let's try a restart:\n\n1. Turn the router off using the button on the back\n"
                "2. Wait 30 seconds\n3. Turn it back on and wait two minutes\n\nLet me know once you've done that.",
                "Okay, the orange light tells me the connection has dropped. The quickest fix is usually to "
                "power-cycle the router - turn it off, wait half a minute and turn it on again. Tell me when it's "
                "back up.",
                "I'd suggest turning the router off and on again; that clears most connection drops. Give it a "
                "couple of minutes after switching it back on."))
        return AgentReply(text=self.pick(
            "I'm sorry your internet is down - let's get you reconnected. Could you look at the lights on the front "
            "of your router and tell me what colour each one is?",
            "Sorry about that! First, what are the lights on your router doing right now - are any of them orange "
            "or flashing?",
            "Let's start with a quick check. Please take a look at your router and let me know what the lights "
            "show.",
            "That's frustrating, I'm sorry. Can you check the router's status lights for me and describe them?"))

    # ------------------------------------------------------------------ slow broadband

    def slow(self, v: ConversationView, account: dict, first: str) -> AgentReply:
        speeds = [s for t in v.user_texts if (s := mbps_in(t)) is not None]
        restarted = any(re.search(r"restart|reboot|turned it off|switched it off|back on|power.?cycl", t, re.I)
                        for t in v.user_texts[1:])
        number = account["account_number"]
        later = " ".join(v.user_texts)
        when, slot, contact = visit_date_in(later), slot_in(later), name_in(later)
        booked = v.result("book_engineer_visit", account_number=number)
        if booked is not None:
            return AgentReply(text=self.pick(
                f"All booked! An engineer will visit on {long_day(booked['visit_date'])} in the {booked['time_slot']}."
                f" Your reference is {booked['reference']}.",
                f"Done - the engineer visit is scheduled for {booked['visit_date']} ({booked['time_slot']}). You'll "
                "get a text the day before.",
                f"That's arranged for {long_day(booked['visit_date'])}, {booked['time_slot']}. Reference "
                f"{booked['reference']}.",
                f"Your visit is booked (ref {booked['reference']}). Is there anything else I can help with?"))
        if not speeds:
            return AgentReply(text=self.pick(
                f"Thanks, {first}, I've found your account - you're on {account['plan']}. Could you run a speed test "
                "at speedtest.example.net and tell me the download and upload speeds you get?",
                f"Got it, {first}. Let's measure what you're actually getting: please run a speed test and read me "
                "the results.",
                "Thanks! To see how slow it is, would you mind doing a quick speed test on a device connected to "
                "your router?",
                f"I've pulled up your {account['plan']} account. First step: run a speed test at "
                "speedtest.example.net - once you have the numbers, pop them in here."))
        if not restarted:
            return AgentReply(text=self.pick(
                f"Thanks. {speeds[-1]:g} Mbps is well below what {account['plan']} should give you. Let's try "
                "restarting the router: switch it off at the back, wait 30 seconds and switch it back on.",
                "That's definitely too slow. Could you power-cycle your router for me - off for 30 seconds, then "
                "back on - and let me know when it's up again?",
                "Okay, that's far lower than it should be. Please restart the router:\n\n1. Switch it off\n2. Wait "
                "30 seconds\n3. Switch it back on and give it two minutes",
                "Hmm, that's very slow. Turning the router off and on again clears a lot of speed problems - can "
                "you give that a go?"))
        if len(speeds) < 2:
            return AgentReply(text=self.pick(
                "Thanks for restarting it. Could you run the speed test once more and tell me the result?",
                "Great. Now let's see if that helped - please do another speed test.",
                "Thank you. One more speed test, please, so we can compare.",
                "Now that it's back up, what does a fresh speed test show?"))
        if speeds[-1] >= 50:
            return AgentReply(text=f"Great, {speeds[-1]:g} Mbps is back to normal. Anything else I can help with?")
        if when is None or slot is None or contact is None:
            missing = [part for part, absent in (("which weekday suits you", when is None),
                                                 ("whether you'd prefer a morning (8-12) or afternoon (12-5) slot",
                                                  slot is None),
                                                 ("the name of the person who'll be home", contact is None)) if absent]
            return AgentReply(text=self.pick(
                "Thanks. The speed is still far too low after a restart, which points to a fault on the line, so "
                f"I'd like to book an engineer. Could you tell me {join(missing)}?",
                "I'm sorry, it's no better - this needs an engineer. To arrange the visit I need:\n\n"
                + "\n".join(f"- {m[0].upper()}{m[1:]}" for m in missing),
                f"Unfortunately a restart hasn't helped, so I'll get an engineer out to you. Let me know {join(missing)}"
                " and I'll check availability.",
                f"That confirms a line fault. For the engineer visit, please share {join(missing)}."))
        question = self.pick(
            f"Here's the visit I'll book:\n\n- **Date:** {long_day(when)}\n- **Slot:** {slot}\n- **Contact at home:** "
            f"{contact}\n- **Address postcode:** {account['postcode']}\n\nA 65 GBP call-out fee applies only if the "
            "fault turns out to be inside your home. Shall I book it?",
            f"Just to confirm, you'd like an engineer visit on {when} in the {slot}, with {contact} at home to let "
            "them in?",
            f"I can book an engineer for the {slot} of {long_day(when)} (contact: {contact}). Should I go ahead?",
            f"Okay! I'll schedule the engineer for {long_day(when)}, {slot} slot, and note {contact} as the contact. "
            "Reply yes to confirm.")
        if self.approved(v, question):
            return AgentReply.calling("book_engineer_visit", account_number=number, visit_date=when, time_slot=slot,
                                      contact_name=contact)
        return AgentReply(text=question)

    # ------------------------------------------------------------------ plan change

    def upgrade(self, v: ConversationView, account: dict, first: str) -> AgentReply:
        number = account["account_number"]
        chosen = re.findall(r"\b(500|900)\b", v.user)
        plan = f"Fibre {chosen[-1]}" if chosen else None
        done = v.result("change_plan", account_number=number)
        if done is not None:
            return AgentReply(text=self.pick(
                f"You're all set, {first}! Your plan has been upgraded to {done['plan']} from your next bill, at "
                f"{done['monthly_price']:.2f} GBP a month.",
                f"Done - you've been moved to {done['plan']}. The faster speed should kick in within the hour.",
                f"All done: the account is now on {done['plan']}.",
                f"I've switched you over to {done['plan']}. Enjoy the extra speed!"))
        if plan is None:
            return AgentReply(text=self.pick(
                f"Thanks, {first}. You're currently on Fibre 150 at 32.00 GBP a month. We can offer:\n\n"
                "- **Fibre 500** - 38.00 GBP/month\n- **Fibre 900** - 45.00 GBP/month\n\nWhich one would you "
                "like?",
                f"Good news, {first} - there are two faster options: Fibre 500 (38 GBP a month) or Fibre 900 (45 GBP "
                "a month). Which would suit you best?",
                "I can definitely help you get more speed. Would you prefer Fibre 500 or Fibre 900?",
                "You're on our entry-level plan right now. Let me know which speed you'd like to move up to - 500 "
                "or 900 Mbps - and I'll set it up."))
        price = PLANS[plan.split()[1]]
        question = self.pick(
            f"Just to confirm, I'll move account {number} from Fibre 150 to **{plan}** at {price:.2f} GBP a month. "
            "This starts a new 18-month contract. Shall I go ahead?",
            f"Here's the change:\n\n| | |\n|---|---|\n| Current plan | Fibre 150 |\n| New plan | {plan} |\n| Price "
            f"| {price:.2f} GBP/month |\n\nIt comes with a new 18-month minimum term. Happy for me to proceed?",
            f"Upgrading you to {plan} - can you confirm?",
            f"Okay! I'll switch your broadband to {plan} ({price:.0f} GBP a month, new 18-month contract). Reply "
            "yes and I'll make the change.")
        if self.approved(v, question):
            return AgentReply.calling("change_plan", account_number=number, plan=plan)
        return AgentReply(text=question)

    # ------------------------------------------------------------------ outage credit

    def credit(self, v: ConversationView, account: dict, first: str) -> AgentReply:
        number = account["account_number"]
        # "4 days" anywhere, or a bare count given in answer to the question about days
        stated = re.findall(r"\b(\d{1,2}|" + "|".join(COUNTS) + r")\s+(?:whole\s+|full\s+)?days?\b", v.user, re.I)
        asked = [e.said for e in v.exchanges[1:] if e.asked and re.search(r"\bdays?\b|how long", e.asked, re.I)]
        days = days_in(stated[-1]) if stated else days_in(" ".join(asked)) if asked else None
        done = v.result("apply_outage_credit", account_number=number)
        if done is not None:
            return AgentReply(text=self.pick(
                f"Done! I've credited {done['credit_gbp']:.2f} GBP to your account; it will show on your next bill.",
                f"The credit has been applied, {first}: {done['credit_gbp']:.2f} GBP off your next bill.",
                "All sorted - you've been credited for the outage.",
                f"That's applied. Sorry again for the disruption, {first}."))
        if days is None:
            return AgentReply(text=self.pick(
                f"I'm sorry about the outage, {first}. We credit 1.50 GBP for each whole day without service. How "
                "many days were you without internet?",
                f"Thanks, {first}. How long were you offline for, in days?",
                "Sorry about that. Roughly how many full days did the outage last for you?",
                f"Got it, {first}. To work out the credit, let me know how many days you had no service."))
        amount = 1.5 * days
        question = self.pick(
            f"Thanks. I'll apply an outage credit of {amount:.2f} GBP to account {number}, covering {days} days "
            "without service. Shall I go ahead?",
            f"Here's what I'll do:\n\n- **Credit:** {amount:.2f} GBP\n- **Days covered:** {days}\n\nDoes that look "
            "right?",
            f"To confirm: a credit for {days} days ({amount:.2f} GBP) on your next bill?",
            f"I can credit {days} days at 1.50 GBP a day, so {amount:.2f} GBP in total. Okay to apply that?")
        if self.approved(v, question):
            return AgentReply.calling("apply_outage_credit", account_number=number, days=days)
        return AgentReply(text=question)


def router_steps(said: list[str]) -> dict:
    """What the customer has reported so far, in order: bad lights, a restart, green lights after it, a speed."""
    steps = {"bad_lights": False, "restarted": False, "green_after_restart": False, "speed": None}
    for text in said:
        if re.search(r"orange|amber|red|blinking|flashing", text, re.I):
            steps["bad_lights"] = True
        if steps["bad_lights"] and re.search(r"restart|reboot|back on|turned it off|switched it off|power.?cycl", text, re.I):
            steps["restarted"] = True
        elif steps["restarted"] and re.search(r"green", text, re.I) and not re.search(r"orange|amber", text, re.I):
            steps["green_after_restart"] = True
        if steps["green_after_restart"] and mbps_in(text) is not None:
            steps["speed"] = mbps_in(text)
    return steps


def long_day(iso: str) -> str:
    import datetime
    day = datetime.date.fromisoformat(iso)
    return f"{day:%A} {day.day} {day:%B} {day.year}"


def join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
