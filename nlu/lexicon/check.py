"""``nlu lexicon check`` / ``nlu lexicon manifest``: whole-pack consistency checks.

:func:`check_pack` collects every problem instead of stopping at the first one (the
loader stops). Problems are strings ``"<file>: <json path>: <what>"``.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from .files import (
    MANIFEST,
    OPTIONAL_FILES,
    data_files,
    PACK_FILES,
    manifest_shape_problem,
    parse_json,
    schema_name,
    schema_problems,
    sha256_hex,
    tracked_files,
)
from .model import IDENTIFIER_TYPES
from .word_classes import expand

_IDENTIFIER_CHARS = set("0123456789OoIlSBZ")


def _load_all(root: Path, problems: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    extra = [n for n in data_files(root) if n not in PACK_FILES and n not in OPTIONAL_FILES]
    for name in (*PACK_FILES, *OPTIONAL_FILES, *extra, MANIFEST):
        path = root / name
        if not path.is_file():
            if name not in OPTIONAL_FILES:
                problems.append(f"{name}: $: file is missing")
            continue
        value, problem = parse_json(name, path.read_bytes())
        if problem:
            problems.append(problem)
            continue
        schema_path = root / schema_name(name)
        if not schema_path.is_file():
            problems.append(f"{schema_name(name)}: $: schema file is missing")
        else:
            problems.extend(schema_problems(name, value, schema_path.read_bytes()))
        data[name] = value
    return data


def _manifest_problems(root: Path, manifest: Any, problems: list[str]) -> None:
    shape = manifest_shape_problem(manifest)
    if shape:
        problems.append(shape)
        return
    listed: dict[str, str] = manifest["files"]
    for name in tracked_files(root):
        if name not in listed:
            problems.append(f"{MANIFEST}: $.files: {name} is missing from the manifest")
    for name, expected in listed.items():
        path = root / name
        if not path.is_file():
            problems.append(f"{MANIFEST}: $.files[{json.dumps(name)}]: listed file does not exist")
            continue
        actual = sha256_hex(path.read_bytes())
        if actual != expected:
            problems.append(f"{name}: $: checksum drift: manifest says {expected[:12]}…, file is {actual[:12]}…")


def _regex(file: str, path: str, rx: Any, problems: list[str], flags: int = re.IGNORECASE) -> re.Pattern[str] | None:
    if not isinstance(rx, str):
        return None
    try:
        return re.compile(rx, flags)
    except re.error as exc:
        problems.append(f"{file}: {path}: regex does not compile: {exc}")
        return None


def _items(data: dict[str, Any], file: str, key: str) -> list[Any]:
    value = data.get(file, {}).get(key) if isinstance(data.get(file), dict) else None
    return value if isinstance(value, list) else []


def _semantic_problems(data: dict[str, Any], problems: list[str]) -> None:
    manifest = data.get(MANIFEST)
    revision = manifest.get("revision") if isinstance(manifest, dict) else None
    if revision:
        for name in sorted(n for n in data if n != MANIFEST):
            doc = data.get(name)
            if isinstance(doc, dict) and doc.get("revision") != revision:
                problems.append(f"{name}: $.revision: {doc.get('revision')!r} differs from manifest revision {revision!r}")

    # terms
    codes: dict[str, int] = {}
    by_surface: dict[str, list[tuple[str, str | None]]] = defaultdict(list)
    for i, t in enumerate(_items(data, "terms.json", "terms")):
        if not isinstance(t, dict):
            continue
        code = t.get("termCode")
        if code in codes:
            problems.append(f"terms.json: $.terms[{i}].termCode: duplicate termCode {code!r} (first at $.terms[{codes[code]}])")
        elif isinstance(code, str):
            codes[code] = i
        if isinstance(code, str) and code.split(".")[0] != t.get("domain"):
            problems.append(f"terms.json: $.terms[{i}].termCode: prefix of {code!r} does not match domain {t.get('domain')!r}")
        surfaces = [t.get("canonicalText"), *(t.get("aliases") or []), *(t.get("abbreviation") or [])]
        seen: set[str] = set()
        for s in surfaces:
            if not isinstance(s, str):
                continue
            key = s.casefold()
            if key in seen:
                problems.append(f"terms.json: $.terms[{i}]: surface {s!r} appears twice in term {code!r} (canonicalText/aliases/abbreviation)")
            seen.add(key)
        for key in seen:
            by_surface[key].append((str(code), t.get("ambiguityGroup")))
    for surface, owners in sorted(by_surface.items()):
        if len(owners) > 1:
            groups = {g for _, g in owners}
            if len(groups) != 1 or None in groups:
                problems.append(f"terms.json: $.terms: surface {surface!r} is shared by {[c for c, _ in owners]} "
                                f"without one common ambiguityGroup")
    groups: dict[str, set[str]] = defaultdict(set)
    for surface, owners in by_surface.items():
        if len(owners) > 1:
            for _, g in owners:
                groups[g].add(surface)
    for i, t in enumerate(_items(data, "terms.json", "terms")):
        g = t.get("ambiguityGroup") if isinstance(t, dict) else None
        if g and g not in groups:
            problems.append(f"terms.json: $.terms[{i}].ambiguityGroup: group {g!r} has no surface shared with another term")

    # confusions
    pairs_seen: dict[tuple[str, str], int] = {}
    for i, p in enumerate(_items(data, "confusions.json", "pairs")):
        if not isinstance(p, dict):
            continue
        w, r = p.get("wrong"), p.get("right")
        if w == r:
            problems.append(f"confusions.json: $.pairs[{i}]: wrong equals right ({w!r})")
        if (w, r) in pairs_seen:
            problems.append(f"confusions.json: $.pairs[{i}]: duplicate pair {w!r}→{r!r} (first at $.pairs[{pairs_seen[(w, r)]}])")
        pairs_seen[(w, r)] = i
        if isinstance(w, str) and isinstance(r, str) and (_IDENTIFIER_CHARS & (set(w) | set(r))):
            problems.append(f"confusions.json: $.pairs[{i}]: pair {w!r}→{r!r} touches identifier characters "
                            "(0/O, 1/l/I, 5/S, 8/B, 2/Z are handled by look-alike detection)")

    # identifiers
    ident = data.get("identifiers.json")
    if isinstance(ident, dict):
        valid: dict[str, re.Pattern[str]] = {}
        for key in ("patterns", "lookalikePatterns"):
            entries = ident.get(key) if isinstance(ident.get(key), list) else []
            types = sorted(e.get("entityType") for e in entries if isinstance(e, dict))
            if types != sorted(IDENTIFIER_TYPES):
                problems.append(f"identifiers.json: $.{key}: need exactly one entry per type {list(IDENTIFIER_TYPES)}, got {types}")
            for i, e in enumerate(entries):
                if not isinstance(e, dict):
                    continue
                rx = _regex("identifiers.json", f"$.{key}[{i}].regex", e.get("regex"), problems)
                ex = e.get("example")
                if rx is None or not isinstance(ex, str):
                    continue
                if not rx.fullmatch(ex):
                    problems.append(f"identifiers.json: $.{key}[{i}].example: {ex!r} does not match its regex")
                if key == "patterns":
                    valid[e.get("entityType")] = rx
                elif e.get("entityType") in valid and valid[e["entityType"]].search(ex):
                    problems.append(f"identifiers.json: $.{key}[{i}].example: look-alike {ex!r} is also matched by the valid pattern")
        valid_examples = [e["example"] for e in ident.get("patterns") or [] if isinstance(e, dict) and isinstance(e.get("example"), str)]
        for j, other in enumerate(ident.get("lookalikePatterns") or []):
            rx = _regex("identifiers.json", f"$.lookalikePatterns[{j}].regex", other.get("regex") if isinstance(other, dict) else None, [])
            for ex in valid_examples:
                if rx is not None and rx.search(ex):
                    problems.append(f"identifiers.json: $.lookalikePatterns[{j}].regex: matches the valid identifier {ex!r}")

    inj = data.get("injection.json")
    if isinstance(inj, dict):
        classes = inj.get("classes") if isinstance(inj.get("classes"), dict) else {}
        for i, shape in enumerate(inj.get("shapes") or []):
            for j, rx in enumerate(shape.get("patterns") or [] if isinstance(shape, dict) else []):
                try:
                    rx = expand(rx, classes) if isinstance(rx, str) else rx
                except KeyError as exc:
                    problems.append(f"injection.json: $.shapes[{i}].patterns[{j}]: {exc.args[0]}")
                    continue
                _regex("injection.json", f"$.shapes[{i}].patterns[{j}]", rx, problems)

    # plain word lists: duplicates make matching order-dependent
    for file, key, field in (("actions.json", "actions", "word"), ("comparison.json", "words", "word"),
                             ("coreference.json", "pronouns", "word")):
        seen_words: dict[str, int] = {}
        for i, e in enumerate(_items(data, file, key)):
            w = e.get(field) if isinstance(e, dict) else None
            if w in seen_words:
                problems.append(f"{file}: $.{key}[{i}].{field}: duplicate word {w!r}")
            elif isinstance(w, str):
                seen_words[w] = i


def check_pack(root: Path | str | None = None) -> list[str]:
    """Every problem in the pack at ``root`` (default pack root when None); empty when OK."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from .loader import default_root

    root = Path(root) if root is not None else default_root()
    if not root.is_dir():
        return [f"{MANIFEST}: $: pack directory {root} does not exist"]
    problems: list[str] = []
    data = _load_all(root, problems)
    if MANIFEST in data:
        _manifest_problems(root, data[MANIFEST], problems)
    _semantic_problems(data, problems)
    return problems


