/** The shared components (copy button, file drop zone, error details, progress, toasts), in English. */
export const components = {
  /** An amount in words, cheque style (format/amountWords.ts): the whole part spelt, the minor units in digits. */
  amountWords: {
    withMinor: '{{whole}} {{major}} and {{minor}} {{minorUnit}}',
    whole: '{{whole}} {{major}}',
    /** A currency with no words here: its code, and the minor units as a fraction. */
    codeWithMinor: '{{whole}} {{currency}} and {{minor}}/{{per}}',
    code: '{{whole}} {{currency}}',
    units: {
      RUB: {
        major_one: 'rouble',
        major_other: 'roubles',
        minor_one: 'kopeck',
        minor_other: 'kopecks',
      },
      USD: {
        major_one: 'dollar',
        major_other: 'dollars',
        minor_one: 'cent',
        minor_other: 'cents',
      },
      EUR: {
        major_one: 'euro',
        major_other: 'euros',
        minor_one: 'cent',
        minor_other: 'cents',
      },
      GBP: {
        major_one: 'pound',
        major_other: 'pounds',
        minor_one: 'penny',
        minor_other: 'pence',
      },
      BYN: {
        major_one: 'Belarusian rouble',
        major_other: 'Belarusian roubles',
        minor_one: 'kopeck',
        minor_other: 'kopecks',
      },
      KZT: {
        major_one: 'tenge',
        major_other: 'tenge',
        minor_one: 'tiyn',
        minor_other: 'tiyn',
      },
      AMD: {
        major_one: 'dram',
        major_other: 'drams',
        minor_one: 'luma',
        minor_other: 'luma',
      },
      CNY: {
        major_one: 'yuan',
        major_other: 'yuan',
        minor_one: 'fen',
        minor_other: 'fen',
      },
      TRY: {
        major_one: 'lira',
        major_other: 'liras',
        minor_one: 'kuruş',
        minor_other: 'kuruş',
      },
      JPY: {
        major_one: 'yen',
        major_other: 'yen',
      },
      BHD: {
        major_one: 'dinar',
        major_other: 'dinars',
        minor_one: 'fils',
        minor_other: 'fils',
      },
    },
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
