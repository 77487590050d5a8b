"""A fitness club's member-services agent that words every message as an LLM agent would, one of four wordings per
trial: written for `tests/test_own_domain.py` by someone who had not read the simulated user's rules."""

import random
import re

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView

YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right|correct|confirm\w*|ok(ay)?|"
                 r"sounds good|perfect)\b", re.I)
NUMBERS = {"one": 1, "two": 2, "three": 3, "a": 1}
CLUBS = ("Harbour Street", "Millbrook", "Station Square")
REASONS = {"moving_away": r"\b(mov|relocat|city)", "too_expensive": r"\b(expensive|cost|afford)",
           "health": r"\b(injur|health|doctor)"}


def months_in(text: str) -> int | None:
    found = re.findall(r"\b(\d|one|two|three|a)\s+months?\b|\bmonths?\W+(?:is\s+|are\s+)?(\d)\b", text, re.I)
    found = [a or b for a, b in found]
    return None if not found else int(NUMBERS.get(found[-1].lower(), found[-1]) or 0) or None


class FreeAgent:
    CONFIRMS = True  # False: it acts without asking first

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
        if re.search(r"\b(pass|scanner|qr|door|entrance)\b", v.user_texts[0], re.I):
            return self.door_pass(v)
        emails = re.findall(r"[\w.+-]+@[\w-]+\.[\w.]+", said)
        if not emails:
            return AgentReply(text=self.pick(
                "I'm sorry to hear that! I can definitely help you with your membership. To get started, could you "
                "please provide the email address associated with your account?",
                "Happy to help with that. What's the email you used when you joined?",
                "Of course! First I'll need to locate your membership. Which email address is it registered "
                "under?",
                "Thanks for reaching out! To pull up your membership, please share the email address on file."))
        member = v.result("find_member", email=emails[-1].rstrip("."))
        if member is None:
            return AgentReply.calling("find_member", email=emails[-1].rstrip("."))
        mid, first = member["member_id"], member["name"].split()[0]
        intent = v.user_texts[0].lower()
        if "hold" in intent or "pause" in intent or "freeze" in intent:
            return self.freeze(v, mid, first)
        if "cancel" in intent:
            return self.cancel(v, mid, first, member)
        return self.home_club(v, mid, first, member)

    def freeze(self, v: ConversationView, mid: str, first: str) -> AgentReply:
        months = months_in(" ".join(v.user_texts[1:]))
        if months is not None and v.result("freeze_membership", member_id=mid, months=months) is not None:
            return AgentReply(text=self.pick(
                f"You're all set, {first}! Your membership is frozen for {months} months, starting from your next "
                "billing date. Safe travels!",
                f"Done - your membership is paused for {months} months. Billing picks up again automatically "
                "afterwards.",
                f"All done. I've put your membership on hold for {months} months. Is there anything else I can help "
                "you with today?",
                f"Your freeze is in place ({months} months). Enjoy your trip!"))
        if months is None:
            return AgentReply(text=self.pick(
                f"Thanks, {first}, I've found your membership. We can freeze it for anywhere from one to three "
                "months. How long would you like the freeze to last?",
                f"Got it, {first}. How many months do you need it paused for? The options are 1, 2 or 3 months.",
                "I see your Flex membership. A freeze can run for 1-3 months - what length would work for you?",
                f"Found you, {first}! Just let me know the duration you'd like (up to three months) and I'll set "
                "that up."))
        return AgentReply.calling("freeze_membership", member_id=mid, months=months)

    def cancel(self, v: ConversationView, mid: str, first: str, member: dict[str, str]) -> AgentReply:
        said = " ".join(v.user_texts)
        reason = next((r for r, cue in REASONS.items() if re.search(cue, said, re.I)), None)
        if reason is None:
            return AgentReply(text=self.pick(
                f"Thanks, {first}. Before I process this, may I ask why you're cancelling?",
                "I'm sorry to see you go! Could you tell me the main reason for leaving?",
                "Understood. For our records, what's prompting the cancellation?",
                "Could you let me know why you've decided to cancel?"))
        if v.result("cancel_membership", member_id=mid, reason=reason) is not None:
            return AgentReply(text=self.pick(
                f"Your membership has been cancelled, {first}. It stays active until the end of this billing month. "
                "Best of luck with the move!",
                "Done: the membership is cancelled as of the end of the current billing period.",
                "I've cancelled your membership. You can keep using the club until your billing month ends.",
                "All set - your membership is now cancelled. Wishing you all the best in your new city!"))
        question = self.pick(
            f"I can take care of that, {first}. Just so you're aware, cancelling your {member['plan']} membership "
            "(ID {mid}) because you are moving away is permanent - if you'd like to come back later, a new joining fee "
            "would apply. Would you like me to go ahead with the cancellation?".replace("{mid}", mid),
            f"Here's what I'm about to do:\n\n- **Membership:** {member['plan']} ({mid})\n- **Action:** cancel at "
            "the end of this billing month\n- **Reason:** moving away\n\nThis can't be undone. Shall I proceed?",
            f"To confirm, you want your membership {mid} cancelled because you're moving away? Please note it "
            "can't be reactivated afterwards.",
            f"Okay! I'll cancel membership {mid} (reason: moving away) effective at the end of your current billing "
            "month. Just reply "
            "\"yes\" to confirm and I'll process it.")
        if self.approved(v, question):
            return AgentReply.calling("cancel_membership", member_id=mid, reason=reason)
        return AgentReply(text=question)

    def home_club(self, v: ConversationView, mid: str, first: str, member: dict[str, str]) -> AgentReply:
        said = " ".join(v.user_texts[1:])
        club = next((c for c in CLUBS if c.lower() in said.lower() and c != member["home_club"]), None)
        if club is None:
            return AgentReply(text=self.pick(
                f"Thanks, {first}! Your current home club is {member['home_club']}. Which location would you like "
                "to switch to? We have Harbour Street and Millbrook.",
                f"I can help with that. You're currently based at {member['home_club']}. Where would you prefer to "
                "train going forward: Harbour Street or Millbrook?",
                "Sure! Which of our clubs should become your new home club?",
                f"No problem, {first}. Let me know which club you'd like as your home gym and I'll get it updated."))
        if v.result("change_home_club", member_id=mid, club=club) is not None:
            return AgentReply(text=self.pick(
                f"Done! {club} is now your home club, {first}.",
                f"Your home club has been switched to {club}. Class bookings will now default there.",
                f"All set - I've moved your home club to {club}.",
                f"Great news: {club} is your new home club. Enjoy your workouts!"))
        question = self.pick(
            f"Just to confirm, you'd like to change your home club from {member['home_club']} to {club}? Note that "
            "this can only be changed once every 12 months.",
            f"Here's the update I'll make:\n\n| | |\n|---|---|\n| Current home club | {member['home_club']} |\n"
            f"| New home club | {club} |\n\nShould I go ahead?",
            f"I'll update your home club to **{club}**. Does that sound right?",
            f"Switching you to {club} - can you confirm that's what you want? You won't be able to change it again "
            "for a year.")
        if self.approved(v, question):
            return AgentReply.calling("change_home_club", member_id=mid, club=club)
        return AgentReply(text=question)

    def door_pass(self, v: ConversationView) -> AgentReply:
        said = " ".join(v.user_texts[1:]).lower()
        signed_again = v.result("sign_out_and_back_in") is not None or re.search(r"signed (back )?in|back in", said)
        if re.search(r"\bqr\b|code", said) and signed_again:
            return AgentReply(text=self.pick(
                "Perfect, that means your pass is working again. You should be able to scan in now!",
                "Great - the QR code is back, so the scanner will accept it. Have a good workout!",
                "That's fixed then. Enjoy your session!",
                "Wonderful, you're good to go."))
        if signed_again:
            return AgentReply(text=self.pick(
                "Thanks! Now could you open the door pass again and tell me what you see?",
                "Great. Please pull up the pass one more time - does the QR code show now?",
                "Now that you're signed back in, open the door pass and let me know whether the code appears.",
                "Let's check it: tap on the door pass again and tell me what's on the screen."))
        if re.search(r"expired|sign in", said):
            return AgentReply(text=self.pick(
                "That message usually means the app's session has lapsed. Could you sign out of the app and then "
                "sign back in?",
                "Thanks, that helps. Please go to Profile > Sign out, then log back in with your usual details.",
                "Okay, here's the fix:\n1. Sign out of the club app\n2. Log in again\n\nLet me know once you've "
                "done that.",
                "Try logging out of the app and logging back in - that should refresh your pass."))
        return AgentReply(text=self.pick(
            "I'm sorry about that! Could you open the door pass in the app and tell me exactly what it shows?",
            "Let's get you back in. What do you see when you open your pass in the app?",
            "Sorry for the hassle. When you open the door pass, is there a QR code or an error message?",
            "Could you check the door pass screen in the club app and let me know what it says?"))
