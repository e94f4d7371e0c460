/**
 * The sandbox's words in Russian, by part; typed from the English ones (en.ts), so a text the sandbox can
 * say and Russian lacks, or one English does not have, does not compile.
 */
import type { Catalogue } from '../../phrases/catalogue.js';
import type { wordsEn } from './en.js';
import { actionCode } from './ru/actionCode.js';
import { answer } from './ru/answer.js';
import { card } from './ru/card.js';
import { credential } from './ru/credential.js';
import { order } from './ru/order.js';
import { request } from './ru/request.js';
import { rule } from './ru/rule.js';

export const wordsRu: Catalogue<typeof wordsEn> = { answer, actionCode, card, credential, order, request, rule };
