/** The application shell, in English: what every workspace shares. */
export const common = {
  brand: 'Gateway back office',
  productionBand: 'Production: real cards, real money',
  environment: {
    label: 'Environment: {{name}}',
    loading: 'loading',
    sandbox: 'Sandbox',
    test: 'Test',
    production: 'Production',
    custom: 'Custom',
  },
  // An environment named inside a sentence or a label ("Environment: sandbox").
  environmentInSentence: {
    sandbox: 'sandbox',
    test: 'test',
    production: 'production',
    custom: 'custom',
  },
  // How a confirmation names the environment money would move in: production unmistakably.
  confirmEnvironment: {
    sandbox: 'Sandbox (simulated: no real money)',
    test: 'Test',
    production: 'Production: real card, real money',
    custom: 'Custom gateway',
  },
  preferences: {
    label: 'Your preferences',
    language: 'Language',
    notSaved: 'Your preference was not saved: {{reason}}',
  },
  theme: {
    toDark: 'Dark theme',
    toLight: 'Light theme',
    switchTo: 'Switch to {{theme}} theme',
    dark: 'dark',
    light: 'light',
  },
  nav: {
    label: 'Workspaces',
    shortcut: '{{name}} (Alt+{{key}})',
    orders: 'Orders',
    cards: 'Stored cards',
    charges: 'Charges',
    keys: 'Signing keys',
    audit: 'Audit',
    settings: 'Settings',
    reconciliation: 'Reconciliation',
    customers: 'Customers',
    people: 'People',
    approvals: 'Approvals',
  },
  startFailed: 'The app could not start its services: {{reason}}',
  // Counts the screens show; English uses _one and _other, the rest are there for Russian's shape.
  count: {
    orders_one: '{{count}} order',
    orders_other: '{{count}} orders',
    cards_one: '{{count}} card',
    cards_other: '{{count}} cards',
    rows_one: '{{count}} row',
    rows_other: '{{count}} rows',
  },
  language: {
    en: 'English',
    ru: 'Русский',
  },
} as const;
