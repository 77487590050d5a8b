"""Readings round 11 of issue 20 fixed, read here in new sentences written for this test.

- A value milestone (a plan's name) described as a thing, priced or compared ("Basic is $10 a month", "Basic: $10",
  "with Premium, you get …", "Premium is cheaper", a comparison of plans) reports no milestone; "you're on Basic now"
  does. Before, a simulated user waiting for its downgrade took the price list as the downgrade done.
"""

from __future__ import annotations

import pytest

from pytest_mmtau.understanding import milestone_reports


@pytest.mark.parametrize(("text", "reported"), [
    ("Quick overview first: Basic is $12 a month and Premium is $40.", False),
    ("Our Basic plan is $12 a month, billed on the 1st.", False),
    ("Basic: $12/month, 10 Mbps. Premium: $40/month, 500 Mbps.", False),
    ("With Basic, you'd get slower speeds but a smaller bill.", False),
    ("You're on Premium at the moment; Basic is cheaper but slower.", False),
    ("Here's how they compare: Basic at $12, Premium at $40.", False),
    ("Basic vs Premium - Basic is the lighter plan.", False),
    ("Done - your account is on Basic now.", True),
    ("I've moved A104 to Basic.", True),
    ("With that, you're now on the Basic plan.", True),
])
def test_a_plan_described_or_priced_reports_no_milestone(text: str, reported: bool) -> None:
    assert bool(milestone_reports(text, ["basic"])) == reported, text
