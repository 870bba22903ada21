"""The ``wordbot`` command: parsing and printing only; the work is in the library.

Each command group lives in its own module and registers on ``app``. Errors a user can cause
end as one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import errno
import functools
import os
import signal
import sys
import threading
import traceback

import typer

from wordbot import stopping
from wordbot.errors import WordbotError

app = typer.Typer(
    name="wordbot",
    help="Plays letter-grid word games: solves boards, reads them from the screen, plays them.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _register() -> None:
    # Imported for their side effect: each module adds its commands to ``app``.
    from wordbot.cli import balda, bench, play, solve, vision, warmup  # noqa: F401


def fail(message: str) -> None:
    """One line on stderr, exit status 2."""
    print(f"wordbot: error: {message}", file=sys.stderr)
    raise SystemExit(2)


def main(argv: list[str] | None = None) -> None:
    """Run one command. Whatever happens ends as its output and status 0, one line on stderr with
    status 2 (bad input, a full disk, ...; 1 for a bug), or "stopped" with status 130 (Ctrl-C)."""
    previous = signal.getsignal(signal.SIGINT)
    main_thread = threading.current_thread() is threading.main_thread()
    if main_thread:
        stopping.install()
    try:
        code = _run(sys.argv[1:] if argv is None else argv)
    except BaseException as exc:  # noqa: BLE001 - every ending is turned into a status here
        code = _ending(exc)
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, previous)
    raise SystemExit(code)


def _run(args: list[str]) -> int:
    _register()
    _xlib_warnings_to_stderr()
    command = typer.main.get_command(app)
    try:
        code = command.main(args=args or ["--help"], prog_name="wordbot", standalone_mode=False)
    except typer.Exit as exc:
        code = exc.exit_code
    if code == 130 and stopping.seen():
        raise KeyboardInterrupt  # typer ends a Ctrl-C with a silent status 130
    sys.stdout.flush()  # a closed pipe shows here, not at exit
    return code if isinstance(code, int) else 0


def _ending(exc: BaseException) -> int:
    """Print one line for ``exc`` and return the exit status."""
    if stopping.interrupted(exc):  # also a SystemError from a compiled call that Ctrl-C interrupted
        print(stopping.STOPPED, file=sys.stderr)
        stopping.handled()
        return 130
    if isinstance(exc, SystemExit) and not _closed_pipe(exc.__context__):
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    if _closed_pipe(exc) or _closed_pipe(exc.__context__):  # piped into head: the reader wanted no more
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more to flush at exit
        return 0
    if isinstance(exc, typer.TyperException) and type(exc).__name__ == "NoArgsIsHelpError" \
            and getattr(exc, "ctx", None):
        print(exc.ctx.get_help())
        return 0
    if isinstance(exc, typer.Abort):  # typer's word for end of input (stdin closed at a prompt)
        message = "the input ended (stdin is closed) while a prompt waited"
    elif isinstance(exc, typer.TyperException):  # usage errors of the command-line parser
        message = " ".join(exc.format_message().split())
    elif isinstance(exc, WordbotError):
        message = str(exc)
    elif isinstance(exc, OSError):  # a full disk, a folder not writable, ...
        where = f" ({exc.filename})" if exc.filename else ""
        message = f"{exc.strerror or exc}{where}"
    elif isinstance(exc, MemoryError):
        message = "out of memory"
    else:  # a bug: one line, and the traceback when asked for
        if os.environ.get("WORDBOT_DEBUG"):
            traceback.print_exception(exc)
        print(f"wordbot: internal error: {type(exc).__name__}: {exc} (please report it; "
              "WORDBOT_DEBUG=1 shows where)", file=sys.stderr)
        return 1
    print(f"wordbot: error: {message}", file=sys.stderr)
    return 2


def _closed_pipe(exc: BaseException | None) -> bool:
    """Whether ``exc`` is a write to a pipe whose reader has gone (typer turns it into status 1)."""
    return isinstance(exc, OSError) and exc.errno == errno.EPIPE


def _xlib_warnings_to_stderr() -> None:
    """python-xlib prints its warnings (an unreadable ~/.Xauthority) to stdout, which would break
    ``--json`` output: its module gets a ``print`` that writes to stderr."""
    try:
        import Xlib.xauth
    except ImportError:
        return
    Xlib.xauth.print = functools.partial(print, file=sys.stderr)
