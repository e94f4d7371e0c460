/** Refusals of the IPC layer itself: a request the renderer should not have sent, or a fault inside main. */
export const ipc = {
  invalidInput: 'The request was refused: {{fields}}',
  internal: "Something went wrong inside the app; the app's log has the details under reference {{reference}}.",
  roleCannot: 'The role {{role}} cannot use {{channel}}; an administrator can give you another role.',
  signInFirst: 'Sign in first: nobody is signed in at this desk, or its session is locked.',
  notAppWindow: "Refused: the call did not come from the app's own window.",
  noAnswer: 'The app did not answer: it may be closing. Try again.',
  unknownChannel: 'The app does not know the request {{channel}}.',
  /** The browser-mode host's refusals of a call before it reaches the dispatcher (ipc/httpHost.ts). */
  host: {
    wrongHost: 'Wrong Host header',
    otherOrigin: 'Requests from other origins are refused',
    noOrigin: 'Requests without an Origin are refused',
    token: 'Missing or wrong token: open the address the app printed when it started',
    postOnly: 'Calls are POST requests',
    getOnly: 'Only GET here',
    tooLarge: 'The request is over 20 MB',
    notJson: 'The request body is not JSON',
    unreadable: 'The request could not be read',
    unreachable: 'The app is not reachable: it may have been closed. Start it again and reload.',
    notAuthorised: 'This page is not authorised: open the address the app printed when it started.',
  },
} as const;
