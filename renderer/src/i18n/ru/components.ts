/** The shared components, in Russian. */
import type { Catalogue } from '../catalogue.js';
import type { components as en } from '../en/components.js';

export const components: Catalogue<typeof en> = {
  copy: {
    label: 'Скопировать: {{what}}',
    copy: 'Копировать',
    copied: 'Скопировано',
  },
  csv: {
    chooseFile: 'Выбрать CSV-файл…',
    read: 'Прочитан файл {{name}}',
    dropHere: 'или перетащите файл сюда',
  },
  error: {
    details: 'Подробности',
  },
  progress: {
    of: '{{value}} из {{max}}',
  },
  toasts: {
    dismiss: 'Закрыть сообщение',
  },
  upcoming: {
    notYet: 'Этого раздела в текущей версии ещё нет: его службы уже работают, а экран появится в следующей версии.',
  },
};
