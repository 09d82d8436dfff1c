"""Which business domain the sentence names or implies (ontology: `agv`, `rail`)."""
from __future__ import annotations

from nlu.semantics.view import SentenceView

# Entity types whose identifiers belong to exactly one domain.
IDENTIFIER_DOMAIN: dict[str, str] = {
    "vehicle": "agv", "station": "agv", "task": "agv",
    "locomotive": "rail", "work_order": "rail", "maintenance_level": "rail",
}


def explicit_domains(view: SentenceView) -> set[str]:
    """Domains named by an explicit domain word of the pack (AGV, 小车, 机车, 检修, 工单…)."""
    out: set[str] = set()
    for w in view.domain_words:
        for domain, explicit in w.data:
            if explicit:
                out.add(domain)
    return out


def implied_domains(view: SentenceView) -> dict[str, list[str]]:
    """Domain → the implied (hint) words found for it."""
    out: dict[str, list[str]] = {}
    for w in view.domain_words:
        for domain, explicit in w.data:
            if not explicit:
                out.setdefault(domain, []).append(w.text)
    return out
