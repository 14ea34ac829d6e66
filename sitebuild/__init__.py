"""The steps that build the static site into dist/ (build.py runs them).

- :mod:`sitebuild.steps`: the list of build steps, in order, and :func:`~sitebuild.steps.build`.
- :mod:`sitebuild.vendor`: node_modules against the lock, and the PyScript and Pyodide files a page loads.
- :mod:`sitebuild.site`: the allfives package, the web/ files, and each page's PyScript config.
- :mod:`sitebuild.tutorial`: the rules tutorial pages, from docs/rules*.md (Markdown) and the scenarios.
- :mod:`sitebuild.interpreter`: the standard library precompiled, the loading screen's sizes, the memory snapshot (with stdlib.mjs and snapshot.mjs, run in Node).
- :mod:`sitebuild.offline`: the precache manifest and the service worker stamped with its version.
- :mod:`sitebuild.serve`: the local HTTP server for dist/.
- :mod:`sitebuild.testing`: the test run (the tools it needs, the Chromium the browser tests drive).
- :mod:`sitebuild.requirements`: installs a pyproject extra (the build's, the tests') when it is missing.

This package imports nothing itself, so that :mod:`sitebuild.requirements`
(standard library only) can run before the build's own dependencies exist.
"""
