"""Errors raised while loading a domain pack."""

from __future__ import annotations


class PackError(Exception):
    """A domain pack is missing, malformed, fails its schema or its checksums.

    The message always names the file (relative to the pack root) and, where it
    applies, the JSON path of the offending value, e.g.
    ``terms.json: $.terms[12].aliases[0]: '' is too short``.
    """

    def __init__(self, message: str, *, file: str | None = None, path: str | None = None) -> None:
        super().__init__(message)
        self.file = file
        self.path = path
