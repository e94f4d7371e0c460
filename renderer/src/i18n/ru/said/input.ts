/** What is wrong with one value, in Russian (main/phrases/en/input.ts). */
import type { input as en } from '../../../../../main/phrases/en/input.js';
import type { Catalogue } from '../../catalogue.js';

export const input: Catalogue<typeof en> = {
  missing: 'Значение не указано.',
  breaksRule: 'Значение нарушает правило шлюза: {{rule}}.',
  notAccepted: 'Значение не принято ({{reason}}).',
};
