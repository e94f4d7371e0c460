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
    // Why this desk cannot use the team database (teamDatabase.ts, TeamFailure), each followed by `meanwhile`.
    unreachable: 'The team database {{database}} cannot be reached ({{reason}}).',
    timeout: 'The team database {{database}} did not answer within {{seconds}} seconds.',
    unknownHost: 'The host of the team database {{database}} is not known here: check its name.',
    authentication: 'The team database {{database}} did not accept this user name and password.',
    notAllowed:
      'The team database {{database}} does not let this user in from this desk ({{reason}}); its administrator allows it in pg_hba.conf.',
    noDatabase: 'The server of the team database {{database}} has no database of that name: check the name, or create it (docs/team.md).',
    tlsRefused:
      'The server of the team database {{database}} does not offer TLS, which this desk asks for: turn TLS on at the server, or choose "disable" (unencrypted, only on a network you trust).',
    tlsRequired: 'The team database {{database}} lets this user in over TLS only: choose "require" or "verify-full".',
    certificateUntrusted:
      'The certificate of the team database {{database}} is not signed by an authority this desk trusts ({{reason}}): give the CA certificate that signed it.',
    certificateName:
      'The certificate of the team database {{database}} is not made out to this host ({{reason}}): connect by a name or address the certificate names.',
    certificateExpired: 'The certificate of the team database {{database}} is out of date ({{reason}}).',
    tls: 'The TLS connection to the team database {{database}} failed ({{reason}}).',
    newerSchema:
      'The team database {{database}} was set up by a newer version of the app (schema version {{version}}, this one knows up to {{latest}}); update the app on this desk.',
    unreadableSettings:
      "This desk's settings for its team database cannot be read by this version of the app (a newer version saved them, or they are damaged): save them again in Settings, Team database, or turn team mode off.",
    passwordLocked:
      'The password of the team database {{database}} is kept in the OS keychain, which is locked: unlock it, and this desk connects again.',
    passwordKeychain: 'The password of the team database {{database}} cannot be read from the OS keychain: {{keychain}}',
    noPassword: 'No password is kept for the team database {{database}}: enter it in Settings, Team database.',
    /** What a desk does while it cannot use the team database, whatever the reason. */
    meanwhile: 'Money actions wait until this desk can use it again; look-ups keep working.',
    busy: 'The team database {{database}} kept this desk waiting for another desk too long; nothing was written. Try again.',
    duplicate: 'That record already exists in the team database {{database}}; nothing was written.',
    other: 'Team database error in {{database}}: {{reason}}',
  },
} as const;
