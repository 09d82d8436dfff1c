"""Schemathesis over the running service's /openapi.json: generated bodies never cause a
server error, and every answer matches its documented status, media type and schema.

Bounded (a few examples per operation, no deadline) so it costs seconds in CI.
"""
from __future__ import annotations

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis (test extra) is not installed")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)


# Not `positive_data_acceptance`: some schema-valid values are rightly refused with a
# documented 422 (a referenceTime in year 0001, a catalog's non-ISO expiresAt).
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]




def test_api_conforms_to_its_openapi(base_url):
    # Operations are walked here rather than with schemathesis' pytest plugin (whose lazy
    # fixture loader does not run on this pytest): same strategies, same checks.
    schema = schemathesis.openapi.from_url(f"{base_url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {op.path for op in operations} >= {"/v1/understand", "/v1/understand/batch", "/healthz", "/readyz", "/metrics"}
    for op in operations:
        @given(case=op.as_strategy())
        @settings(max_examples=12, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        def run(case):  # noqa: ANN001
            case.call_and_validate(base_url=base_url, checks=CHECKS, timeout=30)

        run()
