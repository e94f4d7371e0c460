/**
 * Main's phrases in English, by part of the app: the source of the codes (phrase.ts), of the English the
 * screen shows (the renderer's "said" namespace is this object), and of main's log lines. The Russian
 * catalogue is the renderer's (renderer/src/i18n/ru/said.ts), typed from this one.
 */
import { app } from './en/app.js';
import { console } from './en/console.js';
import { gateway } from './en/gateway.js';
import { input } from './en/input.js';
import { ipc } from './en/ipc.js';
import { keychain } from './en/keychain.js';
import { keys } from './en/keys.js';
import { roles } from './en/roles.js';
import { settings } from './en/settings.js';
import { storage } from './en/storage.js';

export const phrasesEn = {
  app,
  console,
  gateway,
  input,
  ipc,
  keychain,
  keys,
  roles,
  settings,
  storage,
} as const;
