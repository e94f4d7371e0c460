/** The shared components (copy button, file drop zone, error details, progress, toasts), in English. */
export const components = {
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
