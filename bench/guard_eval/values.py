"""Random values in the formats their providers document, and look-alikes that are not secrets.

Written from the providers' own descriptions of their credentials (prefix, alphabet,
length), not from the guard's patterns. Every value is random and fake; none is real.
Each function takes a :class:`random.Random` so a seed fixes the whole set.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import uuid
from collections.abc import Callable

ALNUM = string.ascii_letters + string.digits
UPPER_ALNUM = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
B64URL = ALNUM + "-_"
BASE32 = string.ascii_uppercase + "234567"
SYMBOLS = "!#$%&*+-=?^~@"


def pick(rng: random.Random, alphabet: str, n: int) -> str:
    """``n`` characters drawn from ``alphabet``."""
    return "".join(rng.choice(alphabet) for _ in range(n))


def _b64url_json(obj: object) -> str:
    raw = json.dumps(obj, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


# --- secrets, as documented by their providers ------------------------------------------------


def aws_access_key(rng: random.Random) -> str:
    """AWS access key id: ``AKIA`` (long-term) or ``ASIA`` (temporary) and 16 base-32 chars."""
    return rng.choice(["AKIA", "ASIA"]) + pick(rng, BASE32, 16)


def aws_secret_key(rng: random.Random) -> str:
    """AWS secret access key: 40 characters of base64."""
    return pick(rng, B64, 40)


def github_classic(rng: random.Random) -> str:
    """GitHub token: ``ghp_`` / ``gho_`` / ``ghs_`` / ``ghu_`` and 36 alphanumerics."""
    return rng.choice(["ghp_", "gho_", "ghs_", "ghu_"]) + pick(rng, ALNUM, 36)


def github_fine_grained(rng: random.Random) -> str:
    """GitHub fine-grained token: ``github_pat_``, 22 alphanumerics, ``_``, 59 alphanumerics."""
    return "github_pat_" + pick(rng, ALNUM, 22) + "_" + pick(rng, ALNUM, 59)


def gitlab_pat(rng: random.Random) -> str:
    """GitLab personal access token: ``glpat-`` and 20 characters."""
    return "glpat-" + pick(rng, ALNUM + "_-", 20)


def slack_bot(rng: random.Random) -> str:
    """Slack bot or user token: ``xoxb-`` / ``xoxp-``, two numbers, a 24-32 char secret."""
    return (rng.choice(["xoxb-", "xoxp-"]) + pick(rng, string.digits, rng.randint(10, 13))
            + "-" + pick(rng, string.digits, rng.randint(10, 13)) + "-"
            + pick(rng, ALNUM, rng.choice([24, 32])))


def slack_webhook(rng: random.Random) -> str:
    """Slack incoming-webhook URL (its path is the secret)."""
    return ("https://hooks.slack.com/services/T" + pick(rng, UPPER_ALNUM, 8) + "/B"
            + pick(rng, UPPER_ALNUM, 10) + "/" + pick(rng, ALNUM, 24))


def stripe_secret(rng: random.Random) -> str:
    """Stripe live secret or restricted key: ``sk_live_`` / ``rk_live_`` and 24-99 chars."""
    return rng.choice(["sk_live_", "rk_live_"]) + pick(rng, ALNUM, rng.choice([24, 34, 99]))


def stripe_webhook(rng: random.Random) -> str:
    """Stripe webhook signing secret: ``whsec_`` and 32 alphanumerics."""
    return "whsec_" + pick(rng, ALNUM, 32)


def google_api_key(rng: random.Random) -> str:
    """Google API key: ``AIza`` and 35 characters."""
    return "AIza" + pick(rng, B64URL, 35)


def openai_key(rng: random.Random) -> str:
    """OpenAI project key (``sk-proj-``...) or the older ``sk-`` key."""
    if rng.random() < 0.7:
        return "sk-proj-" + pick(rng, B64URL, rng.choice([48, 74, 156]))
    return "sk-" + pick(rng, ALNUM, 48)


def anthropic_key(rng: random.Random) -> str:
    """Anthropic API key: ``sk-ant-api03-``, 93 characters, ``AA``."""
    return "sk-ant-api03-" + pick(rng, B64URL, 93) + "AA"


def npm_token(rng: random.Random) -> str:
    """npm access token: ``npm_`` and 36 alphanumerics."""
    return "npm_" + pick(rng, ALNUM, 36)


def pypi_token(rng: random.Random) -> str:
    """PyPI API token: ``pypi-`` and a macaroon whose base64 starts with the domain."""
    return "pypi-AgEIcHlwaS5vcmc" + pick(rng, B64URL, rng.randint(60, 140))


def huggingface_token(rng: random.Random) -> str:
    """Hugging Face user access token: ``hf_`` and 34 letters."""
    return "hf_" + pick(rng, string.ascii_letters, 34)


def sendgrid_key(rng: random.Random) -> str:
    """SendGrid API key: ``SG.``, 22 chars, ``.``, 43 chars."""
    return "SG." + pick(rng, B64URL, 22) + "." + pick(rng, B64URL, 43)


def twilio_api_key(rng: random.Random) -> str:
    """Twilio API key sid (``SK`` + 32 hex) or auth token (32 hex) after its name."""
    return "SK" + pick(rng, HEX, 32)


def jwt(rng: random.Random) -> str:
    """A signed JSON web token with plausible claims."""
    header = _b64url_json({"alg": rng.choice(["HS256", "RS256"]), "typ": "JWT"})
    claims = {"sub": str(rng.randint(1000, 99999)), "iat": rng.randint(1600000000, 1800000000),
              "role": rng.choice(["admin", "service", "reader"])}
    return f"{header}.{_b64url_json(claims)}.{pick(rng, B64URL, 43)}"


def private_key(rng: random.Random) -> str:
    """A PEM private key block (random body)."""
    label = rng.choice(["RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY",
                        "OPENSSH PRIVATE KEY"])
    lines = [pick(rng, B64, 64) for _ in range(rng.randint(3, 8))]
    return f"-----BEGIN {label}-----\n" + "\n".join(lines) + f"\n-----END {label}-----"


def _password(rng: random.Random) -> str:
    """A human-chosen password with symbols (the kind people paste in prose)."""
    stems = ["Tiger", "maple", "Orbit", "kettle", "Rocket", "violet", "Harbor", "pixel"]
    shapes = [
        lambda: rng.choice(stems) + pick(rng, SYMBOLS, 1) + pick(rng, string.digits, 3)
        + pick(rng, SYMBOLS, 1),
        lambda: pick(rng, ALNUM + SYMBOLS, rng.randint(10, 18)),
        lambda: pick(rng, string.ascii_lowercase, 3) + pick(rng, SYMBOLS, 2)
        + pick(rng, ALNUM, 6) + pick(rng, SYMBOLS, 1),
    ]
    value = rng.choice(shapes)()
    if not any(c in SYMBOLS for c in value):
        value += rng.choice(SYMBOLS)
    return value


def password_prose(rng: random.Random) -> str:
    """A password with symbols (given in prose by the template)."""
    return _password(rng)


def db_url(rng: random.Random) -> str:
    """A database URL whose password carries URL-safe symbols."""
    password = pick(rng, ALNUM, rng.randint(6, 10)) + pick(rng, "!*$~-_.", 2) + pick(rng,
                                                                                   ALNUM, 3)
    return password


def sentry_dsn_key(rng: random.Random) -> str:
    """A Sentry DSN's key (32 hex), the part before ``@``."""
    return pick(rng, HEX, 32)


