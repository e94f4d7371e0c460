/** What is wrong with the request itself: its credentials (auth.ts), its signature (http/signature.ts), a repeated parameter (http/gateway.ts). */
export const request = {
  tokenRefused: 'userName and password: this request does not accept a token',
  tokenOrPassword: 'either token, or userName and password, not both',
  userNameOrToken: 'userName (or token)',
  singleValue: 'a single value (the parameter is repeated)',
  signatureHeaders: 'this merchant requires the X-Hash and X-Signature headers',
  hashMismatch: 'X-Hash is not the SHA-256 of the body that was sent',
  noCertificate: 'no valid certificate is uploaded for this merchant',
  signatureMismatch: 'X-Signature does not verify with any certificate uploaded for this merchant',
} as const;
