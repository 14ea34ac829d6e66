import sys
from pathlib import Path

# The tests import their helpers as a module, and the package from the checkout.
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).parent.parent))
