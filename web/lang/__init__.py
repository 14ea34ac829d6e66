"""The language catalogues, one module per language (``lang.en``,
``lang.de``...), read by :func:`table.i18n.catalogue`."""
