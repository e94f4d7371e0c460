/**
 * The role names, the waits after wrong passphrases, and the role profile an earlier version left
 * (main/services/legacyProfile.ts): why its passphrase cannot be checked or was refused.
 */
export const roles = {
  role: { support: 'support', finance: 'finance', administrator: 'administrator' },
  seconds_one: '{{count}} second',
  seconds_other: '{{count}} seconds',
  minutes_one: '{{count}} minutes',
  minutes_other: '{{count}} minutes',
  noPassphrase: 'No passphrase was set on this installation: there is no role profile to adopt',
  missing:
    'A passphrase was set on this installation, but its role profile is not in the keychain (another keychain, or the entry was removed); it can be adopted once the entry is back',
  damaged: 'The role profile in the keychain is damaged, so its passphrase cannot be checked',
  throttled_one: '{{count}} wrong passphrase in a row: the next attempt can be made in {{wait}}. Nothing was checked this time.',
  throttled_other: '{{count}} wrong passphrases in a row: the next attempt can be made in {{wait}}. Nothing was checked this time.',
  wrongPassphrase: 'That passphrase is not the right one.',
  waitAfter_one: 'After {{count}} wrong ones in a row, the next attempt can be made in {{wait}}.',
  waitAfter_other: 'After {{count}} wrong ones in a row, the next attempt can be made in {{wait}}.',
} as const;
