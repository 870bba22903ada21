"""Choosing the lexicon from --lang/--dict, shared by every command that needs words."""

from __future__ import annotations

from pathlib import Path

from wordbot.cli.output import progress_status
from wordbot.lexicon import Lexicon


def load_lexicon(lang: str, dict_file: Path | None) -> Lexicon:
    with progress_status("loading the word list") as progress:
        if dict_file is not None:
            return Lexicon.from_file(dict_file, lang, progress)
        return Lexicon.builtin(lang, progress)
