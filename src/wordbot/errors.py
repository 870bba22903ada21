"""Errors a user can cause: the CLI prints their message as one line and exits with status 2."""


class WordbotError(Exception):
    """Bad input or a missing resource, described in one line for the user."""