def shopify_token(rng: random.Random) -> str:
    """Shopify admin API access token: ``shpat_`` and 32 hex."""
    return rng.choice(["shpat_", "shpss_", "shpca_"]) + pick(rng, HEX, 32)


def digitalocean_token(rng: random.Random) -> str:
    """DigitalOcean personal access token: ``dop_v1_`` and 64 hex."""
    return "dop_v1_" + pick(rng, HEX, 64)


def vault_token(rng: random.Random) -> str:
    """HashiCorp Vault service token: ``hvs.`` and about 90 characters."""
    return "hvs." + pick(rng, B64URL, rng.randint(90, 100))


def datadog_api_key(rng: random.Random) -> str:
    """Datadog API key: 32 hex (no prefix; only its name tells it apart)."""
    return pick(rng, HEX, 32)


def azure_account_key(rng: random.Random) -> str:
    """Azure storage account key: 64 bytes of base64 (88 characters, ``==``)."""
    return base64.b64encode(rng.randbytes(64)).decode()


SECRET_VALUES: dict[str, Callable[[random.Random], str]] = {
    "aws_access_key": aws_access_key, "aws_secret_key": aws_secret_key,
    "github_classic": github_classic, "github_fine_grained": github_fine_grained,
    "gitlab_pat": gitlab_pat, "slack_bot": slack_bot, "slack_webhook": slack_webhook,
    "stripe_secret": stripe_secret, "stripe_webhook": stripe_webhook,
    "google_api_key": google_api_key, "openai_key": openai_key,
    "anthropic_key": anthropic_key, "npm_token": npm_token, "pypi_token": pypi_token,
    "huggingface_token": huggingface_token, "sendgrid_key": sendgrid_key,
    "twilio_api_key": twilio_api_key, "jwt": jwt, "private_key": private_key,
    "password_prose": password_prose, "db_url_password": db_url,
    "sentry_dsn": sentry_dsn_key, "shopify_token": shopify_token,
    "digitalocean_token": digitalocean_token, "vault_token": vault_token,
    "datadog_api_key": datadog_api_key, "azure_account_key": azure_account_key,
}


# --- look-alikes that are not secrets ---------------------------------------------------------

_WORDS = ("checkout onboarding search billing invoice profile cart payments export import "
          "dashboard signup login settings reports inbox sync upload preview beta pricing "
          "refund ledger audit").split()


def uuid4(rng: random.Random) -> str:
    """A random UUID (request ids, object ids)."""
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def git_sha(rng: random.Random) -> str:
    """A commit id, full or abbreviated."""
    return pick(rng, HEX, rng.choice([7, 8, 10, 12, 40]))


