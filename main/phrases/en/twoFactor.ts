/** Two-factor sign-in (main/services/twoFactor.ts, teamKey.ts): its refusals and what its screens say. */
export const twoFactor = {
  wrongCode: 'The code is wrong, or was used already: type the code your app shows now, or one of your recovery codes',
  wait: 'Too many wrong passwords or codes in a row for this login: the next attempt can be made in {{wait}}. Nothing was checked this time.',
  noPendingSignIn: 'Sign in with your password first',
  signInAgain: 'Your two-factor sign-in was changed meanwhile: sign in again',
  beginFirst: 'Start the enrolment again: no code is awaited',
  enrolFirst: 'Two-factor sign-in is required for your role: enrol before you go on',
  enrolledAlready: 'Two-factor sign-in is on already: remove it first (with your password) to enrol another phone',
  noTeamKey:
    'This desk does not hold the team key, so no code can be checked here: an administrator enters it in Settings (read it out at a desk that holds it)',
  noTeamKeyYet: 'The team has no key yet: it is made at the first enrolment',
  notTeamKey: 'This is not the team key: read it again at a desk that holds it',
  teamKeyForm: 'A team key is 52 letters A–Z and digits 2–7, spaces aside',
  unreadable: 'The secret of this account does not open with the team key this desk holds: an administrator resets its two-factor sign-in',
  recoveryAway: 'A recovery code can be used only while the team database can be reached: use a code from your app',
  /** The contract's own refusals. */
  input: {
    code: 'enter the code',
    teamKey: 'enter the team key',
  },
} as const;
