"""The hooks a plugin can implement. Each provider hook returns a list of provider classes (see
esign.providers.base); the service gathers them from every plugin, builtins included, and picks
one per kind by the `provider` name in config. Each hook is called once when the service starts
(esign.plugins); the chosen class is then checked: its base class (capability), its
`contract_version` against esign.providers.base.CONTRACT_VERSION, its abstract methods and its
declared `options`.

Every hook takes no arguments and returns classes, not instances. Two providers of one kind with the
same `identifier` (a plugin reusing a builtin's name or another plugin's) stop start-up, naming both,
whichever one the config chooses; so do a class without `identifier` and a chosen class that fails
one of the checks above. docs/plugin-reference.md is generated from these docstrings
(esign.plugin_reference)."""
import pluggy

hookspec = pluggy.HookspecMarker("esign")
hookimpl = pluggy.HookimplMarker("esign")


@hookspec
def esign_blob_storages():
    """Called once at start-up while providers are gathered.

    Returns a list of `esign.providers.base.BlobStorage` subclasses, each with a unique
    `identifier` (the `[storage] provider` name). Must not do I/O; raising stops start-up.

    The chosen provider's settings are the `[storage]` section, where esign's own key is `provider`
    (the builtin `local` declares its `path` as an option like any vendor).
    """


@hookspec
def esign_email_providers():
    """Called once at start-up while providers are gathered.

    Returns a list of `esign.providers.base.EmailProvider` subclasses, each with a unique
    `identifier` (the `[email] provider` name). Must not do I/O; raising stops start-up.

    The chosen provider's settings are the `[email]` section beside esign's own keys there
    (`provider`, `from`, `attach_max_mb`, `copy_wait_minutes`, the `bounce_*` keys); the builtin
    `maildir` declares its `path`.
    """


@hookspec
def esign_sms_providers():
    """Called once at start-up while providers are gathered.

    Returns a list of `esign.providers.base.SmsProvider` subclasses (esign makes and checks the
    codes) or `esign.providers.base.CodeCheckingSmsProvider` subclasses (the service makes and
    checks them); the `[sms] provider` name is their `identifier`. Must not do I/O; raising stops
    start-up.
    """


@hookspec
def esign_identity_providers():
    """Called once at start-up while providers are gathered.

    Returns a list of identity provider classes (the `[identity] provider` name is their
    `identifier`). Must not do I/O; raising stops start-up.

    Each subclasses one of the two flows: `esign.providers.base.FormIdentityProvider` (esign calls
    `verify(signer, submitted)` with what the signer typed) or
    `esign.providers.base.RedirectIdentityProvider` (esign calls `start_session(signer, return_url)`, sends the signer to the vendor,
    and takes the result from the vendor's webhook at `POST /identity/webhooks/<identifier>`
    through `verify_webhook(headers, raw_body)`, or from `fetch_result(reference)` when the webhook is
    late). Results are `IdentityResult`s normalised to approved / rejected / review / pending /
    abandoned. See docs/plugins-identity.md.
    """


@hookspec
def esign_signing_levels():
    """Called once at start-up while providers are gathered.

    Returns a list of `esign.providers.base.SigningLevelProvider` subclasses, each with a unique
    `identifier` (its name) and the `level` it implements (`qes`). `[signing] qes_provider` names
    the one used; its settings come from the `[plugins.<identifier>]` table, checked against its
    `options`; every `[plugins.<name>]` table must belong to an installed signing-level provider.
    Without one, `qes` requests are refused (403 plan_restricted). Must not do I/O; raising stops
    start-up.

    The provider's `sign(pdf, context)` is called by the finalisation job once per signer, in the
    request's signer order, with the stamped document (audit certificate appended) or the previous
    call's output, and must return that input with one incremental signature appended (the result
    starts with the input's bytes); the service's seal is applied last, over the whole file. See
    `SigningLevelProvider.sign` for the context and the errors.
    """


@hookspec
def esign_geoip_providers():
    """Called once at start-up while providers are gathered.

    Returns a list of `esign.providers.base.GeoIPProvider` subclasses (the `[geoip] provider` name
    is their `identifier`; builtins: `none`, `maxmind`). The chosen provider's `lookup(ip)` places
    the IP address of every audit event a person causes. Must not do I/O; raising stops start-up.
    """


@hookspec
def esign_console_sign_in_options():
    """Called by the staff console's sign-in page (`/console/sign-in`) each time it is shown.

    Returns a list of extra ways to sign in, each a dict with `label` (the button's text) and `url`
    (where the button leads: a plugin's own route that starts, say, an OpenID Connect sign-in and
    ends by creating a console session). The page shows them as links beside the email form, in the
    order the plugins return them. Must not do I/O; an empty list (or no implementation) shows none.
    """