def version(rng: random.Random) -> str:
    """A version string, with pre-release and build parts at times."""
    core = f"{rng.randint(0, 20)}.{rng.randint(0, 40)}.{rng.randint(0, 99)}"
    extra = rng.choice(["", "", f"-rc.{rng.randint(1, 9)}", f"-beta.{rng.randint(1, 9)}",
                        f"+build.{rng.randint(1000, 99999)}", f"-alpha{rng.randint(1, 5)}",
                        f".post{rng.randint(1, 5)}", f"-{pick(rng, HEX, 7)}"])
    return rng.choice(["", "v"]) + core + extra


def flag_key(rng: random.Random) -> str:
    """A feature-flag key: words, a version and a short random suffix."""
    words = rng.sample(_WORDS, rng.randint(1, 3))
    parts = [*words, f"v{rng.randint(1, 9)}", pick(rng, HEX + "ghjkmnpqrstvwxyz",
                                                    rng.randint(4, 6))]
    if rng.random() < 0.3:
        parts.insert(len(words), str(rng.randint(2019, 2026)))
    return rng.choice(["-", "_", "."]).join(parts)


def slug(rng: random.Random) -> str:
    """A URL slug or document key with a short id."""
    words = rng.sample([*_WORDS, "notes", "plan", "retro", "design", "postmortem", "q3"],
                       rng.randint(2, 5))
    return "-".join([*words, pick(rng, HEX, rng.choice([4, 6, 8]))])


def public_base64(rng: random.Random) -> str:
    """Base64 of public data: a small JSON config or an English sentence."""
    if rng.random() < 0.5:
        obj = {"theme": rng.choice(["dark", "light"]), "page": rng.randint(1, 40),
               "lang": rng.choice(["en", "fr", "de"])}
        raw = json.dumps(obj).encode()
    else:
        raw = " ".join(rng.sample(_WORDS, rng.randint(4, 9))).encode()
    return base64.b64encode(raw).decode()


def docker_digest(rng: random.Random) -> str:
    """A container image digest."""
    return "sha256:" + pick(rng, HEX, 64)


def npm_integrity(rng: random.Random) -> str:
    """A lock file's subresource-integrity hash."""
    return "sha512-" + base64.b64encode(hashlib.sha512(rng.randbytes(32)).digest()).decode()


def pod_name(rng: random.Random) -> str:
    """A Kubernetes pod name: deployment, replica-set hash, pod suffix."""
    return (rng.choice(_WORDS) + "-" + rng.choice(["api", "worker", "web", "cron"]) + "-"
            + pick(rng, "bcdfghjklmnpqrstvwxz2456789", 10) + "-"
            + pick(rng, "bcdfghjklmnpqrstvwxz2456789", 5))


def asset_name(rng: random.Random) -> str:
    """A bundler's hashed asset file name."""
    return f"{rng.choice(['main', 'vendor', 'runtime', 'app'])}.{pick(rng, HEX, 8)}." \
           f"{rng.choice(['js', 'css', 'chunk.js'])}"


def aws_resource_id(rng: random.Random) -> str:
    """An EC2, AMI, security-group or VPC id."""
    return rng.choice(["i-", "ami-", "sg-", "vpc-", "subnet-"]) + pick(rng, HEX, 17)


def stripe_object_id(rng: random.Random) -> str:
    """A Stripe object id (customer, payment intent): public identifiers, not keys."""
    return rng.choice(["cus_", "pi_", "ch_", "sub_", "in_"]) + pick(rng, ALNUM, 14)


def trace_id(rng: random.Random) -> str:
    """A W3C trace id (32 hex) or span id (16 hex)."""
    return pick(rng, HEX, rng.choice([16, 32]))


def ssh_public_key(rng: random.Random) -> str:
    """An SSH public key line (public, safe to share)."""
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + pick(rng, B64, 43) + " dev@laptop"


def test_fixture(rng: random.Random) -> str:
    """A placeholder or reference where a secret would go in a sample config."""
    return rng.choice(["${API_KEY}", "<your-token-here>", "REPLACE_ME", "changeme",
                       "os.environ['STRIPE_KEY']", "$GITHUB_TOKEN", "xxxxxxxxxxxxxxxx",
                       "{{ secrets.NPM_TOKEN }}", "<redacted>", "dummy-value",
                       "process.env.SENTRY_DSN", "***"])


def youtube_id(rng: random.Random) -> str:
    """A video id."""
    return pick(rng, B64URL, 11)


CLEAN_VALUES: dict[str, Callable[[random.Random], str]] = {
    "uuid": uuid4, "git_sha": git_sha, "version": version, "flag_key": flag_key,
    "slug": slug, "public_base64": public_base64, "docker_digest": docker_digest,
    "npm_integrity": npm_integrity, "pod_name": pod_name, "asset_name": asset_name,
    "aws_resource_id": aws_resource_id, "stripe_object_id": stripe_object_id,
    "trace_id": trace_id, "ssh_public_key": ssh_public_key, "test_fixture": test_fixture,
    "youtube_id": youtube_id,
}
