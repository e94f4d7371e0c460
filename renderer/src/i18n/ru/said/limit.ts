/** Currencies and per-charge maximums, in Russian (main/phrases/en/limit.ts). */
import type { limit as en } from '../../../../../main/phrases/en/limit.js';
import type { Catalogue } from '../../catalogue.js';

export const limit: Catalogue<typeof en> = {
  over: 'Сумма больше максимума одного списания {{maximum}} в среде {{environment}} (Настройки)',
  overAnywhere: 'Сумма больше максимума одного списания {{maximum}} (Настройки)',
  notInSandbox: 'Песочница не принимает {{currency}}; она принимает {{accepted}}',
  notAccepted:
    '{{currency}} нет среди валют, которые принимает среда {{environment}}; их перечисляет администратор в разделе Настройки → Валюты и максимумы списания',
  noMaximum:
    'Для {{currency}} в среде {{environment}} не задан максимум одного списания; его задаёт администратор в разделе Настройки → Валюты и максимумы списания',
  notPositive: 'Максимум должен быть целым положительным числом минимальных единиц',
  sandboxRefuses: 'Песочница не принимает {{currency}}',
  addFirst: '{{currency}} нет среди валют, которые принимает среда {{environment}}; сначала добавьте её',
  mustConfirm: 'Изменение максимума одного списания в боевой среде нужно подтвердить; значение {{maximum}} не изменено',
  confirmedStale:
    'Максимум в боевой среде для {{currency}} — {{maximum}}, а не {{confirmed}}, как было подтверждено; ничего не изменено. Проверьте и подтвердите ещё раз.',
  none: 'не задан',
  sandboxFixed: 'Какие валюты принимает песочница, она определяет сама; задавать нечего',
  notIso: 'Это не коды валют ISO 4217: {{codes}}',
};
