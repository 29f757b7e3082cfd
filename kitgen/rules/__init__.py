"""The rules core: pure functions and frozen dataclasses, no I/O (docs/rules.md)."""
