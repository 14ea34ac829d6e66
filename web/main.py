"""PyScript entry point: load the engine and tell the page it is ready."""

import allfives
from pyscript import document

document.getElementById("status").textContent = f"Ready (allfives {getattr(allfives, '__version__', 'dev')})"
document.body.dataset.ready = "1"
