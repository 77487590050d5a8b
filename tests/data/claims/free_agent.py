"""A home-insurance claims agent that words every message as an LLM agent would, one of four wordings per trial:
written for `tests/test_own_domain.py` without reading the simulated user's rules. It reads the caller generously,
as an LLM would: policy numbers in any case or spacing, dates as 2026-11-14, 14/11/2026, "14th November" or
"Nov 14, 2026", amounts as $2,350, 2350 dollars or "about 2350"."""

import random
import re

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView

YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right|correct|confirm\w*|ok(ay)?|"
                 r"sounds good|perfect|submit it|withdraw it|proceed)\b", re.I)
NO = re.compile(r"\b(no|not|don't|wait|hold on|wrong)\b", re.I)
MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
PERILS = {"water_damage": r"\b(pipe|leak|flood|water)", "theft": r"\b(stole|stolen|theft|took|broke into|burgl)",
          "storm": r"\b(storm|wind|gale|tiles?)\b", "fire": r"\b(fire|smoke|burn)"}
PERIL_WORDS = {"water_damage": "water damage", "theft": "theft", "storm": "storm damage", "fire": "fire damage",
               "accidental_damage": "accidental damage"}
REASONS = {"below_excess": r"excess|not worth|less than|cheaper|below", "resolved_privately": r"privately|myself|sorted",
           "filed_by_mistake": r"mistake|by accident|error|wrong"}


