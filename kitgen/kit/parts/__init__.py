"""The parts of a kit as data: what each printed part shows, ready for its template
(docs/kit.md, "Contents").

A kit is a list of chunks: one per table (rules card, strips or boards, records, totals),
then the host key. Each part is one module here beside its template in
``templates/parts/``: its frozen record, its builder and its fitting (every size that
changes content comes from :mod:`kitgen.kit.layout`). Labels such as "Roll total" are the
kit's own form wording, not rules, asked for through :mod:`kitgen.text` by the builder that
measures them (code selects by stable ids: field keys, round kinds); rule sentences come from
the rulebook by their stable keys
(``Rulebook.text("rounds")``), never by heading and position. :mod:`kitgen.kit.parts.chunks` asks each
game (``kitgen.games``) for the parts of its tables and host key. Import each
part from its own module.
"""
