import sys
from pathlib import Path

# The tests import their helpers as a module, and the package from the checkout.
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))
# The page's own modules (controller, board) are top-level modules in the page.
sys.path.insert(0, str(Path(__file__).parent.parent / "web"))
