"""The ``wordbot`` command: parsing and printing only; the work is in the library.

Each command group lives in its own module and registers on ``app``. Errors a user can cause
end as one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import sys

import typer

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
    _register()
    command = typer.main.get_command(app)
    args = sys.argv[1:] if argv is None else argv
    if not args:
        args = ["--help"]
    try:
        code = command.main(args=args, prog_name="wordbot", standalone_mode=False)
    except typer.Exit as exc:
        code = exc.exit_code
    except typer.TyperException as exc:  # usage errors of the command-line parser
        if type(exc).__name__ == "NoArgsIsHelpError" and getattr(exc, "ctx", None):
            print(exc.ctx.get_help())
            code = 0
        else:
            fail(" ".join(exc.format_message().split()))
    except typer.Abort:
        print("wordbot: stopped", file=sys.stderr)
        raise SystemExit(130) from None
    except WordbotError as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        print("wordbot: stopped", file=sys.stderr)
        raise SystemExit(130) from None
    except BrokenPipeError:
        code = 0
    raise SystemExit(code if isinstance(code, int) else 0)
