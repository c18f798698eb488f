"""Credentials known by their provider's documentation: the names it gives them and the URLs
whose path or query holds one.

Three tables, each row from its provider's documentation (the page in the row's comment):

* :data:`NAMED`: the key names a provider documents for a secret value (``SecretKey``,
  ``AppSecret``, ``EncodingAESKey``, ``SharedAccessKey``, ``key_secret``, an SDK's
  environment variable) and the alphabet and length it documents for the value. A value
  given to such a name (``NAME=value``, ``"name": "value"``, ``name: value``, a call's
  ``("NAME", "value")``, escaped quotes of a notebook's JSON) is redacted when it has that
  alphabet and length; a name shared by many providers (``access_token``) counts only on a
  line or a name that says the provider (``scope``);
* :data:`SHAPES`: values whose documented prefix and body say what they are (Tencent's
  ``AKID``, Mercado Pago's ``APP_USR-``, Mollie's ``live_``, FCM's legacy server keys);
* :data:`URLS`: URLs whose path segment or query parameter is the credential (chat and
  webhook bots: Feishu, Lark, DingTalk, WeCom, Google Chat, Mattermost, Rocket.Chat, Webex,
  Zapier, IFTTT; Steam's Web API key).

Every row is gated by needles (:class:`~.needles.Needles`): a text without the row's words
pays one pass of an automaton and nothing more.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from dataclasses import dataclass

from .configs import CONFIG_NEEDLES, config_passwords, tf_variables
from .cookies import COOKIE_NEEDLES, cookies
from .decisions import Decision, decide
from .needles import Needles
from .standins import placeholder

# -- documented alphabets and lengths ------------------------------------------------------
_ALNUM = "[A-Za-z0-9]"
_B64_32 = r"[A-Za-z0-9+/]{43}="  # base64 of 32 bytes (a 256-bit key)
_B64_64 = r"[A-Za-z0-9+/]{86}=="  # base64 of 64 bytes
_HEX = "[a-fA-F0-9]"
_UUID = r"[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}"
_TOKEN = r"[A-Za-z0-9_\-.~+/=:]"  # an opaque token's characters


@dataclass(frozen=True)
class Named:
    """A provider's documented names for a secret value and the value's documented shape."""

    provider: str
    kind: str
    #: names as the provider writes them (``SecretKey``, ``TENCENTCLOUD_SECRET_KEY``); a
    #: key matches when its letters and digits, lowercased, end with one of these
    names: tuple[str, ...]
    #: the value's documented alphabet and length (matched against all of the value)
    value: str
    #: words one of which the key's name or its line must hold (a name many providers use)
    scope: tuple[str, ...] = ()


def _n(provider: str, kind: str, names: str, value: str, scope: str = "") -> Named:
    return Named(provider, kind, tuple(names.split()), value, tuple(scope.split()))


#: Each row: provider, kind, the documented names (space-separated), the value's shape, and
#: (when the names are shared) the provider's words. The comment above a row is its source.
NAMED: tuple[Named, ...] = (
    # -- clouds --------------------------------------------------------------------------
    # https://www.alibabacloud.com/help/en/ram/user-guide/create-an-accesskey-pair
    # (AccessKey ID LTAI..., AccessKey secret of 30 letters and digits)
    _n("Alibaba Cloud", "alibaba_accesskey_secret",
       "AccessKeySecret access_key_secret ALIBABA_CLOUD_ACCESS_KEY_SECRET "
       "ALICLOUD_SECRET_KEY OSS_ACCESS_KEY_SECRET", f"{_ALNUM}{{30}}"),
    # https://www.tencentcloud.com/document/product/598/34228 (SecretId AKID + 32,
    # SecretKey 32 letters and digits; TENCENTCLOUD_SECRET_ID/KEY in the SDKs and Terraform)
    _n("Tencent Cloud", "tencent_secret_key",
       "SecretKey TENCENTCLOUD_SECRET_KEY secret_key tc_secret_key", f"{_ALNUM}{{32}}",
       "tencent tencentcloud qcloud"),
    _n("Tencent Cloud", "tencent_secret_id", "SecretId TENCENTCLOUD_SECRET_ID secret_id",
       f"AKID{_ALNUM}{{32}}"),
    # https://support.huaweicloud.com/intl/en-us/usermanual-ca/ca_01_0003.html (AK 20,
    # SK 40 letters and digits); HUAWEICLOUD_SDK_SK (SDKs), HW_SECRET_KEY (Terraform)
    _n("Huawei Cloud", "huawei_cloud_sk",
       "HUAWEICLOUD_SDK_SK HW_SECRET_KEY huaweicloud_secret_key OBS_SECRET_ACCESS_KEY",
       f"{_ALNUM}{{40}}"),
    _n("Huawei Cloud", "huawei_cloud_sk", "secret_key sk", f"{_ALNUM}{{40}}",
       "huawei huaweicloud hwcloud obs"),
    # https://intl.cloud.baidu.com/doc/Reference/s/9jwvz2egb-en (BCE AccessKey/SecretKey,
    # 32 hexadecimal digits); BCE_SECRET_ACCESS_KEY in the SDKs
    _n("Baidu AI Cloud", "baidu_secret_key", "BCE_SECRET_ACCESS_KEY BAIDU_SECRET_KEY "
       "secret_access_key secret_key", f"{_HEX}{{32}}", "baidu bce bos"),
    # https://yandex.cloud/en/docs/iam/concepts/authorization/access-key (static key
    # secret: YC and 38 more), https://yandex.cloud/en/docs/iam/concepts/authorization/api-key
    _n("Yandex Cloud", "yandex_static_key_secret",
       "YC_SECRET_ACCESS_KEY secret_access_key secret_key aws_secret_access_key",
       r"YC[A-Za-z0-9_\-]{38}"),
    _n("Yandex Cloud", "yandex_token", "YC_TOKEN YC_IAM_TOKEN YC_API_KEY",
       f"{_TOKEN}{{30,400}}"),
    # https://help.ovhcloud.com/csm/en-gb-api-getting-started-ovhcloud-api (application key
    # 16, application secret and consumer key 32 letters and digits)
    _n("OVHcloud", "ovh_application_secret",
       "OVH_APPLICATION_SECRET application_secret OVH_CONSUMER_KEY consumer_key",
       f"{_ALNUM}{{32}}", "ovh ovhcloud"),
    # https://www.scaleway.com/en/docs/iam/concepts/#api-key (secret key: a UUID)
    _n("Scaleway", "scaleway_secret_key", "SCW_SECRET_KEY scaleway_secret_key secret_key",
       _UUID, "scw scaleway"),
    # https://docs.hetzner.cloud/reference/cloud#authentication (64 letters and digits)
    _n("Hetzner", "hetzner_token", "HCLOUD_TOKEN HETZNER_TOKEN HETZNER_API_TOKEN",
       f"{_ALNUM}{{64}}"),
    # https://techdocs.akamai.com/linode-api/reference/get-started (personal access token:
    # 64 hexadecimal digits); LINODE_TOKEN / LINODE_CLI_TOKEN
    _n("Linode (Akamai)", "linode_token", "LINODE_TOKEN LINODE_CLI_TOKEN LINODE_API_TOKEN",
       f"{_HEX}{{64}}"),
    # https://docs.digitalocean.com/reference/api/create-personal-access-token/ (Spaces
    # secret keys: 43 base64 characters); DIGITALOCEAN_TOKEN holds dop_v1_ tokens (formats)
    _n("DigitalOcean", "digitalocean_spaces_secret",
       "SPACES_SECRET_ACCESS_KEY DO_SPACES_SECRET SPACES_SECRET", r"[A-Za-z0-9+/]{43}"),
    # https://docs.vultr.com/platform/other/api-keys (36 capitals and digits)
    _n("Vultr", "vultr_api_key", "VULTR_API_KEY", "[A-Z0-9]{36}"),
    # https://docs.oracle.com/en-us/iaas/Content/Identity/Tasks/managingcredentials.htm
    # (customer secret keys: 44 base64 characters)
    _n("Oracle Cloud", "oci_customer_secret", "OCI_SECRET_KEY oci_customer_secret_key",
       r"[A-Za-z0-9+/]{43}="),
    # https://cloud.ibm.com/docs/account?topic=account-userapikey (44 characters)
    _n("IBM Cloud", "ibm_cloud_api_key", "IBMCLOUD_API_KEY IC_API_KEY IBM_CLOUD_API_KEY",
       r"[A-Za-z0-9_\-]{44}"),
    # https://learn.microsoft.com/en-us/azure/storage/common/storage-account-keys-manage
    # (account keys: base64 of 64 bytes)
    _n("Azure Storage", "azure_storage_key",
       "AccountKey AZURE_STORAGE_KEY AZURE_STORAGE_ACCOUNT_KEY storage_account_key",
       _B64_64),
    # https://learn.microsoft.com/en-us/azure/iot-hub/authenticate-authorize-sas and
    # https://learn.microsoft.com/en-us/azure/event-hubs/authenticate-shared-access-signature
    # (SharedAccessKey, primaryKey, secondaryKey: base64 of a 256-bit key); a connection
    # string's variable given the bare key holds the key
    _n("Azure IoT Hub / Event Hubs / Service Bus", "azure_sas_key",
       "SharedAccessKey primaryKey secondaryKey primary_key secondary_key device_key "
       "connection_string connectionstring", _B64_32),
    # -- chat and webhooks -----------------------------------------------------------------
    # https://open.feishu.cn/document/server-docs/authentication-management/access-token/
    # (App Secret: 32 letters and digits); https://open.larksuite.com (the same)
    _n("Feishu / Lark", "feishu_app_secret",
       "app_secret AppSecret FEISHU_APP_SECRET LARK_APP_SECRET", f"{_ALNUM}{{32}}",
       "feishu lark larksuite"),
    # https://open.dingtalk.com/document/orgapp/obtain-orgapp-token (AppSecret) and
    # https://open.dingtalk.com/document/robots/customize-robot-security-settings (the
    # robot's signing secret: SEC and 64 hexadecimal digits)
    _n("DingTalk", "dingtalk_secret", "AppSecret app_secret DINGTALK_APP_SECRET",
       r"[A-Za-z0-9_\-]{40,80}", "dingtalk ding"),
    _n("DingTalk", "dingtalk_secret", "secret sign_secret DINGTALK_SECRET",
       f"SEC{_HEX}{{64}}"),
    # https://developer.work.weixin.qq.com/document/path/90665 (corpsecret: 43 characters)
    # and https://developer.work.weixin.qq.com/document/path/90930 (EncodingAESKey: 43
    # letters and digits); WeChat Official Accounts: AppSecret, 32 hexadecimal digits
    # (https://developers.weixin.qq.com/doc/offiaccount/en/Basic_Information/Get_access_token)
    _n("WeCom / WeChat", "wecom_secret", "corpsecret corp_secret WECOM_SECRET WEWORK_SECRET",
       r"[A-Za-z0-9_\-]{43}"),
    _n("WeCom / WeChat", "wecom_secret", "EncodingAESKey encoding_aes_key", f"{_ALNUM}{{43}}"),
    _n("WeChat", "wechat_app_secret", "AppSecret app_secret WECHAT_APP_SECRET WX_APPSECRET "
       "appsecret", f"{_HEX}{{32}}", "wechat weixin wx"),
    # https://api.slack.com/authentication/verifying-requests-from-slack (signing secret:
    # 32 hexadecimal digits)
    _n("Slack", "slack_signing_secret", "SLACK_SIGNING_SECRET signing_secret",
       f"{_HEX}{{32}}", "slack"),
    # https://discord.com/developers/docs/topics/oauth2 (client secret: 32 characters)
    _n("Discord", "discord_client_secret", "DISCORD_CLIENT_SECRET client_secret",
       r"[A-Za-z0-9_\-]{32}", "discord"),
    # https://core.telegram.org/bots/api#setwebhook (secret_token: 1-256 of A-Z a-z 0-9 _ -)
    _n("Telegram", "telegram_webhook_secret", "secret_token TELEGRAM_WEBHOOK_SECRET",
       r"[A-Za-z0-9_\-]{16,256}", "telegram"),
    # https://developers.mattermost.com/integrate/reference/personal-access-token/ (26
    # lowercase letters and digits)
    _n("Mattermost", "mattermost_token", "MM_TOKEN MATTERMOST_TOKEN MM_ACCESS_TOKEN "
       "access_token token", "[a-z0-9]{26}", "mattermost mm_"),
    # https://developer.rocket.chat/apidocs/personal-access-tokens (X-Auth-Token, 43)
    _n("Rocket.Chat", "rocketchat_token", "X-Auth-Token ROCKETCHAT_TOKEN auth_token",
       r"[A-Za-z0-9_\-]{43}", "rocket rocketchat"),
    # https://developer.zoom.us/docs/api/rest/using-zoom-apis/ (client and webhook secrets)
    _n("Zoom", "zoom_secret", "ZOOM_CLIENT_SECRET ZOOM_WEBHOOK_SECRET_TOKEN "
       "client_secret secret_token", f"{_ALNUM}{{22,32}}", "zoom"),
    # https://developer.webex.com/docs/getting-started (access tokens: three base64 parts)
    _n("Webex", "webex_token", "WEBEX_ACCESS_TOKEN WEBEX_TOKEN WEBEX_BOT_TOKEN",
       f"{_TOKEN}{{64,200}}"),
    # -- payments --------------------------------------------------------------------------
    # https://razorpay.com/docs/api/authentication/ (key_id rzp_live_/rzp_test_ and 14;
    # key_secret: 24 letters and digits)
    _n("Razorpay", "razorpay_key_secret", "key_secret RAZORPAY_KEY_SECRET RAZORPAY_SECRET "
       "razorpay_secret", f"{_ALNUM}{{24}}"),
    # https://paystack.com/docs/api/authentication/ (sk_live_ / sk_test_ and 40 hex)
    _n("Paystack", "paystack_secret_key", "PAYSTACK_SECRET_KEY secret_key",
       f"sk_(?:live|test)_{_HEX}{{40}}"),
    # https://developer.flutterwave.com/docs/integration-guides/authentication (encryption
    # key: FLWSECK_TEST and 12 hex)
    _n("Flutterwave", "flutterwave_encryption_key",
       "FLW_ENCRYPTION_KEY FLUTTERWAVE_ENCRYPTION_KEY encryption_key",
       f"FLWSECK(?:_TEST)?{_HEX}{{12}}"),
    # https://docs.adyen.com/development-resources/api-credentials/ (API keys: AQE...)
    _n("Adyen", "adyen_api_key", "ADYEN_API_KEY X-API-Key api_key", r"AQE[A-Za-z0-9+/=\-_.]{60,}",
       "adyen"),
    # https://docs.mollie.com/reference/authentication (live_/test_ and 30; access_ tokens)
    _n("Mollie", "mollie_live_key", "MOLLIE_API_KEY mollie_api_key api_key",
       f"(?:live|test)_{_ALNUM}{{30}}|access_[A-Za-z0-9]{{40}}", "mollie"),
    # https://developer.paypal.com/api/rest/ (client secret: 80 characters)
    _n("PayPal", "paypal_client_secret", "PAYPAL_CLIENT_SECRET PAYPAL_SECRET client_secret",
       r"[A-Za-z0-9_\-]{60,90}", "paypal"),
    # https://developer.paypal.com/braintree/docs/start/hello-server (private key: 32 hex)
    _n("Braintree", "braintree_private_key", "BRAINTREE_PRIVATE_KEY private_key privateKey",
       f"{_HEX}{{32}}", "braintree"),
    # https://developer.squareup.com/docs/build-basics/access-tokens (EAAA and 60)
    _n("Square", "square_token", "SQUARE_ACCESS_TOKEN access_token",
       r"EAAA[A-Za-z0-9_\-]{60}", "square"),
    # https://business.paytm.com/docs/api/initiate-transaction-api (merchant key: 16)
    _n("Paytm", "paytm_merchant_key", "PAYTM_MERCHANT_KEY merchant_key MERCHANT_KEY",
       r"[A-Za-z0-9@#%&!_]{16}", "paytm"),
    # https://opendocs.alipay.com/common/02kipl (the application's RSA2 private key: base64
    # of a PKCS#8 or PKCS#1 key, MII...)
    _n("Alipay", "alipay_private_key", "ALIPAY_PRIVATE_KEY app_private_key "
       "merchant_private_key private_key", r"MII[A-Za-z0-9+/]{200,}={0,2}", "alipay"),
    # https://www.mercadopago.com/developers/en/docs/your-integrations/credentials
    _n("Mercado Pago", "mercadopago_access_token", "MP_ACCESS_TOKEN MERCADOPAGO_ACCESS_TOKEN "
       "access_token", r"(?:APP_USR|TEST)-\d{10,20}-\d{6}-[a-f0-9]{32}-\d{6,12}"),
    # https://docs.checkout.com/developer-resources/api/api-keys (sk_ and 32 or a UUID)
    _n("Checkout.com", "checkout_secret_key", "CKO_SECRET_KEY CHECKOUT_SECRET_KEY",
       r"sk_(?:sbox_)?[a-z0-9_\-]{26,40}"),
    # https://docs.midtrans.com/docs/access-keys (server key: SB-Mid-server- / Mid-server-)
    _n("Midtrans", "midtrans_server_key", "MIDTRANS_SERVER_KEY server_key serverKey",
       r"(?:SB-)?Mid-server-[A-Za-z0-9_\-]{24}"),
    # https://docs.xendit.co/api-reference/#authentication (xnd_production_ / xnd_development_)
    _n("Xendit", "xendit_secret_key", "XENDIT_SECRET_KEY secret_key",
       r"xnd_(?:production|development)_[A-Za-z0-9]{40,80}"),
    # -- push and mobile -------------------------------------------------------------------
    # https://firebase.google.com/docs/cloud-messaging/auth-server (legacy server keys)
    _n("Firebase Cloud Messaging", "fcm_legacy_server_key",
       "FCM_SERVER_KEY fcm_server_key server_key serverKey FIREBASE_SERVER_KEY",
       r"AAAA[A-Za-z0-9_\-]{7}:[A-Za-z0-9_\-]{130,160}"),
    # https://docs.expo.dev/accounts/programmatic-access/ (EXPO_TOKEN: 40 characters)
    _n("Expo", "expo_token", "EXPO_TOKEN EXPO_ACCESS_TOKEN", r"[A-Za-z0-9_\-]{40}"),
    # https://documentation.onesignal.com/docs/keys-and-ids (REST API key: os_v2_app_...,
    # older keys 48 base64 characters)
    _n("OneSignal", "onesignal_api_key", "ONESIGNAL_REST_API_KEY ONESIGNAL_API_KEY "
       "rest_api_key", r"os_v2_app_[a-z0-9]{100,120}|[A-Za-z0-9+/]{48}"),
    # https://docs.pusher.com/channels/server_api/http-api/ (secret: 20 hex)
    _n("Pusher", "pusher_secret", "PUSHER_APP_SECRET PUSHER_SECRET app_secret",
       f"{_HEX}{{20}}", "pusher"),
    # https://www.twilio.com/docs/iam/api/authtoken (auth token: 32 hex)
    _n("Twilio", "twilio_auth_token", "TWILIO_AUTH_TOKEN auth_token authToken",
       f"{_HEX}{{32}}", "twilio"),
    # https://docs.particle.io/reference/cloud-apis/access-tokens/ (40 hex)
    _n("Particle", "particle_access_token", "PARTICLE_ACCESS_TOKEN PARTICLE_TOKEN "
       "access_token", f"{_HEX}{{40}}", "particle"),
    # https://docs.aws.amazon.com/iot/latest/developerguide/custom-authentication.html
    # (token signing keys are PEM, caught elsewhere); AWS IoT shares AWS's secret keys
    _n("AWS", "aws_secret_key", "AWS_SECRET_ACCESS_KEY aws_secret_access_key "
       "SecretAccessKey secret_access_key", r"[A-Za-z0-9+/]{40}"),
    # -- observability, CI, registries -----------------------------------------------------
    # https://docs.datadoghq.com/account_management/api-app-keys/ (API key 32 hex,
    # application key 40 hex)
    _n("Datadog", "datadog_key", "DD_API_KEY DATADOG_API_KEY", f"{_HEX}{{32}}"),
    _n("Datadog", "datadog_key", "DD_APP_KEY DD_APPLICATION_KEY DATADOG_APP_KEY",
       f"{_HEX}{{40}}"),
    # https://docs.newrelic.com/docs/apis/intro-apis/new-relic-api-keys/ (ingest license: 40)
    _n("New Relic", "newrelic_key", "NEW_RELIC_LICENSE_KEY NEWRELIC_LICENSE_KEY",
       r"[A-Za-z0-9]{40}"),
    # https://docs.honeycomb.io/get-started/configure/environments/manage-api-keys/
    _n("Honeycomb", "honeycomb_key", "HONEYCOMB_API_KEY HONEYCOMB_WRITEKEY",
       r"[A-Za-z0-9]{22}|hc[a-z]{2}[a-z]_[A-Za-z0-9]{58}"),
    # https://docs.bugsnag.com/product/getting-started/ (32 hex)
    _n("Bugsnag", "bugsnag_key", "BUGSNAG_API_KEY", f"{_HEX}{{32}}"),
    # https://docs.rollbar.com/docs/access-tokens (32 hex)
    _n("Rollbar", "rollbar_token", "ROLLBAR_ACCESS_TOKEN ROLLBAR_TOKEN", f"{_HEX}{{32}}"),
    # https://docs.logz.io/docs/user-guide/admin/authentication-tokens/ (UUID-like 32)
    _n("Logz.io", "logzio_token", "LOGZIO_TOKEN LOGZ_IO_TOKEN", f"{_ALNUM}{{32}}"),
    # https://support.pagerduty.com/main/docs/api-access-keys (20 characters)
    _n("PagerDuty", "pagerduty_key", "PAGERDUTY_TOKEN PAGERDUTY_API_KEY "
       "PAGERDUTY_INTEGRATION_KEY PAGERDUTY_ROUTING_KEY", r"[A-Za-z0-9_+\-]{20,32}"),
    # https://docs.travis-ci.com/user/triggering-builds/ (22 characters)
    _n("Travis CI", "travis_token", "TRAVIS_TOKEN TRAVIS_API_TOKEN", r"[A-Za-z0-9_\-]{22}"),
    # https://docs.codecov.com/docs/adding-the-codecov-token (a UUID)
    _n("Codecov", "codecov_token", "CODECOV_TOKEN", _UUID),
    # https://coveralls.io/ (repo token: 32-37 characters)
    _n("Coveralls", "coveralls_token", "COVERALLS_REPO_TOKEN", r"[A-Za-z0-9]{32,37}"),
    # https://docs.snyk.io/snyk-api/authentication-for-api (a UUID)
    _n("Snyk", "snyk_token", "SNYK_TOKEN", _UUID),
    # https://docs.sonarsource.com/sonarcloud/advanced-setup/ci-based-analysis/ (40 hex)
    _n("SonarCloud", "sonar_token", "SONAR_TOKEN", f"{_HEX}{{40}}"),
    # https://docs.netlify.com/api/get-started/#authentication (43 characters or nfp_)
    _n("Netlify", "netlify_token", "NETLIFY_AUTH_TOKEN", r"(?:nfp_)?[A-Za-z0-9_\-]{40,43}"),
    # https://vercel.com/docs/rest-api#creating-an-access-token (24 letters and digits)
    _n("Vercel", "vercel_token", "VERCEL_TOKEN VERCEL_ACCESS_TOKEN", f"{_ALNUM}{{24}}"),
    # https://developers.cloudflare.com/fundamentals/api/get-started/create-token/ (40
    # characters; the global key: 37 hex)
    _n("Cloudflare", "cloudflare_token", "CLOUDFLARE_API_TOKEN CF_API_TOKEN",
       r"[A-Za-z0-9_\-]{40}"),
    _n("Cloudflare", "cloudflare_token", "CLOUDFLARE_API_KEY CF_API_KEY", f"{_HEX}{{37}}"),
    # https://fly.io/docs/security/tokens/ , https://devcenter.heroku.com/articles/
    # authentication (a UUID or HRKU-)
    _n("Heroku", "heroku_token", "HEROKU_API_KEY", f"{_UUID}|HRKU-[A-Za-z0-9_\\-]{{60}}"),
    # https://render.com/docs/api#1-create-an-api-key (rnd_ and 32)
    _n("Render", "render_key", "RENDER_API_KEY", r"rnd_[A-Za-z0-9]{32}"),
    # https://docs.docker.com/security/for-developers/access-tokens/ (a UUID or dckr_pat_)
    _n("Docker Hub", "dockerhub_token", "DOCKERHUB_TOKEN DOCKER_HUB_TOKEN DOCKERHUB_PASSWORD",
       f"{_UUID}|dckr_pat_[A-Za-z0-9_\\-]{{27}}"),
    # https://quay.io (robot tokens: 64 capitals and digits)
    _n("Quay", "quay_token", "QUAY_TOKEN QUAY_ROBOT_TOKEN", "[A-Z0-9]{64}"),
    # https://jfrog.com/help/r/jfrog-platform-administration-documentation/access-tokens
    _n("JFrog", "artifactory_token", "JFROG_ACCESS_TOKEN ARTIFACTORY_API_KEY "
       "ARTIFACTORY_ACCESS_TOKEN", f"{_TOKEN}{{64,1200}}"),
    # https://pypi.org/help/#apitoken (tokens: pypi- and a macaroon) and
    # https://twine.readthedocs.io/en/stable/#environment-variables (TWINE_PASSWORD)
    _n("PyPI", "pypi_token", "TWINE_PASSWORD PYPI_TOKEN PYPI_API_TOKEN UV_PUBLISH_TOKEN "
       "POETRY_PYPI_TOKEN_PYPI UV_PUBLISH_PASSWORD", r"pypi-[A-Za-z0-9_\-]{50,}"),
    # -- AI APIs ---------------------------------------------------------------------------
    # https://docs.cohere.com/docs/rate-limits (40 letters and digits)
    _n("Cohere", "cohere_key", "COHERE_API_KEY CO_API_KEY", f"{_ALNUM}{{40}}"),
    # https://docs.mistral.ai/getting-started/quickstart/ (32 letters and digits)
    _n("Mistral", "mistral_key", "MISTRAL_API_KEY", f"{_ALNUM}{{32}}"),
    # https://console.groq.com/docs/quickstart (gsk_ and 52)
    _n("Groq", "groq_key", "GROQ_API_KEY", r"gsk_[A-Za-z0-9]{52}"),
    # https://docs.together.ai/docs/quickstart (64 hex, or tgp_v1_)
    _n("Together AI", "together_key", "TOGETHER_API_KEY", r"[a-f0-9]{64}|tgp_v1_[\w\-]{40,}"),
    # https://replicate.com/docs/topics/security/api-tokens (r8_ and 37)
    _n("Replicate", "replicate_token", "REPLICATE_API_TOKEN", r"r8_[A-Za-z0-9]{37}"),
    # https://platform.deepseek.com/api_keys (sk- and 32 hex)
    _n("DeepSeek", "deepseek_key", "DEEPSEEK_API_KEY", r"sk-[a-f0-9]{32}"),
    # https://help.aliyun.com/zh/model-studio/get-api-key (DashScope: sk- and 32 hex)
    _n("Alibaba DashScope", "dashscope_key", "DASHSCOPE_API_KEY", r"sk-[a-f0-9]{32}"),
    # https://open.bigmodel.cn/dev/howuse/introduction (Zhipu: 32 hex "." 16)
    _n("Zhipu AI", "zhipu_key", "ZHIPUAI_API_KEY ZHIPU_API_KEY", r"[a-f0-9]{32}\.[A-Za-z0-9]{16}"),
    # https://platform.moonshot.cn/docs (sk- and 48)
    _n("Moonshot", "moonshot_key", "MOONSHOT_API_KEY", r"sk-[A-Za-z0-9]{48}"),
    # https://learn.microsoft.com/en-us/azure/ai-services/authentication (32 hex or 84)
    _n("Azure AI services", "azure_ai_key", "AZURE_OPENAI_API_KEY AZURE_OPENAI_KEY "
       "Ocp-Apim-Subscription-Key AZURE_AI_KEY", f"{_HEX}{{32}}|{_ALNUM}{{84}}"),
    # https://docs.voyageai.com/docs/api-key-and-installation (pa- and 43)
    _n("Voyage AI", "voyage_key", "VOYAGE_API_KEY", r"pa-[A-Za-z0-9_\-]{43}"),
    # https://docs.perplexity.ai/guides/getting-started (pplx- and 48)
    _n("Perplexity", "perplexity_key", "PERPLEXITY_API_KEY PPLX_API_KEY",
       r"pplx-[A-Za-z0-9]{48}"),
    # https://docs.fireworks.ai/getting-started/quickstart (fw_ and 24+)
    _n("Fireworks AI", "fireworks_key", "FIREWORKS_API_KEY", r"fw_[A-Za-z0-9]{24,}"),
    # -- databases and data ----------------------------------------------------------------
    # https://docs.pinecone.io/guides/projects/manage-api-keys (pcsk_ or a UUID)
    _n("Pinecone", "pinecone_key", "PINECONE_API_KEY", f"{_UUID}|pcsk_[A-Za-z0-9_]{{50,100}}"),
    # https://www.mongodb.com/docs/atlas/configure-api-access/ (private key: a UUID)
    _n("MongoDB Atlas", "atlas_private_key", "MONGODB_ATLAS_PRIVATE_KEY ATLAS_PRIVATE_KEY "
       "MCLI_PRIVATE_API_KEY", _UUID),
    # https://docs.snowflake.com/en/user-guide/programmatic-access-tokens
    _n("Snowflake", "snowflake_password", "SNOWFLAKE_PASSWORD SNOWFLAKE_TOKEN "
       "SNOWFLAKE_PAT", f"{_TOKEN}{{8,400}}"),
    # https://upstash.com/docs/redis/features/restapi (REST token: 40+ base64-ish)
    _n("Upstash", "upstash_token", "UPSTASH_REDIS_REST_TOKEN UPSTASH_TOKEN",
       r"[A-Za-z0-9_\-=]{40,}"),
    # https://docs.turso.tech/sdk/authentication (a JWT: caught by its format too)
    _n("Turso", "turso_token", "TURSO_AUTH_TOKEN LIBSQL_AUTH_TOKEN", f"{_TOKEN}{{40,1200}}"),
    # https://www.algolia.com/doc/guides/security/api-keys/ (admin key: 32 hex; the
    # search-only key is public by design, see precision.py)
    _n("Algolia", "algolia_admin_key", "ALGOLIA_ADMIN_KEY ALGOLIA_ADMIN_API_KEY "
       "ALGOLIA_WRITE_API_KEY adminApiKey", f"{_HEX}{{32}}"),
    # https://www.elastic.co/guide/en/elasticsearch/reference/current/security-api-create-
    # api-key.html (base64 of id:key)
    _n("Elastic", "elastic_api_key", "ELASTIC_API_KEY ES_API_KEY ELASTICSEARCH_API_KEY",
       r"[A-Za-z0-9+/_\-]{40,120}={0,2}"),
    # https://typesense.org/docs/latest/api/api-keys.html (admin key: 32+)
    _n("Typesense", "typesense_key", "TYPESENSE_API_KEY TYPESENSE_ADMIN_API_KEY",
       r"[A-Za-z0-9]{32,64}"),
    # https://www.meilisearch.com/docs/learn/security/basic_security (master key: 16+)
    _n("Meilisearch", "meilisearch_key", "MEILI_MASTER_KEY MEILISEARCH_MASTER_KEY "
       "MEILISEARCH_API_KEY", r"[A-Za-z0-9_\-]{16,128}"),
    # -- mail, SMS, other APIs -------------------------------------------------------------
    # https://postmarkapp.com/developer/api/overview#authentication (a UUID)
    _n("Postmark", "postmark_token", "POSTMARK_SERVER_TOKEN POSTMARK_API_TOKEN "
       "POSTMARK_ACCOUNT_TOKEN", _UUID),
    # https://docs.aws.amazon.com/ses/latest/dg/smtp-credentials.html (SMTP password: 44)
    _n("Amazon SES", "ses_smtp_password", "SES_SMTP_PASSWORD", r"[A-Za-z0-9+/]{44}"),
    # https://developer.vonage.com/en/getting-started/concepts/authentication (16)
    _n("Vonage", "vonage_secret", "VONAGE_API_SECRET NEXMO_API_SECRET", f"{_ALNUM}{{16}}"),
    # https://www.plivo.com/docs/ (auth token: 40)
    _n("Plivo", "plivo_token", "PLIVO_AUTH_TOKEN", f"{_ALNUM}{{40}}"),
    # https://developers.messagebird.com/api/#authentication (25)
    _n("MessageBird", "messagebird_key", "MESSAGEBIRD_ACCESS_KEY MESSAGEBIRD_API_KEY",
       f"{_ALNUM}{{25}}"),
    # https://docs.mapbox.com, https://developers.google.com/maps/api-security-best-practices
    # (the Maps signing secret: 28 URL-safe base64 characters)
    _n("Google Maps", "google_maps_signing_secret", "GOOGLE_MAPS_SIGNING_SECRET "
       "url_signing_secret", r"[A-Za-z0-9_\-]{27}="),
    # https://developer.spotify.com/documentation/web-api/concepts/apps (client secret: 32 hex)
    _n("Spotify", "spotify_client_secret", "SPOTIFY_CLIENT_SECRET client_secret",
       f"{_HEX}{{32}}", "spotify"),
    # https://dev.twitch.tv/docs/authentication/register-app/ (client secret: 30)
    _n("Twitch", "twitch_client_secret", "TWITCH_CLIENT_SECRET client_secret",
       "[a-z0-9]{30}", "twitch"),
    # https://developers.facebook.com/docs/facebook-login/security (app secret: 32 hex)
    _n("Meta", "facebook_app_secret", "FACEBOOK_APP_SECRET FB_APP_SECRET META_APP_SECRET "
       "app_secret", f"{_HEX}{{32}}", "facebook fb meta instagram whatsapp"),
    # https://developer.x.com/en/docs/authentication/oauth-1-0a/api-key-and-secret (50)
    _n("X (Twitter)", "twitter_secret", "TWITTER_API_SECRET TWITTER_CONSUMER_SECRET "
       "TWITTER_ACCESS_TOKEN_SECRET consumer_secret access_token_secret",
       f"{_ALNUM}{{45,50}}", "twitter x_"),
    # https://partner.steamgames.com/doc/webapi_overview/auth (32 capitals and hex digits)
    _n("Steam", "steam_web_api_key", "STEAM_API_KEY STEAM_WEB_API_KEY", "[0-9A-F]{32}"),
    # (wave 9b) Steam's config files and SDK wrappers also write steam_webapi_key /
    # SteamWebApiKey (https://partner.steamgames.com/doc/webapi_overview/auth: one key,
    # 32 hexadecimal digits)
    _n("Steam", "steam_web_api_key", "steam_webapi_key SteamWebApiKey", "[0-9A-Fa-f]{32}"),
    # (wave 9b) https://www.kaggle.com/docs/api#authentication (the API token: the
    # environment variables KAGGLE_USERNAME and KAGGLE_KEY, the key 32 hexadecimal digits;
    # kaggle.json's {"username", "key"} is :data:`SHAPES`')
    _n("Kaggle", "kaggle_key", "KAGGLE_KEY KAGGLE_API_KEY", f"{_HEX}{{32}}"),
    # https://developer.atlassian.com/cloud/jira/platform/basic-auth-for-rest-apis/
    _n("Atlassian", "atlassian_token", "JIRA_API_TOKEN CONFLUENCE_API_TOKEN "
       "ATLASSIAN_API_TOKEN", r"[A-Za-z0-9_\-=]{24,200}"),
    # https://developers.notion.com/docs/authorization (secret_ / ntn_ and 43+)
    _n("Notion", "notion_token", "NOTION_TOKEN NOTION_API_KEY NOTION_SECRET",
       r"(?:secret_|ntn_)[A-Za-z0-9]{40,50}"),
    # https://developers.linear.app/docs/graphql/working-with-the-graphql-api (lin_api_)
    _n("Linear", "linear_key", "LINEAR_API_KEY", r"lin_api_[A-Za-z0-9]{40}"),
    # https://docs.sentry.io/product/accounts/auth-tokens/ (64 hex or sntrys_)
    _n("Sentry", "sentry_auth_token", "SENTRY_AUTH_TOKEN", r"[a-f0-9]{64}|sntry[su]_\S{40,}"),
    # https://www.terraform.io/cli/config/config-file#credentials (TFE tokens)
    _n("HCP Terraform", "terraform_token", "TFE_TOKEN TF_TOKEN_app_terraform_io",
       r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=\-]{60,70}"),
    # (wave 11) https://developer.pagerduty.com/docs/events-api-v2/trigger-events/
    # (``routing_key``: the 32-character integration key of an Events API v2 integration)
    _n("PagerDuty", "pagerduty_routing_key", "routing_key PAGERDUTY_ROUTING_KEY "
       "PAGERDUTY_INTEGRATION_KEY PAGERDUTY_SERVICE_KEY", f"{_HEX}{{32}}"),
    # (wave 11) https://docs.honeycomb.io/api/ (the API key goes in the X-Honeycomb-Team
    # header: 32 hexadecimal digits for a classic key, 22 letters and digits for a
    # configuration key, ``hcaik_`` and 58 for an ingest key)
    _n("Honeycomb", "honeycomb_api_key", "X-Honeycomb-Team HONEYCOMB_API_KEY "
       "HONEYCOMB_WRITEKEY", r"[a-f0-9]{32}|[A-Za-z0-9]{22}|hcaik_[a-z0-9]{58}"),
    # (wave 14) https://slurm.schedmd.com/slurmdbd.conf.html (StoragePass: the database
    # password) and slurm.conf's AccountingStoragePass
    _n("Slurm", "slurm_storage_password", "StoragePass AccountingStoragePass",
       r"[^\s'\"]{4,128}"),
    # (wave 14) https://jupyterhub.readthedocs.io/en/stable/reference/authenticators.html
    # (JUPYTERHUB_CRYPT_KEY: 32 bytes as 64 hexadecimal digits, ``openssl rand -hex 32``)
    _n("JupyterHub", "jupyterhub_crypt_key", "JUPYTERHUB_CRYPT_KEY", f"{_HEX}{{64}}"),
    # (wave 14) a live stream's key (OBS, Twitch, YouTube: the key the ingest server takes;
    # YouTube's is five groups of four, Twitch's live_ and digits)
    _n("Live streaming", "rtmp_stream_key", "STREAM_KEY stream_key streamKey",
       r"[A-Za-z0-9_\-]{16,128}"),
    # (wave 14) https://zwave-js.github.io/node-zwave-js/#/getting-started/security-s2
    # (``securityKeys``: S0_Legacy, S2_Unauthenticated, S2_Authenticated, S2_AccessControl,
    # each 16 bytes written as 32 hexadecimal digits) and the Z-Wave JS add-on's options
    # (s0_legacy_key, s2_access_control_key, s2_authenticated_key, s2_unauthenticated_key;
    # lr_ for Long Range); OpenZWave's NetworkKey option
    _n("Z-Wave", "zwave_network_key",
       "S0_Legacy S2_Unauthenticated S2_Authenticated S2_AccessControl S0_Legacy_Key "
       "S2_Unauthenticated_Key S2_Authenticated_Key S2_Access_Control_Key NetworkKey",
       f"(?:0x)?{_HEX}{{32}}"),
)

#: a documented name as matched: its letters and digits, lowercased
_NORM = re.compile(r"[^a-z0-9]")


def _norm(name: str) -> str:
    return _NORM.sub("", name.lower())


# -- values whose documented prefix says what they are --------------------------------------
@dataclass(frozen=True)
class Shape:
    """A value a provider documents by its prefix and body, or a URL whose group ``v`` is
    the credential (found anywhere the needle is)."""

    provider: str
    kind: str
    needle: str
    pattern: re.Pattern[str]


SHAPES: tuple[Shape, ...] = (
    # (wave 11) https://docs.honeycomb.io/get-started/configure/environments/manage-api-keys/
    # (an ingest key: ``hcaik_``, then its id and secret, 58 lowercase letters and digits)
    Shape("Honeycomb", "honeycomb_api_key", "hcaik_",
          re.compile(r"(?<![A-Za-z0-9_])hcaik_(?=[a-z0-9]{0,57}\d)(?=[a-z0-9]{0,57}[a-z])"
                     r"[a-z0-9]{58}(?![A-Za-z0-9])")),
    # (wave 14) https://developer.1password.com/docs/service-accounts/ (a service account's
    # token: ops_ and a base64url JSON document, eyJ...)
    Shape("1Password", "onepassword_service_token", "ops_ey",
          re.compile(r"(?<![A-Za-z0-9_])ops_eyJ[A-Za-z0-9_\-+/=]{60,2000}")),
    # https://www.tencentcloud.com/document/product/598/34228 (SecretId: AKID and 32)
    Shape("Tencent Cloud", "tencent_secret_id", "AKID",
          re.compile(r"(?<![A-Za-z0-9])AKID[A-Za-z0-9]{32}(?![A-Za-z0-9])")),
    # https://www.mercadopago.com/developers/en/docs/your-integrations/credentials
    Shape("Mercado Pago", "mercadopago_access_token", "APP_USR-",
          re.compile(r"APP_USR-\d{10,20}-\d{6}-[a-f0-9]{32}-\d{6,12}")),
    # https://docs.mollie.com/reference/authentication (live_ and 30 letters and digits)
    Shape("Mollie", "mollie_live_key", "live_",
          re.compile(r"(?<![A-Za-z0-9_])live_(?=[A-Za-z0-9]{0,29}\d)(?=[A-Za-z0-9]{0,29}[A-Z])"
                     r"(?=[A-Za-z0-9]{0,29}[a-z])[A-Za-z0-9]{30}"
                     r"(?![A-Za-z0-9_])")),
    # https://firebase.google.com/docs/cloud-messaging/auth-server (legacy server key:
    # AAAA, 7 characters, ":" and the key, APA91b...)
    Shape("Firebase Cloud Messaging", "fcm_legacy_server_key", ":APA91b",
          re.compile(r"AAAA[A-Za-z0-9_\-]{7}:APA91b[A-Za-z0-9_\-]{120,160}")),
    # https://yandex.cloud/en/docs/iam/concepts/authorization/iam-token (t1. then two parts)
    Shape("Yandex Cloud", "yandex_iam_token", "t1.",
          re.compile(r"(?<![A-Za-z0-9])t1\.[A-Za-z0-9_\-]+={0,2}\.[A-Za-z0-9_\-]{86}={0,2}")),
    # https://docs.midtrans.com/docs/access-keys
    Shape("Midtrans", "midtrans_server_key", "Mid-server-",
          re.compile(r"(?:SB-)?Mid-server-[A-Za-z0-9_\-]{24}")),
    # https://docs.xendit.co/api-reference/#authentication
    Shape("Xendit", "xendit_secret_key", "xnd_",
          re.compile(r"xnd_(?:production|development)_[A-Za-z0-9]{40,80}")),
    # https://developers.linear.app/docs/graphql/working-with-the-graphql-api
    Shape("Linear", "linear_key", "lin_api_", re.compile(r"lin_api_[A-Za-z0-9]{40}")),
    # https://replicate.com/docs/topics/security/api-tokens
    Shape("Replicate", "replicate_token", "r8_",
          re.compile(r"(?<![A-Za-z0-9_])r8_[A-Za-z0-9]{37}(?![A-Za-z0-9])")),
    # https://console.groq.com/docs/quickstart
    Shape("Groq", "groq_key", "gsk_", re.compile(r"(?<![A-Za-z0-9_])gsk_[A-Za-z0-9]{52}")),
    # https://docs.perplexity.ai/guides/getting-started
    Shape("Perplexity", "perplexity_key", "pplx-", re.compile(r"pplx-[A-Za-z0-9]{48}")),
    # https://render.com/docs/api
    Shape("Render", "render_key", "rnd_",
          re.compile(r"(?<![A-Za-z0-9_])rnd_[A-Za-z0-9]{32}(?![A-Za-z0-9])")),
    # https://documentation.onesignal.com/docs/keys-and-ids
    Shape("OneSignal", "onesignal_api_key", "os_v2_app_",
          re.compile(r"os_v2_app_[a-z0-9]{100,120}")),
    # (wave 9b) https://developer.paypal.com/braintree/docs/guides/extend/oauth/access-tokens
    # and Braintree's SDK "access token" credentials: access_token$<environment>$<merchant
    # id>$<32 hexadecimal digits> (the kind's name does not repeat "access_token": the
    # placeholder would keep a piece of the value's fixed opening)
    Shape("Braintree", "braintree_token", "access_token$",
          re.compile(r"access_token\$(?:production|sandbox|development|qa)\$[a-z0-9]{8,32}"
                     r"\$[a-f0-9]{32}(?![A-Za-z0-9])")),
    # (wave 9b) https://www.kaggle.com/docs/api#authentication: kaggle.json is
    # {"username":"...","key":"..."}, the key 32 hexadecimal digits (only the key is
    # redacted; "key" alone never names a credential)
    Shape("Kaggle", "kaggle_key", '"username"',
          re.compile(r'\\?"username\\?"\s*:\s*\\?"[A-Za-z0-9_.\-]{1,64}\\?"\s*,\s*'
                     r'\\?"key\\?"\s*:\s*\\?"(?P<v>[0-9a-f]{32})\\?"')),
    # (wave 9b) the same pair as the API's basic authentication takes it (username, then
    # the key: "user:key" or "user / key"), on a line that says Kaggle and credentials
    Shape("Kaggle", "kaggle_key", "kaggle",
          re.compile(r"(?i:kaggle)\b[^\n]{0,80}?\b(?i:creds?|credentials?|api|token|login)\b"
                     r"[^\n]{0,60}?(?<![\w.\-])(?!(?i:md5|sha\d*|hash|etag|checksum|digest|"
                     r"commit|id|crc32)\b)[A-Za-z0-9_.\-]{2,40}\s?[/:]\s?"
                     r"(?P<v>[0-9a-f]{32})(?![0-9A-Za-z])")),
)


# -- URLs whose path segment or query parameter is the credential ---------------------------
_SEG = r"[A-Za-z0-9_\-.~]"
#: URLs whose group ``v`` is the credential
URLS: tuple[Shape, ...] = (
    # https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot (the hook's token
    # is the last path segment); Lark: https://open.larksuite.com/document/client-docs/bot-v3
    Shape("Feishu / Lark", "webhook_feishu", "/open-apis/bot/",
        re.compile(rf"open\.(?:feishu\.cn|larksuite\.com|larkoffice\.com)/open-apis/bot/"
                   rf"v2/hook/(?P<v>{_SEG}{{16,80}})")),
    # https://developer.work.weixin.qq.com/document/path/91770 (the robot's key= parameter)
    Shape("WeCom", "webhook_wecom", "qyapi.weixin.qq.com",
        re.compile(rf"qyapi\.weixin\.qq\.com/cgi-bin/webhook/send\?(?:[^\s#]*&)?key="
                   rf"(?P<v>{_SEG}{{16,80}})")),
    # https://open.dingtalk.com/document/robots/custom-robot-access (access_token=, 64 hex)
    Shape("DingTalk", "webhook_dingtalk", "oapi.dingtalk.com",
        re.compile(r"oapi\.dingtalk\.com/robot/send\?(?:[^\s#]*&)?access_token="
                   r"(?P<v>[A-Za-z0-9]{32,80})")),
    # https://developers.google.com/workspace/chat/quickstart/webhooks (key= and token=)
    Shape("Google Chat", "webhook_google_chat", "chat.googleapis.com",
        re.compile(r"chat\.googleapis\.com/v1/spaces/[^/\s]+/messages\?[^\s#]*?token="
                   r"(?P<v>[A-Za-z0-9_\-%]{20,120})")),
    # https://developers.mattermost.com/integrate/webhooks/incoming/ (/hooks/ and a 26-
    # character id of lowercase letters and digits)
    Shape("Mattermost", "webhook_mattermost", "/hooks/",
        re.compile(r"https?://[^\s/]+/hooks/(?P<v>(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{26})"
                   r"(?![A-Za-z0-9/])")),
    # https://docs.rocket.chat/use-rocket.chat/workspace-administration/integrations
    # (/hooks/, the integration's 17-character id, "/" and its token)
    Shape("Rocket.Chat", "webhook_rocketchat", "/hooks/",
        re.compile(r"https?://[^\s/]+/hooks/[A-Za-z0-9]{17}/(?P<v>[A-Za-z0-9]{24,64})")),
    # https://developer.webex.com/docs/api/v1/webhooks (incoming webhooks)
    Shape("Webex", "webhook_webex", "webexapis.com",
        re.compile(r"webexapis\.com/v1/webhooks/incoming/(?P<v>[A-Za-z0-9_\-]{40,200})")),
    # https://help.zapier.com/hc/en-us/articles/8496288690317 (catch hooks)
    Shape("Zapier", "webhook_zapier", "hooks.zapier.com",
        re.compile(r"hooks\.zapier\.com/hooks/catch/\d+/(?P<v>[a-z0-9]{6,20})")),
    # https://ifttt.com/maker_webhooks (.../with/key/KEY)
    Shape("IFTTT", "webhook_ifttt", "maker.ifttt.com",
        re.compile(r"maker\.ifttt\.com/(?:trigger/[^/\s]+/(?:json/)?)?with/key/"
                   r"(?P<v>[A-Za-z0-9_\-]{16,64})")),
    # https://partner.steamgames.com/doc/webapi_overview/auth (key= on api.steampowered.com)
    Shape("Steam", "steam_web_api_key", "steampowered.com",
        re.compile(r"steampowered\.com/[^\s]*?[?&]key=(?P<v>[0-9A-Fa-f]{32})")),
    # https://core.telegram.org/bots/api#making-requests (the token after /bot in a URL;
    # a file URL has /file/bot<token>)
    Shape("Telegram", "telegram_token", "api.telegram.org",
        re.compile(r"api\.telegram\.org/(?:file/)?bot(?P<v>\d{6,12}:[A-Za-z0-9_\-]{30,40})")),
    # (wave 14) https://thingsboard.io/docs/reference/http-api/ (a device's access token is
    # the path segment after /api/v1/: .../api/v1/$ACCESS_TOKEN/telemetry, /attributes,
    # /rpc, /claim)
    Shape("ThingsBoard", "thingsboard_device_token", "/api/v1/",
        re.compile(r"/api/v1/(?P<v>(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*[A-Z])"
                   r"[A-Za-z0-9]{16,64})/(?:telemetry|attributes|rpc|claim)\b")),
    # https://learn.microsoft.com/en-us/azure/event-grid/ , Azure Functions' function keys
    # (https://learn.microsoft.com/en-us/azure/azure-functions/function-keys-how-to: code=)
    Shape("Azure Functions", "azure_function_key", ".azurewebsites.net",
        re.compile(r"\.azurewebsites\.net/api/[^\s?]*\?(?:[^\s#]*&)?code="
                   r"(?P<v>[A-Za-z0-9_\-]{40,80}={0,2})")),
)

# -- the gates --------------------------------------------------------------------------------
_SEPARATORS = ("", "_", "-", ".")


def _spellings(name: str) -> set[str]:
    """The ways a documented name is written in a text, lowercased (``SecretKey``,
    ``secret_key``, ``secret-key``, ``SECRET.KEY``): the needles of its row."""
    parts = [p for p in re.split(r"[_\-.]|(?<=[a-z0-9])(?=[A-Z])", name) if p]
    return {sep.join(p.lower() for p in parts) for sep in _SEPARATORS}


#: every needle of the tables, the cookies' and the configs' rules in one automaton: a
#: text is read once (lowercased) and only the rows whose words it holds run
_ROWS: list[tuple[str, tuple[str, int]]] = [
    *((spelling, ("name", i)) for i, row in enumerate(NAMED) for name in row.names
      for spelling in sorted(_spellings(name)) if len(spelling) >= 4),
    *((row.needle.lower(), ("shape", i)) for i, row in enumerate(SHAPES)),
    *((row.needle.lower(), ("url", i)) for i, row in enumerate(URLS)),
    *((needle, ("cookies", 0)) for needle in COOKIE_NEEDLES),
    *((needle, ("configs", 0)) for needle in CONFIG_NEEDLES),
]
#: each row's names normalised (letters and digits), longest first
_NORMED = tuple(tuple(sorted({_norm(n) for n in row.names}, key=len, reverse=True))
                for row in NAMED)
_VALUES = tuple(re.compile(row.value) for row in NAMED)
#: each row's scope words as one pattern (a word's start: "obs" is not "observe"'s)
_SCOPES = tuple(re.compile("(?<![a-z])(?:" + "|".join(map(re.escape, row.scope)) + ")")
                for row in NAMED)

#: a name as code and configs write it (an identifier, dotted or dashed)
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]{1,80}")
#: after a name: its value (``NAME=value``, ``"name": "value"``, ``name: value``, ``NAME
#: "value"`` as ``#define`` writes it, ``("NAME", "value")``, a default after JavaScript's
#: ``??`` or ``||``: ``process.env.NAME ?? "value"``), quotes escaped or not
_VALUE_AFTER = re.compile(
    r"(?:\\?[\"'`\]]){0,3}"
    r"(?:\s*(?::=|=>|=|:|,|\?\?|\|\|)\s*|[ \t]+(?=\\?[\"'`]))"
    r"(?:\\?[\"'`]|\[\s*\\?[\"'`])?"
    r"(?P<value>[A-Za-z0-9_\-.~+/=:%@#&!]{8,1200})")


def _classes_fit(value: str, shape: str) -> bool:
    """Whether a value of a random alphabet shows it: letters and digits both (a random
    value of 16 or more characters lacks either by odds of one in hundreds)."""
    core = value.split("_")[-1] if shape.startswith(("(?:live", "sk_", "os_")) else value
    return any(c.isdigit() for c in core) and any(c.isalpha() for c in core)


def _decodes(value: str, shape: str) -> bool:
    """A shape of base64 of a fixed length: the value decodes."""
    if shape not in (_B64_32, _B64_64):
        return True
    try:
        base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return False
    return True


def _trim(value: str) -> str:
    value = value.rstrip("\\\"'`,;)]}.")
    return value


#: the separators a name as :data:`_NAME` matches may hold (:func:`_norm` drops them)
_DROP_SEPARATORS = str.maketrans("", "", "_.-")


def named_values(text: str, rows: list[int], low: str | None = None) -> Iterator[Decision]:
    """The values given to a provider's documented secret names (``rows``: of
    :data:`NAMED`, those whose names the text holds; ``low``: the text lowercased, if the
    caller has it)."""
    # a name a row knows ends, normalised, with one of the row's normalised names; a name
    # is a run of ASCII letters, digits and ``_.-``, so normalised it is a run of the text
    # lowercased without those three: a text where none of the rows' names is such a run
    # holds no name a row knows (most texts with a secret-like word: no name is asked)
    squeezed = (text.lower() if low is None else low).translate(_DROP_SEPARATORS)
    names = (_NAME.finditer(text)
             if any(n in squeezed for i in rows for n in _NORMED[i]) else ())
    for name in names:
        key = _norm(name.group())
        m = _VALUE_AFTER.match(text, name.end()) if key else None
        if m is not None:
            found = _named(text, rows, name.group(), name.start(), _trim(m.group("value")),
                           m.start("value"))
            if found is not None:
                yield found
    for variable, start, end in tf_variables(text):
        found = _named(text, rows, variable, start, text[start:end], start)
        if found is not None:
            yield found


def _named(text: str, rows: list[int], name: str, name_start: int, value: str,
           start: int) -> Decision | None:
    """The decision on ``value`` given to ``name`` by the first row that knows the name
    and the value's shape, or None."""
    key = _norm(name)
    for i in rows:
        row = NAMED[i]
        if not any(key.endswith(n) for n in _NORMED[i]):
            continue
        if row.scope and not _in_scope(text, name_start, key, _SCOPES[i]):
            continue
        if not (_VALUES[i].fullmatch(value) and _classes_fit(value, row.value)
                and _decodes(value, row.value)):
            continue
        return decide(row.kind, start, start + len(value), placeholder(value),
                      f"a value of {row.provider}'s documented shape given to its "
                      f"documented secret name {name[:40]!r}")
    return None


