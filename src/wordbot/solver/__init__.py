"""Solvers: grid walk, Balda moves and AI, anagrams; numba kernels with pure-Python twins."""
