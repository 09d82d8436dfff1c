"""Load, verify and cache a domain pack.

``load_pack(root)`` reads ``manifest.json``, checks every file's sha256 against it,
validates each data file against ``schemas/<stem>.schema.json`` and builds a frozen
:class:`~nlu.lexicon.model.Pack`. Any problem raises :class:`PackError` naming the file
and JSON path.

Fast path: once a pack has been validated, the built Pack is pickled under
``$NLU_CACHE_DIR`` (default ``$XDG_CACHE_HOME/legacy-nlu``, see `nlu.warm_cache`) keyed by the manifest checksum and a
fingerprint of this package's code. A later process still reads and hashes every file
(so drift is always caught) but skips JSON-Schema validation. A missing, unreadable or
corrupt cache entry silently falls back to a full load.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import pickle
import re
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from nlu import warm_cache

from .errors import PackError
from .files import (
    MANIFEST,
    PACK_FILES,
    manifest_shape_problem,
    parse_json,
    schema_name,
    schema_problems,
    sha256_hex,
)
from .model import (
    IDENTIFIER_TYPES,
    TEMPLATE_NAMES,
    ActionWord,
    CatalogEntity,
    ComparisonWord,
    ConfusionPair,
    DomainWords,
    EntityCatalog,
    IdentifierPattern,
    Pack,
    PronounEntry,
    QuestionTexts,
    TemplateTriggers,
    TermEntry,
)

ENV_LEXICON_DIR = "NLU_LEXICON_DIR"
ENV_CACHE_DIR = "NLU_CACHE_DIR"
_CACHE_FORMAT = "1"


#: where a wheel carries the default pack (setup.py maps the clone's ``lexicons/`` there)
PACKAGED_PACK = "default_pack"


def shipped_root() -> Path:
    """The default pack that came with this installation.

    A wheel carries it inside the package (``nlu/default_pack``, read with
    ``importlib.resources``); a clone or an editable install has it as ``lexicons/`` beside
    the ``nlu`` package. Neither found: the path a clone would use, so that reading it fails
    with a message naming ``$NLU_LEXICON_DIR``.
    """
    # lazy: only this path needs it
    import importlib.resources

    packaged = importlib.resources.files("nlu") / PACKAGED_PACK
    if packaged.is_dir() and isinstance(packaged, Path):  # a wheel installs as plain files
        return packaged
    return Path(__file__).resolve().parents[2] / "lexicons"


def default_root() -> Path:
    """``$NLU_LEXICON_DIR`` if set, else the shipped default pack (:func:`shipped_root`)."""
    env = os.environ.get(ENV_LEXICON_DIR)
    if env:
        return Path(env)
    return shipped_root()


def cache_dir() -> Path:
    """``$NLU_CACHE_DIR``, else ``$XDG_CACHE_HOME/legacy-nlu``, else ``~/.cache/legacy-nlu``
    (shared with the start-up cache, `nlu.warm_cache`)."""
    return warm_cache.cache_dir()


@functools.cache
def _code_fingerprint() -> str:
    here = Path(__file__).resolve().parent
    data = b"".join((here / n).read_bytes() for n in ("model.py", "loader.py", "files.py"))
    return sha256_hex(data + _CACHE_FORMAT.encode())[:16]


# ---------------------------------------------------------------- reading + verifying

def _read(root: Path, name: str) -> bytes:
    try:
        return (root / name).read_bytes()
    except FileNotFoundError:
        raise PackError(f"{name}: $: file is missing from pack {root} (point ${ENV_LEXICON_DIR} at a pack "
                        f"directory, or reinstall nlu: the default pack ships inside the package)",
                        file=name, path="$") from None
    except OSError as exc:
        raise PackError(f"{name}: $: cannot read ({exc.strerror})", file=name, path="$") from None


def _verified_bytes(root: Path, manifest: dict[str, Any]) -> dict[str, bytes]:
    """Read every file the loader needs and check it against the manifest."""
    files: dict[str, str] = manifest["files"]
    needed = [*PACK_FILES, *(schema_name(n) for n in PACK_FILES), schema_name(MANIFEST)]
    out: dict[str, bytes] = {}
    for name in needed:
        expected = files.get(name)
        if expected is None:
            raise PackError(f"{MANIFEST}: $.files: {name} is not listed (run `nlu lexicon manifest`)",
                            file=MANIFEST, path="$.files")
        raw = _read(root, name)
        actual = sha256_hex(raw)
        if actual != expected:
            raise PackError(f"{name}: $: checksum drift: manifest says {expected[:12]}…, file is {actual[:12]}…",
                            file=name, path="$")
        out[name] = raw
    return out


def _parse(name: str, raw: bytes) -> Any:
    value, problem = parse_json(name, raw)
    if problem:
        raise PackError(problem, file=name, path="$")
    return value


def _validate(name: str, data: Any, schema_raw: bytes) -> None:
    problems = schema_problems(name, data, schema_raw, limit=5)
    if problems:
        first = problems[0]
        path = first.split(": ", 2)[1] if first.count(": ") >= 2 else "$"
        more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        raise PackError(first + more, file=name, path=path)


def _compile(name: str, path: str, regex: str, flags: int = re.IGNORECASE) -> re.Pattern[str]:
    try:
        return re.compile(regex, flags)
    except re.error as exc:
        raise PackError(f"{name}: {path}: regex does not compile: {exc}", file=name, path=path) from None


# ---------------------------------------------------------------- building

def _glyph_pairs(terms, lookalikes: dict[str, list[str]], listed: list[dict], meaningful: set[str]) -> tuple[ConfusionPair, ...]:  # noqa: ANN001
    """OCR pairs derived from the glyph table: a term surface with one character misread.

    Only all-Han surfaces of 2–4 characters; a derived wrong form that is itself a surface or
    an explicit pair is skipped, so a real word is never "corrected". A pair that would bring
    in a time, negation, comparison or write word is only ever a suggestion.
    """
    surfaces = {s for t in terms for s in t.surfaces}
    taken = surfaces | {p["wrong"] for p in listed}
    out: dict[str, ConfusionPair] = {}
    ambiguous: set[str] = set()
    for surface in sorted(surfaces):
        if not 2 <= len(surface) <= 4 or not all("\u4e00" <= ch <= "\u9fff" for ch in surface):
            continue
        for i, ch in enumerate(surface):
            for glyph in lookalikes.get(ch, ()):
                wrong = surface[:i] + glyph + surface[i + 1:]
                if wrong in taken:
                    continue
                if wrong in out and out[wrong].right != surface:
                    ambiguous.add(wrong)  # one misreading, two possible words: not safe
                safe = not any(w in surface and w not in wrong for w in meaningful)
                out[wrong] = ConfusionPair(wrong=wrong, right=surface, channel="ocr", auto_apply=safe,
                                           require_any=None, note="derived from ocr_glyphs.json")
    return tuple(p for w, p in out.items() if w not in ambiguous)


def _grammar_cues(doc: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """Word → cue kind: the first kind listing a word keeps it, then the overrides settle theirs."""
    seen: dict[str, str] = {}
    for entry in doc["kinds"]:
        for w in entry["words"]:
            seen.setdefault(w, entry["kind"])
    seen.update(doc["override"])
    return tuple(seen.items())


def _build(root: Path, checksum: str, manifest: dict[str, Any], data: dict[str, Any]) -> Pack:
    revision = manifest["revision"]
    for name in PACK_FILES:
        if data[name]["revision"] != revision:
            raise PackError(f"{name}: $.revision: {data[name]['revision']!r} differs from manifest revision {revision!r}",
                            file=name, path="$.revision")

    terms = tuple(
        TermEntry(
            term_code=t["termCode"], canonical_text=t["canonicalText"], aliases=tuple(t["aliases"]),
            abbreviation=tuple(t["abbreviation"]), domain=t["domain"], entity_type=t.get("entityType"),
            ambiguity_group=t.get("ambiguityGroup"), protected=t["protected"], revision=t["revision"],
            category=t["category"],
        )
        for t in data["terms.json"]["terms"]
    )
    term_by_code: dict[str, TermEntry] = {}
    for i, t in enumerate(terms):
        if t.term_code in term_by_code:
            raise PackError(f"terms.json: $.terms[{i}].termCode: duplicate termCode {t.term_code!r}",
                            file="terms.json", path=f"$.terms[{i}].termCode")
        term_by_code[t.term_code] = t
    by_surface: dict[str, list[TermEntry]] = defaultdict(list)
    for t in terms:
        for s in {s.casefold() for s in t.surfaces}:
            by_surface[s].append(t)

    confusions = tuple(
        ConfusionPair(
            wrong=p["wrong"], right=p["right"], channel=p["channel"], auto_apply=p["autoApply"],
            require_any=None if p["context"] is None else tuple(p["context"]["requireAny"]), note=p.get("note"),
        )
        for p in data["confusions.json"]["pairs"]
    )
    meaningful = set(data["negation.json"]["words"]) | {c["word"] for c in data["comparison.json"]["words"]}
    meaningful |= {a["word"] for a in data["actions.json"]["actions"] if a["write"]}
    meaningful |= {s for t in terms if t.entity_type in ("time", "time_range") for s in t.surfaces}
    confusions += _glyph_pairs(terms, data["ocr_glyphs.json"]["lookalikes"], data["confusions.json"]["pairs"], meaningful)

    ident = data["identifiers.json"]
    flags = re.IGNORECASE if "IGNORECASE" in ident.get("flags", ["IGNORECASE"]) else 0

    def patterns(key: str) -> tuple[IdentifierPattern, ...]:
        out = tuple(
            IdentifierPattern(p["entityType"], p["regex"], p["example"],
                              _compile("identifiers.json", f"$.{key}[{i}].regex", p["regex"], flags))
            for i, p in enumerate(ident[key])
        )
        types = sorted(p.entity_type for p in out)
        if types != sorted(IDENTIFIER_TYPES):
            raise PackError(f"identifiers.json: $.{key}: need exactly one pattern per type {list(IDENTIFIER_TYPES)}, got {types}",
                            file="identifiers.json", path=f"$.{key}")
        return out

    doms = data["domains.json"]["domains"]
    tmpl = data["templates.json"]["templates"]
    units = data["units.json"]
    people = data["people.json"]
    fillers = data["fillers.json"]
    clar = data["clarifications.json"]
    return Pack(
        revision=revision,
        root=root,
        checksum=checksum,
        name=manifest["pack"],
        terms=terms,
        confusions=confusions,
        identifier_patterns=patterns("patterns"),
        lookalikes=dict(ident["lookalikes"]),
        lookalike_patterns=patterns("lookalikePatterns"),
        actions=tuple(ActionWord(a["word"], a["actionClass"], a["write"]) for a in data["actions.json"]["actions"]),
        negation_words=tuple(data["negation.json"]["words"]),
        comparison_words=tuple(ComparisonWord(c["word"], c["comparator"], c["position"]) for c in data["comparison.json"]["words"]),
        domains={k: DomainWords(k, tuple(v["explicit"]), tuple(v["implied"]), tuple(v.get("weak", ()))) for k, v in doms.items()},
        templates={k: TemplateTriggers(k, tuple(tmpl[k]["triggers"]), float(tmpl[k]["weight"]),
                                         tuple(tmpl[k].get("explicit", ()))) for k in TEMPLATE_NAMES},
        presentation_words=tuple(data["presentation.json"]["words"]),
        quantity_units=tuple(units["quantityUnits"]),
        currency_words=tuple(units["currencyWords"]),
        person_names=tuple(people["names"]),
        surnames=tuple(people["surnames"]),
        titles=tuple(people["titles"]),
        pronouns=tuple(PronounEntry(p["word"], None if p["types"] is None else tuple(p["types"]))
                       for p in data["coreference.json"]["pronouns"]),
        self_repair_markers=tuple(data["self_repair.json"]["markers"]),
        politeness_words=tuple(fillers["politeness"]),
        discourse_words=tuple(fillers["discourse"]),
        questions=QuestionTexts(dict(clar["questions"]), dict(clar["options"]), tuple(clar["domainChoices"]),
                                clar["choiceJoiner"]),
        grammar_cues=_grammar_cues(data["grammar_cues.json"]),
        term_by_code=term_by_code,
        terms_by_surface={k: tuple(v) for k, v in by_surface.items()},
        template_precedence=tuple(data["templates.json"].get("precedence", ())),
        object_templates=frozenset(data["templates.json"].get("objectTemplates", ())),
        placeholder_nouns=frozenset(data["coreference.json"].get("placeholderNouns", ())),
    )


# ---------------------------------------------------------------- cache

def _cache_file(checksum: str) -> Path:
    return cache_dir() / f"pack-{checksum[:32]}-{_code_fingerprint()}.pickle"


def _cache_get(checksum: str, root: Path) -> Pack | None:
    try:
        with open(_cache_file(checksum), "rb") as fh:
            pack = pickle.load(fh)
        if isinstance(pack, Pack) and pack.checksum == checksum:
            return dataclasses.replace(pack, root=root) if pack.root != root else pack
    except Exception:  # missing, truncated, corrupt, written by other code: full load instead
        pass
    return None


def _cache_put(pack: Pack) -> None:
    try:
        target = _cache_file(pack.checksum)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".pack-", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(pack, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except Exception:  # read-only home, full disk ...: the cache is only an optimisation
        pass


# ---------------------------------------------------------------- public

def load_pack(root: Path | str | None = None, *, use_cache: bool = True) -> Pack:
    """Load and verify the pack at ``root`` (default: :func:`default_root`)."""
    root = Path(root) if root is not None else default_root()
    if not root.is_dir():
        raise PackError(f"{MANIFEST}: $: pack directory {root} does not exist", file=MANIFEST, path="$")
    manifest_raw = _read(root, MANIFEST)
    manifest = _parse(MANIFEST, manifest_raw)
    problem = manifest_shape_problem(manifest)
    if problem:
        raise PackError(problem, file=MANIFEST)
    checksum = sha256_hex(manifest_raw)
    raw = _verified_bytes(root, manifest)
    use_cache = use_cache and warm_cache.enabled()  # NLU_CACHE=0: no cache at all

    if use_cache:
        cached = _cache_get(checksum, root)
        if cached is not None:
            return cached

    _validate(MANIFEST, manifest, raw[schema_name(MANIFEST)])
    data: dict[str, Any] = {}
    for name in PACK_FILES:
        data[name] = _parse(name, raw[name])
        _validate(name, data[name], raw[schema_name(name)])
    pack = _build(root, checksum, manifest, data)
    if use_cache:
        _cache_put(pack)
    return pack


def load_data_file(name: str, root: Path | str | None = None) -> Any:
    """Read one more data file of a pack (e.g. ``cleaning.json``), verified like the core files.

    The file and its ``schemas/<stem>.schema.json`` must be listed in the manifest with
    matching checksums and the file must pass its schema; otherwise :class:`PackError`.
    Returns the parsed JSON (plain dicts and lists: treat it as read-only).
    """
    root = Path(root) if root is not None else default_root()
    manifest = _parse(MANIFEST, _read(root, MANIFEST))
    problem = manifest_shape_problem(manifest)
    if problem:
        raise PackError(problem, file=MANIFEST)
    raw: dict[str, bytes] = {}
    for n in (name, schema_name(name)):
        expected = manifest["files"].get(n)
        if expected is None:
            raise PackError(f"{MANIFEST}: $.files: {n} is not listed (run `nlu lexicon manifest`)", file=MANIFEST, path="$.files")
        raw[n] = _read(root, n)
        if sha256_hex(raw[n]) != expected:
            raise PackError(f"{n}: $: checksum drift: manifest says {expected[:12]}…, file is {sha256_hex(raw[n])[:12]}…",
                            file=n, path="$")
    data = _parse(name, raw[name])
    shas = (manifest["files"][name], manifest["files"][schema_name(name)])  # both checked above
    if not warm_cache.known_valid(*shas):  # the same bytes passed this schema before (nlu.warm_cache)
        _validate(name, data, raw[schema_name(name)])
        warm_cache.mark_valid(*shas)
    return data


@functools.cache
def default_pack() -> Pack:
    """The default pack, loaded once per process."""
    return load_pack()


def load_catalog(path: Path | str) -> EntityCatalog:
    """Load an entity catalog in the ``catalog.example.json`` format (validated against its schema)."""
    path = Path(path)
    name = path.name
    data = _parse(name, _read(path.parent, name))
    schema_path = default_root() / schema_name("catalog.example.json")
    _validate(name, data, schema_path.read_bytes())
    return EntityCatalog(
        tenant_id=data["tenantId"], user_id=data["userId"], revision=data["revision"], expires_at=data["expiresAt"],
        entities=tuple(CatalogEntity(e["canonicalId"], e["entityType"], e["displayName"], e["domain"]) for e in data["entities"]),
    )
