/** The orders of a period, in Russian (main/phrases/en/sync.ts). */
import type { sync as en } from '../../../../../main/phrases/en/sync.js';
import type { Catalogue } from '../../catalogue.js';

export const sync: Catalogue<typeof en> = {
  failed: 'Синхронизация не удалась',
  tooManyToExport: 'Под фильтры подходит заказов: {{found}}; сузьте фильтры до {{max}} или меньше, чтобы выгрузить их',
  startBeforeEnd: 'начало должно быть раньше конца',
  periodTooLong: 'период — не больше 400 дней',
  minAboveMax: 'наименьшая сумма не должна быть больше наибольшей',
  first6: 'должны быть первые шесть цифр карты',
  last4: 'должны быть последние четыре цифры карты',
  textIsCard: 'это номер карты; ищите по первым шести и последним четырём цифрам',
};
