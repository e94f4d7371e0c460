/** Settings and environments (main/services/settings.ts, appCore.ts, gateway/environments.ts). */
export const settings = {
  /** An environment named inside a sentence. */
  env: { sandbox: 'sandbox', test: 'test', production: 'production', custom: 'custom' },
  sandboxNotRunning: 'The embedded sandbox is not running',
  baseUrlUserinfo:
    'The base URL must not contain a user name or password (user:password@): the API user and password are kept in the OS keychain; enter them in the credential fields',
  baseUrlUserinfoOf:
    'The base URL must not contain a user name or password (user:password@): the API user and password are kept in the OS keychain; enter them in the credential fields (the {{environment}} environment)',
  baseUrlHadUserinfo:
    'The saved base URL contained a user name or password (user:password@), which is no longer accepted: it is shown and used without them; check it and save the connection again to remove them from the settings file, and keep the API user and password in the credential fields (the password goes to the OS keychain)',
  baseUrlQuery:
    'The base URL must not contain a query (?…) or a fragment (#…): a base URL is shown, logged and kept in the settings file, where a password or token must never be; enter credentials in the credential fields (the password or token goes to the OS keychain)',
  baseUrlQueryOf:
    'The base URL must not contain a query (?…) or a fragment (#…): a base URL is shown, logged and kept in the settings file, where a password or token must never be; enter credentials in the credential fields (the {{environment}} environment)',
  baseUrlHadQuery:
    'The saved base URL contained a query (?…) or a fragment (#…), which is no longer accepted: it is shown and used without them; check it and save the connection again to remove them from the settings file, and keep the API password or token in the credential fields (it goes to the OS keychain)',
  noBaseUrl: 'No base URL is configured for the {{environment}} environment',
  notAUrl: 'The {{environment}} base URL is not a URL: {{url}}',
  httpsOnly: 'The {{environment}} environment must use HTTPS, not {{protocol}}',
  unsupportedProtocol: 'Unsupported protocol {{protocol}}',
  invalidSettings: 'Invalid settings: {{fields}}',
  idleMinutes: 'The idle time before a desk locks is a whole number of minutes from {{min}} to {{max}}',
  invalidConnection: 'Invalid connection: {{fields}}',
  sandboxCredentials: "The sandbox's credentials are fixed and public; nothing to store",
  noEnvironmentOpen: 'No environment is open',
  noToken: 'No API token is set for {{environment}}',
  noPassword: 'The API user and password for {{environment}} are not both set',
  signatureNoKey: '{{environment}} requires signed requests and no signing key is active',
  keyActiveBut: 'The key is active, but {{environment}} cannot be used until this is fixed:',
  savedBut: 'Saved, but {{environment}} cannot be used until this is fixed:',
  keychainLocked: 'its credentials are kept in the OS keychain, which is locked',
  keychainUnusable: 'its credentials are kept in the OS keychain, which cannot be used now',
  connected: 'Connected: the gateway answered',
  credentialsAccepted: 'Connected: the gateway accepted the credentials',
  /** The team database this desk is pointed at (main/services/teamDatabaseSettings.ts, store/postgres/teamConnection.ts). */
  team: {
    noTeamToMoveTo: 'This desk uses no team database now: there is none to move its records to. Save one above first.',
    /** A connection test that connected: the server, then its schema, then what this user may not do there. */
    connected: 'Connected to {{database}}: PostgreSQL {{version}}, {{encryption}}.',
    encrypted: 'encrypted (TLS)',
    notEncrypted: 'not encrypted',
    schemaEmpty: "It has none of the app's tables yet: the first desk to use it makes them.",
    schemaCurrent: "Its tables are this version's (schema {{version}}).",
    schemaOlder:
      'Its tables are of an older version (schema {{version}}; this one knows up to {{latest}}): this desk brings them up to date when it starts using it, and desks still on the older version then refuse it until they are updated.',
    schemaNewer:
      'Its tables were made by a newer version of the app (schema {{version}}; this one knows up to {{latest}}): update the app on this desk before using it.',
    cannotCreate: "This user may not create tables there, which the app must do: make it the database's owner (docs/team.md).",
    /** A saved change this desk could not start using: it goes on with what it used before. */
    savedNotApplied: 'Saved, but not in use yet (this desk goes on as before until the settings are saved again or the app starts again):',
    input: {
      host: 'must be a host name or an IP address, without a scheme, port or path',
      port: 'must be a whole number from 1 to 65535',
      database: 'must be a database name of 1 to 63 bytes, without control characters',
      user: 'must be a user name of 1 to 63 bytes, without control characters',
      tlsMode: 'must be one of: disable, require, verify-full',
      caPem: 'must be one or more PEM certificates (-----BEGIN CERTIFICATE-----) and nothing else',
      caUnreadable: 'holds a certificate that cannot be read',
      caTooBig: 'must be at most 64 KiB',
    },
  },
  /** Currencies and per-charge maximums (main/services/chargeLimits.ts). */
  /** The contract's own refusals of a settings input. */
  input: {
    language: 'must be a two-letter language code',
    nothingToChange: 'name at least one setting to change',
    secretEmpty: 'must not be empty',
    gatewayRate: 'must be a whole number of requests per second from 1 to {{max}}, or empty (or 0) if not known',
    currencyTwice: 'must not name a currency twice',
  },
} as const;
