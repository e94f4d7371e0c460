/** The OS keychain, in Russian (main/phrases/en/keychain.ts). */
import type { keychain as en } from '../en/keychain.js';
import type { Catalogue } from '../catalogue.js';

export const keychain: Catalogue<typeof en> = {
  unavailable: 'Хранилище ключей ОС недоступно ({{detail}}).',
  unlockAdvice:
    'В Linux установите и разблокируйте Secret Service, например GNOME Keyring или KeePassXC, и войдите в графический сеанс; в macOS и Windows разблокируйте связку ключей входа.',
  libraryMissing: 'Хранилище ключей ОС недоступно: не удалось загрузить его библиотеку ({{detail}}).',
  installLinux:
    'Установите libsecret и Secret Service: в Debian или Ubuntu — `apt-get install libsecret-1-0 gnome-keyring` (в Fedora — libsecret и gnome-keyring), затем войдите в графический сеанс, который разблокирует связку ключей.',
  reinstall: 'Модуль хранилища ключей в этой установке повреждён: переустановите приложение.',
  sandboxWorks:
    'Песочница работает и без него, но установка, у профиля роли которой была кодовая фраза, станет учётной записью её администратора только после его возвращения.',
  locked:
    'Хранилище ключей ОС заблокировано. Разблокируйте его (войдите в систему ещё раз или разблокируйте связку «Login» в «Паролях и ключах») и повторите; до этого ни один секрет не прочитать.',
};