def _in_scope(text: str, start: int, key: str, scope: re.Pattern[str]) -> bool:
    """Whether the key's name, its line or the 200 characters before say the provider."""
    if scope.search(key):
        return True
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    window = text[max(0, line_start - 200):len(text) if line_end < 0 else line_end]
    return scope.search(window.lower()) is not None


#: rows whose value is documented as a fixed number of letters and digits (20 or more):
#: such a value on a line that names the provider is its secret ("| Razorpay | `...` |",
#: "here's the Alibaba Cloud one: ..."); a row's words are its scope or its provider's
#: first word
_FIXED = re.compile(r"\[A-Za-z0-9\]\{(\d+)\}")
_MENTIONED = tuple((i, int(m.group(1))) for i, row in enumerate(NAMED)
                   if (m := _FIXED.fullmatch(row.value)) and int(m.group(1)) >= 20)
_ROWS.extend((word, ("mention", i)) for i, _ in _MENTIONED
             for word in (NAMED[i].scope or (NAMED[i].provider.split()[0].lower(),))
             if len(word) >= 4)
_GATE = Needles(_ROWS)
_LENGTH = dict(_MENTIONED)
_RANDOM_RUN = re.compile(r"(?<![A-Za-z0-9_\-./+=%@:])(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[a-z])"
                         r"(?=[A-Za-z0-9]*[A-Z])[A-Za-z0-9]{20,64}(?![A-Za-z0-9_\-./+=@])")


