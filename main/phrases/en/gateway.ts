/**
 * A failed gateway request, in words (services/failureWords.ts chooses which): what happened, what it did
 * to money, what to do. What is said about money follows what the client knows, never more.
 */
export const gateway = {
  invalidRequest: "The request was not sent: some of its values break the gateway's rules.",
  correctAndRetry: 'Correct them and try again.',
  signature: "The gateway rejected the request's signature: {{said}} (error code {{errorCode}}).",
  checkSigningKeys: "Check the signing keys: the active key's certificate must be uploaded to the gateway.",
  credentials: "The gateway refused this app's credentials: {{said}} (error code {{errorCode}}).",
  credentialsHttp: "The gateway refused this app's credentials (HTTP {{status}}).",
  checkCredentials: 'Check the API user and password (or token) of this environment in Settings.',
  refused: 'The gateway refused the request: {{said}} (error code {{errorCode}}).',
  noReasonGiven: 'no reason given',
  rateLimited: 'The gateway is busy and turned the request away (HTTP 429).',
  retryIn_one: 'Try again in {{count}} second.',
  retryIn_other: 'Try again in {{count}} seconds.',
  noSuchAddress: 'The gateway has no such address (HTTP 404).',
  checkAddress: "Check the environment's base URL in Settings and the network, then try again.",
  serverFault: 'The gateway is not answering (HTTP {{status}}).',
  tryLater: 'Try again in a minute; if it persists, check the environment in Settings.',
  tls: "The gateway's certificate was not accepted ({{reason}}).",
  fixCertificate: "Check the environment's base URL in Settings; if it is right, the gateway's certificate must be fixed.",
  notSent: {
    refused: 'The gateway could not be reached (connection refused).',
    noAddress: "The gateway's address could not be found (DNS).",
    dnsSilent: "The gateway's address could not be looked up (DNS did not answer).",
    noRoute: 'There is no network route to the gateway.',
    connectTimeout: 'The connection to the gateway timed out before it was made.',
    badUrl: "The gateway's address is not a valid URL.",
    other: 'The request could not be sent to the gateway ({{reason}}).',
    cancelled: 'The request was cancelled before it was sent.',
    closed:
      'The request was not sent: the connection to this environment was closed (another environment was opened, or its settings changed).',
  },
  noAnswer: {
    timedOut: 'The gateway did not answer in time.',
    broken: 'The connection to the gateway broke before its answer arrived.',
    unreadable: "The gateway's answer could not be read.",
    none: 'The gateway gave no answer.',
    cancelled: 'The request was cancelled before the gateway answered.',
    closed:
      'The request was stopped before the gateway answered: the connection to this environment was closed (another environment was opened, or its settings changed).',
    tooLarge: "The gateway's answer was larger than {{megabytes}} MB, the most this app reads, and was not read.",
  },
  effect: {
    nothing: 'Nothing was changed.',
    noMoney: 'No money was moved.',
    unknownChange: 'Whether the change was made is not known: look again before repeating it.',
    unknownPayment: {
      payment:
        'Whether the payment went through is not known yet: the app will look the order up and reconcile it. Do not repeat it before then.',
      deposit:
        'Whether the charge of the held amount went through is not known yet: the app will look the order up and reconcile it. Do not repeat it before then.',
      reverse:
        'Whether the reversal went through is not known yet: the app will look the order up and reconcile it. Do not repeat it before then.',
      refund:
        'Whether the refund went through is not known yet: the app will look the order up and reconcile it. Do not repeat it before then.',
    },
  },
} as const;
