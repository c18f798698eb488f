"""(wave 16) Credentials that only their structure reveals: a secret's default written in
the code for when its environment variable is unset, a random value of a setting named
only "...key", a bare ``key`` beside a service's url, a dotted or kebab-case key name, a
key in bcrypt's shape under a key's name. Each beside a look-alike that stays unchanged."""

from __future__ import annotations

import pytest

from cognimem_plugins.guard.secrets import redact

FOUND = [
    # the default of an environment lookup, in each stack's documented form
    'const mailKey = process.env.MAILER_API_KEY ?? "Vb7qLx2mTz9RkP4wNc8d";',
    "const hookSecret = process.env.HOOK_SECRET || 'Vb7qLx2mTz9RkP4w';",
    'DB_PASS = os.getenv("ORDERS_DB_PASSWORD", "Tq4!mZ9x@Lw2")',
    'ENV.fetch("LEDGER_TOKEN") { "Vb7qLx2mTz9RkP4wNc8d" }',
    "'secret' => env('BILLING_SECRET', 'Tq4!mZ9x@Lw2'),",
    'val apiKey = System.getenv("MAPS_API_KEY") ?: "Vb7qLx2mTz9RkP4wNc8d"',
    # a constant set by a call (PHP's define, WordPress's keys and salts; keyring)
    "define('LOGGED_IN_SALT', 'r9#Vq2!kLm7@Zx4&Tw8p');",
    "define('SMTP_PASSWORD', 'Tq4!mZ9x@Lw2');",
    'keyring.set_password("mailer", "ops", "Tq4!mZ9x@Lw2")',
    # Agora's App Certificate, an access code under its key name
    "AGORA_APP_CERTIFICATE=3e9b7d1f5a2c8e4b6d0f9a7c5e3b1d8f",
    "access_code = Rk8vQ2mXz7LpT4wN9cYb",
    # a setting whose last word is "key", its value random
    "FREIGHT_PARTNER_KEY=9c4e1a7b3d5f2e8a6c0b4d9e7f1a3c5b8d2e6f40",
    'shipperKey: "k3v9q2x7m4p8w1z6r5t0y2u8"',
    "telemetry-key = 6f3b9d1a7c5e2f8b4d0a6c3e9f1b7d5a",
    # dotted and kebab names (Spring, Helm)
    "courier.api.key=Fq9mT2vLx8Rk",
    "tracking-service:\n  access-key: Fq9mT2vLx8Rk3Wz",
    # a bare key in a block that names the service
    "[tidecharts]\nendpoint = https://api.tides.example\nkey = Rk8vQ2mXz7LpT4wN",
    # bcrypt's shape under a key's name (CurseForge for Studios' API keys)
    "X-Api-Key: $2a$10$Qw8eR7tY6uI5oP4aS3dF2.gH1jK0lZ9xC8vB7nM6qW5eR4tY3uI2o",
    # the secret half of a pair, right after its name, from 16 characters
    "booking API client secret (sandbox): Wq8eZ3rT6yLp2mNx",
    "the Trello app secret is Wq8eZ3rT6yLp2mNx",
    # JFrog's header
    "curl -H 'X-JFrog-Art-Api: AKCp8nR2vTq9LmXz4WkPd7Yc3Bf6Hs1Ju5Ng0Ea8Qr' https://x",
    # documented prefixes the generic shape refuses
    "docker login -u acme --password-stdin <<< dckr_oat_Xp4mR8vQ2zLw7TkN9cYb3Hs6",
    "events go in with NRII-Zx8cV2bN7mQ4wE9rT3yU6iO1pA5sD0fG",
    "sq0atp-Zx8cV2bN7mQ4wE9rT3yU6iO1",
    "mlsn.5c8e1a3f7b9d2c4e6a0f8b1d3c5e7a9f2b4d6c8e0a1f3b5d7c9e2a4f6b8d0c1e",
    # "WORD key" in prose before 32+ hex
    "tide service key for the harbour board: 7d3f9a1c5e8b2d4f6a0c9e7b5d3f1a8c",
]

KEPT = [
    'const port = process.env.PORT ?? "8080";',
    'const apiKey = process.env.API_KEY ?? "<set in the dashboard>";',
    'region = os.getenv("AWS_REGION", "eu-west-1")',
    "CACHE_KEY=9c4e1a7b3d5f2e8a6c0b4d9e7f1a3c5b8d2e6f40",
    "partition_key: customer_id_and_created_day",
    'sortKey: "createdAtDescending"',
    "[hotkeys]\nname = editor\nkey = ctrl_shift_palette",
    "courier.api.key.env=COURIER_API_KEY",
    "define('WP_CACHE_KEY_SALT', 'example.com:');",
    "define('AUTH_KEY', 'put your unique phrase here');",
    "keyring.set_password(service, user, getpass())",
    "app_certificate: certs/app.pem",
    "access_code: 200",
    "password_hash: $2a$10$Qw8eR7tY6uI5oP4aS3dF2.gH1jK0lZ9xC8vB7nM6qW5eR4tY3uI2o",
    "cache key for the harbour board: 7d3f9a1c5e8b2d4f6a0c9e7b5d3f1a8c",
    "the key: 7d3f9a1c5e8b2d4f6a0c9e7b5d3f1a8c",
    "the client secret rotation job: nightlyRotateJob",
    "client secret: stored in the vault",
    "booking API client id (sandbox): Wq8eZ3rT6yLp2mNx",
]


@pytest.mark.parametrize("text", FOUND)
def test_structure_reveals_the_credential(text: str) -> None:
    cleaned, counts = redact(text)
    assert counts, cleaned


@pytest.mark.parametrize("text", KEPT)
def test_look_alike_kept(text: str) -> None:
    assert redact(text)[0] == text
