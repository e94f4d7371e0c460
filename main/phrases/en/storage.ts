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
} as const;
