/** What any part of the app may say. */
export const app = {
  unexpected: 'Something unexpected went wrong; the details are below.',
  /** Text main has not yet put into phrases, quoted as it is (English). */
  /** Two phrases as one sentence (a sentence and its parenthesis). */
  joined: '{{first}}{{second}}',
  /** A list, one item and the rest: nested, so that each item is worded in the language shown. */
  list: '{{first}}, {{rest}}',
  quoted: '{{text}}',
} as const;
