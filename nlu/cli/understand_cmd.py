"""`nlu understand TEXT`: one utterance, as the contract (--json) or a readable view."""
from __future__ import annotations

import sys


def _read_text(args) -> str:  # noqa: ANN001
    if args.text is not None and args.text != "-":
        return args.text
    if sys.stdin.isatty():
        raise ValueError("no TEXT given and nothing on standard input")
    return sys.stdin.read().rstrip("\n")


def run(args) -> int:  # noqa: ANN001
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu import Pipeline
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.pipeline import FeatureFlags

    text = _read_text(args)
    pipe = Pipeline(flags=FeatureFlags.from_env())
    # One-shot: load the lazy pinyin/jieba models now rather than in the background, so the
    # single answer a person reads is the full one (≈1 s once; services call nlu.warm_up()).
    pipe.warm_up()
    result = pipe.understand(text, source=args.source, reference_time=args.reference_time,
                             alternatives=args.alternative or None, confidence=args.confidence,
                             catalog=args.catalog)
    if args.json:
        sys.stdout.write(result.model_dump_json(by_alias=True, indent=2 if args.pretty else None) + "\n")
    else:
        # lazy: keeps CLI start fast; breaks no cycle
        from nlu.cli.view import render

        render(result)
    return 0


def register(sub) -> None:  # noqa: ANN001
    p = sub.add_parser("understand", help="understand one utterance (TEXT or standard input)",
                       description="Run the pipeline on one utterance with the built-in default pack and show the result.")
    p.add_argument("text", nargs="?", metavar="TEXT", help="the utterance; '-' or omitted reads standard input")
    p.add_argument("--source", default="typed", choices=["typed", "asr", "ocr", "mixed"], help="where the text came from (default: typed)")
    p.add_argument("--reference-time", metavar="ISO", help="send time, ISO 8601 (default: now, Asia/Shanghai)")
    p.add_argument("--alternative", action="append", metavar="TEXT", help="an ASR/OCR alternative the source returned (repeatable)")
    p.add_argument("--confidence", type=float, metavar="P", help="overall source confidence in [0, 1], only if the source gave one")
    p.add_argument("--catalog", metavar="FILE", help="the user's entity catalog (catalog.example.json format): the only "
                   "source that may suggest what a look-alike identifier stands for")
    p.add_argument("--json", action="store_true", help="print the legacy-nlu.v1 contract as camelCase JSON")
    p.add_argument("--pretty", action="store_true", help="indent the JSON")
    p.set_defaults(func=run)
