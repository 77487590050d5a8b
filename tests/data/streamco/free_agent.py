"""A streaming-service support agent that words every message the way an LLM agent would, with one of four wordings
per trial: written for `tests/test_own_domain.py`, not for the simulated user's rules."""

import random
import re

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView

YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right|correct|ok(ay)?)\b", re.I)
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


class FreeAgent:
    def __init__(self, variant: int = 0) -> None:
        self.v = variant

    def for_trial(self, trial: int, seed: int) -> "FreeAgent":
        return type(self)(random.Random(seed).randrange(4))

    def pick(self, *options: str) -> str:
        return options[self.v % len(options)]

    async def respond(self, request: AgentRequest) -> AgentReply:
        v = ConversationView.of(request)
        said = " ".join(v.user_texts)
        if re.search(r"\b(play|playback|error)\b", v.user_texts[0], re.I):
            return self.playback(v)
        email = EMAIL.search(said)
        if email is None:
            return AgentReply(text=self.pick(
                "I'm sorry about the extra charges! Could you share the email address you use to sign in, so I can "
                "pull up your account?",
                "Let's get that fixed. What email is your StreamCo account registered under?",
                "Happy to help with the billing. To locate your subscription, please provide the email you log in "
                "with.",
                "Sorry about that. Which email do you sign in with?"))
        account = v.result("find_account", email=email.group(0).rstrip("."))
        if account is None:
            return AgentReply.calling("find_account", email=email.group(0).rstrip("."))
        extra = [c["charge_id"] for c in account["charges"]][1:]
        if v.result("refund_charges", account_id=account["account_id"], charge_ids=extra) is not None:
            return AgentReply(text=self.pick(
                "Done! Both duplicate charges have been refunded ($23.98 in total). It can take 5–10 business days "
                "to show on your card.",
                f"I've refunded {extra[0]} and {extra[1]}. Anything else?",
                "The two extra charges are refunded. Sorry again for the hassle!",
                "Refund processed for the two duplicates."))
        question = self.pick(
            f"I can see three charges of $11.99 on November 1. I'll refund the two duplicates ({extra[0]} and "
            f"{extra[1]}), $23.98 in total. Shall I go ahead?",
            f"Here's what I found:\n\n1. {account['charges'][0]['charge_id']}: $11.99 (keep)\n2. {extra[0]}: $11.99 "
            f"(refund)\n3. {extra[1]}: $11.99 (refund)\n\nWould you like me to refund charges {extra[0]} and "
            f"{extra[1]}?",
            f"To confirm: refund {extra[1]} and {extra[0]} back to your card? Reply yes to proceed.",
            f"You were billed $11.99 three times. Do you want me to reverse the extra two, {extra[0]} and "
            f"{extra[1]}?")
        if v.own_texts and v.own_texts[-1] == question and YES.search(v.user):
            return AgentReply.calling("refund_charges", account_id=account["account_id"], charge_ids=extra)
        return AgentReply(text=question)

    def playback(self, v: ConversationView) -> AgentReply:
        steps = [
            self.pick("I'm sorry playback isn't working. What error message do you see on the screen when it fails?",
                      "Let's troubleshoot. Could you read me the error code the app shows?",
                      "Sorry about that! When you try to play something, what exactly does the error say?",
                      "First, what does the error on your TV say?"),
            self.pick("Thanks. That usually means the app's cached data is corrupted. Please go to your TV's "
                      "Settings > Apps > StreamCo and select **Clear cache**.",
                      "Got it. Next, clear the app's cache: open the TV settings, find StreamCo under Apps, and "
                      "choose Clear cache. Let me know once that's done.",
                      "That code points to bad cached data. Could you clear the StreamCo app's cache in your TV's "
                      "app settings?",
                      "OK. Let's wipe the app cache — it's under Settings, Apps, StreamCo, Storage."),
            self.pick("Great. Now fully close the StreamCo app and open it again.",
                      "Perfect. Next, please restart the app: close it completely, then relaunch it.",
                      "Thanks! Please quit the app and reopen it.",
                      "Now restart the StreamCo app."),
            self.pick("Now try playing any show or movie. Does it work?",
                      "Could you try to play a title and tell me what happens?",
                      "Please pick something to watch and see if it starts playing.",
                      "Does a title play now?"),
        ]
        done = len([t for t in v.own_texts if t in steps])
        if done < len(steps):
            last = v.own_texts[-1] if v.own_texts else None
            if last in steps and steps.index(last) == done - 1 and not v.user.strip():
                return AgentReply(text=last)
            return AgentReply(text=steps[done])
        return AgentReply(text=self.pick("Glad it's working again! Enjoy your show.", "Great, you're all set.",
                                         "Wonderful — happy watching!", "Perfect. Anything else?"))
