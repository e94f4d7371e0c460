/** Settings: the environment, the gateway connections, the developer console, currencies and maximums. */
export const settings = {
  title: 'Settings',
  loading: 'Loading settings…',
  keychain: 'OS keychain',
  // The sections of Settings, one shown at a time.
  sections: {
    label: 'Settings sections',
    general: 'General',
    test: 'Test environment',
    production: 'Production',
    custom: 'Custom address',
    limits: 'Currencies and limits',
    team: 'Team database',
  },
  // The environments as the selector and the sentences about switching name them.
  environment: {
    sandbox: 'Sandbox (built in, no real money)',
    test: 'Gateway test environment',
    production: 'Production (real money)',
    custom: 'Custom address',
  },
  general: {
    title: 'Environment',
    workIn: 'Work in',
    checking: 'Checking…',
    check: 'Check connection',
    nowWorkingIn: 'Now working in {{environment}}',
    refused: 'Not switched to {{environment}}: {{reason}} Still working in {{current}}.',
    checked: '{{environment}}: {{message}}',
    confirmTitle: 'Switch to {{environment}}?',
    switchEnvironment: 'Switch environment',
    confirmWhat: 'Look-ups, charges and refunds will go to {{next}} instead of {{current}}; a batch look-up still running is cancelled.',
    cancel: 'Cancel',
    switching: 'Switching…',
    switchToProduction: 'Switch to production',
    switch: 'Switch',
    // Where the language and theme are: one control each, in the top bar, for every person.
    preferencesWhere:
      'Your language and theme are in the top bar, each person’s own; the language is also that of the gateway’s messages (decline reasons, errors).',
  },
  // How long a desk may sit idle before it locks: the administrator's, at most 15 minutes (PCI DSS 8.2.8).
  idle: {
    title: 'Locking when idle',
    label: 'Lock after (minutes idle)',
    hint: 'Whole minutes, from {{min}} to {{max}}: {{max}} is the most, as PCI DSS asks. For everyone who signs in, at every desk of the team in team mode. What was typed stays under the lock.',
    whole: 'Whole minutes only, from {{min}} to {{max}}',
    range: 'From {{min}} to {{max}} minutes: PCI DSS asks for {{max}} at most',
    save: 'Save',
    saving: 'Saving…',
    saved_one: 'A desk now locks after {{count}} minute idle',
    saved_other: 'A desk now locks after {{count}} minutes idle',
  },
  connection: {
    inUse: 'in use',
    // What one save did: the connection always, the typed secret when one was typed.
    saved: {
      password: '{{environment}}: connection and API password saved',
      token: '{{environment}}: connection and API token saved',
    },
    savedKept: {
      password: '{{environment}}: connection saved; the API password stays as it was',
      token: '{{environment}}: connection saved; the API token stays as it was',
    },
    savedWithout: {
      password: '{{environment}}: connection saved; no API password is set yet',
      token: '{{environment}}: connection saved; no API token is set yet',
    },
    secretNotStored: {
      password: '{{environment}}: connection saved, but the API password was not stored: {{reason}}',
      token: '{{environment}}: connection saved, but the API token was not stored: {{reason}}',
    },
    removed: {
      password: '{{environment}}: password removed from the keychain',
      token: '{{environment}}: token removed from the keychain',
    },
    baseUrl: 'Base URL',
    baseUrlPlaceholder: 'https://…',
    requestsGoTo: 'Requests go to {{url}}',
    signInWith: 'Sign in with',
    withPassword: 'API user and password',
    withToken: 'API token',
    userName: 'API user name',
    merchantLogin: 'Merchant login',
    signed: 'Requests must be signed (X-Hash and X-Signature)',
    gatewayRate: 'Requests per second the gateway allows',
    gatewayRateHint:
      'As the merchant’s contract or the gateway’s support says. The app keeps a little under it, so the gateway need not refuse; leave it empty if not known, and the app slows down only when the gateway refuses.',
    save: 'Save connection',
    secret: {
      password: 'API password',
      token: 'API token',
    },
    secretUnknown: 'Unknown: the OS keychain cannot be read now.',
    secretSet: 'Set: stored in the OS keychain. Type a new one to replace it, then save.',
    secretNotSet: 'Not set. Type it, then save.',
    remove: {
      password: 'Remove password',
      token: 'Remove token',
    },
  },
  // The team database this desk keeps its journals in (PostgreSQL), instead of its own file.
  team: {
    title: 'Team database',
    intro:
      'A team that works from several desks keeps its charge and operation journals in one PostgreSQL database, so that no card or order is charged twice from two desks. The embedded sandbox’s journals always stay in this desk’s own file.',
    inUse: {
      file: 'This desk keeps its journals in its own file.',
      settings: 'This desk keeps its journals in the team database {{database}}.',
      BACKOFFICE_DATABASE_URL:
        'This desk was started with BACKOFFICE_DATABASE_URL, which overrides these settings: it keeps its journals in {{database}}. What is saved here is used once the app starts without it.',
      startOption:
        'This desk was started on the team database {{database}}, which overrides these settings. What is saved here is used once the app starts without it.',
    },
    unreadable:
      'The team database settings kept on this desk cannot be read by this version of the app (a newer version saved them, or they are damaged): money actions wait until they are saved again here, or team mode is turned off.',
    appliesAtOnce:
      'A change saved here is used at once: the journals of the environment in use are reopened on it, and a batch of charges still running is cancelled.',
    host: 'Host',
    hostHint: 'A host name or an IP address',
    port: 'Port',
    database: 'Database',
    user: 'User',
    tlsMode: 'TLS',
    tls: {
      disable: 'disable: no TLS (only on a network you trust)',
      require: 'require: encrypted; the server’s certificate is not checked',
      'verify-full': 'verify-full: encrypted; the server’s certificate is checked against the CA and must name this host',
    },
    ca: 'CA certificate (PEM)',
    caHint: 'Optional: without it, the authorities this computer trusts check the certificate.',
    caRead: 'Read from {{name}}.',
    chooseCa: 'Choose a CA file…',
    password: 'Password',
    passwordKept: 'Kept in the OS keychain. Type a new one to replace it, then save.',
    passwordNotKept: 'None kept. Type it, then save; it goes to the OS keychain, never to this desk’s file.',
    passwordUnknown: 'Unknown: the OS keychain cannot be read now.',
    passwordFromEnvironment: 'PGPASSWORD is set where the app was started: it is used instead of the keychain’s.',
    test: 'Test connection',
    testing: 'Testing…',
    save: 'Save',
    saving: 'Saving…',
    saved: {
      settings: 'Team database saved: this desk now keeps its journals in {{database}}',
      overridden: 'Team database saved: it is used once the app starts without the database it was started on',
    },
    turnOff: 'Turn team mode off…',
    turnOffTitle: 'Turn team mode off?',
    turnOffWhat:
      'This desk’s charges and operations go back to its own file; the team’s journals stay in the database for the other desks, and the password is removed from the keychain.',
    turnOffConfirm: 'Turn team mode off',
    turningOff: 'Turning off…',
    turnedOff: 'Team mode turned off: this desk keeps its journals in its own file',
    move: 'Move this desk’s records to the team database…',
    moveTitle: 'Move this desk’s records to the team database?',
    moveWhat:
      'The charges and operations this desk kept in its own file (all but the sandbox’s), and its audit entries from before it joined, are copied to {{database}}, each keeping this desk’s name. Each row is copied once: moving again copies only what is new. A charge or operation whose outcome is not known yet stays until this desk has reconciled it in its own file. This desk’s file keeps its copy.',
    moveConfirm: 'Move records',
    moving: 'Moving…',
    moved:
      'Moved to the team database: charges {{charges}}, operations {{operations}}, audit entries {{audit}}. Already there from an earlier move: {{already}}.',
    movedKept_one:
      'Kept in this desk’s file only ({{count}} charge), since the team’s journal has another charge under its reference: {{list}}.',
    movedKept_other:
      'Kept in this desk’s file only ({{count}} charges), since the team’s journal has other charges under their references: {{list}}.',
    movedOpen_one:
      'Not moved ({{count}} row), since its outcome is not known yet: turn team mode off, and this desk reconciles it in its own file when the environment opens; then move again. {{list}}.',
    movedOpen_other:
      'Not moved ({{count}} rows), since their outcome is not known yet: turn team mode off, and this desk reconciles them in its own file when the environment opens; then move again. {{list}}.',
    cancel: 'Cancel',
  },
  console: {
    title: 'Developer console',
    what: "The built-in sandbox's own page: every request it received and what it answered, its orders, callbacks and clock, and faults to arm. It opens in a window of its own.",
    onlyAdministrator: 'Only an administrator can open the developer console.',
    onlySandbox: 'Available while the app works in the sandbox; it is working in {{environment}} now.',
    opening: 'Opening…',
    open: 'Open developer console',
  },
  limits: {
    // The environments by name, in the selector, the confirmation and the toasts.
    name: {
      sandbox: 'Sandbox',
      test: 'Test',
      production: 'Production',
      custom: 'Custom address',
    },
    // The environments as the sentences about one environment's currencies name them.
    inSentence: {
      sandbox: 'sandbox',
      test: 'test',
      production: 'production',
      custom: 'custom',
    },
    title: 'Currencies and per-charge maximums',
    intro:
      'Each environment has its own: a charge over the maximum of its environment and currency, or in a currency the environment does not accept, is refused before anything is sent.',
    environment: 'Environment',
    inUse: '{{name}} (in use)',
    loading: 'Loading…',
    sandboxCurrencies:
      'The sandbox says which currencies it accepts. Where no maximum is set here, it allows 10,000 in the currency’s major units (its money is simulated).',
    noCurrencies: 'No currencies are listed for {{environment}}, so nothing can be charged there.',
    caption: 'Per-charge maximums in {{environment}}',
    currency: 'Currency',
    maximum: 'Maximum per charge',
    newMaximum: 'New maximum',
    none: 'None: charges in it are refused',
    sandboxDefault: '{{amount}} (the sandbox’s default)',
    newMaximumIn: 'New maximum in {{currency}}',
    perCharge: '{{amount}} per charge',
    decimals_one: 'In {{currency}}, at most {{count}} decimals',
    decimals_other: 'In {{currency}}, at most {{count}} decimals',
    change: 'Change {{currency}} maximum…',
    set: 'Set {{currency}} maximum',
    changed: 'The per-charge maximum in {{currency}} in {{environment}} is now {{amount}}',
    confirmTitle: 'Change the {{currency}} maximum in {{environment}}',
    production: 'Production: real cards, real money',
    now: 'Now',
    minorUnits: '{{units}} minor units of {{currency}}',
    confirm: 'I confirm this change to production’s per-charge maximum in {{currency}}',
    nothingChanged: 'Nothing was changed: {{reason}}',
    cancel: 'Cancel',
    saving: 'Saving…',
    setTo: 'Set the {{currency}} maximum to {{amount}}',
    accepts: '{{environment}} accepts {{currencies}}',
    acceptsNone: '{{environment}} accepts no currency',
    currencies: 'Currencies {{environment}} accepts',
    currenciesHint:
      "ISO 4217 numeric codes as the merchant's contract lists them, e.g. 643, 840, 978. A currency taken off loses its maximum.",
    notACode: '“{{code}}” is not a three-digit ISO 4217 code',
    saveCurrencies: 'Save currencies',
    // Four-eyes approval: the amounts above which a second person approves.
    approval: {
      title: 'Approval by a second person',
      intro:
        'A refund, a manual charge, or a batch file whose charges together are above the threshold in their currency is not sent: it waits until another finance person or administrator approves it. Where none is set, nothing waits.',
      readOnly: 'Only an administrator changes these.',
      caption: 'Approval thresholds in {{environment}}',
      above: {
        refund: 'Approval above (refund)',
        charge: 'Approval above (charge)',
        batch: 'Approval above (batch total)',
      },
      action: {
        refund: 'Refunds',
        charge: 'Charges',
        batch: 'Batch totals',
      },
      none: 'None: no approval needed',
      newIn: {
        refund: 'New refund threshold in {{currency}}',
        charge: 'New charge threshold in {{currency}}',
        batch: 'New batch threshold in {{currency}}',
      },
      hint: 'Above {{amount}}, a second person approves',
      set: {
        refund: 'Set {{currency}} refund threshold',
        charge: 'Set {{currency}} charge threshold',
        batch: 'Set {{currency}} batch threshold',
      },
      remove: {
        refund: 'Remove {{currency}} refund threshold',
        charge: 'Remove {{currency}} charge threshold',
        batch: 'Remove {{currency}} batch threshold',
      },
      confirmTitle: {
        refund: 'Change the {{currency}} refund threshold in {{environment}}',
        charge: 'Change the {{currency}} charge threshold in {{environment}}',
        batch: 'Change the {{currency}} batch threshold in {{environment}}',
      },
      applies: 'Applies to',
      next: 'New threshold',
      confirm: 'I confirm this change to production’s approval threshold in {{currency}}',
      setTo: 'Set it to {{amount}}',
      removeIt: 'Remove it',
      changed: {
        refund: 'A refund in {{currency}} in {{environment}} now needs a second person above {{amount}}',
        charge: 'A charge in {{currency}} in {{environment}} now needs a second person above {{amount}}',
        batch: 'A batch file whose charges in {{currency}} in {{environment}} come to more than {{amount}} now needs a second person',
      },
      removed: {
        refund: 'A refund in {{currency}} in {{environment}} no longer needs a second person',
        charge: 'A charge in {{currency}} in {{environment}} no longer needs a second person',
        batch: 'A batch file in {{currency}} in {{environment}} no longer needs a second person, whatever its total',
      },
    },
  },
} as const;
