"""(wave 18) The names of API providers whose keys have no prefix of their own.

Most APIs issue a bare value (32 hexadecimal digits, a UUID, 40 letters and digits) and
their documentation names it only by the product: "your OpenWeather API key (appid)", "the
Braze REST API key", "a NOAA CDO token", "the Copernicus CDS key". A value beside such a
name is a credential that no format finds. The table below is written from the providers'
own documentation pages (authentication / API keys / getting started), by sector, not from
any example: SaaS, marketing and customer engagement, feature flags, CMS, payments and
finance, communications, observability and devops, data and research, science and public
sector, health, maps and weather, AI, commerce and consumer platforms.

Each name is a lowercase needle found in the guard's one pass over the text
(:data:`ROWS`); a name must stand as a word (:func:`found_brands`). The rules that read a
value beside a name live in :mod:`.branded`.
"""

from __future__ import annotations

import re

_TABLE = """
# marketing, customer engagement, messaging platforms
braze appboy customer.io customerio iterable klaviyo mailchimp mandrill sendgrid mailgun
mailjet postmark sparkpost sendinblue brevo mailerlite convertkit activecampaign
 omnisend moosend getresponse aweber constantcontact hubspot marketo pardot eloqua
salesforce intercom zendesk freshdesk freshworks helpscout gorgias kustomer
onesignal airship urbanairship pushwoosh pusher ably pubnub sendbird getstream
twilio vonage nexmo plivo sinch telnyx messagebird bird.com clicksend textmagic
africastalking infobip esendex kaleyra msg91 termii whatsapp
# product analytics, attribution, ads and conversions APIs
 rudderstack mixpanel posthog pendo fullstory hotjar logrocket
smartlook mouseflow appsflyer kochava tiktok pinterest snapchat
facebook instagram linkedin twitter reddit criteo taboola outbrain impact.com
partnerstack rewardful tapfiliate everflow awin cj.com rakuten
# feature flags and experimentation
launchdarkly configcat flagsmith split.io splitio unleash optimizely growthbook statsig
devcycle flagd eppo
# headless CMS and content
contentful storyblok prismic strapi directus contentstack dato datocms hygraph
graphcms buttercms wordpress cosmicjs payloadcms
lokalise crowdin transifex smartling weglot deepl
# payments, finance and commerce
stripe braintree adyen paypal checkout.com mollie razorpay paystack flutterwave
plaid yodlee finicity truelayer gocardless transferwise revolut
coinbase binance bitstamp alpaca iexcloud finnhub alphavantage
quandl nasdaq tiingo twelvedata marketstack openexchangerates currencylayer
exchangerate avalara taxjar chargebee recurly paddle lemonsqueezy expensify brex
quickbooks xero freshbooks netsuite shopify bigcommerce woocommerce magento
# communications, video and voice
zoom agora daily.co vonage whereby mux vimeo wistia jwplayer cloudinary imgix uploadcare
filestack livekit 100ms twitch youtube spotify soundcloud deezer lastfm
# observability, security and devops
datadog newrelic honeycomb lightstep dynatrace appdynamics splunk sumologic
logdna mezmo loggly papertrail logz.io coralogix sentry rollbar bugsnag raygun airbrake
honeybadger pagerduty opsgenie victorops splunkoncall statuspage statuscake pingdom
uptimerobot betteruptime checkly runscope snyk sonarcloud codecov coveralls circleci
travis buildkite bitrise appveyor jfrog artifactory cloudsmith packagecloud
netlify vercel heroku fly.io digitalocean linode vultr hetzner scaleway
cloudflare fastly akamai backblaze wasabi
# data, search, AI and ML
algolia typesense meilisearch pinecone weaviate qdrant openai anthropic cohere
mistral groq together.ai replicate huggingface wandb neptune
clarifai assemblyai deepgram elevenlabs speechmatics labelbox roboflow
kaggle snowflake databricks bigquery fivetran airbyte hightouch dbt
# science, research, libraries and public sector data
noaa ncei ncdc nasa earthdata usgs copernicus ecmwf cds sentinelhub
planetlabs openweather openweathermap owm weatherapi tomorrow.io accuweather
visualcrossing meteomatics weatherbit aeris ambee openaq purpleair
benchling labguru quartzy elabftw senaite lims globus figshare zenodo dataverse
dryad osf orcid crossref datacite scopus elsevier sciencedirect springer wiley ieee
clarivate webofscience semanticscholar altmetric unpaywall pubmed ncbi
entrez europepmc ebsco proquest jstor alma exlibris koha worldcat
oclc libcal springshare blackboard moodle brightspace d2l schoology turnitin
bls data.gov regulations.gov openfec propublica socrata arcgis esri
mapbox here.com tomtom locationiq opencage geoapify positionstack
ipinfo ipstack ipgeolocation maxmind abstractapi
# health, identity verification, regulated industries
cerner athenahealth drchrono redox healthgorilla 1uphealth
veriff onfido jumio trulioo sumsub idnow socure middesk sardine
docusign hellosign pandadoc guidewire vertafore ivans acord applied-epic
openfda nih umls nhtsa sam.gov usaspending congress.gov openstates api.data.gov
companies-house hmrc eurostat worldbank oecd imf
# HR, legal, hospitality, gaming, IoT
  workday bamboohr gusto deel rippling personio checkr hireright
clio courtlistener pacer docketalarm unicourt
cloudbeds siteminder amadeus sabre duffel skyscanner expedia
tripadvisor yelp foursquare easypost shippo shipstation aftership shipengine flexport
steam steamworks playfab nakama discord telegram slack notion airtable
trello asana clickup monday.com jira confluence atlassian github gitlab bitbucket figma
miro calendly typeform jotform surveymonkey qualtrics
tuya blynk losant ubidots thingspeak particle.io arduino-cloud
"""