def write_manifest(root: Path | str | None = None) -> dict[str, str]:
    """Recompute the sha256 of every JSON file under ``root`` into ``manifest.json``; returns the files map.

    ``pack`` and ``revision`` are kept from the existing manifest (defaults: ``default`` and
    the revision of ``terms.json``).
    """
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from .loader import default_root

    root = Path(root) if root is not None else default_root()
    path = root / MANIFEST
    old: dict[str, Any] = {}
    if path.is_file():
        value, _ = parse_json(MANIFEST, path.read_bytes())
        old = value if isinstance(value, dict) else {}
    revision = old.get("revision")
    if not isinstance(revision, str):
        terms, _ = parse_json("terms.json", (root / "terms.json").read_bytes()) if (root / "terms.json").is_file() else (None, None)
        revision = terms.get("revision", "") if isinstance(terms, dict) else ""
    files = {name: sha256_hex((root / name).read_bytes()) for name in tracked_files(root)}
    manifest = {"pack": old.get("pack", "default") if isinstance(old.get("pack"), str) else "default",
                "revision": revision, "files": files}
    path.write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return files


# ---------------------------------------------------------------- CLI

def _summary(root: Path) -> str:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from .loader import load_pack

    pack = load_pack(root, use_cache=False)
    aliases = sum(len(t.aliases) for t in pack.terms)
    return (f"OK pack {pack.name} {pack.revision} ({root}): {len(pack.terms)} terms, {aliases} aliases, "
            f"{len(pack.confusions)} confusion pairs, {len(pack.identifier_patterns)} identifier patterns, "
            f"{len(pack.actions)} actions, checksum {pack.checksum[:12]}")


