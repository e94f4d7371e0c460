/**
 * Main's phrases in Russian, by part of the app; the English ones are main's own (main/phrases/en.ts),
 * which these are typed from, so a code main can say and Russian lacks does not compile.
 */
import type { phrasesEn } from '../../../../main/phrases/en.js';
import type { Catalogue } from '../catalogue.js';
import { app } from './said/app.js';
import { audit } from './said/audit.js';
import { batch } from './said/batch.js';
import { card } from './said/card.js';
import { charge } from './said/charge.js';
import { console } from './said/console.js';
import { gateway } from './said/gateway.js';
import { input } from './said/input.js';
import { ipc } from './said/ipc.js';
import { keychain } from './said/keychain.js';
import { keys } from './said/keys.js';
import { limit } from './said/limit.js';
import { operation } from './said/operation.js';
import { order } from './said/order.js';
import { reconciliation } from './said/reconciliation.js';
import { roles } from './said/roles.js';
import { settings } from './said/settings.js';
import { storage } from './said/storage.js';
import { sync } from './said/sync.js';

export const said: Catalogue<typeof phrasesEn> = {
  app,
  audit,
  batch,
  card,
  charge,
  console,
  gateway,
  input,
  ipc,
  keychain,
  keys,
  limit,
  operation,
  order,
  reconciliation,
  roles,
  settings,
  storage,
  sync,
};
