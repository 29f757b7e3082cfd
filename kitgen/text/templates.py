"""The Jinja side of kitgen's words: ``jinja2.ext.i18n`` bound to :mod:`kitgen.text`.

Templates say ``{% trans %}...{% endtrans %}``, ``{% trans count=n %}...{% pluralize
%}...{% endtrans %}``, ``_()`` and ``pgettext()``; the words come from the catalog of the
language in use, with Python's formatting (newstyle gettext). Multi-line ``trans`` blocks
are trimmed to one line, so a template may wrap a long sentence.
"""

from __future__ import annotations

import jinja2

from kitgen import text

I18N_EXTENSION = "jinja2.ext.i18n"


def install_words(environment: jinja2.Environment) -> jinja2.Environment:
    """Bind ``environment``'s gettext calls to :mod:`kitgen.text` (newstyle, trimmed) and
    return it; ``environment`` must load the ``jinja2.ext.i18n`` extension."""
    environment.policies["ext.i18n.trimmed"] = True
    environment.install_gettext_callables(  # type: ignore[attr-defined]
        text.gettext, text.ngettext, newstyle=True, pgettext=text.pgettext, npgettext=text.npgettext,
    )
    return environment
