"""The order in which a user with several requests (``UserGoal.requests``, ECom-Bench's 2–8 per task) makes them.

The user opens with the first request (all of them, when it hands everything over at once) and brings up the next
one once every request it made is confirmed — by its own tracker, whose milestones are the requests'
``confirmed_by`` entries in order. A request whose milestones were all observed before the user got to it is
skipped: the agent already did it. A goal without ``requests`` is a single request: the goal's own.
"""

from __future__ import annotations

from ..models import GoalRequest, UserGoal


class RequestQueue:
    def __init__(self, goal: UserGoal) -> None:
        self.requests = goal.requests or (GoalRequest(intent=goal.intent, request=goal.request,
                                                      vague_request=goal.vague_request,
                                                      confirmed_by=goal.confirmed_by),)
        spans, start = [], 0
        for r in self.requests:
            spans.append(range(start, start + len(r.confirmed_by)))
            start += len(r.confirmed_by)
        self._spans = spans
        self.made = 0  # requests made so far (always a prefix)

    @property
    def several(self) -> bool:
        return len(self.requests) > 1

    def done(self, i: int, confirmed: list[bool]) -> bool:
        return all(confirmed[j] for j in self._spans[i])

    def opening(self, *, everything: bool) -> list[GoalRequest]:
        """The requests the first message makes: the first, or all of them."""
        self.made = len(self.requests) if everything else 1
        return list(self.requests[:self.made])

    def next(self, confirmed: list[bool], *, early: bool = False) -> GoalRequest | None:
        """The request to bring up now: the first one not made yet, once every request made is confirmed (``early``:
        as soon as the last one made is under way); requests already confirmed are skipped."""
        if not early and not all(self.done(i, confirmed) for i in range(self.made)):
            return None
        while self.made < len(self.requests):
            self.made += 1
            if not self.done(self.made - 1, confirmed):
                return self.requests[self.made - 1]
        return None

    def current(self, confirmed: list[bool]) -> GoalRequest:
        """The first request made that is not confirmed yet (what a restatement repeats); the last made if all are."""
        pending = [i for i in range(max(self.made, 1)) if not self.done(i, confirmed)]
        return self.requests[pending[0] if pending else max(self.made, 1) - 1]
