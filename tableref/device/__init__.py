"""The Pi side: hardware adapters and the daemon that joins everything."""
