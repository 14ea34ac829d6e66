# PyScript's Python module: the page's document and window, and its helpers.
from typing import Any

document: Any
window: Any

def __getattr__(name: str) -> Any: ...
