"""The package's version, in the ground floor: the telemetry, the CLI and the service name it."""
__version__ = "0.1.0"
