/**
 * Main's phrases in English, by part of the app: the source of the codes (phrase.ts), of the English the
 * screen shows (the renderer's "said" namespace is this object), and of main's log lines. The Russian
 * catalogue is beside it (ru.ts), typed from this one.
 */
import { app } from './en/app.js';
import { approval } from './en/approval.js';
import { audit } from './en/audit.js';
import { batch } from './en/batch.js';
import { card } from './en/card.js';
import { charge } from './en/charge.js';
import { console } from './en/console.js';
import { gateway } from './en/gateway.js';
import { input } from './en/input.js';
import { ipc } from './en/ipc.js';
import { keychain } from './en/keychain.js';
import { keys } from './en/keys.js';
import { limit } from './en/limit.js';
import { operation } from './en/operation.js';
import { order } from './en/order.js';
import { reconciliation } from './en/reconciliation.js';
import { operators } from './en/operators.js';
import { roles } from './en/roles.js';
import { settings } from './en/settings.js';
import { storage } from './en/storage.js';
import { sync } from './en/sync.js';
import { twoFactor } from './en/twoFactor.js';

export const phrasesEn = {
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
} as const;
