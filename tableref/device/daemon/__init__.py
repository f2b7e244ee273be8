"""The daemon: one asyncio process joining bells, camera, vision, voice, rules and the page."""
