"""The kiosk web page: an aiohttp app serving a view of the daemon's state (see hub.py)."""
