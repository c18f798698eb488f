"""Who and when: people and dates a query names, against who spoke a memory and when."""
