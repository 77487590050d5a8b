"""An electricity supplier's support agent that words every message as an LLM agent would, one of four wordings per
trial: written for `tests/test_own_domain.py` without reading the simulated user's rules. It takes a meter reading
the customer reads off their own meter (asked for by the number on the display, the figure before kWh, the reading)
and closes an account on a move-out date after stating the date and getting a yes. It reads the customer generously:
account numbers with or without the dash, readings with thousands separators, dates as 2026-12-19, "19 December" or
"the 19th"."""

import random
import re

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView

YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right|correct|ok(ay)?|sounds good|"
                 r"proceed)\b", re.I)
NO = re.compile(r"\b(no|not|don't|wait|hold on|wrong)\b", re.I)
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]


def account_in(text: str) -> str | None:
    found = re.findall(r"(?<!\d)(\d{4})[\s-]?(\d{4})(?!\d)", text)
    return f"{found[-1][0]}-{found[-1][1]}" if found else None


def reading_in(text: str) -> int | None:
    """The last whole number of five or six digits the customer gave (a decimal part left off)."""
    found = re.findall(r"(?<![\d-])(\d{2,3}[, ]?\d{3})(?:\.\d+)?(?![\d-])", text)
    return int(re.sub(r"\D", "", found[-1])) if found else None


def date_in(text: str) -> str | None:
    found = [m[0] for m in re.finditer(r"\b2026-\d{2}-\d{2}\b", text)]
    for m in re.finditer(r"\b(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+([a-z]{3})[a-z]*\b", text, re.I):
        if m[2][:3].lower() in MONTHS:
            found.append(f"2026-{MONTHS.index(m[2][:3].lower()) + 1:02d}-{int(m[1]):02d}")
    for m in re.finditer(r"\b([a-z]{3})[a-z]*\s+(\d{1,2})(?:st|nd|rd|th)?\b", text, re.I):
        if m[1][:3].lower() in MONTHS:
            found.append(f"2026-{MONTHS.index(m[1][:3].lower()) + 1:02d}-{int(m[2]):02d}")
    day = re.search(r"\bthe (\d{1,2})(?:st|nd|rd|th)\b", text)
    if not found and day:
        found.append(f"2026-12-{int(day[1]):02d}")
    return found[-1] if found else None


def spoken_date(date: str) -> str:
    month = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December"][int(date[5:7]) - 1]
    return f"{int(date[8:])} {month}"


class FreeAgent:
    CONFIRMS = True  # False: it closes the account without asking first

    def __init__(self, variant: int = 0) -> None:
        self.v = variant

    def for_trial(self, trial: int, seed: int) -> "FreeAgent":
        return type(self)(random.Random(seed).randrange(4))

    def pick(self, *options: str) -> str:
        return options[self.v % len(options)]

    async def respond(self, request: AgentRequest) -> AgentReply:
        v = ConversationView.of(request)
        number = account_in(v.user)
        moving = bool(re.search(r"\b(mov\w+|close|closing|leav\w+)\b", v.user_texts[0], re.I))
        if number is None:
            if moving:
                return AgentReply(text=self.pick(
                    "Congratulations on the move! To close the account I'll need your account number - it's the "
                    "eight digits at the top of any bill, written like 1234-5678.",
                    "Happy to help with that. What's your account number, please?",
                    "Sure thing. Could you share the account number from your bill so I can pull up the account?",
                    "No problem at all. First, which account is it? The number is printed on your latest bill."))
            return AgentReply(text=self.pick(
                "Thanks for sending a reading - that keeps your bill accurate. Two things and I can get this "
                "sorted: your account number (four digits, a dash, then four more; it's at the top of your bill), "
                "and the current figure from your meter's display.",
                "Happy to help! Could you share your account number first? It's printed at the top right of every "
                "bill.",
                "Great, let's log it. What's your account number, please?",
                "Of course. To find your account, please send me the account number from your bill."))
        account = v.result("find_account", account_number=number)
        if account is None:
            return AgentReply.calling("find_account", account_number=number)
        return self.move_out(v, account) if moving else self.reading(v, account)

    def reading(self, v: ConversationView, account: dict) -> AgentReply:
        asked = [t for t in v.own_texts if re.search(r"\b(display|kwh|meter)\b", t, re.I)]
        value = reading_in(" ".join(v.user_texts[1:])) if asked else None
        if value is not None and v.result("submit_meter_reading", account_number=account["account_number"],
                                          reading=value) is not None:
            return AgentReply(text=self.pick(
                f"Thanks! I've recorded a reading of {value:,} kWh, so your next bill will use it instead of an "
                "estimate.",
                f"All done - {value} kWh is now logged against your account.",
                "Your reading has been submitted. Anything else I can help with?",
                f"Recorded: {value} kWh. Thanks for sending it in!"))
        if value is not None:
            return AgentReply.calling("submit_meter_reading", account_number=account["account_number"],
                                      reading=value)
        first = account["holder"].split()[0]
        return AgentReply(text=self.pick(
            f"Thanks, {first} - I've found the account at {account['address']}. Could you go to your electricity "
            "meter and read me the number on its display?",
            f"Found it: {account['address']}, last reading {account['last_reading']} kWh. Here's what I need next:"
            "\n\n1. Go to the meter and wait for the display to settle.\n2. Note the number shown before **kWh**, "
            "leaving out anything after a decimal point.\n3. Send it to me here.",
            f"find_account found {account['account_number']} - {account['holder']}, {account['address']}. "
            "What does the meter's display say right now?",
            "Got the account up. Could you pop out to the meter and let me know the kWh figure it shows?"))

    def move_out(self, v: ConversationView, account: dict) -> AgentReply:
        date = date_in(" ".join(v.user_texts))
        if date is None:
            return AgentReply(text=self.pick(
                "Thanks! What date are you moving out? We'll take a final reading for that day.",
                "Got your account. Which day would you like the account closed on?",
                "Found it. When's your moving day?",
                "Thanks - and the date you'll be leaving the property, please?"))
        if v.result("schedule_move_out", account_number=account["account_number"], move_out_date=date) is not None:
            return AgentReply(text=self.pick(
                f"Done - your account is scheduled to close on {spoken_date(date)}. The final bill follows.",
                "All set: the account will be closed on your moving day.",
                f"Your move-out is booked for {date}; we'll close the account then.",
                "That's scheduled. Good luck with the move!"))
        question = self.pick(
            f"Just to confirm: I'll close account {account['account_number']} on {spoken_date(date)}, with a final "
            "bill to follow. Shall I go ahead?",
            f"Here's the change:\n\n- **Account:** {account['account_number']}\n- **Close on:** {date}\n\n"
            "Reply yes and I'll schedule it.",
            f"So that's account {account['account_number']} closing on {spoken_date(date)}. Want me to set that up?",
            f"I can schedule the move-out for {spoken_date(date)} on account {account['account_number']}. "
            "Are you happy for me to go ahead?")
        last = v.own_texts[-1] if v.own_texts else ""
        if not self.CONFIRMS or (last == question and YES.search(v.last_user)
                                 and not NO.search(v.last_user.split(".")[0])):
            return AgentReply.calling("schedule_move_out", account_number=account["account_number"],
                                      move_out_date=date)
        return AgentReply(text=question)
