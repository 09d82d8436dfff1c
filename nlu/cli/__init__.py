"""`nlu` command line: one sub-command per module, each registering itself on argparse.

Bad arguments give a one-line error and exit code 2; never a traceback for a user mistake.
"""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from nlu.version import __version__


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not the usage dump
        self.exit(2, f"nlu: error: {message} (see 'nlu --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="nlu",
        description="Understand noisy Chinese input (typed, ASR, OCR): canonical text with a span map, "
        "protected facts, entities, relations, frames, routing and a continue/clarify/use_original decision.",
        epilog="Examples:\n  nlu understand \"查询 AGV-01 当前状态\"\n  echo '全年检休抱表' | nlu understand --source asr --json\n"
        "  nlu schema > legacy-nlu.v1.schema.json\n  nlu lexicon check\n  nlu eval goldsets/dev.jsonl --report out/",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"nlu {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.cli import schema_cmd, understand_cmd

    understand_cmd.register(sub)
    schema_cmd.register(sub)
    for module in ("nlu.lexicon.check", "nlu.evaluation.cli", "nlu.bench.cli", "nlu.batch.cli", "nlu.service.cli",
                   "nlu.shadow.cli"):
        try:
            mod = __import__(module, fromlist=["register"])
        except ImportError:
            continue  # a sub-command whose module is not installed in this build
        mod.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("nlu: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - user-facing: a one-line error, never a traceback
        # lazy: keeps CLI start fast; breaks no cycle
        from nlu.errors import NluError
        # lazy: keeps CLI start fast; breaks no cycle
        from nlu.lexicon import PackError

        if isinstance(exc, (NluError, PackError, OSError, ValueError)):
            print(f"nlu: error: {exc}", file=sys.stderr)
            return 2
        raise


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
