"""`nlu serve`: run the HTTP service with uvicorn; loopback only unless --allow-remote."""
from __future__ import annotations

import argparse
import ipaddress
import logging
import signal
import socket
import sys

from nlu.errors import E120, E121, InputError

log = logging.getLogger("nlu.service")

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name other than localhost may resolve anywhere


def run(args: argparse.Namespace) -> int:
    if not is_loopback(args.host) and not args.allow_remote:
        raise ValueError(f"refusing to listen on {args.host}: the service has no authentication; "
                         "it binds 127.0.0.1 unless --allow-remote is given")
    try:
        # lazy: optional extra
        import uvicorn

        # lazy: keeps CLI start fast; breaks no cycle
        from nlu.service.app import create_app
    except ImportError as exc:
        raise ValueError(f"nlu serve needs the [serve] extra ({exc.name} is missing): "
                         "pip install 'legacy-nlu[serve]'") from None
    if not 0 <= args.port <= 65535:
        raise InputError("E120", E120.format(port=args.port))
    level = getattr(logging, args.log_level.upper())
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY on accepted connections only for a socket
    # whose proto says TCP; without it a kept-alive request waited ~40 ms (Nagle + delayed ACK).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((args.host, args.port))  # bound here so --port 0 can report the port it got
    except OSError as exc:
        sock.close()
        where = f"[{args.host}]:{args.port}" if family == socket.AF_INET6 else f"{args.host}:{args.port}"
        log.error("E121 cannot listen on %s: %s", where, exc.strerror or exc)
        raise InputError("E121", E121.format(where=where, reason=exc.strerror or exc)) from None
    sock.listen(2048)  # connections queue from now on, so the address logged below already answers
    host, port = sock.getsockname()[:2]
    # uvicorn's own access log would print the path only; ours (nlu.service.access) also never
    # logs the body, so the text typed by a user never reaches the log.
    config = uvicorn.Config(create_app(threads=args.threads, access_log=not args.no_access_log),
                            log_level=max(level, logging.WARNING), access_log=False,
                            timeout_graceful_shutdown=args.shutdown_timeout, lifespan="on")
    server = uvicorn.Server(config)
    where = f"[{host}]" if family == socket.AF_INET6 else host
    log.info("nlu serve: listening on http://%s:%d (SIGTERM or Ctrl-C stops it gracefully)", where, port)
    # uvicorn turns SIGTERM/SIGINT into a graceful stop: no new connections, calls under way
    # finish (up to --shutdown-timeout), then the lifespan's shutdown drains the pool.
    # uvicorn re-raises the captured signal after its graceful stop; with this handler in
    # place that ends here, so a SIGTERM'd service exits 0 after logging that it stopped.
    signal.signal(signal.SIGTERM, lambda signum, frame: None)
    server.run(sockets=[sock])
    log.info("nlu serve: stopped")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("serve", help="run the HTTP service (POST /v1/understand …; needs the [serve] extra)",
                       description="Serve the pipeline over HTTP: POST /v1/understand, POST /v1/understand/batch, "
                       "GET /healthz, /readyz, /metrics, /openapi.json. Binds 127.0.0.1 by default.")
    p.add_argument("--host", default=DEFAULT_HOST, help=f"address to bind (default {DEFAULT_HOST})")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0 picks a free one)")
    p.add_argument("--allow-remote", action="store_true",
                   help="allow a non-loopback --host (the service has no authentication: put it behind one)")
    p.add_argument("--threads", type=int, default=2, help="worker threads running the pipeline (default 2)")
    p.add_argument("--shutdown-timeout", type=float, default=10.0, metavar="S",
                   help="on SIGTERM, how long calls under way may take to finish (default 10)")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"],
                   help="log level (default info)")
    p.add_argument("--no-access-log", action="store_true",
                   help="no access log line per request (on by default: method, path, status, ms; never the text)")
    p.set_defaults(func=run)


if __name__ == "__main__":  # pragma: no cover
    from nlu.cli import main

    sys.exit(main(["serve", *sys.argv[1:]]))
