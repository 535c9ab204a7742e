"""Matching a person's name against the name on an identity document: a neutral helper of the
provider contract, used by the builtin `basic` identity provider and by the core (a redirect-flow
vendor that gives no score of its own is scored with it)."""
from __future__ import annotations

import difflib
import unicodedata


def normalise(name: str) -> list[str]:
    """Lower-case words without accents or punctuation, in their order (`Müller, Anna` -> muller, anna);
    letters of every script are kept (`Анна` -> анна)."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(c if c.isalnum() else " " for c in plain).split()


def _best(word: str, others: list[str]) -> float:
    return max(difflib.SequenceMatcher(None, word, o).ratio() for o in others)


def _found(words: list[str], others: list[str]) -> float:
    """How well `words` appear among `others`: first and last words fully, middle words a quarter."""
    weights = [1.0 if i in (0, len(words) - 1) else 0.25 for i in range(len(words))]
    return sum(w * _best(word, others) for w, word in zip(weights, words)) / sum(weights)


def name_score(expected: str, given: str) -> float:
    """0..1: how well the name on a document (`given`) agrees with the signer's name (`expected`),
    ignoring case, accents, punctuation and word order. The words of each name are looked for in the
    other; in both the first and the last word (given name and surname) count
    fully and middle names a quarter, so a middle name on one side only costs little and a left-out
    surname a lot."""
    a, b = normalise(expected), normalise(given)
    if not a or not b:
        return 0.0
    by_words = min(_found(a, b), _found(b, a))
    # names written together or apart ("Jean-Luc" / "Jeanluc") compare as one string
    whole = difflib.SequenceMatcher(None, "".join(sorted(a)), "".join(sorted(b))).ratio()
    return round(max(by_words, whole if len(a) == len(b) or whole > 0.95 else 0.0), 3)
