"""Game logs: reading the transcribed text and validating it (docs/log-format.md)."""
