"""Browser tests: the built site driven in headless Chromium."""
