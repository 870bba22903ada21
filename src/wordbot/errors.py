"""Errors a user can cause: the CLI prints their message as one line and exits with status 2."""

from pathlib import Path


class WordbotError(Exception):
    """Bad input or a missing resource, described in one line for the user."""


def read_user_file(path: Path, what: str) -> bytes:
    """The bytes of a file the user named (``what``: "word list", "board file", ...); any failure
    to read it is one WordbotError line naming the file."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise WordbotError(f"{what} {path} does not exist") from None
    except IsADirectoryError:
        raise WordbotError(f"{what} {path} is a directory, not a file") from None
    except OSError as exc:
        raise WordbotError(f"{what} {path} cannot be read: {exc.strerror}") from None