def mentioned_values(text: str, low: str, rows: list[int]) -> Iterator[Decision]:
    """A value of a provider's documented length (letters, digits, both cases) after the
    provider's name on its line."""
    for m in _RANDOM_RUN.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        before = low[line_start:m.start()]
        for i in rows:
            row = NAMED[i]
            words = row.scope or (row.provider.split()[0].lower(),)
            if len(m.group()) == _LENGTH[i] and any(w in before for w in words):
                yield decide(row.kind, m.start(), m.end(), placeholder(m.group()),
                             f"{_LENGTH[i]} letters and digits of both cases, {row.provider}'s "
                             "documented secret length, after its name on the line")
                break


def shaped_values(text: str, rows: list[int]) -> Iterator[Decision]:
    """Values whose documented prefix and body say what they are."""
    for i in rows:
        row = SHAPES[i]
        for m in row.pattern.finditer(text):
            group = "v" if "v" in row.pattern.groupindex else 0
            yield decide(row.kind, m.start(group), m.end(group), None,
                         f"{row.provider}'s documented format")


def url_credentials(text: str, rows: list[int]) -> Iterator[Decision]:
    """The credential in a URL whose documented shape holds one in its path or query."""
    for i in rows:
        row = URLS[i]
        for m in row.pattern.finditer(text):
            value = m.group("v")
            yield decide(row.kind, m.start("v"), m.end("v"), placeholder(value),
                         f"the credential of a {row.provider} URL (its documented shape "
                         "puts it in the path or the query)")


