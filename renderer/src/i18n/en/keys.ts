/** The signing keys workspace, in English. */
export const keys = {
  title: 'Signing keys',
  loading: 'Loading signing keys…',
  generateOpen: 'Generate key…',
  importOpen: 'Import key…',
  keychainProblem: 'A new key cannot be generated or imported now: its private key is kept in the OS keychain. {{problem}}',
  introSigned:
    'Keys of the {{environment}} environment. Requests here are signed with the active key (X-Hash and X-Signature). Private keys stay in the OS keychain.',
  introUnsigned:
    'Keys of the {{environment}} environment. Requests here are not signed: turn on "Requests must be signed" in Settings once the active key’s certificate is uploaded to the merchant portal. Private keys stay in the OS keychain.',
  // The environment a sentence names, as Settings names it.
  environment: {
    sandbox: 'sandbox',
    test: 'test',
    production: 'production',
    custom: 'custom',
  },
  none: 'No signing keys in {{environment}} yet.',
  countActive_one: '{{count}} key; one is active.',
  countActive_other: '{{count}} keys; one is active.',
  countNoneActive_one: '{{count}} key; none is active.',
  countNoneActive_other: '{{count}} keys; none is active.',
  notHere: 'Not usable on this desk',
  notHereHint:
    'Another desk of the team added this key, and its private key is in that desk’s keychain: import the same key pair here to sign with it from this desk.',
  state: {
    active: 'Active: signs requests',
    inactive: 'Inactive',
    retired: 'Retired',
  },
  expiry: {
    expired: 'Expired',
    today: 'Expires today',
    in_one: 'Expires in {{count}} day',
    in_other: 'Expires in {{count}} days',
    within_one: 'Within {{count}} days',
    within_other: 'Within {{count}} days',
  },
  table: {
    caption: 'Signing keys, newest first',
    subject: 'Subject',
    validFrom: 'Valid from',
    validUntil: 'Valid until',
    fingerprint: 'SHA-256 fingerprint',
    state: 'State',
    actions: 'Actions',
  },
  row: {
    copyFingerprint: 'fingerprint {{fingerprint}}',
    export: 'Export certificate',
    exportLabel: 'Export certificate {{fingerprint}}',
    activate: 'Activate…',
    activateLabel: 'Activate key {{fingerprint}}…',
    retire: 'Retire…',
    retireLabel: 'Retire key {{fingerprint}}…',
  },
  exported: 'Exported the certificate to {{name}}; upload it to the merchant portal',
  cancel: 'Cancel',
  generate: {
    title: 'Generate a signing key',
    intro:
      'A new RSA 2048 key with a self-signed certificate for the {{environment}} environment. The private key goes straight to the OS keychain; the key starts inactive.',
    merchantLogin: 'Merchant login (certificate subject)',
    merchantLoginFromSettings: 'From the environment’s connection settings',
    merchantLoginRequired: 'Required: the login the merchant portal knows you by',
    days: 'Validity in days',
    daysWhole: 'Whole days only',
    daysRange_one: 'From 1 to {{count}} days',
    daysRange_other: 'From 1 to {{count}} days',
    daysHint: 'From 1 to {{max}}',
    daysHintUntil: 'From 1 to {{max}}. Valid from now until {{until}}',
    submit: 'Generate key',
    pending: 'Generating…',
    done: 'Generated key {{fingerprint}} ({{subject}}); export its certificate for the merchant portal',
  },
  import: {
    title: 'Import a signing key',
    intro:
      'A 2048-bit RSA key and its certificate, for the {{environment}} environment. The private key goes to the OS keychain and is never shown again.',
    privateKey: 'Private key (PEM)',
    certificate: 'Certificate (PEM)',
    read: 'Read {{name}}',
    pasteOrChoose: 'Paste it, or choose the file',
    chooseKeyFile: 'Choose private key file…',
    chooseCertificateFile: 'Choose certificate file…',
    cleared: 'The private key field was cleared; paste or choose it again.',
    submit: 'Import key',
    pending: 'Importing…',
    done: 'Imported key {{fingerprint}} ({{subject}})',
  },
  confirm: {
    activateTitle: 'Activate signing key',
    retireTitle: 'Retire signing key',
    // <fp/> is the key's fingerprint, in full.
    key: 'Key <fp/> ({{subject}}), valid until {{until}}.',
    activateSigned: 'From now on every request in {{environment}} is signed with this key.',
    activateUnsigned:
      'This key becomes the one that signs in {{environment}}; requests there are signed once "Requests must be signed" is on in Settings.',
    replaces:
      'The key active now ({{fingerprint}}) becomes inactive and stays usable until it is retired. The gateway refuses the signatures unless this key’s certificate is uploaded to the merchant portal.',
    noneActive:
      'No other key is active. The gateway refuses the signatures unless this key’s certificate is uploaded to the merchant portal.',
    retireSummary:
      'This key will never sign again: its private key is deleted from the OS keychain. This cannot be undone; the certificate stays in the list.',
    pending: 'Working…',
    activate: 'Activate key {{fingerprint}}',
    retire: 'Retire key {{fingerprint}}',
    activated: 'Key {{fingerprint}} is active',
    retired: 'Key {{fingerprint}} is retired; its private key was deleted',
  },
  test: {
    title: 'Sign a test request',
    intro:
      'Signs the body below with the key’s private key from the keychain, as requests are signed, and verifies X-Hash and X-Signature with the key’s certificate, as the gateway does. Nothing is sent.',
    key: 'Key',
    option: '{{fingerprint}} · {{subject}}',
    optionActive: '{{fingerprint}} · {{subject}} · active',
    body: 'Request body',
    submit: 'Sign and verify',
    pending: 'Signing…',
    result: 'Test signature',
    resultBody: 'Body',
    // bytes is the count as the locale writes it; count picks the plural form.
    bytes_one: '{{bytes}} bytes (UTF-8)',
    bytes_other: '{{bytes}} bytes (UTF-8)',
  },
} as const;
