"""What the game and the replays share in the browser: finding and making
elements (:mod:`page.dom`), the shell (listeners, tasks, the dialog, choosing
a tile and its end) and the service worker's registration for offline play."""
