"""A hotel guest-services agent that words every message as an LLM agent would, one of four wordings per trial:
written for `tests/test_own_domain.py` without reading the simulated user's rules. It reads the guest generously
(references in any case, times as '1 pm', '1:00 PM' or '13:00', counts in words)."""

import random
import re

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView

YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right|correct|confirm\w*|ok(ay)?|"
                 r"sounds good|perfect|lovely)\b", re.I)
SURNAMES = ("Lindgren", "Achebe")
COUNTS = {"one": 1, "two": 2, "both": 2, "1": 1, "2": 2}


def checkout_time(text: str) -> str | None:
    """The latest time the guest names, as HH:MM."""
    found = []
    for hour, minute, half in re.findall(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?=\W|$)", text, re.I):
        h = int(hour)
        if half.lower().startswith("p") and h < 12:
            h += 12
        if (half or minute) and 8 <= h <= 23:
            found.append(f"{h:02d}:{minute or '00'}")
    if re.search(r"\b(one|1) o'?clock\b", text, re.I):
        found.append("13:00")
    return found[-1] if found else None


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
        ref = next((r for r in re.findall(r"\b([A-Z0-9]{6})\b", said.upper()) if r in ("HB7Q2K", "KT4M9P")), None)
        surname = next((s for s in SURNAMES if re.search(rf"\b{s}\b", said, re.I)), None)
        if ref is None or surname is None:
            return AgentReply(text=self.pick(
                "What a lovely idea! I'd be happy to look into that. Could you share your booking reference and the "
                "surname the reservation is under?",
                "Certainly! To find your stay I'll need two things:\n1. The six-character booking reference from "
                "your confirmation email\n2. The last name on the booking",
                "Of course. May I have your reservation code and last name, please?",
                "Happy to help! Which booking is this for? If you can send me the reference (it's 6 characters) "
                "and your surname, I'll pull it up."))
        stay = v.result("find_stay", booking_reference=ref, last_name=surname)
        if stay is None:
            return AgentReply.calling("find_stay", booking_reference=ref, last_name=surname)
        first = v.user_texts[0].lower()
        if "breakfast" in first:
            return self.breakfast(v, stay)
        if "check out" in first or "checkout" in first or "check-out" in first:
            return self.late(v, stay)
        return self.upgrade(v, stay)

    def upgrade(self, v: ConversationView, stay: dict[str, str]) -> AgentReply:
        ref = stay["booking_reference"]
        if v.result("upgrade_room", booking_reference=ref, room_type="sea view double") is not None:
            return AgentReply(text=self.pick(
                "Wonderful - you've been upgraded to a Sea View Double. Happy anniversary!",
                "All set! Your room is now a sea view double. I hope you have a wonderful weekend.",
                "Done. The sea view double is yours for all three nights.",
                "You're all upgraded to the sea view double. Enjoy the view!"))
        question = self.pick(
            f"Good news - we have a Sea View Double available for your dates. Shall I upgrade booking {ref} to the "
            "sea view double? The difference of 35 EUR per night would be settled at check-out.",
            f"I can move you into a **sea view double** for all three nights (+35 EUR/night). Would you like me to "
            f"go ahead with the upgrade on {ref}?",
            f"There's a sea view double free for your stay. Just to confirm: upgrade {ref} from the standard double "
            "to the sea view double, with the 35 EUR nightly difference added to your bill. Is that okay?",
            f"Here's what I can do:\n\n- Booking: {ref}\n- Room: sea view double (was standard double)\n"
            "- Extra: 35 EUR per night\n\nShall I book it?")
        if self.approved(v, question):
            return AgentReply.calling("upgrade_room", booking_reference=ref, room_type="sea view double")
        return AgentReply(text=question)

    def breakfast(self, v: ConversationView, stay: dict[str, str]) -> AgentReply:
        ref = stay["booking_reference"]
        later = " ".join(v.user_texts).lower()
        count = next((COUNTS[w] for w in re.findall(r"\b(one|two|both|1|2)\b(?:\s+(?:of us|guests?|people|"
                                                     r"persons?)|$|\.)", later)), None)
        if count is not None and v.result("add_breakfast", booking_reference=ref, guests=count) is not None:
            return AgentReply(text=self.pick(
                f"Breakfast has been added for {count} guests on both mornings. It's served from 7 to 10:30 in the "
                "garden room.",
                f"All done! Breakfast is included for {count} now.",
                "Perfect, breakfast has been added to your stay. Enjoy!",
                f"I've added breakfast for {count} guests to booking {ref}."))
        if count is None:
            return AgentReply(text=self.pick(
                f"Thanks, I've found your stay. Breakfast is 18 EUR per person per day. How many guests should I add "
                "it for?",
                "Sure! Will that be for both of you, or just one guest?",
                "Happy to add it. How many people will be having breakfast?",
                f"Great - your booking is for {stay['guests']} guests. Should breakfast be for everyone?"))
        question = self.pick(
            f"Just to confirm: add breakfast for {count} guests to booking {ref}, at 18 EUR per person per day. "
            "Shall I go ahead?",
            f"That would be breakfast for {count} on each morning of your stay {ref} "
            f"({count * 18 * int(stay['nights'])} EUR in total). Would you like me to add it?",
            f"I'll add breakfast for {count} guests to {ref}. Okay?",
            f"Here's the summary:\n* Booking: {ref}\n* Breakfast: {count} guests, every morning\n* Cost: 18 EUR per "
            "guest per day\n\nDoes that look right?")
        if self.approved(v, question):
            return AgentReply.calling("add_breakfast", booking_reference=ref, guests=count)
        return AgentReply(text=question)

    def late(self, v: ConversationView, stay: dict[str, str]) -> AgentReply:
        ref = stay["booking_reference"]
        wanted = checkout_time(" ".join(v.user_texts[1:]))
        if wanted and v.result("set_late_checkout", booking_reference=ref, checkout_time=wanted) is not None:
            nice = f"{int(wanted[:2]) - 12} pm" if wanted > "12:59" else wanted
            return AgentReply(text=self.pick(
                f"Done! Your check-out is now {nice} on your last day, at no extra charge.",
                f"You're all set for a late check-out at {nice}. Safe travels home!",
                f"I've arranged a late check-out until {nice} for you.",
                f"All sorted - you can keep the room until {nice}."))
        if wanted is None:
            return AgentReply(text=self.pick(
                "Absolutely, we can extend your check-out up to 2 pm free of charge. What time would suit you?",
                "Of course! Standard check-out is 11 am. How late would you like to stay?",
                "I can do that. What check-out time did you have in mind? The latest we can offer is 14:00.",
                "Sure thing. Until what time do you need the room?"))
        return AgentReply.calling("set_late_checkout", booking_reference=ref, checkout_time=wanted)
