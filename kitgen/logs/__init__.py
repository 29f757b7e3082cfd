"""Game logs: reading the transcribed text and validating it (LOG-FORMAT.md)."""
