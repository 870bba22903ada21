"""Choosing the lexicon from --lang/--dict, shared by every command that needs words."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from wordbot.cli.output import progress_status, stderr

if TYPE_CHECKING:
    from wordbot.lexicon import Lexicon


def load_lexicon(lang: str, dict_file: Path | None) -> Lexicon:
    """--dict: a word list file, or a built-in level (strict, standard, large); none: the default.
    What reading a file skipped is said in one line on stderr."""
    from wordbot.lexicon import Lexicon  # here, not above: --help loads no numpy

    with progress_status("loading the word list") as progress:
        lex = Lexicon.named(dict_file, lang, progress)
    if lex.report:
        stderr.print(lex.report, markup=False, highlight=False, soft_wrap=True)
    return lex
