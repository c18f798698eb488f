"""dashboard: ``cognimem ui``, a local web dashboard over the memory API (see docs/dashboard.md).

Modules: :mod:`.app` builds the Starlette application, :mod:`.security` holds its guards
(token, session cookie, Host, CSRF, Content-Security-Policy), :mod:`.views` the template
environment and what pages share, :mod:`.routes` one module per page, :mod:`.evalruns` the
reading of ``cognimem eval --out`` folders, :mod:`.cli` the command.
"""