#: product names of two words or more (and generic words that name a product only so)
_PHRASES = ("new relic", "weights & biases", "sentinel hub", "google maps", "bing maps",
            "epic games", "dropbox sign", "adobe sign", "galaxy instance", "usegalaxy",
            "galaxy api", "galaxy key", "split sdk", "split server", "split.io",
            "the things network", "adafruit io", "box developer", "box api",
            "customer io", "open weather", "climate data store", "earth engine",
            "web of science", "semantic scholar", "companies house", "data.gov",
            "polygon.io", "checkout.com", "mx platform", "branch.io", "builder.io",
            "meta pixel", "meta conversions", "conversions api", "events api",
            "blackboard learn", "canvas lms", "canvas api", "folio okapi", "kit api",
            "scale ai", "scale api", "heap analytics", "front app", "front api",
            "segment write", "wise api", "render api", "railway token", "greenhouse harvest",
            "harness api", "lever api", "sanity token", "sanity api", "amplitude api",
            "census api", "fred api", "riot api", "photon app")

#: every provider's name, lowercased (a name of two words or more is kept as written; a
#: hyphen in the table stands for a space)
BRANDS: tuple[str, ...] = tuple(sorted({
    word.replace("-", " ") for line in _TABLE.splitlines()
    if line and not line.startswith("#") for word in line.split() if len(word) >= 3}
    | set(_PHRASES)))
#: the guard's one pass: ``(needle, ("brand", row))`` for each name
ROWS: tuple[tuple[str, tuple[str, int]], ...] = tuple(
    (name, ("brand", i)) for i, name in enumerate(BRANDS))
_WORD = re.compile(r"[a-z0-9]")


def found_brands(low: str, rows: list[int]) -> list[str]:
    """The names of :data:`BRANDS` (rows ``rows``, found by the guard's pass) that ``low``
    (lowercased text) holds as words (no letter or digit on either side; ``owm`` in
    ``owm =``, not in ``gowmore``)."""
    out: list[str] = []
    for name in (BRANDS[i] for i in rows):
        start = low.find(name)
        while start >= 0:
            end = start + len(name)
            if ((start == 0 or not _WORD.match(low[start - 1]))
                    and (end == len(low) or not _WORD.match(low[end]))):
                out.append(name)
                break
            start = low.find(name, start + 1)
    return out
