"""Term proximity: a learned-free second stage over the best candidates."""
