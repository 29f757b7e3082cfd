"""The rules core: pure functions and frozen dataclasses, no I/O (RULES.md)."""
