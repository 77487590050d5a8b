"""Understanding what an agent message asks of the user — facts, approval of an action with its values, operating
the user's own tools, closing, escalation, refusal, wrong read-backs — offline and deterministic.

One reading serves the scripted user, the LLM user's tracker notes and the rule labeller, so the simulator and the
metrics never disagree about what was asked. Everything it knows of a domain comes from the domain's tool schemas
(names, argument names, types, enumerations, descriptions, declared phrases) and the task (facts, aliases, which
tool arguments carry which fact); ``_lexicon`` holds the general English every domain shares.
"""

from ._approvals import approval
from ._endings import endings_for
from ._milestones import (negated_word, negates, refusals, refuses, reporting, reports,
                          reports_done_as_approved)
from ._reading import Reading, read
from ._text import mentions, normalise, offered_as_choice, segments
from ._transcript import confirms, readings, vocabulary, vocabulary_of
from ._vocabulary import Vocabulary, build, for_task, tool_infos

__all__ = ["Reading", "Vocabulary", "approval", "build", "confirms", "endings_for", "for_task", "mentions",
           "milestone_reports", "negated_word", "negates", "normalise", "offered_as_choice", "read", "readings",
           "refusals", "reports_done_as_approved", "segments", "tool_infos", "vocabulary", "vocabulary_of"]


def milestone_reports(message: str, alternatives: list[str], *, plan: bool = False) -> bool:
    """Whether an agent message reports one of a goal milestone's alternatives as done (see ``_milestones``)."""
    clauses = reporting(message, plan=plan)
    refused = refuses(message)
    return any(negates(message, word) if (word := negated_word(alt)) is not None
               else reports(clauses, refused, alt) for alt in alternatives)
