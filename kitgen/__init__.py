"""kitgen: paper kits for exact-sum dice games, and a checker for what players wrote."""

__version__ = "0.1.0"
