/** Currencies and per-charge maximums, in Russian (main/phrases/en/limit.ts). */
import type { limit as en } from '../en/limit.js';
import type { Catalogue } from '../catalogue.js';

export const limit: Catalogue<typeof en> = {
  over: 'Сумма больше максимума на одно списание {{maximum}} в окружении «{{environment}}» (Настройки)',
  overAnywhere: 'Сумма больше максимума на одно списание {{maximum}} (Настройки)',
  notInSandbox: 'Песочница не принимает {{currency}}; она принимает {{accepted}}',
  notAccepted:
    '{{currency}} нет среди валют, которые принимает окружение «{{environment}}»; их перечисляет администратор в разделе Настройки → Валюты и максимумы на одно списание',
  noMaximum:
    'Для {{currency}} в окружении «{{environment}}» не задан максимум на одно списание; его задаёт администратор в разделе Настройки → Валюты и максимумы на одно списание',
  notPositive: 'Максимум должен быть целым положительным числом минимальных единиц',
  sandboxRefuses: 'Песочница не принимает {{currency}}',
  addFirst: '{{currency}} нет среди валют, которые принимает окружение «{{environment}}»; сначала добавьте её',
  mustConfirm: 'Изменение максимума на одно списание в боевом окружении нужно подтвердить; текущее значение ({{maximum}}) не изменено',
  confirmedStale:
    'Максимум в боевом окружении для {{currency}} сейчас: {{maximum}}, а подтверждено было: {{confirmed}}; ничего не изменено. Проверьте и подтвердите ещё раз.',
  none: 'не задан',
  sandboxFixed: 'Какие валюты принимает песочница, она определяет сама; задавать нечего',
  notIso: 'Это не коды валют ISO 4217: {{codes}}',
};