def dates_in(text: str) -> list[tuple[str, tuple[int, int]]]:
    """Every date the caller writes, as (YYYY-MM-DD, span); a date without a year is taken to be in 2026."""
    found: list[tuple[str, tuple[int, int]]] = []
    patterns = [
        (r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b", lambda m: (m[1], m[2], m[3])),
        (rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH},?\s*(\d{{4}})?", lambda m: (m[3], m[2], m[1])),
        (rf"\b{MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?\b,?\s*(\d{{4}})?", lambda m: (m[3], m[1], m[2])),
        (r"\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b", lambda m: (m[3], m[2], m[1]) if int(m[2]) <= 12 else (m[3], m[1], m[2])),
    ]
    for pattern, parts in patterns:
        for m in re.finditer(pattern, text, re.I):
            if any(a <= m.start() < b for _, (a, b) in found):
                continue
            year, month, day = parts(m)
            month_no = int(month) if month.isdigit() else MONTHS.index(month[:3].lower()) + 1
            if 1 <= month_no <= 12 and 1 <= int(day) <= 31:
                found.append((f"{year or 2026}-{month_no:02d}-{int(day):02d}", m.span()))
    return sorted(found, key=lambda f: f[1])


def amount_in(text: str) -> float | None:
    """The last amount of money the caller names, dates and reference numbers aside."""
    for _, (a, b) in dates_in(text):
        text = text[:a] + " " * (b - a) + text[b:]
    text = re.sub(r"\b(HM|CLM)[- ]?\d+", " ", text, flags=re.I)
    found = re.findall(r"(?:[$£€]\s?(\d[\d,]*(?:\.\d{1,2})?))|(\d[\d,]*(?:\.\d{1,2})?)\s*(?:dollars|usd|pounds|gbp|"
                       r"euros?|bucks|k\b)?", text, re.I)
    values = [float((a or b).replace(",", "")) for a, b in found if (a or b).replace(",", "").replace(".", "").isdigit()]
    values = [v for v in values if v >= 20]
    return values[-1] if values else None


def money(amount: float) -> str:
    return f"${amount:,.2f}"


def long_date(iso: str) -> str:
    y, m, d = iso.split("-")
    return f"{int(d)} {['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][int(m) - 1]} {y}"


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
        said = " ".join(v.user_texts)
        number = next(iter(re.findall(r"\bHM[- ]?(\d{6})\b", said, re.I)), None)
        births = [d for d, _ in dates_in(said) if d < "2010"]
        if number is None or not births:
            return self.identify(number is None, not births)
        policy_number, dob = f"HM-{number}", births[-1]
        policy = v.result("find_policy", policy_number=policy_number, date_of_birth=dob)
        if policy is None:
            return AgentReply.calling("find_policy", policy_number=policy_number, date_of_birth=dob)
        first = policy["holder"].split()[0]
        opening = v.user_texts[0].lower()
        if "withdraw" in opening or "cancel" in opening:
            return self.withdraw(v, policy, first)
        if "form" in opening:
            return self.claim_form(v, policy, first)
        peril = next((p for p, cue in PERILS.items() if re.search(cue, opening, re.I)), "accidental_damage")
        return self.lodge(v, policy, first, peril)

    def identify(self, need_number: bool, need_birth: bool) -> AgentReply:
        if need_number and need_birth:
            return AgentReply(text=self.pick(
                "I'm really sorry to hear that - let's get this sorted for you. To bring up your policy, could you "
                "please give me your policy number and the policyholder's date of birth?",
                "Happy to help. First I need to find your cover:\n\n1. Your **policy number** (it's on your policy "
                "schedule and starts with HM)\n2. Your **date of birth**\n\nOnce I have those I'll take it from there.",
                "Of course. Could you share the number from your policy documents, along with your birth date, so I "
                "can verify it's you?",
                "Thanks for getting in touch. Before we go any further I'll need to locate your home policy - what's "
                "the policy number, and when were you born?"))
        if need_number:
            return AgentReply(text=self.pick(
                "Thanks! And could you also give me your policy number?",
                "Got it. I'll also need the policy number - it begins with HM and is printed on your schedule.",
                "Thank you. Which policy is this under? The number will be on your renewal letter.",
                "Great, and the policy number as well, please."))
        return AgentReply(text=self.pick(
            "Thanks! For security, could you confirm the policyholder's date of birth?",
            "Got it. And what's your date of birth?",
            "Thank you. To verify your identity, please share your birth date.",
            "Perfect. Just one more thing to check it's you: the date of birth on the policy."))

    def lodge(self, v: ConversationView, policy: dict, first: str, peril: str) -> AgentReply:
        said = " ".join(v.user_texts)
        when = next((d for d, _ in reversed(dates_in(said)) if d >= "2026"), None)
        cost = amount_in(said)
        done = v.result("file_claim", policy_number=policy["policy_number"])
        if done is not None:
            return AgentReply(text=self.pick(
                f"Your claim has been lodged, {first}. The claim number is **{done['claim_number']}** - a handler "
                "will be in touch within two working days. Your excess on this policy is "
                f"{money(policy['excess'])}.",
                f"All done! Claim {done['claim_number']} is now registered on your policy and a claims handler will "
                "contact you shortly.",
                f"That's submitted. Please keep a note of your claim number, {done['claim_number']}, and hold on to any "
                "receipts or photos of the damage.",
                f"Done - I've filed the claim ({done['claim_number']}). Is there anything else I can help with?"))
        what = PERIL_WORDS[peril]
        if when is None and cost is None:
            return AgentReply(text=self.pick(
                f"Thanks, {first}, I've found your policy and you're covered for {what}. Could you tell me the date it "
                "happened and roughly how much you expect the repairs or replacement to cost?",
                f"You're covered for {what}, {first}. Two quick details to complete the claim:\n\n- **When** did it "
                "happen?\n- What's your **best estimate of the cost**? A quote or a ballpark figure is fine.",
                f"Good news - your policy includes {what} cover. When did this take place? And once you've got a rough "
                "figure for the damage, pop it in here too.",
                f"I've pulled up your policy. To start a {what} claim I just need the date of the incident and an "
                "estimated value of the loss."))
        if when is None:
            return AgentReply(text=self.pick(
                "Thanks. And on what date did this happen?",
                "Got it. When did the incident take place?",
                "Noted. Could you let me know the day it happened?",
                "Thank you - and the date of the loss, please?"))
        if cost is None:
            return AgentReply(text=self.pick(
                "Thanks. Roughly how much do you think it will cost to put right?",
                "Got it. What's your estimate of the damage, in dollars?",
                "Noted. Do you have a figure for the repair or replacement? An estimate is fine.",
                "Thank you - and how much are you claiming for, approximately?"))
        question = self.pick(
            f"Thanks, {first}. Before I lodge this, here's what I'll submit:\n\n- **Policy:** {policy['policy_number']}\n"
            f"- **Type of claim:** {what}\n- **Date of incident:** {long_date(when)}\n- **Estimated cost:** "
            f"{money(cost)}\n\nOnce it's lodged it stays on your claims history. Shall I go ahead?",
            f"Just to confirm: you'd like me to file a {what} claim on policy {policy['policy_number']} for an incident "
            f"on {when}, with an estimated loss of {money(cost)}?",
            f"I'm ready to submit a {what} claim for {money(cost)}, incident date {long_date(when)}. Can you confirm "
            "those details are right and that you'd like me to proceed?",
            f"Okay! I'll register the claim as follows: {what}, happened {long_date(when)}, estimated at "
            f"{money(cost)}. Reply yes and I'll get it lodged.")
        if self.approved(v, question):
            return AgentReply.calling("file_claim", policy_number=policy["policy_number"], claim_type=peril,
                                      incident_date=when, estimated_amount=cost)
        return AgentReply(text=question)

    def withdraw(self, v: ConversationView, policy: dict, first: str) -> AgentReply:
        later = " ".join(v.user_texts[1:])
        claims = {c["claim_number"]: c for c in policy["open_claims"]}
        chosen = next((f"CLM-{n}" for n in reversed(re.findall(r"\bCLM[- ]?(\d{5})\b", later, re.I))
                       if f"CLM-{n}" in claims), None)
        if chosen is None:
            chosen = next((cid for cid, c in claims.items()
                           if re.search(r"\b(tv|television|accident)", later, re.I) and c["type"] == "accidental_damage"),
                          None)
        reason = next((r for r, cue in REASONS.items() if re.search(cue, " ".join(v.user_texts), re.I)), None)
        if chosen and v.result("withdraw_claim", claim_number=chosen) is not None:
            return AgentReply(text=self.pick(
                f"Claim {chosen} has been withdrawn, {first}. Your other claim is unaffected.",
                f"Done - {chosen} is now withdrawn and closed.",
                f"All set. I've withdrawn claim {chosen}; you'll get a confirmation letter in the post.",
                f"That claim ({chosen}) is withdrawn. Anything else I can do for you today?"))
        if chosen is None:
            listing = "\n".join(f"{i}. **{cid}** - {PERIL_WORDS[c['type']]}, {long_date(c['incident_date'])}, "
                                f"{money(c['estimated_amount'])}" for i, (cid, c) in enumerate(claims.items(), 1))
            return AgentReply(text=self.pick(
                f"Thanks, {first}. I can see two open claims on your policy:\n\n{listing}\n\nWhich of these would you "
                "like to withdraw?",
                f"I've found your policy. There are two claims currently open:\n\n{listing}\n\nCould you let me know "
                "the claim number of the one you'd like to withdraw, and the reason?",
                f"You have more than one open claim, {first}. Which one is it - the storm claim or the accidental "
                "damage one? The claim number is on the acknowledgement letter we sent you.",
                f"Sure. Just so I withdraw the right one, please give me the reference of the claim you want closed."))
        if reason is None:
            return AgentReply(text=self.pick(
                "Understood. For our records, may I ask why you're withdrawing it?",
                "No problem. What's the reason for withdrawing the claim?",
                "Got it. Could you tell me briefly why you've decided not to go ahead with it?",
                "Thanks - and what's prompting the withdrawal?"))
        claim = claims[chosen]
        why = {"below_excess": f"the cost is below your {money(policy['excess'])} excess",
               "resolved_privately": "you've sorted it out privately",
               "filed_by_mistake": "it was lodged by mistake"}[reason]
        question = self.pick(
            f"Just to confirm, you'd like me to withdraw claim **{chosen}** ({PERIL_WORDS[claim['type']]}, "
            f"{money(claim['estimated_amount'])}) because {why}? Please note a withdrawn claim can't be reopened. "
            "Shall I go ahead?",
            f"Here's what I'm about to do:\n\n- **Claim:** {chosen}\n- **Action:** withdraw\n- **Reason:** {why}\n\n"
            "This is permanent. Would you like me to proceed?",
            f"I'll withdraw {chosen} (reason: {why}). Is that right?",
            f"Okay. I can close claim {chosen} now since {why}. Once withdrawn it can't be reopened - shall I do "
            "that?")
        if self.approved(v, question):
            return AgentReply.calling("withdraw_claim", claim_number=chosen, reason=reason)
        return AgentReply(text=question)

    def claim_form(self, v: ConversationView, policy: dict, first: str) -> AgentReply:
        claim = next(c for c in policy["open_claims"] if c["type"] == "fire")
        cid = claim["claim_number"]
        emails = re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", v.user)
        if not emails:
            return AgentReply(text=self.pick(
                f"Thanks, {first}. I can see your open fire claim ({cid}). Which email address would you like the "
                "claim form sent to?",
                f"Found it - claim {cid}. What's your work email? I'll send the form straight over.",
                f"Of course! Just drop the address you'd like it delivered to below and I'll email it across.",
                f"No problem at all. Where should I send the detailed claim form for {cid}?"))
        email = emails[-1].rstrip(".").lower()
        if v.result("send_claim_form", claim_number=cid, email=email) is None:
            return AgentReply.calling("send_claim_form", claim_number=cid, email=email)
        return AgentReply(text=self.pick(
            f"Done! I've emailed the claim form for {cid} to {email}. Please list the damaged items and attach any "
            "receipts you have.",
            f"The form is on its way to {email}. It usually arrives within a few minutes - do check your spam folder.",
            f"All set - the claim form has been sent to {email}.",
            f"I've sent it to {email}. Is there anything else I can help with?"))
