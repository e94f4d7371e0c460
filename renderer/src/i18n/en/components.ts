/** The shared components (copy button, file drop zone, error details, progress, toasts), in English. */
export const components = {
  amount: {
    empty: 'Enter an amount',
    notNumber: 'Use digits, with a point or comma before the decimals',
    ambiguous: '“{{text}}” is ambiguous: leave out thousands separators, and use a point for decimals',
    noDecimals: 'This currency has no decimals',
    decimals_one: 'At most {{count}} decimals for this currency',
    decimals_few: 'At most {{count}} decimals for this currency',
    decimals_many: 'At most {{count}} decimals for this currency',
    decimals_other: 'At most {{count}} decimals for this currency',
    tooLarge: 'The amount is too large',
    zero: 'The amount must be more than zero',
  },
  copy: {
    label: 'Copy {{what}}',
    copy: 'Copy',
    copied: 'Copied',
  },
  csv: {
    chooseFile: 'Choose a CSV file…',
    read: 'Read {{name}}',
    dropHere: 'or drop a file here',
  },
  error: {
    details: 'Details',
  },
  progress: {
    of: '{{value}} of {{max}}',
  },
  toasts: {
    dismiss: 'Dismiss message',
  },
  upcoming: {
    notYet: 'This workspace is not in this version yet; its services are in place and its screen comes next.',
  },
} as const;
