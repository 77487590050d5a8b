"""A car-rental desk agent that words every message as an LLM agent would, one of four wordings per trial: written
for `tests/test_own_domain.py` without reading the simulated user's rules. It reads the caller generously, as an
LLM would (codes in any case, dates in several formats, names after "her name is" or on their own)."""

import random
import re

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView

YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right|correct|confirm\w*|ok(ay)?|"
                 r"sounds good|perfect)\b", re.I)
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
SURNAMES = ("Moreau", "Adeyemi")


def december_dates(text: str) -> list[str]:
    """Dates in December 2026 the caller mentions, as YYYY-MM-DD."""
    out = [f"2026-12-{d}" for d in re.findall(r"\b2026-12-(\d{2})\b", text)]
    out += [f"2026-12-{int(d):02d}" for d in re.findall(r"\bdec(?:ember)?\.? (\d{1,2})(?:st|nd|rd|th)?\b", text, re.I)]
    out += [f"2026-12-{int(d):02d}" for d in re.findall(r"\b(\d{1,2})(?:st|nd|rd|th)? (?:of )?dec", text, re.I)]
    out += [f"2026-12-{int(d):02d}" for d in re.findall(r"\b12/(\d{1,2})\b", text)]
    return out


class FreeAgent:
    CONFIRMS = True

    def __init__(self, variant: int = 0) -> None:
        self.v = variant

    def for_trial(self, trial: int, seed: int) -> "FreeAgent":
        return type(self)(random.Random(seed).randrange(4))

    def pick(self, *options: str) -> str:
        return options[self.v % len(options)]

    def approved(self, v: ConversationView, question: str) -> bool:
        return not self.CONFIRMS or bool(v.own_texts and v.own_texts[-1] == question and YES.search(v.user))

    async def respond(self, request: AgentRequest) -> AgentReply:
        v = ConversationView.of(request)
        said = " ".join(v.user_texts)
        code = next(iter(re.findall(r"\bRX[- ]?(\d{5})\b", said, re.I)), None)
        surname = next((s for s in SURNAMES if re.search(rf"\b{s}\b", said, re.I)), None)
        if code is None or surname is None:
            missing = ("your confirmation code and the last name on the booking" if code is None and surname is None
                       else "the confirmation code" if code is None else "the surname of the main driver")
            return AgentReply(text=self.pick(
                f"I'd be glad to help with your reservation! To locate it, could you please provide {missing}?",
                f"Sure thing. Can you give me {missing}? The code is in your booking email and starts with RX.",
                f"Happy to look into that for you. First, I'll need {missing} so I can find the booking.",
                f"Of course! Let's pull up the reservation. What's {missing}?"))
        res = v.result("find_reservation", confirmation_code=f"RX-{code}", last_name=surname)
        if res is None:
            return AgentReply.calling("find_reservation", confirmation_code=f"RX-{code}", last_name=surname)
        first = v.user_texts[0].lower()
        if "cancel" in first:
            return self.cancel(v, res)
        if "driv" in first or "added" in first:
            return self.driver(v, res)
        return self.extend(v, res)

    def extend(self, v: ConversationView, res: dict[str, str]) -> AgentReply:
        code, now = res["confirmation_code"], res["return_date"]
        wanted = [d for d in december_dates(" ".join(v.user_texts[1:]) + " " + v.user_texts[0]) if d > now]
        if wanted and v.result("extend_rental", confirmation_code=code, return_date=wanted[-1]) is not None:
            day = int(wanted[-1][-2:])
            return AgentReply(text=self.pick(
                f"All done! Your rental now runs until December {day}. Drive safely!",
                f"Your return date has been moved to December {day}; the extra days are added at your daily rate.",
                f"Done - you can keep the car until Dec {day}. Is there anything else I can do for you?",
                f"Great news: the extension went through. New drop-off: December {day}, {res['branch']}."))
        if not wanted:
            return AgentReply(text=self.pick(
                f"Thanks! I've found your booking for the {res['car']}, currently due back on December "
                f"{int(now[-2:])}. Until what date would you like to keep it?",
                f"Got it. You're due to return the car on Dec {int(now[-2:])}. When would you like to bring it back "
                "instead?",
                f"I see the reservation. What's the new drop-off date you have in mind?",
                f"Perfect, found it. How long would you like to extend the rental for - what day should it end?"))
        day = int(wanted[-1][-2:])
        question = self.pick(
            f"Just to confirm, I'll extend reservation {code} so the car is due back on December {day} instead of "
            f"December {int(now[-2:])}. Would you like me to go ahead?",
            f"Here's the change:\n\n* **Reservation:** {code}\n* **New return date:** {wanted[-1]}\n* **Extra "
            f"cost:** ${(day - int(now[-2:])) * float(res['daily_rate_usd']):.2f}\n\nShall I make it official?",
            f"Extending {code} to December {day} - is that right?",
            f"I can push the return of {code} out to Dec {day}. Want me to lock that in?")
        if self.approved(v, question):
            return AgentReply.calling("extend_rental", confirmation_code=code, return_date=wanted[-1])
        return AgentReply(text=question)

    def driver(self, v: ConversationView, res: dict[str, str]) -> AgentReply:
        code = res["confirmation_code"]
        later = " ".join(v.user_texts)
        licence = next(iter(re.findall(r"\b([A-Z]\d{7})\b", later.upper())), None)
        name = next(iter(re.findall(r"\b(Amara Okafor)\b", later, re.I)), None)
        if licence and name and v.result("add_driver", confirmation_code=code, driver_name="Amara Okafor",
                                         licence_number=licence) is not None:
            return AgentReply(text=self.pick(
                "Amara Okafor has been added as a driver. She'll just need to show her licence at the counter.",
                "Done! Amara is now on the rental agreement as an additional driver.",
                "All set - your partner is added. The additional driver fee is $12 per day.",
                "She's been added. Have a great trip!"))
        if not (licence and name):
            need = ("her full name and driving licence number" if not (licence or name)
                    else "her driving licence number" if name else "her full name as it appears on her licence")
            return AgentReply(text=self.pick(
                f"I can add an additional driver for $12 per day. Could you please provide {need}?",
                f"No problem! To add her to the agreement, I'll need {need}.",
                f"Sure. What's {need}?",
                f"Happy to do that. Please share {need}, and I'll get her added."))
        question = self.pick(
            f"To confirm, I'll add **Amara Okafor** (licence {licence}) as an additional driver on reservation "
            f"{code}, at $12 per day. Shall I proceed?",
            f"Here's what I have:\n\n1. Driver: Amara Okafor\n2. Licence number: {licence}\n3. Booking: {code}\n\n"
            "Is everything correct? If so, I'll add her now.",
            f"Adding Amara Okafor, licence no. {licence}, to booking {code} - can you confirm?",
            f"Just to double-check before I add her: Amara Okafor, licence {licence}, on {code}. Okay to go ahead?")
        if self.approved(v, question):
            return AgentReply.calling("add_driver", confirmation_code=code, driver_name="Amara Okafor",
                                      licence_number=licence)
        return AgentReply(text=question)

    def cancel(self, v: ConversationView, res: dict[str, str]) -> AgentReply:
        code = res["confirmation_code"]
        if v.result("cancel_reservation", confirmation_code=code) is not None:
            return AgentReply(text=self.pick(
                f"Your reservation {code} has been cancelled, free of charge. Sorry your trip didn't work out!",
                "Done - the booking is cancelled and you won't be charged anything.",
                f"I've cancelled {code}. You'll receive a confirmation email shortly.",
                "All set, the reservation is cancelled."))
        question = self.pick(
            f"I found reservation {code}: a {res['car']} from {res['pickup_date']} to {res['return_date']}. Since "
            "you're more than 24 hours from pick-up, there's no fee. Would you like me to cancel it?",
            f"Just to confirm, you'd like to cancel booking {code}? This can't be undone.",
            f"Okay. I'm ready to cancel reservation **{code}** at no charge. Should I go ahead?",
            f"Before I cancel {code}, can you confirm that's what you want?")
        if self.approved(v, question):
            return AgentReply.calling("cancel_reservation", confirmation_code=code)
        return AgentReply(text=question)
