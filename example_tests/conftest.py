"""The agent under test for the examples: the offline reference agent of the item's domain (mock or telecom).

In your repository this fixture returns your own agent: any object with ``async respond(request)``, or any
callable wrapped in ``pytest_mmtau.FunctionAgent``.
"""

import pytest


@pytest.fixture
def agent(mmtau_domain):
    return mmtau_domain.agents["reference"]()
