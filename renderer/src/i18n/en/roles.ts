/** The role profile: the top bar's button, the dialog that changes the profile, and the passphrase. */
export const roles = {
  label: {
    support: 'Support',
    finance: 'Finance',
    administrator: 'Administrator',
  },
  // What each profile may do, in the words the profile dialog uses.
  words: {
    support: 'Looks up orders, one at a time or in batches.',
    finance: 'Also charges, deposits, reversals and refunds, stored cards, the reconciliation report and the audit log.',
    administrator: 'Everything, including settings and credentials, signing keys and this passphrase.',
  },
  profile: 'Profile: {{role}}',
  unknown: 'unknown',
  dialogTitle: 'Role profile',
  current: 'This installation is on the <strong>{{role}}</strong> profile. {{words}}',
  problem: 'The role profile cannot be used now: {{problem}}',
  noPassphrase:
    'No passphrase is set yet, so this installation is an administrator’s. Set a passphrase below; then the profile can be changed to Support or Finance, and only the passphrase brings Administrator back.',
  openChangePassphrase: 'Change the passphrase…',
  close: 'Close',
  change: {
    title: 'Change the profile',
    profile: 'Profile',
    current: 'current',
    passphrase: 'Passphrase',
    passphraseHint: 'The passphrase an administrator set; it is needed from every profile.',
    checking: 'Checking…',
    switchTo: 'Switch to {{role}}',
  },
  passphrase: {
    changeTitle: 'Change the passphrase',
    changeButton: 'Change the passphrase',
    setTitle: 'Set the passphrase',
    setButton: 'Set the passphrase',
    current: 'Current passphrase',
    next: 'New passphrase',
    repeat: 'New passphrase again',
    differ: 'The two new passphrases differ',
    tooShort_one: 'At least {{count}} characters',
    tooShort_other: 'At least {{count}} characters',
    hint_one: 'At least {{count}} characters; a sentence is a good passphrase. Only a hash of it is kept, in the OS keychain.',
    hint_other: 'At least {{count}} characters; a sentence is a good passphrase. Only a hash of it is kept, in the OS keychain.',
    changed: 'The passphrase is changed.',
    set: 'The passphrase is set: the profile can now be changed.',
    saving: 'Saving…',
  },
} as const;
