/** The audit log workspace, in English. */
export const audit = {
  title: 'Audit',
  exportCsv: 'Export CSV',
  exported: 'Exported the audit log to {{name}}',
  filter: {
    label: 'Filter the audit log',
    action: 'Action',
    allActions: 'All actions',
    outcome: 'Outcome',
    allOutcomes: 'All outcomes',
    from: 'From',
    to: 'To',
    objectId: 'Object ID',
    objectPlaceholder: 'order ID, stored card, key…',
    person: 'Person',
    personPlaceholder: 'their login',
  },
  // The outcomes as the filter offers them.
  outcomes: {
    success: 'Success',
    failure: 'Failure',
    refused: 'Refused',
    unknown: 'Outcome unknown',
  },
  // The outcome of an entry, in its badge.
  outcome: {
    success: 'success',
    failure: 'failure',
    refused: 'refused',
    unknown: 'outcome unknown',
  },
  noEntries: 'No entries match.',
  // entries is the count as the locale writes it; count picks the plural form.
  entries_one: '{{entries}} entries',
  entries_other: '{{entries}} entries',
  entriesMore_one: '{{entries}} entries shown (the newest); the export has all that match',
  entriesMore_other: '{{entries}} entries shown (the newest); the export has all that match',
  table: {
    caption: 'Audit log, newest first',
    time: 'Time',
    user: 'Who',
    environment: 'Environment',
    action: 'Action',
    outcome: 'Outcome',
    what: 'What happened',
  },
  profile: '{{role}} role',
  atDesk: 'at desk {{desk}}',
  thisDeskOnly:
    'The team database cannot be reached: this is only what was done at this desk. The team’s log is shown again once it is back; the export waits for it.',
  profileNotRecorded: 'role not recorded',
  // The person signed in when an entry was recorded is named by their login; the OS user follows their role.
  personNotRecorded: 'no person recorded',
  osUser: 'OS user',
  role: {
    support: 'Support',
    finance: 'Finance',
    administrator: 'Administrator',
  },
  // The kind of object an entry names, before its ID under the words.
  objectType: {
    binding: 'stored card',
    channel: 'request',
    order: 'order',
    sandbox: 'sandbox',
    settings: 'setting',
    signingKey: 'signing key',
  },
  // The environment an entry was written in, as the log names it.
  environment: {
    sandbox: 'sandbox',
    test: 'test',
    production: 'production',
    custom: 'custom',
  },
} as const;