#: the words that open this module's tables: ``(word, (table, row))``, for a caller that
#: looks for them in one pass with its own (:func:`provider_values`'s ``found``)
GATE_ROWS: tuple[tuple[str, tuple[str, int]], ...] = tuple(_ROWS)
#: the tables those rows name
GATE_TABLES = frozenset(table for _, (table, _) in _ROWS)


def provider_values(text: str, low: str, found: list[tuple[str, int]] | None = None
                    ) -> Iterator[Decision]:
    """Every decision of the three tables, of :mod:`.cookies` and of :mod:`.configs`, each
    table's rows run only when the text holds one of their words (one pass; ``found``: the
    rows of :data:`GATE_ROWS` whose word ``low`` holds, when the caller looked already)."""
    opened: dict[str, list[int]] = {}
    for table, i in _GATE.found(low) if found is None else found:
        opened.setdefault(table, []).append(i)
    if not opened:
        return
    if "name" in opened:
        yield from named_values(text, sorted(set(opened["name"])), low)
    if "mention" in opened:
        yield from mentioned_values(text, low, sorted(set(opened["mention"])))
    if "shape" in opened:
        yield from shaped_values(text, sorted(set(opened["shape"])))
    if "url" in opened:
        yield from url_credentials(text, sorted(set(opened["url"])))
    if "cookies" in opened:
        yield from cookies(text, low)
    if "configs" in opened:
        yield from config_passwords(text)
