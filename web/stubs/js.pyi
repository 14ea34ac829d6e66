# The browser's globals as Pyodide exposes them: untyped JavaScript objects.
from typing import Any

def __getattr__(name: str) -> Any: ...
