/** What any part of the app may say, in Russian (main/phrases/en/app.ts). */
import type { app as en } from '../en/app.js';
import type { Catalogue } from '../catalogue.js';

export const app: Catalogue<typeof en> = {
  unexpected: 'Произошла непредвиденная ошибка; подробности ниже.',
  joined: '{{first}}{{second}}',
  list: '{{first}}, {{rest}}',
  quoted: '{{text}}',
};
