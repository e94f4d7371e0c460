/**
 * What an IPC error says is masked on the way out, whatever raised it: a phrase quoting a whole card number
 * (an echoed input, the gateway's words) reaches the renderer with the number masked, in its phrases as in
 * its English.
 */
import { describe, expect, it } from 'vitest';
import { IpcFailure, toIpcError } from '../../main/ipc/errors.js';
import { phrase } from '../../main/phrases/phrase.js';
import { SettingsError } from '../../main/services/settings.js';

const PAN = '4111111111111111';

describe('an IPC error', () => {
  for (const [name, err] of [
    ['a refusal of a handler', new IpcFailure('invalidInput', phrase('app.quoted', { text: `not an id: ${PAN}` }))],
    ['an error of a service', new SettingsError(phrase('gateway.refused', { said: phrase('app.quoted', { text: PAN }), errorCode: '5' }))],
  ] as const) {
    it(`masks a card number ${name} quotes, in its phrases and its English`, () => {
      const error = toIpcError(err, () => undefined);
      expect(JSON.stringify(error)).not.toContain(PAN);
      expect(JSON.stringify(error.said)).toContain('411111******1111');
      expect(error.message).toContain('411111******1111');
    });
  }
});
