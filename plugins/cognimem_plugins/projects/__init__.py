"""projects: the repository a project is named by, and moving the memories filed under its
former names (docs/intake.md, "Projects, worktrees and branches")."""
