/** Refusals of the IPC layer itself: a request the renderer should not have sent, or a fault inside main. */
export const ipc = {
  invalidInput: 'The request was refused: {{fields}}',
  internal: "Something went wrong inside the app; the app's log has the details under reference {{reference}}.",
  profileCannot: 'The {{role}} profile cannot use {{channel}}; an administrator can change the profile.',
  notAppWindow: "Refused: the call did not come from the app's own window.",
  noAnswer: 'The app did not answer: it may be closing. Try again.',
  unknownChannel: 'The app does not know the request {{channel}}.',
} as const;
