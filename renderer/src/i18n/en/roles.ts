/** The roles a person may have: their names, and what each may do, as the People screen and the top bar say them. */
export const roles = {
  label: {
    support: 'Support',
    finance: 'Finance',
    administrator: 'Administrator',
  },
  // What each role may do, in the words the People screen uses.
  words: {
    support: 'Looks up orders, one at a time or in batches.',
    finance: 'Also charges, deposits, reversals and refunds, stored cards, the reconciliation report and the audit log.',
    administrator: 'Everything, including settings and credentials, signing keys and the people who use the app.',
  },
} as const;
