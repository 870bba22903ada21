"""Choosing the lexicon from --lang/--dict, shared by every command that needs words."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from wordbot.cli.output import progress_status

if TYPE_CHECKING:
    from wordbot.lexicon import Lexicon


def load_lexicon(lang: str, dict_file: Path | None) -> Lexicon:
    from wordbot.lexicon import Lexicon  # here, not above: --help loads no numpy

    with progress_status("loading the word list") as progress:
        if dict_file is not None:
            return Lexicon.from_file(dict_file, lang, progress)
        return Lexicon.builtin(lang, progress)
