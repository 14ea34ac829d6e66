import sys
from pathlib import Path

import pytest

# The tests import their helpers as a module, and the package from the checkout.
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))
# The page's own modules (controller, board) are top-level modules in the page.
sys.path.insert(0, str(Path(__file__).parent.parent / "web"))

BROWSER = Path(__file__).parent / "browser"


def cost(item: pytest.Item) -> int:
    """How long a test is expected to take, in three ranks: 0 for the slow
    ones (the soak: minutes), 1 for the others that drive a browser (seconds
    each: Pyodide starts in every page), 2 for the rest (milliseconds)."""
    if item.get_closest_marker("slow") is not None:
        return 0
    return 1 if item.path.is_relative_to(BROWSER) else 2


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first, each rank in the order collected (sorting is
    stable): spread over several workers (``build.py test`` runs pytest-xdist,
    whose ``worksteal`` hands out the queue in order and lets an idle worker
    take half of a busy one's), the run ends on quick tests on every core,
    never on one worker still in a soak while the other waits."""
    items.sort(key=cost)
