/** What card data must be (a PAN, a seToken, a wallet token, an external 3-D Secure result): endpoints/cardData.ts and wallet.ts. */
export const card = {
  luhn: 'a card number that passes the Luhn check',
  seToken: 'Base64 of timestamp/UUID/PAN/CVC/EXPDATE/MDORDER',
  seTokenPan: 'a PAN of 15 to 19 digits inside the token (a stored credential is paid with paymentOrderBinding.do)',
  seTokenExpiry: 'EXPDATE as YYYYMM inside the token',
  seTokenCvc: 'a CVC of three digits inside the token',
  seTokenOrder: 'a token made for this order',
  eci: 'two digits',
  walletToken: 'Base64 of the sandbox token JSON (see the README)',
  present: 'present',
} as const;
