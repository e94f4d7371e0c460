/** Batch look-ups, in Russian (main/phrases/en/batch.ts). */
import type { batch as en } from '../en/batch.js';
import type { Catalogue } from '../catalogue.js';

export const batch: Catalogue<typeof en> = {
  unreadable: 'Файл не читается ни как список, ни как CSV: {{error}}',
  noNumbers: 'В файле нет номеров',
  tooManyRows: 'В файле больше 200 000 строк; разделите его',
  noneValid_one: 'Ни одна из {{count}} строки не является номером или ID заказа',
  noneValid_few: 'Ни одна из {{count}} строк не является номером или ID заказа',
  noneValid_many: 'Ни одна из {{count}} строк не является номером или ID заказа',
  noneValid_other: 'Ни одна из {{count}} строки не является номером или ID заказа',
  skipped: {
    empty: 'пустая строка',
    tooLong: 'длиннее 36 символов',
    control: 'содержит управляющие символы',
    more_one: 'и ещё {{count}} строка пропущена',
    more_few: 'и ещё {{count}} строки пропущены',
    more_many: 'и ещё {{count}} строк пропущено',
    more_other: 'и ещё {{count}} строки пропущено',
  },
  gatewayReason: '{{reason}}',
  unknown: 'Пакета {{batchId}} нет (пакеты хранятся в памяти до закрытия приложения, и только несколько последних)',
  stillRunning: 'Пакет ещё выполняется: отмените его или дождитесь окончания',
  otherEnvironment: 'Пакет выполнялся в окружении «{{was}}», а приложение сейчас в окружении «{{now}}»: запустите новый пакет',
  nothingToRetry: 'Ни одна строка пакета не завершилась ошибкой и не была отменена: повторять нечего',
  badId: 'должен быть ID пакета, полученный от orders.batch.start',
  fileEmpty: 'файл пуст',
  fileTooBig: 'файл больше 16 МБ',
};
