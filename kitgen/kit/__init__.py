"""Kits: names and seats into tables, tables into parts, parts into printable PDFs (docs/kit.md)."""
