/**
 * Main's phrases in Russian, by part of the app; the English ones are main's own (main/phrases/en.ts),
 * which these are typed from, so a code main can say and Russian lacks does not compile.
 */
import type { phrasesEn } from './en.js';
import type { Catalogue } from './catalogue.js';
import { app } from './ru/app.js';
import { approval } from './ru/approval.js';
import { audit } from './ru/audit.js';
import { batch } from './ru/batch.js';
import { card } from './ru/card.js';
import { charge } from './ru/charge.js';
import { console } from './ru/console.js';
import { gateway } from './ru/gateway.js';
import { input } from './ru/input.js';
import { ipc } from './ru/ipc.js';
import { keychain } from './ru/keychain.js';
import { keys } from './ru/keys.js';
import { limit } from './ru/limit.js';
import { operation } from './ru/operation.js';
import { order } from './ru/order.js';
import { reconciliation } from './ru/reconciliation.js';
import { operators } from './ru/operators.js';
import { roles } from './ru/roles.js';
import { settings } from './ru/settings.js';
import { storage } from './ru/storage.js';
import { sync } from './ru/sync.js';
import { twoFactor } from './ru/twoFactor.js';

export const phrasesRu: Catalogue<typeof phrasesEn> = {
  app,
  approval,
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
  operators,
  roles,
  settings,
  storage,
  sync,
  twoFactor,
};
