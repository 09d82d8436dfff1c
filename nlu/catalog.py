"""The optional per-user entity catalog (design 7.1, 7.3): the only authority that may turn
a look-alike identifier (AGV-O1) into a suggested candidate.

It comes from the caller per call — generated for the signed-in user, with tenantId, userId,
revision and expiresAt — never from text. A catalog match only *suggests*: the entity gets
an unconfirmed canonicalValue and the clarification offers the candidate; the text is not
rewritten and nothing unconfirmed reaches tool parameters. Matching is exact after mapping
the pack's look-alike characters (O→0, l→1 …), never by edit distance: AGV-99 is not AGV-09.
"""
from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from nlu import errors
from nlu.lexicon.model import CatalogEntity, EntityCatalog


def usable_catalog(catalog: Any, now: datetime) -> EntityCatalog | None:
    """An `EntityCatalog`, a path to one, or its JSON dict; None once it has expired."""
    if isinstance(catalog, (str, Path)):
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.lexicon import PackError, load_catalog

        try:
            catalog = load_catalog(catalog)
        except (PackError, OSError) as exc:
            raise errors.InputError("E110", f"catalog {catalog}: {exc}") from None
    elif isinstance(catalog, dict):
        try:
            catalog = EntityCatalog(
                tenant_id=catalog["tenantId"], user_id=catalog["userId"], revision=catalog["revision"],
                expires_at=catalog["expiresAt"],
                entities=tuple(CatalogEntity(e["canonicalId"], e["entityType"], e.get("displayName", e["canonicalId"]),
                                             e.get("domain", "")) for e in catalog["entities"]))
        except (KeyError, TypeError) as exc:
            raise errors.InputError("E110", f"catalog: missing or malformed field {exc}") from None
    if not isinstance(catalog, EntityCatalog):
        raise errors.InputError("E110", "catalog must be an EntityCatalog, a path to one or its JSON object")
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.source import parse_reference_time

    if parse_reference_time(catalog.expires_at) <= now:
        return None  # an expired catalog is no authority
    return catalog


def lookalike_candidate(text: str, entity_type: str, lookalikes: dict[str, str], catalog: EntityCatalog | None) -> str | None:
    """The one catalog id of this type that `text` reads as, character for character, where
    each differing character is a known look-alike of the catalog's digit; else None."""
    if catalog is None:
        return None

    def reads_as(typed: str, real: str) -> bool:
        return len(typed) == len(real) and all(
            a.upper() == b.upper() or lookalikes.get(a) == b for a, b in zip(typed, real))

    hits = {e.canonical_id for e in catalog.entities if e.entity_type == entity_type and reads_as(text, e.canonical_id)}
    return hits.pop() if len(hits) == 1 else None
