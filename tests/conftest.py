import os

# Strict mode (issue 13, part 6): a stage that raises fails the test instead of quietly
# degrading the turn, and every flag and scratch key must be declared in nlu/draft_keys.py.
# Set before any test module builds a Pipeline; a test of the degradation itself passes
# strict=False.
os.environ["NLU_STRICT"] = "1"

from hypothesis import HealthCheck, settings

# CI runs more examples than a quick local run; both are deterministic per seed.
settings.register_profile("ci", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


import pytest  # noqa: E402 - after the environment above


@pytest.fixture(scope="module")
def pipe():  # noqa: ANN201 - nlu.Pipeline
    """A warmed pipeline per test module, for the corpus tests that run turns through the whole
    pipeline (a module may define its own `pipe` with other settings; one per module, as a test
    elsewhere may change process state a pipeline reads at build). The budget is generous: on a
    busy host a turn must not be cut short and read conservatively."""
    from nlu.pipeline import Pipeline

    p = Pipeline(budget_ms=10_000)
    p.warm_up()
    return p
