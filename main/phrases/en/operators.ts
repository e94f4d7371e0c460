/** The people who use the app (main/services/operators.ts): signing in, and an administrator's changes. */
export const operators = {
  wrong: 'The login or the password is wrong',
  wait: 'Too many wrong passwords in a row for this login: the next attempt can be made in {{wait}}. Nothing was checked this time.',
  disabled: 'This account is disabled; an administrator can enable it again',
  notFirst: 'The app has its first administrator already: sign in, or ask an administrator for an account',
  notAdministrator: 'Only an active administrator can manage people',
  change: 'A change of an account names a name, a role, or whether it is active, and nothing else',
  aboveOwnRole: 'Nobody can give a role above their own, nor change the account of someone above it',
  lastAdministrator: 'This is the last active administrator: make another administrator first',
  loginTaken: 'The login {{login}} is taken',
  notFound: 'There is no such account',
  login: 'A login has 3 to 64 letters, digits, dots, dashes or underscores, beginning and ending with a letter or digit',
  cardNumber: 'A login or a name cannot hold a card number',
  displayName: 'A name has 1 to {{count}} characters',
  passwordShort: 'A password has at least {{count}} characters',
  passwordLong: 'A password has at most {{count}} characters',
  currentPassword: 'Enter your current password to change it',
  adoptFirst: "This installation's role profile has a passphrase: its administrator's account is made with that passphrase, not a new one",
  /** The contract's own refusals of what a sign-in or a person's form sent. */
  input: {
    login: 'enter the login',
    password: 'enter the password',
    id: 'not an account of this app',
  },
} as const;
