/** The installation's role profile (main/services/roleProfile.ts): refusals and why it is closed. */
export const roles = {
  role: { support: 'support', finance: 'finance', administrator: 'administrator' },
  seconds_one: '{{count}} second',
  seconds_other: '{{count}} seconds',
  minutes_one: '{{count}} minutes',
  minutes_other: '{{count}} minutes',
  noPassphrase: 'No passphrase is set: an administrator sets one before the profile can be {{role}}',
  notAdministrator: 'Only the administrator profile can set the passphrase',
  tooShort_one: 'The new passphrase must have at least {{count}} character',
  tooShort_other: 'The new passphrase must have at least {{count}} characters',
  currentNeeded: 'Enter the current passphrase to change it',
  missing:
    'A passphrase was set on this installation, but its role profile is not in the keychain (another keychain, or the entry was removed); support applies until it is back',
  damaged: 'The role profile in the keychain is damaged; remove its entry from the keychain to start again as an administrator',
  throttled_one: '{{count}} wrong passphrase in a row: the next attempt can be made in {{wait}}. Nothing was checked this time.',
  throttled_other: '{{count}} wrong passphrases in a row: the next attempt can be made in {{wait}}. Nothing was checked this time.',
  wrongPassphrase: 'That passphrase is not the right one; the profile stays {{role}}.',
  waitAfter_one: 'After {{count}} wrong ones in a row, the next attempt can be made in {{wait}}.',
  waitAfter_other: 'After {{count}} wrong ones in a row, the next attempt can be made in {{wait}}.',
  notReadYet: 'the role profile has not been read yet',
  noPassphraseUntilKeychain: 'No passphrase can be set until the keychain can be used.',
  /** The contract's own refusals of a role-profile input. */
  input: {
    passphrase: 'enter the passphrase',
    tooShort_one: 'must have at least {{count}} character',
    tooShort_other: 'must have at least {{count}} characters',
  },
} as const;
