"""The human view of one result (rich): original vs canonical with edits highlighted."""
from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from nlu.contract import LegacyInputUnderstanding
from nlu.text.utf16 import Utf16Index

_COLOURS = {"replaced": "bold yellow", "inserted": "bold green", "deleted": "strike red"}


def _highlight(text: str, spans: list[tuple[int, int, str]]) -> Text:
    out = Text(text)
    for start, end, style in spans:
        out.stylize(style, start, end)
    return out


def render(result: LegacyInputUnderstanding, console: Console | None = None) -> None:
    console = console or Console()
    oi, ci = Utf16Index(result.original_text), Utf16Index(result.canonical_text)
    o_spans, c_spans = [], []
    for seg in result.span_map:
        style = _COLOURS.get(seg.kind)
        if style:
            o_spans.append((oi.to_codepoint(seg.original.start), oi.to_codepoint(seg.original.end), style))
            c_spans.append((ci.to_codepoint(seg.canonical.start), ci.to_codepoint(seg.canonical.end), style))
    console.print(Text("original  ", style="dim") + _highlight(result.original_text, o_spans))
    console.print(Text("canonical ", style="dim") + _highlight(result.canonical_text, c_spans))
    d = result.decision
    colour = {"continue": "green", "clarify": "yellow", "use_original": "cyan"}[d.action]
    console.print(Text("decision  ", style="dim") + Text(d.action, style=f"bold {colour}")
                  + Text(f"  {', '.join(d.reason_codes)}" if d.reason_codes else ""))
    if d.clarification:
        console.print(f"  [bold]?[/] {d.clarification.question}  [dim]({d.clarification.reason})[/]")
        for opt in d.clarification.options:
            console.print(f"    - {opt.label}: {opt.fill_text}")
    if result.corrections:
        t = Table("edit", "original", "→", "evidence", "conf", "applied", title="edits", title_justify="left")
        for e in result.corrections:
            t.add_row(e.type, repr(e.original_text), repr(e.replacement), e.evidence, f"{e.confidence:.2f}",
                      "yes" if e.auto_applied else ("refused: protected" if e.touches_protected_span else "suggested"))
        console.print(t)
    if result.protected_spans:
        console.print(Text("protected ", style="dim") + Text("  ".join(f"{p.text}[{p.kind}]" for p in result.protected_spans)))
    if result.entities:
        t = Table("id", "type", "text", "value", "confirmed", title="entities", title_justify="left")
        for e in result.entities:
            t.add_row(e.id, e.type, e.text, e.canonical_value or "", "yes" if e.confirmed else "no")
        console.print(t)
    for r in result.relations:
        console.print(f"relation  {r.subject_entity_id} {'NOT ' if r.negated else ''}{r.predicate} {r.object_entity_id or r.literal_value}")
    for f in result.semantic_frames:
        args = ", ".join(f"{a.role}={a.entity_ids or a.literal_value}{'(' + a.comparator + ')' if a.comparator else ''}" for a in f.arguments)
        console.print(f"frame     {'NOT ' if f.negated else ''}{f.action_class}({f.predicate}) {args}")
    tc, dc = result.routing.template_candidates, result.routing.domain_candidates
    console.print(Text("routing   ", style="dim") + Text(
        f"template={tc[0].id if tc else '—'}({tc[0].score:.2f})  " if tc else "template=—  ")
        + Text(f"domain={dc[0].id}({dc[0].score:.2f})" if dc else "domain=—"))
