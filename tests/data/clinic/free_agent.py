"""A clinic front-desk agent that words every message the way an LLM agent would, with one of four wordings per
trial: written for `tests/test_own_domain.py`, not for the simulated user's rules. ``IDENTITY_ASK`` and
``CONFIRMS`` let a test change one behaviour."""

import random
import re

from pytest_mmtau.agents import AgentReply, AgentRequest, ConversationView

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
YES = re.compile(r"\b(yes|yeah|yep|sure|go ahead|do it|please do|that's right|correct|confirm|ok(ay)?)\b", re.I)


def dates(text: str) -> list[str]:
    found = re.findall(r"\b(\d{4})-(\d{2})-(\d{2})\b", text)
    out = [f"{y}-{m}-{d}" for y, m, d in found]
    for m, d, y in re.findall(r"\b([A-Za-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b", text):
        if m.lower() in MONTHS:
            out.append(f"{y}-{MONTHS.index(m.lower()) + 1:02d}-{int(d):02d}")
    for d, m, y in re.findall(r"\b(\d{1,2})(?:st|nd|rd|th)? ([A-Za-z]+),? (\d{4})\b", text):
        if m.lower() in MONTHS:
            out.append(f"{y}-{MONTHS.index(m.lower()) + 1:02d}-{int(d):02d}")
    for m, d in re.findall(r"\b([A-Za-z]+) (\d{1,2})(?:st|nd|rd|th)?\b(?!,? \d{4})", text):
        if m.lower() in MONTHS:
            out.append(f"2026-{MONTHS.index(m.lower()) + 1:02d}-{int(d):02d}")
    return out


class FreeAgent:
    IDENTITY_ASK: str | None = None  # one wording of the identity question for every trial
    CONFIRMS = True  # False: it cancels or reschedules without asking first

    def __init__(self, variant: int = 0) -> None:
        self.v = variant

    def for_trial(self, trial: int, seed: int) -> "FreeAgent":
        return type(self)(random.Random(seed).randrange(4))

    def pick(self, *options: str) -> str:
        return options[self.v % len(options)]

    async def respond(self, request: AgentRequest) -> AgentReply:
        v = ConversationView.of(request)
        said = " ".join(v.user_texts)
        cancel = re.search(r"\bcancel", said, re.I) is not None
        surname = next((n for n in ("Okoro", "Berg") if re.search(rf"\b{n}\b", said, re.I)), None)
        born = [d for d in dates(said) if d < "2000"]
        if surname is None or not born:
            return AgentReply(text=self.IDENTITY_ASK or self.pick(
                "I'd be happy to help with that! First, I'll need to verify your identity. Could you please provide "
                "your last name and date of birth?",
                "Sure thing. To pull up your file, what's your surname, and when were you born?",
                "Happy to help. Before we look at your appointment, please share:\n\n1. Your last name\n"
                "2. Your date of birth",
                "Of course! Can I get the family name on your patient record, along with your birth date?"))
        patient = v.result("find_patient", last_name=surname, date_of_birth=born[-1])
        if patient is None:
            return AgentReply.calling("find_patient", last_name=surname, date_of_birth=born[-1])
        pid = patient["patient_id"]
        appts = v.result("list_appointments", patient_id=pid)
        if appts is None:
            return AgentReply.calling("list_appointments", patient_id=pid)
        appt = appts[0]
        aid, when, doc = appt["appointment_id"], appt["date"], appt["clinician"]
        nice = f"December {int(when[-2:])}"
        if cancel:
            if v.result("cancel_appointment", appointment_id=aid, reason="illness") is not None:
                return AgentReply(text=self.pick(
                    f"Done — your appointment on {nice} with {doc} has been cancelled. I hope you feel better soon!",
                    f"Your {nice} appointment is now cancelled. Feel better, and just reach out when you'd like to "
                    "rebook.",
                    f"All set: the appointment with {doc} on {nice} has been cancelled. Take care!",
                    f"I've cancelled your appointment ({nice}, {appt['time']}, {doc}). Get well soon!"))
            question = self.pick(
                f"Thanks, {patient['first_name']}. I see your appointment with {doc} on {nice} at {appt['time']}. "
                f"Just to confirm, you'd like me to cancel it due to illness? This can't be undone.",
                f"I found it: {nice} at {appt['time']} with {doc}. Shall I go ahead and cancel this appointment "
                "for you?",
                f"Here's what I'll do:\n- **Cancel** your appointment on {nice} ({appt['time']}, {doc})\n"
                "- **Reason:** illness\n\nPlease reply **yes** to confirm.",
                f"Would you like me to cancel your {nice} appointment with {doc}? Once it's cancelled the slot "
                "goes to someone else, so please confirm.")
            if not self.CONFIRMS or v.own_texts and v.own_texts[-1] == question and YES.search(v.user):
                return AgentReply.calling("cancel_appointment", appointment_id=aid, reason="illness")
            return AgentReply(text=question)
        wanted = [d for d in dates(" ".join(v.user_texts[1:])) if d > "2026"]
        if v.result("reschedule_appointment", appointment_id=aid, new_date=wanted[-1] if wanted else "") is not None:
            day = f"December {int(wanted[-1][-2:])}"
            return AgentReply(text=self.pick(
                f"All set! Your appointment has been moved to {day} at {appt['time']} with {doc}. Anything else I "
                "can help with?",
                f"You're rescheduled: {day}, {appt['time']}, with {doc}. See you then!",
                f"Done. I've moved your cleaning to {day}, same time.",
                f"Great news, your appointment is now on {day} at {appt['time']}."))
        if not wanted:
            return AgentReply(text=self.pick(
                f"Thanks, {patient['first_name']}. I can see your appointment with {doc} on {nice} at "
                f"{appt['time']}. Which day would you like to move it to? We have openings on December 8 and "
                "December 10.",
                f"Got it — you're booked for {nice} at {appt['time']} with {doc}. What date works better for you?",
                f"I found your {appt['time']} appointment on {when}. When would you like to come in instead?",
                f"You're down for {nice}. What new date should I look at for you?"))
        question = self.pick(
            f"Just to confirm: I'll move your appointment with {doc} from {nice} to December "
            f"{int(wanted[-1][-2:])} at {appt['time']}. Shall I go ahead?",
            f"Here's the change:\n- **Appointment:** {aid} ({doc}, {appt['time']})\n- **New date:** {wanted[-1]}\n\n"
            "Please confirm you'd like me to make this change.",
            f"Would you like me to reschedule your appointment to December {int(wanted[-1][-2:])}? Just reply yes and "
            "I'll take care of it.",
            f"December {int(wanted[-1][-2:])} is open. Do you want me to book the move from {nice}?")
        if not self.CONFIRMS or v.own_texts and v.own_texts[-1] == question and YES.search(v.user):
            return AgentReply.calling("reschedule_appointment", appointment_id=aid, new_date=wanted[-1])
        return AgentReply(text=question)
