"""First-party cognimem plugins: each module registers through the ``cognimem`` entry-point
group exactly as a third-party plugin would."""
