"""Word lists compiled into cached packed arrays."""

from wordbot.lexicon.alphabet import ALPHABETS, Alphabet, alphabet
from wordbot.lexicon.lexicon import Lexicon
from wordbot.lexicon.trie import PackedTrie

__all__ = ["ALPHABETS", "Alphabet", "Lexicon", "PackedTrie", "alphabet"]
