"""Errors a user can cause: the CLI prints their message as one line and exits with status 2."""

import os
import stat
import sys
from pathlib import Path


class WordbotError(Exception):
    """Bad input or a missing resource, described in one line for the user."""


def notice(text: str) -> None:
    """One line on stderr about something wordbot repaired or skipped on its own (a broken cache
    rebuilt, a corrupt learned file moved aside): the command goes on."""
    print(f"wordbot: {text}", file=sys.stderr, flush=True)


def read_user_file(path: Path, what: str, limit: int | None = None) -> bytes:
    """The bytes of a file the user named (``what``: "word list", "board file", ...); any failure
    to read it is one WordbotError line naming the file. With ``limit``, a file (or a device such
    as /dev/zero, or a pipe) longer than ``limit`` bytes is refused before more is read."""
    try:
        with open(path, "rb") as f:
            if limit is None:
                return f.read()
            if stat.S_ISREG(os.fstat(f.fileno()).st_mode) and os.fstat(f.fileno()).st_size > limit:
                too_big(what, path, limit)
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise WordbotError(f"{what} {path} does not exist") from None
    except IsADirectoryError:
        raise WordbotError(f"{what} {path} is a directory, not a file") from None
    except OSError as exc:
        raise WordbotError(f"{what} {path} cannot be read: {exc.strerror}") from None
    if len(data) > limit:
        too_big(what, path, limit)
    return data


def too_big(what: str, path, limit: int) -> None:
    """WordbotError: ``what`` at ``path`` is over ``limit`` bytes."""
    raise WordbotError(f"{what} {path} is too large (over {_size(limit)})")


def _size(n: int) -> str:
    return f"{n / 2**20:g} MB" if n >= 2**20 else f"{n / 2**10:g} KB" if n >= 2**10 else f"{n} bytes"
