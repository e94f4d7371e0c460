/** The app's database (main/store/errors.ts): what went wrong with the file, and what to do about it. */
export const storage = {
  newerVersion:
    '{{file}} was written by a newer version of the app (database version {{version}}, this one knows up to {{latest}}); update the app. The file was left untouched.',
  diskFull: 'The disk holding {{file}} is full; nothing was written. Free some space and try again.',
  corrupt: "{{file}} is damaged or is not this app's database; it was left untouched. Restore it from a backup or move it aside.",
  damagedRecord: 'A stored record in {{file}} is damaged and cannot be read',
  readOnly: "{{file}} cannot be opened for writing; check its permissions and the folder's.",
  duplicate: 'That record already exists in {{file}}; nothing was written.',
  busy: '{{file}} is in use by another process; close the other copy of the app.',
  other: 'Database error in {{file}}: {{reason}}',
  badAmount: 'A charge amount must be a positive whole number of minor units, not {{amount}}',
  team: {
    unreachable:
      'The team database {{database}} cannot be reached ({{reason}}); money actions wait until it is back, look-ups keep working.',
    newerSchema:
      'The team database {{database}} was set up by a newer version of the app (schema version {{version}}, this one knows up to {{latest}}); update the app on this desk.',
    busy: 'The team database {{database}} kept this desk waiting for another desk too long; nothing was written. Try again.',
    duplicate: 'That record already exists in the team database {{database}}; nothing was written.',
    other: 'Team database error in {{database}}: {{reason}}',
  },
} as const;
