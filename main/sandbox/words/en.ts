/**
 * The sandbox's words in English, by part: the texts it answers gateway requests with (answer), what an
 * actionCode means, and the details a refusal names (a field rule, a reason). The Russian catalogue is
 * beside it (ru.ts), typed from this one; messages.ts picks a text in the request's language.
 */
import { actionCode } from './en/actionCode.js';
import { answer } from './en/answer.js';
import { card } from './en/card.js';
import { credential } from './en/credential.js';
import { order } from './en/order.js';
import { request } from './en/request.js';
import { rule } from './en/rule.js';

export const wordsEn = { answer, actionCode, card, credential, order, request, rule } as const;
