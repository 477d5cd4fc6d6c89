"""Remote races: each driver plays his own car from his own device, days apart (docs/remote-races.md)."""