def run_check(args: argparse.Namespace) -> int:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from .errors import PackError
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from .loader import default_root

    root = Path(args.root) if getattr(args, "root", None) else default_root()
    problems = check_pack(root)
    if problems:
        for p in problems:
            print(p)
        print(f"{len(problems)} problem(s) in {root}")
        return 1
    try:
        print(_summary(root))
    except PackError as exc:  # check_pack should have caught it; never crash the CLI
        print(exc)
        return 1
    return 0


def run_manifest(args: argparse.Namespace) -> int:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from .loader import default_root

    root = Path(args.root) if getattr(args, "root", None) else default_root()
    if not root.is_dir():
        print(f"{MANIFEST}: $: pack directory {root} does not exist")
        return 1
    files = write_manifest(root)
    print(f"wrote {root / MANIFEST} ({len(files)} files)")
    return 0


def register(subparsers: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add ``lexicon {check,manifest}`` to the main CLI's sub-parsers."""
    parser = subparsers.add_parser("lexicon", help="check or re-checksum a domain pack (lexicons/)")
    actions = parser.add_subparsers(dest="lexicon_action", metavar="{check,manifest}")
    actions.required = True
    check = actions.add_parser("check", help="validate schemas, checksums and consistency; exit 1 on any problem")
    check.add_argument("--root", help="pack directory (default: $NLU_LEXICON_DIR or the shipped lexicons/)")
    check.set_defaults(func=run_check)
    manifest = actions.add_parser("manifest", help="recompute manifest.json checksums")
    manifest.add_argument("--root", help="pack directory (default: $NLU_LEXICON_DIR or the shipped lexicons/)")
    manifest.set_defaults(func=run_manifest)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry: ``python -m nlu.lexicon.check check``."""
    parser = argparse.ArgumentParser(prog="nlu")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["lexicon", *(argv if argv is not None else __import__("sys").argv[1:])])
    return args.func(args)


if __name__ == "__main__":
    raise SystemExit(main())
