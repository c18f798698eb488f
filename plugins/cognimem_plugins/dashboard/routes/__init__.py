"""One module per page; each exposes ``ROUTES``."""
